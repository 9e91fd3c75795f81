//! The table chat: the people at the table talk among themselves, and so do the spectators,
//! apart. Messages are plain text, short, rate-limited per connection, kept with the table
//! before they are sent on, and shown in the replay. Bots never chat.

use super::seating::hidden_or_reordering;
use super::Actor;
use crate::protocol::{ErrorCode, ServerMessage};
use crate::store::{Channel, ChatRow};
use engine::Viewer;
use std::time::Duration;
use tokio::time::Instant;

/// The longest chat message, in characters.
pub const CHAT_LIMIT: usize = 200;
/// At most this many messages per connection within [`CHAT_WINDOW`].
const CHAT_BURST: usize = 3;
const CHAT_WINDOW: Duration = Duration::from_secs(5);
/// How many earlier messages a connection is sent on arriving.
const HISTORY: usize = 100;

fn channel_of(viewer: Viewer) -> Channel {
    match viewer {
        Viewer::Seat(_) => Channel::Table,
        Viewer::Spectator => Channel::Spectators,
    }
}

/// A chat message as plain text: controls (a line break becomes a space), the marks and
/// overrides that reorder text and invisible characters removed, trimmed. Markup is left as
/// typed: clients show messages as text, never as HTML.
pub fn clean_chat(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| !hidden_or_reordering(c))
        .collect();
    kept.trim().to_string()
}

impl Actor {
    /// Sends the chat so far in its channel to a connection that just arrived.
    pub(super) fn send_chat_history(&self, conn: u64) {
        let Some(c) = self.conns.iter().find(|c| c.id == conn) else {
            return;
        };
        let channel = channel_of(c.viewer);
        let mine: Vec<ChatRow> = self.chat.iter().filter(|m| m.channel == channel).cloned().collect();
        if mine.is_empty() {
            return;
        }
        let recent = mine[mine.len().saturating_sub(HISTORY)..].to_vec();
        let _ = c.out.try_send(ServerMessage::ChatHistory { messages: recent }.text());
    }

    pub(super) async fn chat(&mut self, conn: u64, text: String) {
        let Some(index) = self.conns.iter().position(|c| c.id == conn) else {
            return;
        };
        let text = clean_chat(&text);
        let refusal = if text.is_empty() {
            Some((ErrorCode::Malformed, "an empty chat message says nothing".to_string()))
        } else if text.chars().count() > CHAT_LIMIT {
            Some((
                ErrorCode::Malformed,
                format!("a chat message may be at most {CHAT_LIMIT} characters"),
            ))
        } else {
            let c = &mut self.conns[index];
            let now = Instant::now();
            while c.chatted.front().is_some_and(|t| now.duration_since(*t) > CHAT_WINDOW) {
                c.chatted.pop_front();
            }
            (c.chatted.len() >= CHAT_BURST).then(|| {
                (
                    ErrorCode::Rate,
                    format!(
                        "at most {CHAT_BURST} chat messages in {} seconds",
                        CHAT_WINDOW.as_secs()
                    ),
                )
            })
        };
        if let Some((code, reason)) = refusal {
            self.tell(conn, &ServerMessage::error(code, reason, None));
            return;
        }
        let c = &mut self.conns[index];
        c.chatted.push_back(Instant::now());
        let viewer = c.viewer;
        let message = ChatRow {
            index: self.chat.len() as u64,
            channel: channel_of(viewer),
            seat: viewer.seat(),
            name: match viewer {
                // The seat's name as the others see it (it may have been made unique).
                Viewer::Seat(s) => self.seats[s].name.clone().unwrap_or_else(|| c.name.clone()),
                Viewer::Spectator => c.name.clone(),
            },
            text,
            after_actions: self.version(),
        };
        if let Err(e) = self.db.append_chat(self.id, self.epoch, message.clone()).await {
            eprintln!("table {}: cannot store a chat message: {e}", self.id);
            self.tell(
                conn,
                &ServerMessage::error(ErrorCode::Server, "the message could not be kept", None),
            );
            return;
        }
        let text = ServerMessage::Chat(message.clone()).text();
        for c in self.conns.iter().filter(|c| channel_of(c.viewer) == message.channel) {
            let _ = c.out.try_send(text.clone());
        }
        self.chat.push(message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_is_plain_text() {
        assert_eq!(clean_chat("  hi\tthere\n"), "hi there");
        assert_eq!(clean_chat("a\u{202E}b\u{200B}c\u{7}"), "abc");
        assert_eq!(clean_chat("<b>bold</b> & \"quotes\""), "<b>bold</b> & \"quotes\"");
        assert_eq!(clean_chat("\u{202E}\u{0} "), "");
    }
}
