//! One WebSocket connection: messages from the table's task go out as they come; messages in
//! are checked (shape, size, rate) here and only well-formed actions reach the table.

use crate::actor::{Accepted, Cmd, TableHandle};
use crate::Limits;
use axum::extract::ws::{Message, WebSocket};
use serde::Deserialize;
use serde_json::json;
use std::time::Instant;

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
enum Incoming {
    Act { action: String, version: Option<u64> },
    Hint { level: String },
    Ping,
}

/// A token bucket: `rate` messages a second, bursts of twice that.
struct Bucket {
    tokens: f64,
    rate: f64,
    last: Instant,
}

impl Bucket {
    fn new(rate: u32) -> Bucket {
        Bucket {
            tokens: 2.0 * rate as f64,
            rate: rate as f64,
            last: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(2.0 * self.rate);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn error(code: &str, reason: &str) -> Message {
    Message::Text(crate::actor::error_message(code, reason, None).into())
}

pub(crate) async fn run(mut socket: WebSocket, table: TableHandle, accepted: Accepted, limits: Limits) {
    let Accepted { conn, mut outbox, .. } = accepted;
    let mut bucket = Bucket::new(limits.messages_per_second);
    // A client that keeps flooding after being told is cut off.
    let mut over_limit = 0u32;
    loop {
        tokio::select! {
            out = outbox.recv() => match out {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                // The table dropped this connection (too far behind): close it.
                None => break,
            },
            msg = socket.recv() => {
                let Some(Ok(msg)) = msg else { break };
                let text = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Binary(_) => {
                        let _ = socket.send(error("malformed", "messages are JSON text")).await;
                        continue;
                    }
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                if !bucket.take() {
                    over_limit += 1;
                    if over_limit > 20 * limits.messages_per_second {
                        let _ = socket.send(error("rate", "too many messages: closing")).await;
                        break;
                    }
                    if over_limit % limits.messages_per_second.max(1) == 1 {
                        let reason = format!("at most {} messages a second: this one was dropped", limits.messages_per_second);
                        let _ = socket.send(error("rate", &reason)).await;
                    }
                    continue;
                }
                match serde_json::from_str::<Incoming>(&text) {
                    Ok(Incoming::Ping) => {
                        let _ = socket.send(Message::Text(json!({ "type": "pong" }).to_string().into())).await;
                    }
                    Ok(Incoming::Act { action, version }) => {
                        if action.chars().count() > engine::MAX_ACTION_LEN {
                            let _ = socket.send(error("malformed", "no action is that long")).await;
                            continue;
                        }
                        if table.tx.send(Cmd::Act { conn, version, action }).await.is_err() {
                            break;
                        }
                    }
                    Ok(Incoming::Hint { level }) => {
                        if table.tx.send(Cmd::Hint { conn, level }).await.is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let reason = format!("not a message this server reads: {}", engine::cut_short(&e.to_string(), 120));
                        let _ = socket.send(error("malformed", &reason)).await;
                    }
                }
            }
        }
    }
    let _ = table.tx.send(Cmd::Disconnect { conn }).await;
}
