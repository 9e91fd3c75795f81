//! The real `cardroom serve` binary for tests that drive it as its users do.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `cardroom serve`, killed and reaped when dropped: a test that fails leaves no
/// server behind, and a scratch folder declared before it outlives it.
pub struct Server(Child);

impl std::ops::Deref for Server {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Server {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `cardroom serve` on `addr` with the database `db`, once it accepts connections.
pub fn start_server(addr: SocketAddr, db: &std::path::Path) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .args(["serve", "--addr", &addr.to_string(), "--db", &db.display().to_string()])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let child = Server(child);
    let start = Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(start.elapsed() < Duration::from_secs(30), "the server did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}
