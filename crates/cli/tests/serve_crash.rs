//! `cardroom serve` killed with SIGKILL at random moments while clients play: after each
//! restart on the same database every acknowledged action is there, nothing else is
//! half-applied (the record replays), and every table plays on to its end.

mod server_process;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server_process::start_server;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    server::client::request(addr, method, path, body.as_ref())
        .await
        .unwrap()
}

/// A person at one table, remembering every action the server acknowledged.
struct Player {
    table: String,
    token: String,
    ws: Option<Ws>,
    /// (version after the action, the action) for every acknowledgement received.
    acked: Vec<(u64, String)>,
    pending: Option<(u64, String)>,
    done: bool,
}

impl Player {
    async fn connect(&mut self, addr: SocketAddr) {
        let url = format!("ws://{addr}/ws/tables/{}?token={}", self.table, self.token);
        self.ws = Some(tokio_tungstenite::connect_async(url).await.unwrap().0);
        self.pending = None;
    }

    /// Reads one message (if any comes soon) and acts on it; false if the connection broke.
    async fn step(&mut self, pick: usize) -> bool {
        let Some(ws) = self.ws.as_mut() else { return false };
        let msg = match tokio::time::timeout(Duration::from_millis(20), ws.next()).await {
            Err(_) => return true,
            Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<Value>(&t).unwrap(),
            Ok(Some(Ok(_))) => return true,
            Ok(_) => return false,
        };
        match msg["type"].as_str() {
            Some("ack") => {
                let (v, a) = self.pending.take().expect("an ack answers an action");
                assert_eq!(msg["version"].as_u64(), Some(v + 1));
                self.acked.push((v + 1, a));
            }
            Some("state") if msg["result"].is_object() => self.done = true,
            Some("state") if self.pending.is_none() => {
                if let Some(actions) = msg["actions"].as_array().filter(|a| !a.is_empty()) {
                    let version = msg["version"].as_u64().unwrap();
                    let a = actions[pick % actions.len()]["notation"].as_str().unwrap().to_string();
                    let text = json!({"type": "act", "version": version, "action": a}).to_string();
                    if ws.send(Message::Text(text.into())).await.is_err() {
                        return false;
                    }
                    self.pending = Some((version, a));
                }
            }
            _ => {}
        }
        true
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_servers_lose_no_acknowledged_action() {
    // Declared before the server, so the folder outlives it.
    let dir = tempfile::Builder::new().prefix("cardroom-crash-").tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let addr: SocketAddr = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let mut server = start_server(addr, &db);
    let mut players = Vec::new();
    for (game, seed) in [("hearts", 1u64), ("belote", 2), ("three-thirteen", 3)] {
        let info = games::registry::resolve(game).unwrap();
        let seats: Vec<&str> = (0..info.default_players)
            .map(|s| if s < 2 { "human" } else { "medium" })
            .collect();
        let (status, v) = http(
            addr,
            "POST",
            "/api/tables",
            Some(json!({"game": game, "seats": seats, "seed": seed, "deals": 1})),
        )
        .await;
        assert_eq!(status, 201, "{v}");
        for k in 0..2 {
            players.push(Player {
                table: v["id"].as_str().unwrap().to_string(),
                token: v["seats"][k]["token"].as_str().unwrap().to_string(),
                ws: None,
                acked: Vec::new(),
                pending: None,
                done: false,
            });
        }
    }
    for p in &mut players {
        p.connect(addr).await;
    }
    // Pseudo-random kill moments, fixed so failures reproduce.
    let mut rng = 0x2545F4914F6CDD1Du64;
    let mut next_rand = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let deadline = Instant::now() + Duration::from_secs(240);
    for kill in 0..4 {
        let acks_before: usize = players.iter().map(|p| p.acked.len()).sum();
        let target = acks_before + 5 + (next_rand() % 25) as usize;
        while players.iter().map(|p| p.acked.len()).sum::<usize>() < target && !players.iter().all(|p| p.done) {
            assert!(Instant::now() < deadline, "play stalled before kill {kill}");
            for (i, p) in players.iter_mut().enumerate() {
                p.step(i * 5 + p.acked.len()).await;
            }
        }
        server.kill().unwrap();
        server.wait().unwrap();
        server = start_server(addr, &db);
        for p in &mut players {
            p.connect(addr).await;
        }
    }
    while !players.iter().all(|p| p.done) {
        assert!(Instant::now() < deadline, "play stalled after the kills");
        for (i, p) in players.iter_mut().enumerate() {
            if !p.done && !p.step(i * 3 + p.acked.len()).await {
                p.connect(addr).await;
            }
        }
    }
    for p in &players {
        let (status, record) = http(addr, "GET", &format!("/api/tables/{}/record", p.table), None).await;
        assert_eq!(status, 200, "{record}");
        let actions = record["actions"].as_array().unwrap();
        for (version, action) in &p.acked {
            assert_eq!(
                actions[*version as usize - 1].as_str(),
                Some(action.as_str()),
                "an acknowledged action is missing"
            );
        }
        // The stored record replays to a finished match.
        let rec: engine::GameRecord = serde_json::from_value(record.clone()).unwrap();
        let replayed = tables::open_record(&rec).unwrap();
        assert!(replayed.is_over());
    }
    assert!(players.iter().map(|p| p.acked.len()).sum::<usize>() > 20);
    server.kill().unwrap();
    server.wait().unwrap();
}
