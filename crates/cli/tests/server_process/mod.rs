//! The real `cardroom serve` binary for tests that drive it as its users do.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `cardroom serve` on `addr` with the database `db`, once it accepts connections.
pub fn start_server(addr: SocketAddr, db: &std::path::Path) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .args(["serve", "--addr", &addr.to_string(), "--db", &db.display().to_string()])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(start.elapsed() < Duration::from_secs(30), "the server did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}
