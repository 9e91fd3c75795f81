//! What the server tests share: a server on loopback with a fresh database, a small HTTP
//! client and a WebSocket client.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::{Config, Limits, Running};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tempfile::TempDir;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A fresh database path in a scratch folder of its own. The folder is removed when the
/// returned guard drops: bind it first (`let (_dir, db) = temp_db(..)`) so that it outlives
/// the servers that use the database.
pub fn temp_db(name: &str) -> (TempDir, PathBuf) {
    let dir = tempfile::Builder::new().prefix("cardroom-server-").tempdir().unwrap();
    let path = dir.path().join(format!("{name}.db"));
    (dir, path)
}

pub async fn start(db: &std::path::Path, limits: Limits) -> Running {
    server::start(Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.to_path_buf(),
        public_urls: Vec::new(),
        allowed_origins: Vec::new(),
        limits,
        node: Default::default(),
    })
    .await
    .unwrap()
}

/// One HTTP request; the status and the JSON body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    server::client::request(addr, method, path, body.as_ref())
        .await
        .unwrap()
}

pub async fn create(addr: SocketAddr, body: Value) -> Value {
    let (status, v) = http(addr, "POST", "/api/tables", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    v
}

pub async fn connect(addr: SocketAddr, table: &str, token: Option<&str>) -> Ws {
    let url = match token {
        Some(t) => format!("ws://{addr}/ws/tables/{table}?token={t}&name=Tester"),
        None => format!("ws://{addr}/ws/tables/{table}"),
    };
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

/// Opens a WebSocket that the server refuses after the handshake: the `error` it sends and
/// the close that follows (code 1008, the same reason). Returns the error's code and reason.
pub async fn refused_at_the_door(addr: SocketAddr, path: &str) -> (String, String) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .expect("the handshake succeeds; the refusal comes inside");
    let error = next(&mut ws).await;
    assert_eq!(error["type"], "error", "{error}");
    let close = tokio::time::timeout(Duration::from_secs(10), ws.next())
        .await
        .expect("closed in time");
    match close {
        Some(Ok(Message::Close(Some(frame)))) => {
            assert_eq!(u16::from(frame.code), 1008);
            assert_eq!(frame.reason.as_str(), error["reason"].as_str().unwrap());
        }
        other => panic!("expected a 1008 close, got {other:?}"),
    }
    (
        error["code"].as_str().unwrap().to_string(),
        error["reason"].as_str().unwrap().to_string(),
    )
}

/// The token of a person's seat at a table just created.
pub fn seat_token(created: &Value, seat: usize) -> String {
    created["seats"][seat]["token"]
        .as_str()
        .expect("a person's seat has a token")
        .to_string()
}

/// The next JSON message (bounded wait).
pub async fn next(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("a message in time")
            .expect("the connection is open")
            .expect("a message");
        if let Message::Text(t) = msg {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// Messages until one of `kind` arrives (returned last).
pub async fn until(ws: &mut Ws, kind: &str) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let m = next(ws).await;
        let done = m["type"] == kind;
        seen.push(m);
        if done {
            return seen;
        }
    }
}

pub async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

pub async fn act(ws: &mut Ws, version: u64, action: &str) {
    send(ws, json!({ "type": "act", "version": version, "action": action })).await;
}

/// Waits for a state in which this connection has actions (or the match is over).
pub async fn my_turn(ws: &mut Ws, log: &mut Vec<Value>) -> Value {
    loop {
        let m = next(ws).await;
        log.push(m.clone());
        if m["type"] == "state" && (!m["actions"].as_array().unwrap().is_empty() || m["result"].is_object()) {
            return m;
        }
    }
}

/// Every server message must match the schema's definition for its type.
pub fn check_schema(messages: &[Value]) {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.schema.json")).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    let server_message = json!({ "$ref": "#/$defs/ServerMessage", "$defs": schema["$defs"] });
    let v = jsonschema::validator_for(&server_message).unwrap();
    assert!(v.validate(&json!({"type": "ack"})).is_err(), "the schema checks");
    assert!(
        v.validate(&json!({"type": "pong", "extra": 1})).is_err(),
        "the schema checks"
    );
    for m in messages {
        if let Err(e) = v.validate(m) {
            panic!("message does not match the schema: {e}\n{m}");
        }
    }
}
