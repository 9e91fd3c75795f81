//! What each connection is told: its viewer's state after every change, the seats, the
//! table's summary, and hints worked out off the executor.

use super::Actor;
use crate::protocol::{Clock, ErrorCode, MatchResult, SeatSummary, ServerMessage, StateMessage, TableSummary};
use crate::store::Status;
use engine::Viewer;
use std::sync::atomic::Ordering;
use tokio::time::Instant;

impl Actor {
    /// Works out a hint off the executor, on a copy of the table rebuilt from its record (the
    /// bot sees only the seat's view), and sends it to the connection that asked.
    pub(super) fn hint(&mut self, conn: u64, level: String) {
        let Some(c) = self.conns.iter().find(|c| c.id == conn) else {
            return;
        };
        let refuse = |code, reason: &str| ServerMessage::error(code, reason, None).text();
        let table = self.table();
        if c.viewer == Viewer::Spectator {
            let _ = c
                .out
                .try_send(refuse(ErrorCode::Spectator, "spectators cannot ask for hints"));
            return;
        }
        let mine = matches!(c.viewer, Viewer::Seat(s) if table.to_act() == Some(s));
        if !mine || self.row.status != Status::Playing {
            let _ = c
                .out
                .try_send(refuse(ErrorCode::NotYourTurn, "a hint is for the seat to act"));
            return;
        }
        if !tables::bot_names(table.info().id)
            .unwrap_or_default()
            .contains(&level.as_str())
        {
            let reason = format!("there is no bot '{}' for hints", engine::cut_short(&level, 40));
            let _ = c.out.try_send(refuse(ErrorCode::Malformed, &reason));
            return;
        }
        if c.hinting.swap(true, Ordering::SeqCst) {
            let _ = c
                .out
                .try_send(refuse(ErrorCode::Rate, "a hint is already being worked out"));
            return;
        }
        let (out, busy, record, version) = (c.out.clone(), c.hinting.clone(), table.record(), table.decisions());
        tokio::task::spawn_blocking(move || {
            let message = match tables::open_record(&record).and_then(|mut t| {
                // The hint's own random stream, not the one the seed would give: nothing a
                // hint says may depend on the secret seed.
                t.reseed_bots(crate::tokens::new_seed());
                let action = t.suggest(Some(&level))?;
                let label = t.actions().into_iter().find(|a| a.notation == action).map(|a| a.label);
                Ok((action, label))
            }) {
                Ok((action, label)) => ServerMessage::Hint {
                    version,
                    bot: level,
                    action,
                    label,
                }
                .text(),
                Err(e) => refuse(ErrorCode::Server, &e),
            };
            let _ = out.try_send(message);
            busy.store(false, Ordering::SeqCst);
        });
    }

    /// The state for connection `index`, and how much of the whole feed it then has.
    fn state_message(&self, index: usize) -> (ServerMessage, usize) {
        let c = &self.conns[index];
        let table = self.table();
        let actions = match (c.viewer, table.to_act()) {
            (Viewer::Seat(s), Some(t)) if s == t && self.row.status == Status::Playing => table.actions(),
            _ => Vec::new(),
        };
        let clock = match (self.deadline, table.to_act()) {
            (Some(deadline), Some(seat)) => Some(Clock {
                seat,
                remaining_ms: deadline.saturating_duration_since(Instant::now()).as_millis() as u64,
            }),
            _ => None,
        };
        let state = StateMessage {
            version: table.decisions(),
            status: self.row.status,
            to_act: table.to_act(),
            scene: table.scene(c.viewer),
            actions,
            feed: table.feed(c.viewer, c.feed_sent),
            clock,
            result: table.is_over().then(|| MatchResult {
                totals: table.totals(),
                winners: table.winners(),
            }),
        };
        (ServerMessage::State(Box::new(state)), table.feed_len())
    }

    pub(super) fn send_state(&mut self, index: usize) {
        let (message, sent) = self.state_message(index);
        let c = &mut self.conns[index];
        c.feed_sent = sent;
        if c.out.try_send(message.text()).is_err() {
            // Too far behind (or gone): drop it; it may reconnect and start afresh.
            let id = c.id;
            self.conns.retain(|c| c.id != id);
            self.note_presence();
        }
    }

    pub(super) fn broadcast(&mut self) {
        let mut i = 0;
        while i < self.conns.len() {
            let before = self.conns.len();
            self.send_state(i);
            if self.conns.len() == before {
                i += 1;
            }
        }
    }

    fn seat_summaries(&self) -> Vec<SeatSummary> {
        self.seats
            .iter()
            .map(|s| SeatSummary::of(s, self.conns.iter().any(|c| c.viewer == Viewer::Seat(s.seat))))
            .collect()
    }

    pub(super) fn send_seats(&mut self) {
        let text = ServerMessage::Seats {
            seats: self.seat_summaries(),
        }
        .text();
        self.conns.retain(|c| c.out.try_send(text.clone()).is_ok());
        self.note_presence();
    }

    pub(super) fn summary(&self) -> TableSummary {
        TableSummary::of_table(
            &self.row,
            self.seat_summaries(),
            self.table(),
            (self.rematch.clone(), self.parent.clone()),
            self.paused(),
        )
    }
}
