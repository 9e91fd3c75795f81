//! Several `cardroom serve` processes (nodes) sharing one real PostgreSQL, driven as their
//! users drive them: one lobby on every node, clients spread over the nodes (a node proxies
//! the WebSocket of a table another owns), a node killed with SIGKILL during play, one paused
//! with SIGSTOP past its lease, and a rolling restart (SIGTERM) of every node in turn. After
//! each, every acknowledged action is in the record and every table plays to its end.
//!
//! They need `CARDROOM_TEST_PG_URL` (`scripts/with-postgres.sh` starts a throwaway
//! PostgreSQL and sets it; the README's test command does so) and are skipped without it.
//! Every server listens on 127.0.0.1; the tests run one at a time.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tempfile::TempDir;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// One test at a time: each starts several servers on a small machine.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn pg(name: &str) -> Option<String> {
    let Ok(url) = std::env::var("CARDROOM_TEST_PG_URL") else {
        eprintln!("CARDROOM_TEST_PG_URL is not set: skipped (scripts/with-postgres.sh sets it)");
        return None;
    };
    Some(server::pgstore::scratch_database(&url, &format!("cluster_{name}")).unwrap())
}

fn free_addr() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

/// One `cardroom serve --node NAME` process.
struct Node {
    name: String,
    addr: SocketAddr,
    url: String,
    lease: f64,
    log: PathBuf,
    child: Option<Child>,
    /// The folder of the log, removed when the node drops (after its process is killed).
    _dir: TempDir,
}

impl Node {
    fn new(name: &str, url: &str, lease: f64) -> Node {
        let dir = tempfile::Builder::new().prefix("cardroom-cluster-").tempdir().unwrap();
        let mut n = Node {
            name: name.to_string(),
            addr: free_addr(),
            url: url.to_string(),
            lease,
            log: dir.path().join(format!("{name}.log")),
            child: None,
            _dir: dir,
        };
        n.start();
        n
    }

    fn start(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_cardroom"))
            .args(["serve", "--addr", &self.addr.to_string(), "--db", &self.url])
            .args(["--node", &self.name, "--lease-seconds", &self.lease.to_string()])
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        let start = Instant::now();
        while std::net::TcpStream::connect(self.addr).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "node {} did not start",
                self.name
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        self.child = Some(child);
    }

    fn signal(&self, sig: &str) {
        let pid = self.child.as_ref().expect("running").id().to_string();
        assert!(Command::new("kill").args([sig, &pid]).status().unwrap().success());
    }

    fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// SIGTERM, then waits for the process to hand its tables over and exit.
    fn terminate(&mut self) {
        self.signal("-TERM");
        let mut c = self.child.take().unwrap();
        let start = Instant::now();
        loop {
            if let Some(status) = c.try_wait().unwrap() {
                assert!(status.success(), "node {} exited with {status}", self.name);
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "node {} did not stop",
                self.name
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Some(c) = &self.child {
            // A paused process would not die of SIGKILL until continued.
            let _ = Command::new("kill").args(["-CONT", &c.id().to_string()]).status();
        }
        self.kill();
    }
}

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
    /// The last state that asked this player to act, while it is held back (`hold`).
    held: Option<(u64, String)>,
    hold: bool,
    done: bool,
}

impl Player {
    fn new(table: &str, token: &str) -> Player {
        Player {
            table: table.to_string(),
            token: token.to_string(),
            ws: None,
            acked: Vec::new(),
            pending: None,
            held: None,
            hold: false,
            done: false,
        }
    }

    async fn connect(&mut self, addr: SocketAddr) -> bool {
        let url = format!("ws://{addr}/ws/tables/{}?token={}", self.table, self.token);
        self.pending = None;
        self.held = None;
        match tokio::time::timeout(Duration::from_secs(5), tokio_tungstenite::connect_async(url)).await {
            Ok(Ok((ws, _))) => {
                self.ws = Some(ws);
                true
            }
            _ => {
                self.ws = None;
                false
            }
        }
    }

    /// Reads one message (if any comes soon) and acts on it; false if the connection is gone.
    async fn step(&mut self, pick: usize) -> bool {
        let Some(ws) = self.ws.as_mut() else { return false };
        let msg = match tokio::time::timeout(Duration::from_millis(10), ws.next()).await {
            Err(_) => return true,
            Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<Value>(&t).unwrap(),
            Ok(Some(Ok(Message::Close(_)))) | Ok(Some(Err(_))) | Ok(None) => {
                self.ws = None;
                return false;
            }
            Ok(Some(Ok(_))) => return true,
        };
        match msg["type"].as_str() {
            Some("ack") => {
                let (v, a) = self.pending.take().expect("an ack answers an action");
                assert_eq!(msg["version"].as_u64(), Some(v + 1));
                self.acked.push((v + 1, a));
            }
            Some("error") => {
                // A refused action (stale after a reconnection): look again.
                self.pending = None;
            }
            Some("state") if msg["result"].is_object() => self.done = true,
            Some("state") => {
                self.held = None;
                if self.pending.is_some() {
                    return true;
                }
                if let Some(actions) = msg["actions"].as_array().filter(|a| !a.is_empty()) {
                    let version = msg["version"].as_u64().unwrap();
                    let a = actions[pick % actions.len()]["notation"].as_str().unwrap().to_string();
                    if self.hold {
                        self.held = Some((version, a));
                        return true;
                    }
                    return self.send(version, a).await;
                }
            }
            _ => {}
        }
        true
    }

    async fn send(&mut self, version: u64, a: String) -> bool {
        let text = json!({"type": "act", "version": version, "action": a}).to_string();
        let Some(ws) = self.ws.as_mut() else { return false };
        if ws.send(Message::Text(text.into())).await.is_err() {
            self.ws = None;
            return false;
        }
        self.pending = Some((version, a));
        true
    }
}

/// Creates a hearts table (two people, two bots, one deal) on `addr`: its id and both tokens.
async fn create(addr: SocketAddr, seed: u64) -> (String, Vec<String>) {
    let (status, v) = http(
        addr,
        "POST",
        "/api/tables",
        Some(json!({"game": "hearts", "seats": ["human", "human", "medium", "medium"], "seed": seed, "deals": 1})),
    )
    .await;
    assert_eq!(status, 201, "{v}");
    let tokens = (0..2)
        .map(|k| v["seats"][k]["token"].as_str().unwrap().to_string())
        .collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

/// The live nodes' addresses.
fn live(nodes: &[Node]) -> Vec<SocketAddr> {
    nodes.iter().filter(|n| n.child.is_some()).map(|n| n.addr).collect()
}

/// One round: every player reads a message, and acts if it is to; a player whose connection
/// is gone reconnects, to the next live node in turn.
async fn round(players: &mut [Player], nodes: &[Node], turn: &mut usize) {
    let addrs = live(nodes);
    for (i, p) in players.iter_mut().enumerate() {
        if p.done {
            continue;
        }
        if !p.step(i * 5 + p.acked.len()).await && !addrs.is_empty() {
            *turn += 1;
            if !p.connect(addrs[(*turn + i) % addrs.len()]).await {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

fn acks(players: &[Player]) -> usize {
    players.iter().map(|p| p.acked.len()).sum()
}

/// Plays until `more` further actions are acknowledged (or every table is over).
async fn play(players: &mut [Player], nodes: &[Node], more: usize, deadline: Instant, what: &str) {
    let target = acks(players) + more;
    let mut turn = 0;
    while acks(players) < target && !players.iter().all(|p| p.done) {
        assert!(Instant::now() < deadline, "play stalled: {what}");
        round(players, nodes, &mut turn).await;
    }
}

async fn play_to_the_end(players: &mut [Player], nodes: &[Node], deadline: Instant) {
    let mut turn = 0;
    while !players.iter().all(|p| p.done) {
        assert!(Instant::now() < deadline, "play stalled before the end");
        round(players, nodes, &mut turn).await;
    }
}

/// Every acknowledged action is in the stored record, at its place, and the record replays to
/// a finished match.
async fn check_records(players: &[Player], addr: SocketAddr) {
    for p in players {
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
        let rec: engine::GameRecord = serde_json::from_value(record.clone()).unwrap();
        assert!(tables::open_record(&rec).unwrap().is_over());
    }
}

async fn connect_all(players: &mut [Player], nodes: &[Node]) {
    for (i, p) in players.iter_mut().enumerate() {
        let addr = nodes[i % nodes.len()].addr;
        assert!(p.connect(addr).await, "cannot connect to {addr}");
    }
}

/// The lobby as a node shows it: (id, status) of every table listed, sorted.
async fn lobby(addr: SocketAddr) -> Vec<(String, String)> {
    let (status, v) = http(addr, "GET", "/api/tables", None).await;
    assert_eq!(status, 200, "{v}");
    let mut out = Vec::new();
    for list in ["open", "playing", "paused", "finished"] {
        for t in v[list].as_array().unwrap() {
            let seats = t["seats"].as_array().map_or(0, |s| s.len());
            out.push((t["id"].as_str().unwrap().to_string(), format!("{list}:{seats}")));
        }
    }
    out.sort();
    out
}

fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find(|l| l.starts_with(name))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

async fn metrics(addr: SocketAddr) -> String {
    let (status, v) = http(addr, "GET", "/metrics", None).await;
    assert_eq!(status, 200);
    v.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_serve_one_room() {
    let _serial = SERIAL.lock().await;
    let Some(url) = pg("room") else { return };
    let nodes: Vec<Node> = ["a", "b", "c"].iter().map(|n| Node::new(n, &url, 2.0)).collect();
    let deadline = Instant::now() + Duration::from_secs(180);
    // A table made on each node; its players connect to the other nodes as much as to it.
    let mut players = Vec::new();
    for (k, n) in nodes.iter().enumerate() {
        let (id, tokens) = create(n.addr, 10 + k as u64).await;
        for t in tokens {
            players.push(Player::new(&id, &t));
        }
    }
    // A table with an open seat, made on a, joined through b, played through c.
    let (status, v) = http(
        nodes[0].addr,
        "POST",
        "/api/tables",
        Some(json!({"game": "hearts", "seats": ["you", "open", "easy", "easy"], "seed": 5, "deals": 1})),
    )
    .await;
    assert_eq!(status, 201, "{v}");
    let open_id = v["id"].as_str().unwrap().to_string();
    let creator = v["seats"][0]["token"].as_str().unwrap().to_string();
    // The lobby is the same on every node: the open table listed to join on each (the others
    // wait for the people they invited, and are not listed).
    for n in &nodes {
        assert_eq!(
            lobby(n.addr).await,
            vec![(open_id.clone(), "open:4".to_string())],
            "node {}'s lobby",
            n.name
        );
    }
    let (status, joined) = http(
        nodes[1].addr,
        "POST",
        &format!("/api/tables/{open_id}/join"),
        Some(json!({"name": "Bea"})),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], 1);
    players.push(Player::new(&open_id, &creator));
    players.push(Player::new(&open_id, joined["token"].as_str().unwrap()));
    connect_all(&mut players, &nodes).await;
    play(&mut players, &nodes, 20, deadline, "three nodes").await;
    let all = lobby(nodes[0].addr).await;
    assert_eq!(all.len(), 4, "{all:?}");
    assert!(all.iter().all(|(_, s)| s == "playing:4"), "{all:?}");
    for n in &nodes[1..] {
        assert_eq!(lobby(n.addr).await, all, "node {}'s lobby", n.name);
    }
    // A summary through any node is the owner's (the live table's, with its version).
    for n in &nodes {
        let (status, s) = http(n.addr, "GET", &format!("/api/tables/{open_id}"), None).await;
        assert_eq!(status, 200, "{s}");
        assert!(s["version"].as_u64().is_some(), "{s}");
    }
    play_to_the_end(&mut players, &nodes, deadline).await;
    for n in &nodes {
        check_records(&players, n.addr).await;
    }
    let owned: f64 = {
        let mut sum = 0.0;
        for n in &nodes {
            sum += metric(&metrics(n.addr).await, "cardroom_tables_owned");
        }
        sum
    };
    assert_eq!(owned, 4.0, "each table is owned by one node");
    let (status, health) = http(nodes[0].addr, "GET", "/healthz", None).await;
    assert_eq!(status, 200, "{health}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_owner_loses_no_acknowledged_action() {
    let _serial = SERIAL.lock().await;
    let Some(url) = pg("kill") else { return };
    let mut nodes: Vec<Node> = ["a", "b", "c"].iter().map(|n| Node::new(n, &url, 1.5)).collect();
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut players = Vec::new();
    // Every table is a's; its players connect to all three nodes.
    for seed in 0..3 {
        let (id, tokens) = create(nodes[0].addr, seed).await;
        for t in tokens {
            players.push(Player::new(&id, &t));
        }
    }
    connect_all(&mut players, &nodes).await;
    play(&mut players, &nodes, 15, deadline, "before the kill").await;
    let before = acks(&players);
    nodes[0].kill();
    let killed = Instant::now();
    play(&mut players, &nodes, 10, deadline, "after the kill").await;
    let resumed = killed.elapsed();
    assert!(acks(&players) > before);
    assert!(
        resumed < Duration::from_secs(20),
        "play resumed {resumed:?} after the kill"
    );
    // a comes back: it does not fight for its old tables, now b's and c's.
    nodes[0].start();
    play(&mut players, &nodes, 10, deadline, "after a came back").await;
    let a = metrics(nodes[0].addr).await;
    assert_eq!(metric(&a, "cardroom_tables_owned"), 0.0, "{a}");
    // b or c is killed too: the survivors (a among them) take its tables.
    let (status, s) = http(nodes[1].addr, "GET", "/metrics", None).await;
    assert_eq!(status, 200);
    let victim = if metric(s.as_str().unwrap(), "cardroom_tables_owned") > 0.0 {
        1
    } else {
        2
    };
    nodes[victim].kill();
    play_to_the_end(&mut players, &nodes, deadline).await;
    check_records(&players, nodes[0].addr).await;
    eprintln!("play resumed {resumed:?} after the owner was killed (lease 1.5 s)");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paused_owner_cannot_append_after_its_lease_lapsed() {
    let _serial = SERIAL.lock().await;
    let Some(url) = pg("pause") else { return };
    let lease = 1.5;
    let nodes: Vec<Node> = ["a", "b"].iter().map(|n| Node::new(n, &url, lease)).collect();
    let deadline = Instant::now() + Duration::from_secs(180);
    let (id, tokens) = create(nodes[0].addr, 7).await;
    // Seat 0 talks to a (the owner) directly; seat 1 through b.
    let mut players = vec![Player::new(&id, &tokens[0]), Player::new(&id, &tokens[1])];
    connect_all(&mut players, &nodes).await;
    play(&mut players, &nodes, 6, deadline, "before the pause").await;
    // Hold seat 0 back until it is to act, its answer not sent.
    players[0].hold = true;
    while players[0].held.is_none() {
        assert!(Instant::now() < deadline, "seat 0 never came to act");
        let mut turn = 0;
        round(&mut players, &nodes[..1], &mut turn).await;
    }
    let (version, action) = players[0].held.take().unwrap();
    let acked_before = acks(&players);
    nodes[0].signal("-STOP");
    // a's lease lapses; b takes the table over.
    let start = Instant::now();
    loop {
        let m = metrics(nodes[1].addr).await;
        if metric(&m, "cardroom_lease_takeovers_total") >= 1.0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "b did not take the table over: {m}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Seat 0's action reaches the paused a; a resumes and must not acknowledge it.
    players[0].hold = false;
    assert!(players[0].send(version, action).await);
    nodes[0].signal("-CONT");
    let ws = players[0].ws.as_mut().unwrap();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                assert_ne!(
                    v["type"], "ack",
                    "a paused node acknowledged an action after losing its lease"
                );
            }
            Ok(Some(Ok(Message::Close(f)))) => {
                let f = f.expect("a close frame with a reason");
                assert_eq!(u16::from(f.code), 1012, "{f:?}");
                break;
            }
            Ok(Some(Ok(_))) => {}
            other => panic!("the connection to a ended without a close frame: {other:?}"),
        }
    }
    players[0].ws = None;
    players[0].pending = None;
    let log = nodes[0].log();
    assert!(
        log.contains("cannot store an action") || log.contains("lease lost"),
        "a did not say it lost the table: {log}"
    );
    // The record has nothing a wrote after the pause; play goes on through b, to the end.
    assert_eq!(acks(&players), acked_before);
    play_to_the_end(&mut players, &nodes, deadline).await;
    check_records(&players, nodes[1].addr).await;
    let b = metrics(nodes[1].addr).await;
    assert_eq!(metric(&b, "cardroom_tables_owned"), 1.0, "{b}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rolling_restart_hands_tables_over() {
    let _serial = SERIAL.lock().await;
    let Some(url) = pg("rolling") else { return };
    // A long lease: the tables must move at once because they are handed over, not because
    // a lease lapsed.
    let lease = 30.0;
    let mut nodes: Vec<Node> = ["a", "b", "c"].iter().map(|n| Node::new(n, &url, lease)).collect();
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut players = Vec::new();
    for (k, seed) in (20..23).enumerate() {
        let (id, tokens) = create(nodes[k].addr, seed).await;
        for t in tokens {
            players.push(Player::new(&id, &t));
        }
    }
    connect_all(&mut players, &nodes).await;
    play(&mut players, &nodes, 8, deadline, "before the restarts").await;
    for k in 0..nodes.len() {
        let before = acks(&players);
        let stopped = Instant::now();
        nodes[k].terminate();
        play(&mut players, &nodes, 6, deadline, "after a SIGTERM").await;
        let took = stopped.elapsed();
        assert!(acks(&players) > before || players.iter().all(|p| p.done));
        assert!(
            took < Duration::from_secs(15),
            "node {}: play resumed {took:?} after SIGTERM, with a {lease} s lease",
            nodes[k].name
        );
        nodes[k].start();
    }
    play_to_the_end(&mut players, &nodes, deadline).await;
    for n in &nodes {
        check_records(&players, n.addr).await;
    }
}
