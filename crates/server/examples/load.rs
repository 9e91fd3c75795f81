//! Load driver: `cargo run --release -p server --example load -- [TABLES] [GAME] [SECONDS]
//! [--db postgres://USER@HOST:PORT/DB] [--nodes N] [--cross]`.
//! Starts a server on loopback with a fresh database (a SQLite file, or with `--db` the
//! PostgreSQL database named, emptied first, shared by N nodes in this process, default 1),
//! opens TABLES tables of GAME (default 1000 Hearts tables), each with one simulated person
//! (random legal choices) and rule bots (`medium`) in the other seats, plays them for SECONDS
//! (default 30), and reports actions a second and the latency from sending an action to its
//! acknowledgement. Tables are made on the nodes in turn, so spread across them; each person
//! connects to the node that made its table, or with `--cross` to the next one (which
//! proxies the connection to the owner). Every table is made and every person connected
//! before play starts, all at once; the time and the figures are play's alone.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

async fn create(addr: std::net::SocketAddr, body: Value) -> Value {
    server::client::request(addr, "POST", "/api/tables", Some(&body))
        .await
        .unwrap()
        .1
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let mut flag = |name: &str, value: bool| -> Option<String> {
        let i = args.iter().position(|a| a == name)?;
        let v = if value {
            Some(args.remove(i + 1))
        } else {
            Some(String::new())
        };
        args.remove(i);
        v
    };
    let pg = flag("--db", true);
    let nodes: usize = flag("--nodes", true).map_or(1, |n| n.parse().expect("--nodes N"));
    let cross = flag("--cross", false).is_some();
    let tables: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let game = args.get(2).cloned().unwrap_or_else(|| "hearts".to_string());
    let seconds: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(30);
    // The SQLite database's folder, removed at the end; declared before the servers, so it
    // outlives them.
    let dir = tempfile::Builder::new().prefix("cardroom-load-").tempdir().unwrap();
    let db = match &pg {
        Some(url) => {
            let (base, name) = url.rsplit_once('/').expect("a database URL");
            let fresh = server::pgstore::scratch_database(&format!("{base}/postgres"), name).unwrap();
            std::path::PathBuf::from(fresh)
        }
        None => dir.path().join("load.db"),
    };
    let mut running = Vec::new();
    for n in 0..nodes {
        running.push(
            server::start(server::Config {
                addr: "127.0.0.1:0".parse().unwrap(),
                db: db.clone(),
                public_urls: Vec::new(),
                allowed_origins: Vec::new(),
                limits: server::Limits {
                    tables_per_client: usize::MAX,
                    ..server::Limits::default()
                },
                node: server::NodeConfig {
                    name: format!("load{n}"),
                    ..Default::default()
                },
            })
            .await
            .unwrap(),
        );
    }
    let addrs: Vec<std::net::SocketAddr> = running.iter().map(|r| r.addr).collect();
    let players = games::registry::resolve(&game).unwrap().default_players;
    // Every table is made, and every person connected, before play starts (all at once): the
    // figures are those of play alone.
    let gate = std::sync::Arc::new(tokio::sync::Semaphore::new(32));
    let mut made = Vec::new();
    for t in 0..tables {
        let maker = addrs[t % addrs.len()];
        let addr = if cross { addrs[(t + 1) % addrs.len()] } else { maker };
        let seats: Vec<&str> = (0..players).map(|s| if s == 0 { "human" } else { "medium" }).collect();
        let body = json!({"game": game, "seats": seats, "seed": t});
        let gate = gate.clone();
        made.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.unwrap();
            let created = create(maker, body).await;
            let id = created["id"].as_str().unwrap().to_string();
            let token = created["seats"][0]["token"].as_str().unwrap().to_string();
            let url = format!("ws://{addr}/ws/tables/{id}?token={token}");
            tokio_tungstenite::connect_async(url).await.unwrap().0
        }));
    }
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(tables + 1));
    let mut clients = Vec::new();
    for (t, m) in made.into_iter().enumerate() {
        let mut ws = m.await.unwrap();
        let barrier = barrier.clone();
        clients.push(tokio::spawn(async move {
            barrier.wait().await;
            let deadline = Instant::now() + Duration::from_secs(seconds);
            let mut latencies = Vec::new();
            let mut sent: Option<Instant> = None;
            let mut pick = t as u64;
            while Instant::now() < deadline {
                let Ok(Some(Ok(Message::Text(text)))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await
                else {
                    continue;
                };
                let m: Value = serde_json::from_str(&text).unwrap();
                match m["type"].as_str() {
                    Some("ack") => {
                        if let Some(at) = sent.take() {
                            latencies.push(at.elapsed());
                        }
                    }
                    Some("state") if sent.is_none() => {
                        if m["result"].is_object() {
                            break;
                        }
                        if let Some(actions) = m["actions"].as_array().filter(|a| !a.is_empty()) {
                            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1);
                            let a = &actions[(pick >> 33) as usize % actions.len()]["notation"];
                            let msg = json!({"type": "act", "version": m["version"], "action": a});
                            sent = Some(Instant::now());
                            ws.send(Message::Text(msg.to_string().into())).await.unwrap();
                        }
                    }
                    _ => {}
                }
            }
            latencies
        }));
    }
    barrier.wait().await;
    let started = Instant::now();
    let mut all = Vec::new();
    for c in clients {
        all.extend(c.await.unwrap());
    }
    let elapsed = started.elapsed().as_secs_f64();
    all.sort();
    let q = |p: f64| {
        all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let store = if pg.is_some() {
        format!(
            "{nodes} node(s) on PostgreSQL{}",
            if cross {
                ", every person connected through a node that is not its table's owner"
            } else {
                ""
            }
        )
    } else {
        "one node on SQLite".to_string()
    };
    println!(
        "{store}: {tables} {game} tables, {} acknowledged human actions in {elapsed:.1} s ({:.0}/s, bots' actions not counted); latency send→ack p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        all.len(),
        all.len() as f64 / elapsed,
        q(0.50).as_secs_f64() * 1000.0,
        q(0.99).as_secs_f64() * 1000.0,
        all.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
    );
}
