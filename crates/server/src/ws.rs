//! One WebSocket connection: messages from the table's task go out as they come; messages in
//! are checked (shape, size, rate) here and only well-formed actions reach the table.
//!
//! Every message in is answered or the connection is closed with a reason: past the rate
//! limit each message gets a `rate` error naming what it refused, and a client that keeps on
//! is closed with 1008; a message over the size limit closes with 1009; a connection too far
//! behind its table is closed with 1013.

use crate::actor::{Accepted, Cmd, TableHandle};
use crate::protocol::{ClientMessage, ErrorCode, Refusal, ServerMessage};
use crate::Limits;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};
use serde_json::{json, Value};
use std::time::Instant;

/// The largest message read at all: messages over `max_message` and up to this are read and
/// answered with a 1009 close; larger frames are cut off by the WebSocket layer, which also
/// gets a 1009 close when the connection still allows one.
pub(crate) fn hard_limit(limits: &Limits) -> usize {
    limits.max_message.saturating_mul(16).max(64 * 1024)
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

fn send_text(message: &ServerMessage) -> Message {
    Message::Text(message.text().into())
}

fn error(code: ErrorCode, reason: &str) -> Message {
    send_text(&ServerMessage::error(code, reason, None))
}

/// A close frame; its reason is cut to the 123 bytes a close frame holds.
fn close(code: u16, reason: &str) -> Message {
    let mut end = reason.len().min(123);
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    Message::Close(Some(CloseFrame {
        code,
        reason: reason[..end].to_string().into(),
    }))
}

/// Refuses a connection after the handshake: an `error` saying why, then a 1008 close with the
/// same reason.
pub(crate) async fn refuse(mut socket: WebSocket, refusal: Refusal) {
    let _ = socket.send(send_text(&ServerMessage::from(&refusal))).await;
    close_and_drain(&mut socket, close(close_code::POLICY, &refusal.reason)).await;
}

/// Sends a close frame, then reads (and drops) what the client still sends until it answers
/// the close, for at most two seconds: a socket dropped with unread data is reset by the
/// operating system, and the reset can overtake the close frame, losing its reason.
async fn close_and_drain(socket: &mut WebSocket, frame: Message) {
    if socket.send(frame).await.is_err() {
        return;
    }
    let drain = async {
        while let Some(Ok(m)) = socket.recv().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), drain).await;
}

/// Closes with `frame` once the table has answered every action this connection sent (each
/// `act` gets its `ack` or `error` first), waiting at most two seconds.
async fn close_after_answers(
    socket: &mut WebSocket,
    outbox: &mut tokio::sync::mpsc::Receiver<String>,
    table: &TableHandle,
    frame: Message,
) {
    let (reply, done) = tokio::sync::oneshot::channel();
    if table.tx.send(Cmd::Flush { reply }).await.is_ok() {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(2), done).await;
    }
    while let Ok(text) = outbox.try_recv() {
        if socket.send(Message::Text(text.into())).await.is_err() {
            return;
        }
    }
    close_and_drain(socket, frame).await;
}

/// A `rate` error for a message refused for coming too fast, naming what it asked.
fn rate_error(text: &str, per_second: u32) -> Message {
    let refused = serde_json::from_str::<Value>(text).ok().map(|asked| {
        let mut refused = json!({ "type": asked["type"] });
        if asked["type"] == "act" {
            refused["action"] = asked["action"].clone();
            refused["version"] = asked["version"].clone();
        }
        refused
    });
    send_text(&ServerMessage::Error {
        code: ErrorCode::Rate,
        reason: format!("at most {per_second} messages a second: this one was refused, send it again"),
        version: None,
        refused,
    })
}
pub(crate) async fn run(mut socket: WebSocket, table: TableHandle, accepted: Accepted, limits: Limits) {
    let Accepted { conn, mut outbox, .. } = accepted;
    let mut bucket = Bucket::new(limits.messages_per_second);
    // Messages refused in a row for their rate: a client that keeps flooding after being told
    // is closed.
    let mut over_limit = 0u32;
    let patience = 4 * limits.messages_per_second.max(1);
    loop {
        tokio::select! {
            out = outbox.recv() => match out {
                Some(text) if text == crate::actor::MOVED => {
                    close_and_drain(&mut socket, close(close_code::RESTART, "the table moved to another server: reconnect")).await;
                    break;
                }
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                // The table dropped this connection (too far behind): close it, saying so.
                None => {
                    close_and_drain(&mut socket, close(close_code::AGAIN, "this connection fell too far behind the table: reconnect")).await;
                    break;
                }
            },
            msg = socket.recv() => {
                let msg = match msg {
                    Some(Ok(m)) => m,
                    Some(Err(e)) => {
                        // Most likely a frame over the hard limit: say so if the socket still can.
                        let _ = socket.send(close(close_code::SIZE, &format!("message refused: {e}"))).await;
                        break;
                    }
                    None => break,
                };
                let text = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Binary(_) => {
                        let _ = socket.send(error(ErrorCode::Malformed, "messages are JSON text")).await;
                        continue;
                    }
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                if text.len() > limits.max_message {
                    let reason = format!("a message may be at most {} bytes; this one was {}", limits.max_message, text.len());
                    close_after_answers(&mut socket, &mut outbox, &table, close(close_code::SIZE, &reason)).await;
                    break;
                }
                if !bucket.take() {
                    over_limit += 1;
                    if over_limit > patience {
                        let reason = format!("more than {} messages a second, after {patience} refusals: closing", limits.messages_per_second);
                        close_after_answers(&mut socket, &mut outbox, &table, close(close_code::POLICY, &reason)).await;
                        break;
                    }
                    if socket.send(rate_error(&text, limits.messages_per_second)).await.is_err() {
                        break;
                    }
                    continue;
                }
                over_limit = 0;
                match serde_json::from_str::<ClientMessage>(&text) {
                    Ok(ClientMessage::Ping) => {
                        let _ = socket.send(send_text(&ServerMessage::Pong)).await;
                    }
                    Ok(ClientMessage::Act { action, version, cards }) => {
                        if action.chars().count() > engine::MAX_ACTION_LEN || cards.as_ref().is_some_and(|c| c.len() > 60 || c.iter().any(|c| c.len() > 8)) {
                            let _ = socket.send(error(ErrorCode::Malformed, "no action is that long")).await;
                            continue;
                        }
                        if table.tx.send(Cmd::Act { conn, version, action, cards }).await.is_err() {
                            break;
                        }
                    }
                    Ok(ClientMessage::Chat { text }) => {
                        if table.tx.send(Cmd::Chat { conn, text }).await.is_err() {
                            break;
                        }
                    }
                    Ok(ClientMessage::Hint { level }) => {
                        if table.tx.send(Cmd::Hint { conn, level }).await.is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let reason = format!("not a message this server reads: {}", engine::cut_short(&e.to_string(), 120));
                        let _ = socket.send(error(ErrorCode::Malformed, &reason)).await;
                    }
                }
            }
        }
    }
    let _ = table.tx.send(Cmd::Disconnect { conn }).await;
}

/// Serves a client whose table another node owns: a WebSocket to the owner (`url`), frames
/// piped both ways until either side closes. When the owner cannot be reached or goes away
/// the client is closed with 1012 or 1013 and reconnects (to find the table's new owner).
/// When this node takes the table over itself (its owner was paused past its lease), the
/// client is closed with 1012 to reconnect here.
pub(crate) async fn proxy(
    mut socket: WebSocket,
    url: String,
    table: String,
    mut adopted: tokio::sync::broadcast::Receiver<String>,
) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest};
    let request = url.into_client_request().map(|mut r| {
        r.headers_mut()
            .insert(crate::http::FORWARDED, tungstenite::http::HeaderValue::from_static("1"));
        r
    });
    let upstream = match request {
        Ok(r) => tokio::time::timeout(std::time::Duration::from_secs(3), tokio_tungstenite::connect_async(r)).await,
        Err(e) => Ok(Err(e)),
    };
    let mut upstream = match upstream {
        Ok(Ok((ws, _))) => ws,
        _ => {
            close_and_drain(
                &mut socket,
                close(close_code::AGAIN, "the table's server cannot be reached: reconnect"),
            )
            .await;
            return;
        }
    };
    loop {
        tokio::select! {
            taken = adopted.recv() => {
                if matches!(&taken, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                    break;
                }
                if matches!(&taken, Ok(id) if *id == table) {
                    // The old owner may be stalled: do not wait on it.
                    let _ = tokio::time::timeout(std::time::Duration::from_millis(200), upstream.close(None)).await;
                    close_and_drain(&mut socket, close(close_code::RESTART, "the table moved to this server: reconnect")).await;
                    break;
                }
            }
            m = socket.recv() => {
                let m = match m {
                    Some(Ok(m)) => m,
                    _ => break,
                };
                let out = match m {
                    Message::Text(t) => tungstenite::Message::Text(t.as_str().into()),
                    Message::Binary(b) => tungstenite::Message::Binary(b),
                    Message::Ping(b) => tungstenite::Message::Ping(b),
                    Message::Pong(b) => tungstenite::Message::Pong(b),
                    Message::Close(f) => {
                        let frame = f.map(|f| tungstenite::protocol::CloseFrame {
                            code: f.code.into(),
                            reason: f.reason.as_str().into(),
                        });
                        let _ = upstream.close(frame).await;
                        break;
                    }
                };
                if upstream.send(out).await.is_err() {
                    close_and_drain(&mut socket, close(close_code::RESTART, "the table's server went away: reconnect")).await;
                    break;
                }
            }
            m = upstream.next() => {
                let m = match m {
                    Some(Ok(m)) => m,
                    _ => {
                        close_and_drain(&mut socket, close(close_code::RESTART, "the table's server went away: reconnect")).await;
                        break;
                    }
                };
                let back = match m {
                    tungstenite::Message::Text(t) => Message::Text(t.as_str().into()),
                    tungstenite::Message::Binary(b) => Message::Binary(b),
                    tungstenite::Message::Ping(_) | tungstenite::Message::Pong(_) | tungstenite::Message::Frame(_) => continue,
                    tungstenite::Message::Close(f) => {
                        let (code, reason) = f.map_or((close_code::RESTART, "reconnect".to_string()), |f| (u16::from(f.code), f.reason.to_string()));
                        close_and_drain(&mut socket, close(code, &reason)).await;
                        break;
                    }
                };
                if socket.send(back).await.is_err() {
                    let _ = upstream.close(None).await;
                    break;
                }
            }
        }
    }
}

/// Closes a connection whose table is changing hands (or whose node is stopping) with 1013:
/// the client reconnects in a moment.
pub(crate) async fn moving(mut socket: WebSocket) {
    close_and_drain(
        &mut socket,
        close(close_code::AGAIN, "the table is moving between servers: reconnect"),
    )
    .await;
}
