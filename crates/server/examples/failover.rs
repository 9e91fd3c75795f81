//! Failover timing: `cargo run --release -p server --example failover -- CARDROOM_BINARY
//! postgres://USER@HOST:PORT/DB [KILLS] [LEASE_SECONDS]`.
//! Runs two `cardroom serve` nodes (the binary given) on one PostgreSQL database (emptied
//! first), then KILLS times (default 20): makes a Hearts table (one person, three bots) on one
//! node, plays it through the other (which proxies to the owner), kills the owner with
//! SIGKILL at a moment drawn up to a lease after its last action, and times from the kill to
//! the first action the new owner acknowledges (the person reconnecting as a browser page does,
//! every 50 ms); the killed node is started again (a new instance) before the next round.
//! Prints each time and the distribution. Expect about the lease's remaining part (between two
//! thirds of a lease and a whole one, as leases are renewed every third) plus a little.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn start(bin: &str, url: &str, name: &str, addr: SocketAddr, lease: f64) -> Child {
    let child = Command::new(bin)
        .args(["serve", "--addr", &addr.to_string(), "--db", url, "--node", name])
        .args(["--lease-seconds", &lease.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the cardroom binary runs");
    let t = Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(t.elapsed() < Duration::from_secs(30), "{name} did not start");
        std::thread::sleep(Duration::from_millis(10));
    }
    child
}

/// Reads until the person is to act, acts, and waits for the acknowledgement; `None` if the
/// connection ends first.
async fn act_once(ws: &mut Ws, pick: &mut u64) -> Option<()> {
    let mut sent = false;
    loop {
        let m = match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<Value>(&t).ok()?,
            Ok(Some(Ok(Message::Close(_)))) | Ok(Some(Err(_))) | Ok(None) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
        };
        match m["type"].as_str() {
            Some("ack") if sent => return Some(()),
            Some("error") => sent = false,
            Some("state") if !sent => {
                if let Some(actions) = m["actions"].as_array().filter(|a| !a.is_empty()) {
                    *pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1);
                    let a = &actions[(*pick >> 33) as usize % actions.len()]["notation"];
                    let msg = json!({"type": "act", "version": m["version"], "action": a});
                    ws.send(Message::Text(msg.to_string().into())).await.ok()?;
                    sent = true;
                }
            }
            _ => {}
        }
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bin = args.get(1).expect("the cardroom binary").clone();
    let url = args.get(2).expect("a postgres:// URL").clone();
    let kills: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20);
    let lease: f64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(2.0);
    let (base, name) = url.rsplit_once('/').expect("a database URL");
    let url = server::pgstore::scratch_database(&format!("{base}/postgres"), name).unwrap();
    let free = || {
        std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
    };
    let addrs = [free(), free()];
    let mut nodes: Vec<Child> = (0..2)
        .map(|i| start(&bin, &url, &format!("n{i}"), addrs[i], lease))
        .collect();
    let mut times = Vec::new();
    let mut pick = 1u64;
    for k in 0..kills {
        let (owner, other) = (k % 2, (k + 1) % 2);
        let (status, v) = server::client::request(
            addrs[owner],
            "POST",
            "/api/tables",
            Some(&json!({"game": "hearts", "seats": ["human", "medium", "medium", "medium"], "seed": k})),
        )
        .await
        .unwrap();
        assert_eq!(status, 201, "{v}");
        let ws_url = format!(
            "ws://{}/ws/tables/{}?token={}",
            addrs[other],
            v["id"].as_str().unwrap(),
            v["seats"][0]["token"].as_str().unwrap()
        );
        let (mut ws, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
        for _ in 0..3 {
            act_once(&mut ws, &mut pick).await.expect("play before the kill");
        }
        // The kill comes at any moment of the lease's renewal cycle: up to a lease later.
        tokio::time::sleep(Duration::from_millis((pick >> 20) % (lease * 1000.0) as u64)).await;
        nodes[owner].kill().unwrap();
        let killed = Instant::now();
        nodes[owner].wait().unwrap();
        let took = loop {
            if let Some(()) = act_once(&mut ws, &mut pick).await {
                break killed.elapsed();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            assert!(
                killed.elapsed() < Duration::from_secs(60),
                "no failover within a minute"
            );
            ws = match tokio_tungstenite::connect_async(&ws_url).await {
                Ok((ws, _)) => ws,
                Err(_) => continue,
            };
        };
        println!(
            "kill {:2}: first action on the new owner after {:.0} ms",
            k + 1,
            took.as_secs_f64() * 1000.0
        );
        times.push(took);
        nodes[owner] = start(&bin, &url, &format!("n{owner}"), addrs[owner], lease);
    }
    for mut n in nodes {
        let _ = n.kill();
        let _ = n.wait();
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let q = |p: f64| ms(times[((times.len() as f64 * p) as usize).min(times.len() - 1)]);
    let mean = times.iter().map(|d| ms(*d)).sum::<f64>() / times.len() as f64;
    println!(
        "{} kills, lease {lease} s: kill to first action accepted on the new owner: min {:.0} ms, p50 {:.0} ms, p90 {:.0} ms, max {:.0} ms, mean {mean:.0} ms",
        times.len(),
        ms(times[0]),
        q(0.5),
        q(0.9),
        ms(*times.last().unwrap()),
    );
}
