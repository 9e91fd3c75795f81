//! One task per table, the table's only writer. Connections and HTTP handlers send it
//! commands; it applies actions, persists each one before acknowledging or broadcasting it,
//! runs bots off the async executor (`spawn_blocking`, the table moved there and back), and
//! sends every connection only its own viewer's scene, legal actions and feed.
//!
//! This file holds the table's loop: commands, actions and their persistence, bots and the
//! clock. `seating.rs` holds who sits where (connections, joining, tokens, names, the
//! rematch); `views.rs` what each connection is told (states, seats, summaries, hints).

mod chat;
mod seating;
mod views;

pub use seating::{clean_name, NAME_LIMIT};

use crate::db::Db;
use crate::protocol::{ErrorCode, Refusal, ServerMessage};
use crate::store::{ActionRow, ChatRow, SeatRow, Status, StoredTable, TableRow};
use cards::Card;
use engine::{ApplyError, DynTable, Seat, Viewer};
use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// How many messages may wait for a slow connection before it is dropped (it can reconnect
/// and get the whole state again).
const CONNECTION_BACKLOG: usize = 256;

/// What a connection learns when it is accepted.
pub struct Accepted {
    pub conn: u64,
    pub viewer: Viewer,
    pub outbox: mpsc::Receiver<String>,
}

pub enum Cmd {
    /// A WebSocket connection: a seat (with its token) or a spectator.
    Connect {
        token: Option<String>,
        /// The seat the link names, if any: only used to say why a token is refused.
        seat: Option<Seat>,
        name: Option<String>,
        reply: oneshot::Sender<Result<Accepted, Refusal>>,
    },
    Disconnect {
        conn: u64,
    },
    /// An action from a connection, with the table version its sender saw.
    Act {
        conn: u64,
        version: Option<u64>,
        action: String,
        /// The cards picked for it (an `any_suit` action played with other suits).
        cards: Option<Vec<String>>,
    },
    /// Takes the first open seat for a person: its new token.
    Join {
        name: String,
        reply: oneshot::Sender<Result<(Seat, String), Refusal>>,
    },
    Summary {
        reply: oneshot::Sender<crate::protocol::TableSummary>,
    },
    /// A rematch, if `token` holds a seat and the match is over: the new table's public id,
    /// with what to start it from when this request made it (a table has one rematch; asking
    /// again answers with it).
    Rematch {
        token: String,
        reply: oneshot::Sender<Result<(String, Option<StoredTable>), Refusal>>,
    },
    /// A chat message from a connection.
    Chat {
        conn: u64,
        text: String,
    },
    /// Answered once every command sent before it has been handled: a connection about to
    /// close waits for it, so the answers to its actions reach it first.
    Flush {
        reply: oneshot::Sender<()>,
    },
    /// A connection asks what the named bot would do in its seat's place.
    Hint {
        conn: u64,
        level: String,
    },
    /// The table leaves this node (shutting down, or its lease lost): every connection is told
    /// to reconnect, the task ends, and then it answers.
    Leave {
        reply: Option<oneshot::Sender<()>>,
    },
}

/// Sent down a connection's outbox in place of a message: close it, saying the table moved
/// (the client reconnects and finds the table on whichever node owns it now).
pub const MOVED: &str = "\u{0}moved";

/// A live table's address.
#[derive(Clone)]
pub struct TableHandle {
    pub id: i64,
    pub public_id: String,
    /// The fencing epoch of the lease the task writes under (0 with a store not shared).
    pub epoch: i64,
    pub tx: mpsc::Sender<Cmd>,
}

struct Conn {
    id: u64,
    viewer: Viewer,
    out: mpsc::Sender<String>,
    /// How much of the whole feed this connection has been sent.
    feed_sent: usize,
    /// Set while a hint is being worked out for this connection: one at a time.
    hinting: Arc<AtomicBool>,
    /// The name its chat messages go out under.
    name: String,
    /// When it last chatted (the newest last), for the chat's own rate limit.
    chatted: VecDeque<Instant>,
}

/// What a bot (or a person's clock running out) did, computed off the executor.
type BotTurn = (Box<dyn DynTable>, Result<Option<(Seat, String)>, String>);

struct Actor {
    id: i64,
    /// See [`TableHandle::epoch`].
    epoch: i64,
    /// Set once the table left this node: the task ends.
    gone: bool,
    db: Db,
    row: TableRow,
    seats: Vec<SeatRow>,
    table: Option<Box<dyn DynTable>>,
    conns: Vec<Conn>,
    next_conn: u64,
    deferred: VecDeque<Cmd>,
    bot: Option<JoinHandle<BotTurn>>,
    deadline: Option<Instant>,
    /// How long the table may go without any of its people connected.
    idle: Duration,
    /// Since when none of the table's people has been connected; `None` while one is. Kept
    /// by [`Actor::note_presence`] after every change to the connections, whatever dropped one.
    people_left_at: Option<Instant>,
    /// The public id of this table's rematch, once made.
    rematch: Option<String>,
    /// The public id of the table this one is the rematch of.
    parent: Option<String>,
    /// Every chat message, both channels.
    chat: Vec<ChatRow>,
}

/// Rebuilds a table from what is stored: its record replayed, bots seated, their random stream
/// where the last action left it, the feed on.
pub fn rebuild(stored: &StoredTable) -> Result<Box<dyn DynTable>, String> {
    let row = &stored.row;
    let record = stored.record();
    let mut table = tables::open_record(&record)?;
    for s in &stored.seats {
        if let Some(bot) = &s.bot {
            table.set_bot(s.seat, bot)?;
        }
    }
    if let Some(bot_seed) = row.bot_seed {
        table.reseed_bots(bot_seed);
    }
    if let Some(last) = stored.actions.last() {
        let position: u128 = last
            .bot_rng
            .parse()
            .map_err(|_| format!("table {}: damaged bot_rng '{}'", row.id, last.bot_rng))?;
        table.set_bot_rng_position(position);
    }
    table.enable_feed();
    Ok(table)
}

/// Starts the task for a stored table; `idle` is how long it may go without its people;
/// `epoch` is the fencing epoch of this node's lease on it (0 with a store not shared).
pub fn spawn(stored: StoredTable, db: Db, idle: Duration, epoch: i64) -> Result<TableHandle, String> {
    let table = rebuild(&stored)?;
    let (tx, rx) = mpsc::channel(1024);
    let id = stored.row.id;
    let public_id = stored.row.public_id.clone();
    let actor = Actor {
        id,
        epoch,
        gone: false,
        db,
        row: stored.row,
        seats: stored.seats,
        rematch: stored.rematch,
        parent: stored.parent,
        chat: stored.chat,
        table: Some(table),
        conns: Vec::new(),
        next_conn: 1,
        deferred: VecDeque::new(),
        bot: None,
        deadline: None,
        idle,
        people_left_at: Some(Instant::now()),
    };
    tokio::spawn(actor.run(rx));
    Ok(TableHandle {
        id,
        public_id,
        epoch,
        tx,
    })
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        while !self.gone {
            self.start_bot_if_due();
            let deadline = self.deadline;
            let closing = self.closing_time();
            tokio::select! {
                cmd = rx.recv() => {
                    let Some(cmd) = cmd else { break };
                    if let Cmd::Leave { reply } = cmd {
                        // At once, even with a bot thinking: its move is not stored, and the
                        // next owner replays the record.
                        self.leave();
                        if let Some(reply) = reply {
                            let _ = reply.send(());
                        }
                        break;
                    }
                    if self.table.is_none() {
                        self.deferred.push_back(cmd);
                    } else {
                        self.handle(cmd).await;
                    }
                }
                turn = async { self.bot.as_mut().expect("guarded").await }, if self.bot.is_some() => {
                    self.bot = None;
                    match turn {
                        Ok((table, result)) => {
                            self.table = Some(table);
                            self.after_bot(result).await;
                        }
                        Err(e) => {
                            // The table was lost with a panicking bot: rebuild it from the store.
                            eprintln!("table {}: a bot task failed: {e}", self.id);
                            self.reload().await;
                        }
                    }
                    while self.table.is_some() && !self.gone {
                        let Some(cmd) = self.deferred.pop_front() else { break };
                        self.handle(cmd).await;
                    }
                }
                _ = async { tokio::time::sleep_until(deadline.expect("guarded")).await }, if deadline.is_some() && self.bot.is_none() => {
                    self.deadline = None;
                    self.time_out();
                }
                _ = async { tokio::time::sleep_until(closing.expect("guarded")).await }, if closing.is_some() => {
                    self.close_idle().await;
                }
            }
        }
    }

    /// Tells every connection to reconnect (the table is to be found on another node) and
    /// stops the task.
    fn leave(&mut self) {
        for c in &self.conns {
            let _ = c.out.try_send(MOVED.to_string());
        }
        self.conns.clear();
        self.gone = true;
    }

    /// Whether any seat's person has a connection open.
    fn people_connected(&self) -> bool {
        self.conns.iter().any(|c| c.viewer.seat().is_some())
    }

    /// A playing table whose people have all been away longer than the idle limit: shown as
    /// paused rather than being played (its seats can still come back).
    fn paused(&self) -> bool {
        self.row.status == Status::Playing
            && self.seats.iter().any(|s| s.bot.is_none())
            && self.people_left_at.is_some_and(|t| t.elapsed() >= self.idle)
    }

    /// When a waiting table nobody is connected to closes.
    fn closing_time(&self) -> Option<Instant> {
        let left = self.people_left_at.filter(|_| self.row.status == Status::Waiting)?;
        Some(left + self.idle)
    }

    /// Starts or stops the idle clock after the connections changed (a person connected, left,
    /// or was dropped for falling behind).
    fn note_presence(&mut self) {
        if self.people_connected() {
            self.people_left_at = None;
        } else if self.people_left_at.is_none() {
            self.people_left_at = Some(Instant::now());
        }
    }

    async fn close_idle(&mut self) {
        self.row.status = Status::Closed;
        if let Err(e) = self.db.set_status(self.id, self.epoch, Status::Closed).await {
            eprintln!("table {}: {e}", self.id);
        }
        self.broadcast();
    }

    fn table(&self) -> &dyn DynTable {
        self.table.as_deref().expect("the table is home")
    }

    fn table_mut(&mut self) -> &mut dyn DynTable {
        self.table.as_deref_mut().expect("the table is home")
    }

    fn version(&self) -> u64 {
        self.table().decisions()
    }

    /// A bot's turn starts on a blocking thread when a bot is to act in a started match.
    fn start_bot_if_due(&mut self) {
        if self.bot.is_some() || self.row.status != Status::Playing {
            return;
        }
        let Some(table) = self.table.as_ref() else { return };
        let Some(seat) = table.to_act() else { return };
        if !table.has_bot(seat) {
            self.arm_clock();
            return;
        }
        let mut table = self.table.take().expect("checked");
        self.bot = Some(tokio::task::spawn_blocking(move || {
            let result = table.step_bot();
            (table, result)
        }));
    }

    /// Starts the clock of a person to act in a started match (if the table has one and it is
    /// not running yet).
    fn arm_clock(&mut self) {
        if self.deadline.is_some() || self.row.status != Status::Playing {
            return;
        }
        let Some(table) = self.table.as_ref() else { return };
        if table.to_act().is_some_and(|s| !table.has_bot(s)) {
            self.deadline = self
                .row
                .clock_seconds
                .map(|s| Instant::now() + Duration::from_secs(s as u64));
        }
    }

    /// A person's clock ran out: the `medium` bot plays their decision.
    fn time_out(&mut self) {
        let Some(mut table) = self.table.take() else { return };
        self.bot = Some(tokio::task::spawn_blocking(move || {
            let seat = table.to_act();
            let result = table.suggest(Some("medium")).and_then(|a| {
                table.apply_text(&a)?;
                Ok(seat.map(|s| (s, a)))
            });
            (table, result)
        }));
    }

    async fn after_bot(&mut self, result: Result<Option<(Seat, String)>, String>) {
        match result {
            Ok(Some((seat, action))) => {
                if self.persist(seat, action).await {
                    self.after_change().await;
                }
            }
            Ok(None) => {}
            Err(e) => eprintln!("table {}: {e}", self.id),
        }
    }

    /// Writes the action just applied; on failure, takes it back so memory and store agree.
    async fn persist(&mut self, seat: Seat, action: String) -> bool {
        let version = self.version();
        let row = ActionRow {
            table: self.id,
            seq: version - 1,
            action,
            seat,
            bot_rng: self.table().bot_rng_position().to_string(),
            epoch: self.epoch,
        };
        match self.db.append(vec![row]).await {
            Ok(()) => true,
            Err(e) if self.db.shared() => {
                // The lease was lost (another node took the table) or the database failed:
                // nothing of this is acknowledged; the clients reconnect and find the table
                // rebuilt from its record, on whichever node owns it.
                eprintln!("table {}: cannot store an action, leaving the table: {e}", self.id);
                let _ = self.db.release(self.id, self.epoch).await;
                self.leave();
                false
            }
            Err(e) => {
                eprintln!("table {}: cannot store an action: {e}", self.id);
                self.reload().await;
                false
            }
        }
    }

    /// Rebuilds the table from the store (what was acknowledged is what counts).
    async fn reload(&mut self) {
        match self.db.load(self.id).await {
            Ok(Some(stored)) => match rebuild(&stored) {
                Ok(t) => {
                    self.table = Some(t);
                    for c in &mut self.conns {
                        c.feed_sent = 0;
                    }
                }
                Err(e) => eprintln!("table {}: cannot rebuild: {e}", self.id),
            },
            other => eprintln!("table {}: cannot reload: {other:?}", self.id),
        }
    }

    async fn after_change(&mut self) {
        self.deadline = None;
        self.arm_clock();
        if self.table().is_over() && self.row.status != Status::Finished {
            self.row.status = Status::Finished;
            if let Err(e) = self.db.set_status(self.id, self.epoch, Status::Finished).await {
                eprintln!("table {}: {e}", self.id);
            }
        }
        self.broadcast();
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Connect {
                token,
                seat,
                name,
                reply,
            } => {
                let result = self.connect(token, seat, name).await;
                let ok = result.is_ok();
                let _ = reply.send(result);
                if ok {
                    self.send_seats();
                }
            }
            Cmd::Disconnect { conn } => {
                self.conns.retain(|c| c.id != conn);
                self.note_presence();
                self.send_seats();
            }
            Cmd::Act {
                conn,
                version,
                action,
                cards,
            } => self.act(conn, version, action, cards).await,
            Cmd::Join { name, reply } => {
                let _ = reply.send(self.join(name).await);
                self.send_seats();
            }
            Cmd::Summary { reply } => {
                let _ = reply.send(self.summary());
            }
            Cmd::Rematch { token, reply } => {
                let _ = reply.send(self.rematch(&token).await);
            }
            Cmd::Hint { conn, level } => self.hint(conn, level),
            Cmd::Chat { conn, text } => self.chat(conn, text).await,
            Cmd::Flush { reply } => {
                let _ = reply.send(());
            }
            Cmd::Leave { reply } => {
                self.leave();
                if let Some(reply) = reply {
                    let _ = reply.send(());
                }
            }
        }
    }

    /// Tells one connection something (if it is still there).
    fn tell(&self, conn: u64, message: &ServerMessage) {
        if let Some(c) = self.conns.iter().find(|c| c.id == conn) {
            let _ = c.out.try_send(message.text());
        }
    }

    /// Why this connection may not act now, if it may not.
    fn act_refusal(&self, viewer: Viewer, version: Option<u64>) -> Option<(ErrorCode, String)> {
        let current = self.version();
        match viewer {
            Viewer::Spectator => Some((ErrorCode::Spectator, "spectators cannot act".to_string())),
            Viewer::Seat(_) if self.row.status == Status::Waiting => Some((
                ErrorCode::Waiting,
                "the match starts when every seat is taken".to_string(),
            )),
            Viewer::Seat(seat) => match version {
                Some(v) if v != current => Some((
                    ErrorCode::Stale,
                    format!("the table is at version {current}, not {v}: look again and resend"),
                )),
                _ => match self.table().to_act() {
                    None => Some((ErrorCode::Over, "the match is over".to_string())),
                    Some(s) if s != seat => Some((ErrorCode::NotYourTurn, format!("seat {s} is to act, not you"))),
                    Some(_) => None,
                },
            },
        }
    }

    async fn act(&mut self, conn: u64, version: Option<u64>, action: String, cards: Option<Vec<String>>) {
        let Some(viewer) = self.conns.iter().find(|c| c.id == conn).map(|c| c.viewer) else {
            return;
        };
        let current = self.version();
        if let Some((code, reason)) = self.act_refusal(viewer, version) {
            self.tell(conn, &ServerMessage::error(code, reason, Some(current)));
            return;
        }
        let seat = viewer.seat().expect("a seat acts");
        let applied = match cards {
            None => self.table_mut().apply_text(&action),
            Some(picked) => match picked
                .iter()
                .map(|c| c.parse::<Card>())
                .collect::<Result<Vec<Card>, _>>()
            {
                Ok(picked) => self.table_mut().apply_picked(&action, &picked),
                Err(e) => Err(ApplyError::Unreadable(format!(
                    "malformed card in the cards picked: {e}"
                ))),
            },
        };
        if let Err(e) = applied {
            let code = match e {
                ApplyError::Unreadable(_) => ErrorCode::Malformed,
                ApplyError::Illegal { .. } => ErrorCode::Illegal,
            };
            self.tell(conn, &ServerMessage::error(code, e.to_string(), Some(current)));
            return;
        }
        let notation = self.table().record().actions.last().cloned().unwrap_or(action);
        if !self.persist(seat, notation).await {
            let message = ServerMessage::error(ErrorCode::Server, "the action could not be stored", Some(current));
            self.tell(conn, &message);
            return;
        }
        self.tell(
            conn,
            &ServerMessage::Ack {
                version: self.version(),
            },
        );
        self.after_change().await;
    }
}
