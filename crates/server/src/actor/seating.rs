//! Who sits where: connections taking their seats by token, people joining open seats,
//! display names, and the table's one rematch.

use super::{Accepted, Actor, Conn, CONNECTION_BACKLOG};
use crate::protocol::{ErrorCode, Refusal, ServerMessage, Welcome};
use crate::store::{Status, StoredTable, TableRow};
use crate::tokens;
use engine::{Seat, Viewer};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tokio::sync::mpsc;

impl Actor {
    pub(super) fn seat_of_token(&self, token: &str) -> Option<Seat> {
        let hash = tokens::hash(token);
        self.seats
            .iter()
            .find(|s| s.token_hash.is_some_and(|h| tokens::same(&h, &hash)))
            .map(|s| s.seat)
    }

    pub(super) async fn connect(
        &mut self,
        token: Option<String>,
        seat: Option<Seat>,
        name: Option<String>,
    ) -> Result<Accepted, Refusal> {
        let viewer = match &token {
            None => Viewer::Spectator,
            Some(t) => match self.seat_of_token(t) {
                Some(seat) => Viewer::Seat(seat),
                None => return Err(self.token_refusal(seat)),
            },
        };
        if let Viewer::Seat(_) = viewer {
            // A seat's holder coming back opens a table closed for being left.
            if self.row.status == Status::Closed {
                self.row.status = Status::Waiting;
                self.db
                    .set_status(self.id, self.epoch, Status::Waiting)
                    .await
                    .map_err(|e| Refusal::new(ErrorCode::Server, e))?;
            }
        }
        if let Viewer::Seat(seat) = viewer {
            if !self.seats[seat].claimed {
                let name = self.unique_name(name.as_deref(), seat);
                self.db
                    .claim(self.id, self.epoch, seat, name.clone(), None)
                    .await
                    .map_err(|e| Refusal::new(ErrorCode::Server, e))?;
                self.seats[seat].claimed = true;
                self.seats[seat].name = Some(name);
                self.maybe_start().await;
            }
        }
        let (out, outbox) = mpsc::channel(CONNECTION_BACKLOG);
        let conn = self.next_conn;
        self.next_conn += 1;
        let table = self.table();
        let welcome = ServerMessage::Welcome(Welcome {
            table: self.row.public_id.clone(),
            game: table.info().id,
            name: table.info().name,
            players: table.players(),
            viewer,
            version: self.version(),
            kinds: table.action_kinds(),
            seed_commitment: self.row.seed_commitment(),
            chosen_seed: self.row.chosen_seed,
            practice: self.seats.iter().filter(|s| s.bot.is_none()).count() == 1,
        });
        let _ = out.try_send(welcome.text());
        let chat_name = match viewer {
            Viewer::Seat(seat) => self.seats[seat].name.clone().unwrap_or_else(|| clean_name(None, seat)),
            Viewer::Spectator => {
                let name = clean_name(name.as_deref(), 0);
                if name == clean_name(None, 0) {
                    "Spectator".to_string()
                } else {
                    name
                }
            }
        };
        self.conns.push(Conn {
            id: conn,
            viewer,
            out,
            feed_sent: 0,
            hinting: Arc::new(AtomicBool::new(false)),
            name: chat_name,
            chatted: Default::default(),
        });
        self.note_presence();
        self.send_state(self.conns.len() - 1);
        self.send_chat_history(conn);
        Ok(Accepted { conn, viewer, outbox })
    }

    /// Starts the match once every person's seat is taken.
    pub(super) async fn maybe_start(&mut self) {
        if self.row.status == Status::Waiting && self.seats.iter().all(|s| s.bot.is_some() || s.claimed) {
            self.row.status = Status::Playing;
            if let Err(e) = self.db.set_status(self.id, self.epoch, Status::Playing).await {
                eprintln!("table {}: {e}", self.id);
            }
            self.arm_clock();
            self.broadcast();
        }
    }

    /// Why a token that holds no seat here is refused, in words a page can show.
    pub(super) fn token_refusal(&self, seat: Option<Seat>) -> Refusal {
        let reason = match seat.and_then(|k| self.seats.get(k)) {
            Some(s) if s.claimed && s.bot.is_none() => format!(
                "this seat was taken by {}; this link no longer holds it",
                s.name.as_deref().unwrap_or("someone else")
            ),
            _ => "this invite is no longer valid at this table (the link may be mistyped or from another table)"
                .to_string(),
        };
        Refusal::new(ErrorCode::BadToken, reason)
    }

    /// A cleaned name for `seat`, made unique among the names at the table.
    pub(super) fn unique_name(&self, name: Option<&str>, seat: Seat) -> String {
        let base = clean_name(name, seat);
        let taken = |n: &str| {
            self.seats
                .iter()
                .any(|s| s.seat != seat && s.name.as_deref().is_some_and(|m| m.to_lowercase() == n.to_lowercase()))
        };
        if !taken(&base) {
            return base;
        }
        (2..)
            .map(|k| {
                let suffix = format!(" {k}");
                let stem: String = base.chars().take(NAME_LIMIT - suffix.chars().count()).collect();
                format!("{}{suffix}", stem.trim_end())
            })
            .find(|n| !taken(n))
            .expect("some number is free")
    }

    pub(super) async fn join(&mut self, name: String) -> Result<(Seat, String), Refusal> {
        if self.row.status == Status::Closed {
            return Err(Refusal::new(
                ErrorCode::Full,
                "this table was closed after everyone left it",
            ));
        }
        let Some(seat) = self
            .seats
            .iter()
            .find(|s| s.bot.is_none() && s.open && !s.claimed)
            .map(|s| s.seat)
        else {
            return Err(Refusal::new(ErrorCode::Full, "no seat at this table is open to join"));
        };
        let token = tokens::new_token();
        let hash = tokens::hash(&token);
        let name = self.unique_name(Some(&name), seat);
        self.db
            .claim(self.id, self.epoch, seat, name.clone(), Some(hash))
            .await
            .map_err(|e| Refusal::new(ErrorCode::Server, e))?;
        let s = &mut self.seats[seat];
        s.claimed = true;
        s.name = Some(name);
        s.token_hash = Some(hash);
        self.maybe_start().await;
        Ok((seat, token))
    }

    /// Makes this table's rematch, once: fresh secrets, the same game, seats and tokens.
    pub(super) async fn rematch(&mut self, token: &str) -> Result<(String, Option<StoredTable>), Refusal> {
        if self.seat_of_token(token).is_none() {
            return Err(Refusal::new(
                ErrorCode::BadToken,
                "only a player at this table can ask for a rematch",
            ));
        }
        if self.row.status != Status::Finished {
            return Err(Refusal::new(
                ErrorCode::NotOver,
                "a rematch starts once the match is over",
            ));
        }
        if let Some(made) = &self.rematch {
            return Ok((made.clone(), None));
        }
        let mut row = TableRow::fresh(&self.row.game, self.row.players, self.row.variants.clone(), None);
        row.deals = self.row.deals;
        row.clock_seconds = self.row.clock_seconds;
        row.rematch_of = Some(self.id);
        row.status = if self.seats.iter().all(|s| s.bot.is_some() || s.claimed) {
            Status::Playing
        } else {
            Status::Waiting
        };
        let seats = self.seats.clone();
        row.id = self
            .db
            .create(row.clone(), seats.clone())
            .await
            .map_err(|e| Refusal::new(ErrorCode::Server, e))?;
        self.rematch = Some(row.public_id.clone());
        let message = ServerMessage::Rematch {
            table: row.public_id.clone(),
        }
        .text();
        for c in &self.conns {
            let _ = c.out.try_send(message.clone());
        }
        Ok((
            row.public_id.clone(),
            Some(StoredTable {
                row,
                seats,
                actions: Vec::new(),
                rematch: None,
                parent: Some(self.row.public_id.clone()),
                chat: Vec::new(),
            }),
        ))
    }
}

/// The longest display name, in characters.
pub const NAME_LIMIT: usize = 32;

/// Characters no text from a person keeps (names, chat): controls, the marks and overrides
/// that reorder text (a name could otherwise turn the words after it around), and invisible ones.
pub(super) fn hidden_or_reordering(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
            | '\u{061C}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}')
}

/// Characters a name may not hold: those, and the characters of markup and quoting.
fn unwanted_in_name(c: char) -> bool {
    hidden_or_reordering(c) || matches!(c, '<' | '>' | '"' | '\'' | '`')
}

/// A display name: plain text, without unwanted characters, runs of spaces made one, trimmed,
/// at most [`NAME_LIMIT`] characters; "Player K" when nothing is left, K counted from 1 as
/// people count seats (seat 0 is "Player 1").
pub fn clean_name(name: Option<&str>, seat: Seat) -> String {
    let kept: String = name
        .unwrap_or("")
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| !unwanted_in_name(c))
        .collect();
    let words: Vec<&str> = kept.split(' ').filter(|w| !w.is_empty()).collect();
    let cleaned: String = words.join(" ").chars().take(NAME_LIMIT).collect();
    let cleaned = cleaned.trim_end().to_string();
    if cleaned.is_empty() {
        format!("Player {}", seat + 1)
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn names_are_cleaned() {
        for (raw, clean) in [
            ("  Ana  ", "Ana"),
            ("<b>Bo</b>", "bBo/b"),
            ("<script>alert(1)</script>", "scriptalert(1)/script"),
            ("Eve\u{202E}evil", "Eveevil"),
            ("a\u{2066}b\u{2069}c\u{200F}", "abc"),
            ("tab\there\nnew\u{7}bell", "tab here newbell"),
            ("Tom & Jerry", "Tom & Jerry"),
            ("Zoë 🂡", "Zoë 🂡"),
            ("\u{202E}\u{0}  ", "Player 4"),
        ] {
            assert_eq!(clean_name(Some(raw), 3), clean, "{raw:?}");
        }
        let long = clean_name(Some(&"x".repeat(100)), 0);
        assert_eq!(long.chars().count(), NAME_LIMIT);
    }
}
