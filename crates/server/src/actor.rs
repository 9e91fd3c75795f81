//! One task per table, the table's only writer. Connections and HTTP handlers send it
//! commands; it applies actions, persists each one before acknowledging or broadcasting it,
//! runs bots off the async executor (`spawn_blocking`, the table moved there and back), and
//! sends every connection only its own viewer's scene, legal actions and feed.

use crate::db::Db;
use crate::store::{ActionRow, SeatRow, Status, StoredTable, TableRow};
use crate::tokens;
use engine::{DynTable, Seat, Viewer};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// How many messages may wait for a slow connection before it is dropped (it can reconnect
/// and get the whole state again).
const CONNECTION_BACKLOG: usize = 256;

/// Why a request was refused: a stable code and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub reason: String,
}

impl Refusal {
    pub fn new(code: &'static str, reason: impl Into<String>) -> Refusal {
        Refusal {
            code,
            reason: reason.into(),
        }
    }
}

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
    },
    /// Takes the first open seat for a person: its new token.
    Join {
        name: String,
        reply: oneshot::Sender<Result<(Seat, String), Refusal>>,
    },
    Summary {
        reply: oneshot::Sender<Value>,
    },
    /// A rematch, if `token` holds a seat and the match is over: the new table's public id,
    /// with what to start it from when this request made it (a table has one rematch; asking
    /// again answers with it).
    Rematch {
        token: String,
        reply: oneshot::Sender<Result<(String, Option<StoredTable>), Refusal>>,
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
}

/// A live table's address.
#[derive(Clone)]
pub struct TableHandle {
    pub id: i64,
    pub public_id: String,
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
}

/// What a bot (or a person's clock running out) did, computed off the executor.
type BotTurn = (Box<dyn DynTable>, Result<Option<(Seat, String)>, String>);

struct Actor {
    id: i64,
    db: Db,
    row: TableRow,
    seats: Vec<SeatRow>,
    table: Option<Box<dyn DynTable>>,
    conns: Vec<Conn>,
    next_conn: u64,
    deferred: VecDeque<Cmd>,
    bot: Option<JoinHandle<BotTurn>>,
    deadline: Option<Instant>,
    /// The public id of this table's rematch, once made.
    rematch: Option<String>,
    /// The public id of the table this one is the rematch of.
    parent: Option<String>,
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

/// Starts the task for a stored table.
pub fn spawn(stored: StoredTable, db: Db) -> Result<TableHandle, String> {
    let table = rebuild(&stored)?;
    let (tx, rx) = mpsc::channel(1024);
    let id = stored.row.id;
    let public_id = stored.row.public_id.clone();
    let actor = Actor {
        id,
        db,
        row: stored.row,
        seats: stored.seats,
        rematch: stored.rematch,
        parent: stored.parent,
        table: Some(table),
        conns: Vec::new(),
        next_conn: 1,
        deferred: VecDeque::new(),
        bot: None,
        deadline: None,
    };
    tokio::spawn(actor.run(rx));
    Ok(TableHandle { id, public_id, tx })
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        loop {
            self.start_bot_if_due();
            let deadline = self.deadline;
            tokio::select! {
                cmd = rx.recv() => {
                    let Some(cmd) = cmd else { break };
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
                    while self.table.is_some() {
                        let Some(cmd) = self.deferred.pop_front() else { break };
                        self.handle(cmd).await;
                    }
                }
                _ = async { tokio::time::sleep_until(deadline.expect("guarded")).await }, if deadline.is_some() && self.bot.is_none() => {
                    self.deadline = None;
                    self.time_out();
                }
            }
        }
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
            let result = table
                .suggest(Some("medium"))
                .and_then(|a| table.apply_text(&a).map(|_| seat.map(|s| (s, a))));
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
        };
        match self.db.append(vec![row]).await {
            Ok(()) => true,
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
            if let Err(e) = self.db.set_status(self.id, Status::Finished).await {
                eprintln!("table {}: {e}", self.id);
            }
        }
        self.broadcast();
    }

    fn seat_of_token(&self, token: &str) -> Option<Seat> {
        let hash = tokens::hash(token);
        self.seats
            .iter()
            .find(|s| s.token_hash.is_some_and(|h| tokens::same(&h, &hash)))
            .map(|s| s.seat)
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
                self.send_seats();
            }
            Cmd::Act { conn, version, action } => self.act(conn, version, action).await,
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
            Cmd::Flush { reply } => {
                let _ = reply.send(());
            }
        }
    }

    async fn connect(
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
        if let Viewer::Seat(seat) = viewer {
            if !self.seats[seat].claimed {
                let name = self.unique_name(name.as_deref(), seat);
                self.db
                    .claim(self.id, seat, name.clone(), None)
                    .await
                    .map_err(|e| Refusal::new("server", e))?;
                self.seats[seat].claimed = true;
                self.seats[seat].name = Some(name);
                self.maybe_start().await;
            }
        }
        let (out, outbox) = mpsc::channel(CONNECTION_BACKLOG);
        let conn = self.next_conn;
        self.next_conn += 1;
        let table = self.table();
        let welcome = json!({
            "type": "welcome",
            "table": self.row.public_id,
            "game": table.info().id,
            "name": table.info().name,
            "players": table.players(),
            "viewer": viewer,
            "version": self.version(),
            "kinds": table.action_kinds(),
            "seed_commitment": self.row.seed_commitment(),
            "chosen_seed": self.row.chosen_seed,
        });
        let _ = out.try_send(welcome.to_string());
        self.conns.push(Conn {
            id: conn,
            viewer,
            out,
            feed_sent: 0,
            hinting: Arc::new(AtomicBool::new(false)),
        });
        self.send_state(self.conns.len() - 1);
        Ok(Accepted { conn, viewer, outbox })
    }

    /// Starts the match once every person's seat is taken.
    async fn maybe_start(&mut self) {
        if self.row.status == Status::Waiting && self.seats.iter().all(|s| s.bot.is_some() || s.claimed) {
            self.row.status = Status::Playing;
            if let Err(e) = self.db.set_status(self.id, Status::Playing).await {
                eprintln!("table {}: {e}", self.id);
            }
            self.arm_clock();
            self.broadcast();
        }
    }

    /// Why a token that holds no seat here is refused, in words a page can show.
    fn token_refusal(&self, seat: Option<Seat>) -> Refusal {
        let reason = match seat.and_then(|k| self.seats.get(k)) {
            Some(s) if s.claimed && s.bot.is_none() => format!(
                "this seat was taken by {}; this link no longer holds it",
                s.name.as_deref().unwrap_or("someone else")
            ),
            _ => "this invite is no longer valid at this table (the link may be mistyped or from another table)"
                .to_string(),
        };
        Refusal::new("bad-token", reason)
    }

    /// A cleaned name for `seat`, made unique among the names at the table.
    fn unique_name(&self, name: Option<&str>, seat: Seat) -> String {
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

    async fn join(&mut self, name: String) -> Result<(Seat, String), Refusal> {
        let Some(seat) = self
            .seats
            .iter()
            .find(|s| s.bot.is_none() && s.open && !s.claimed)
            .map(|s| s.seat)
        else {
            return Err(Refusal::new("full", "no seat at this table is open to join"));
        };
        let token = tokens::new_token();
        let hash = tokens::hash(&token);
        let name = self.unique_name(Some(&name), seat);
        self.db
            .claim(self.id, seat, name.clone(), Some(hash))
            .await
            .map_err(|e| Refusal::new("server", e))?;
        let s = &mut self.seats[seat];
        s.claimed = true;
        s.name = Some(name);
        s.token_hash = Some(hash);
        self.maybe_start().await;
        Ok((seat, token))
    }

    async fn act(&mut self, conn: u64, version: Option<u64>, action: String) {
        let Some(index) = self.conns.iter().position(|c| c.id == conn) else {
            return;
        };
        let refuse = |code: &str, reason: String, version: u64| error_message(code, &reason, Some(version));
        let current = self.version();
        let viewer = self.conns[index].viewer;
        let problem = match viewer {
            Viewer::Spectator => Some(("spectator", "spectators cannot act".to_string())),
            Viewer::Seat(_) if self.row.status == Status::Waiting => {
                Some(("waiting", "the match starts when every seat is taken".to_string()))
            }
            Viewer::Seat(seat) => match version {
                Some(v) if v != current => Some((
                    "stale",
                    format!("the table is at version {current}, not {v}: look again and resend"),
                )),
                _ => match self.table().to_act() {
                    None => Some(("over", "the match is over".to_string())),
                    Some(s) if s != seat => Some(("not-your-turn", format!("seat {s} is to act, not you"))),
                    Some(_) => None,
                },
            },
        };
        if let Some((code, reason)) = problem {
            let _ = self.conns[index].out.try_send(refuse(code, reason, current));
            return;
        }
        let seat = viewer.seat().expect("a seat acts");
        if let Err(e) = self.table_mut().apply_text(&action) {
            let code = if e.starts_with("illegal") {
                "illegal"
            } else {
                "malformed"
            };
            let _ = self.conns[index].out.try_send(refuse(code, e, current));
            return;
        }
        let notation = self.table().record().actions.last().cloned().unwrap_or(action);
        if !self.persist(seat, notation).await {
            if let Some(c) = self.conns.iter().find(|c| c.id == conn) {
                let _ = c
                    .out
                    .try_send(refuse("server", "the action could not be stored".into(), current));
            }
            return;
        }
        if let Some(c) = self.conns.iter().find(|c| c.id == conn) {
            let _ = c
                .out
                .try_send(json!({ "type": "ack", "version": self.version() }).to_string());
        }
        self.after_change().await;
    }

    /// Works out a hint off the executor, on a copy of the table rebuilt from its record (the
    /// bot sees only the seat's view), and sends it to the connection that asked.
    fn hint(&mut self, conn: u64, level: String) {
        let Some(c) = self.conns.iter().find(|c| c.id == conn) else {
            return;
        };
        let refuse = |code: &str, reason: &str| error_message(code, reason, None);
        let table = self.table();
        if c.viewer == Viewer::Spectator {
            let _ = c.out.try_send(refuse("spectator", "spectators cannot ask for hints"));
            return;
        }
        let mine = matches!(c.viewer, Viewer::Seat(s) if table.to_act() == Some(s));
        if !mine || self.row.status != Status::Playing {
            let _ = c.out.try_send(refuse("not-your-turn", "a hint is for the seat to act"));
            return;
        }
        if !tables::bot_names(table.info().id)
            .unwrap_or_default()
            .contains(&level.as_str())
        {
            let _ = c.out.try_send(refuse(
                "malformed",
                &format!("there is no bot '{}' for hints", engine::cut_short(&level, 40)),
            ));
            return;
        }
        if c.hinting.swap(true, Ordering::SeqCst) {
            let _ = c.out.try_send(refuse("rate", "a hint is already being worked out"));
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
                Ok((action, label)) => json!({
                    "type": "hint", "version": version, "bot": level, "action": action, "label": label,
                })
                .to_string(),
                Err(e) => refuse("server", &e),
            };
            let _ = out.try_send(message);
            busy.store(false, Ordering::SeqCst);
        });
    }

    fn state_message(&self, index: usize) -> (String, usize) {
        let c = &self.conns[index];
        let table = self.table();
        let feed = table.feed(c.viewer, c.feed_sent);
        let actions = match (c.viewer, table.to_act()) {
            (Viewer::Seat(s), Some(t)) if s == t && self.row.status == Status::Playing => table.actions(),
            _ => Vec::new(),
        };
        let mut v = json!({
            "type": "state",
            "version": table.decisions(),
            "status": self.row.status,
            "to_act": table.to_act(),
            "scene": table.scene(c.viewer),
            "actions": actions,
            "feed": feed,
        });
        if let (Some(deadline), Some(seat)) = (self.deadline, table.to_act()) {
            let left = deadline.saturating_duration_since(Instant::now());
            v["clock"] = json!({ "seat": seat, "remaining_ms": left.as_millis() as u64 });
        }
        if table.is_over() {
            v["result"] = json!({ "totals": table.totals(), "winners": table.winners() });
        }
        (v.to_string(), table.feed_len())
    }

    fn send_state(&mut self, index: usize) {
        let (text, sent) = self.state_message(index);
        let c = &mut self.conns[index];
        c.feed_sent = sent;
        if c.out.try_send(text).is_err() {
            // Too far behind (or gone): drop it; it may reconnect and start afresh.
            let id = c.id;
            self.conns.retain(|c| c.id != id);
        }
    }

    fn broadcast(&mut self) {
        let mut i = 0;
        while i < self.conns.len() {
            let before = self.conns.len();
            self.send_state(i);
            if self.conns.len() == before {
                i += 1;
            }
        }
    }

    fn seats_json(&self) -> Value {
        let seats: Vec<Value> = self
            .seats
            .iter()
            .map(|s| {
                json!({
                    "seat": s.seat,
                    "bot": s.bot,
                    "name": s.name,
                    "taken": s.bot.is_some() || s.claimed,
                    "open": s.bot.is_none() && s.open && !s.claimed,
                    "connected": self.conns.iter().any(|c| c.viewer == Viewer::Seat(s.seat)),
                })
            })
            .collect();
        json!(seats)
    }

    fn send_seats(&mut self) {
        let msg = json!({ "type": "seats", "seats": self.seats_json() }).to_string();
        self.conns.retain(|c| c.out.try_send(msg.clone()).is_ok());
    }

    fn summary(&self) -> Value {
        let table = self.table();
        let mut v = json!({
            "id": self.row.public_id,
            "game": table.info().id,
            "name": table.info().name,
            "players": table.players(),
            "variants": self.row.variants,
            "deals": self.row.deals,
            "clock_seconds": self.row.clock_seconds,
            "status": self.row.status,
            "version": table.decisions(),
            "deals_completed": table.deals_completed(),
            "totals": table.totals(),
            "winners": table.winners(),
            "seats": self.seats_json(),
            "rematch": self.rematch,
            "rematch_of": self.parent,
        });
        fairness_fields(&mut v, &self.row);
        v
    }

    /// Makes this table's rematch, once: fresh secrets, the same game, seats and tokens.
    async fn rematch(&mut self, token: &str) -> Result<(String, Option<StoredTable>), Refusal> {
        if self.seat_of_token(token).is_none() {
            return Err(Refusal::new(
                "bad-token",
                "only a player at this table can ask for a rematch",
            ));
        }
        if self.row.status != Status::Finished {
            return Err(Refusal::new("not-over", "a rematch starts once the match is over"));
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
            .map_err(|e| Refusal::new("server", e))?;
        self.rematch = Some(row.public_id.clone());
        let message = json!({ "type": "rematch", "table": row.public_id }).to_string();
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
            }),
        ))
    }
}

/// The fairness fields of a summary: the commitment and whether the seed was chosen, and once
/// the match is over the seed and salt that open the commitment.
pub(crate) fn fairness_fields(summary: &mut Value, row: &TableRow) {
    summary["seed_commitment"] = json!(row.seed_commitment());
    summary["chosen_seed"] = json!(row.chosen_seed);
    if row.status == Status::Finished {
        summary["seed"] = json!(row.seed);
        summary["salt"] = json!(row.salt);
    }
}

/// An `error` message for a connection: its message changed nothing.
pub(crate) fn error_message(code: &str, reason: &str, version: Option<u64>) -> String {
    let mut m = json!({ "type": "error", "code": code, "reason": reason });
    if let Some(v) = version {
        m["version"] = json!(v);
    }
    m.to_string()
}

/// The longest display name, in characters.
pub const NAME_LIMIT: usize = 32;

/// Characters a name may not hold: controls, the marks and overrides that reorder text
/// (a name could otherwise turn the words after it around), invisible ones, and the
/// characters of markup and quoting.
fn unwanted_in_name(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
            | '\u{061C}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}'
            | '<' | '>' | '"' | '\'' | '`')
}

/// A display name: plain text, without unwanted characters, runs of spaces made one, trimmed,
/// at most [`NAME_LIMIT`] characters; "Player K" when nothing is left.
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
        format!("Player {seat}")
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cleaned() {
        for (raw, clean) in [
            ("  Ana  ", "Ana"),
            ("<b>Bo</b>", "bBo/b"),
            ("<script>alert(1)</script>", "scriptalert(1)/script"),
            ("Eve\u{202E}evil", "Eveevil"),
            ("a\u{2066}b\u{2069}c\u{200F}", "abc"),
            ("tab\there\nnew\u{7}bell", "tab here newbell"),
            ("Tom & Jerry", "Tom & Jerry"),
            ("Zoë 🂡", "Zoë 🂡"),
            ("\u{202E}\u{0}  ", "Player 3"),
        ] {
            assert_eq!(clean_name(Some(raw), 3), clean, "{raw:?}");
        }
        let long = clean_name(Some(&"x".repeat(100)), 0);
        assert_eq!(long.chars().count(), NAME_LIMIT);
    }
}
