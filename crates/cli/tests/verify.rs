//! `cardroom verify` as a player would use it: a real `cardroom serve` deals a table from a
//! secret seed, the match is played to its end, the record is downloaded, and the command
//! checks it against the commitment the table published at its start.

mod server_process;

use serde_json::{json, Value};
use server_process::start_server;
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

fn free_addr() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime
        .block_on(server::client::request(addr, method, path, body.as_ref()))
        .unwrap()
}

fn verify(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .arg("verify")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn a_finished_tables_record_verifies_against_its_commitment() {
    // Declared before the server, so the folder outlives it.
    let dir = tempfile::Builder::new().prefix("cardroom-verify-").tempdir().unwrap();
    let db = dir.path().join("verify.db");
    let addr = free_addr();
    let start = Instant::now();
    let mut server = start_server(addr, &db);
    // Bots in every seat: the match plays itself.
    let (status, created) = http(
        addr,
        "POST",
        "/api/tables",
        Some(json!({"game": "hearts", "seats": ["medium", "medium", "medium", "medium"], "deals": 2})),
    );
    assert_eq!(status, 201, "{created}");
    assert!(created.get("seed").is_none());
    let id = created["id"].as_str().unwrap().to_string();
    let commitment = created["seed_commitment"].as_str().unwrap().to_string();
    let record = loop {
        let (status, record) = http(addr, "GET", &format!("/api/tables/{id}/record"), None);
        if status == 200 {
            break record;
        }
        assert_eq!(status, 409, "{record}");
        assert!(start.elapsed() < Duration::from_secs(120), "the bots did not finish");
        std::thread::sleep(Duration::from_millis(100));
    };
    server.kill().unwrap();
    let _ = server.wait();
    let file = dir.path().join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let path = file.display().to_string();

    let (code, out, err) = verify(&[&path, "--commitment", &commitment]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("verified: sha256(\""), "{out}");
    assert!(
        out.contains(&commitment) && out.contains("2 deal(s), the match is over"),
        "{out}"
    );
    let (code, out, _) = verify(&[&path, "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["verified"].as_bool(), v["seed_commitment"].as_str()),
        (Some(true), Some(commitment.as_str()))
    );
    assert_eq!(v["seed"], record["seed"]);

    // Another commitment than the one published at the start.
    let (code, _, err) = verify(&[&path, "--commitment", &"ab".repeat(32)]);
    assert_eq!(code, 1);
    assert!(
        err.contains("not the") && err.contains("published at the start"),
        "{err}"
    );
    // A record whose seed was changed no longer opens its commitment.
    let mut forged = record.clone();
    forged["seed"] = json!(record["seed"].as_u64().unwrap() ^ 1);
    std::fs::write(&file, forged.to_string()).unwrap();
    let (code, _, err) = verify(&[&path]);
    assert_eq!(code, 1);
    assert!(err.contains("does not open"), "{err}");
    // Not a record at all.
    std::fs::write(&file, "{\"hello\": 1}").unwrap();
    let (code, _, err) = verify(&[&path]);
    assert_eq!(code, 2);
    assert!(err.contains("not a valid game record"), "{err}");
}
