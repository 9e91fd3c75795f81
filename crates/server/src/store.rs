//! Where tables live between restarts. The server speaks to a [`Store`] only, so another
//! backend (PostgreSQL) can be added without touching table or game code; [`SqliteStore`] is
//! the embedded default. Every call is a transaction.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::path::Path;

/// A table as created: everything needed, with its actions, to rebuild it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableRow {
    /// The database's key; never shown to clients.
    pub id: i64,
    /// The id in links and messages: 80 random bits in hex, so tables cannot be guessed.
    pub public_id: String,
    pub game: String,
    pub players: usize,
    pub variants: Vec<String>,
    /// The secret seed: never sent to a client before the match is over.
    pub seed: u64,
    /// The salt of the published seed commitment (32 hex digits).
    pub salt: String,
    /// A person chose the seed, so the deals were known beforehand: not a fair table.
    pub chosen_seed: bool,
    /// Seeds the bots' random stream apart from the match seed (`None`: tables stored before
    /// there was one, whose bots play from the match seed).
    pub bot_seed: Option<u64>,
    pub deals: Option<u32>,
    /// Seconds a person has for each decision (a bot plays it at time-out), if set.
    pub clock_seconds: Option<u32>,
    pub status: Status,
    pub created_at: i64,
    pub rematch_of: Option<i64>,
}

impl TableRow {
    /// A new table's row with fresh secrets: a public id, a commitment salt, the bots' seed,
    /// and the seed itself, drawn here unless a person chose it (`chosen`).
    pub fn fresh(game: &str, players: usize, variants: Vec<String>, chosen: Option<u64>) -> TableRow {
        TableRow {
            id: 0,
            public_id: crate::tokens::new_public_id(),
            game: game.to_string(),
            players,
            variants,
            seed: chosen.unwrap_or_else(crate::tokens::new_seed),
            salt: crate::tokens::new_salt(),
            chosen_seed: chosen.is_some(),
            bot_seed: Some(crate::tokens::new_seed()),
            deals: None,
            clock_seconds: None,
            status: Status::Waiting,
            created_at: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64),
            rematch_of: None,
        }
    }

    /// What the table published at its creation: `sha256("{seed}:{salt}")`.
    pub fn seed_commitment(&self) -> String {
        tables::fairness::commitment(self.seed, &self.salt)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Waiting for people to fill its seats.
    Waiting,
    Playing,
    Finished,
    /// A waiting table nobody came back to within the idle limit: out of the lobby. A seat's
    /// holder who connects opens it again.
    Closed,
}

impl Status {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Closed => "closed",
        }
    }

    pub(crate) fn parse(s: &str) -> Status {
        match s {
            "waiting" => Status::Waiting,
            "playing" => Status::Playing,
            "closed" => Status::Closed,
            _ => Status::Finished,
        }
    }
}

/// One seat: a bot by name, or a person (with the hash of the seat's secret token).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: usize,
    pub bot: Option<String>,
    pub name: Option<String>,
    pub token_hash: Option<[u8; 32]>,
    /// Whether a person has taken the seat.
    pub claimed: bool,
    /// A person's seat anyone may take from the lobby; otherwise it is reserved for the holder
    /// of its token (the creator's seat, or an invite).
    pub open: bool,
}

/// One accepted action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub table: i64,
    /// 0 for the match's first action.
    pub seq: u64,
    pub action: String,
    pub seat: usize,
    /// Where the bots' random stream stood after it (decimal), so bots continue exactly.
    pub bot_rng: String,
    /// The fencing epoch of the lease it is written under: a shared store refuses the append
    /// unless it is the table's live lease's. 0 where the store is not shared (and as read back).
    pub epoch: i64,
}

/// Who may read a chat message: the people at the table, or the spectators (who talk among
/// themselves: players never see the spectators' chat, and the reverse).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Channel {
    Table,
    Spectators,
}

impl Channel {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Channel::Table => "table",
            Channel::Spectators => "spectators",
        }
    }

    pub(crate) fn parse(s: &str) -> Channel {
        if s == "table" {
            Channel::Table
        } else {
            Channel::Spectators
        }
    }
}

/// One chat message, kept with its table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChatRow {
    /// 0 for the table's first message.
    pub index: u64,
    pub channel: Channel,
    /// The writer's seat; `None` for a spectator.
    pub seat: Option<usize>,
    pub name: String,
    pub text: String,
    /// How many actions had been played when it was sent (where a replay shows it).
    pub after_actions: u64,
}

/// A table with its seats and actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    pub row: TableRow,
    pub seats: Vec<SeatRow>,
    pub actions: Vec<ActionRow>,
    /// The public id of the table made as this one's rematch, if any.
    pub rematch: Option<String>,
    /// The public id of the table this one is the rematch of, if any.
    pub parent: Option<String>,
    pub chat: Vec<ChatRow>,
}

impl StoredTable {
    /// The match record: what replaying rebuilds the table from.
    pub fn record(&self) -> engine::GameRecord {
        engine::GameRecord {
            game: self.row.game.clone(),
            players: self.row.players,
            variants: self.row.variants.clone(),
            seed: self.row.seed,
            deck: None,
            dealer: 0,
            deals: self.row.deals,
            actions: self.actions.iter().map(|a| a.action.clone()).collect(),
            salt: Some(self.row.salt.clone()),
            seed_commitment: Some(self.row.seed_commitment()),
            chosen_seed: self.row.chosen_seed,
        }
    }
}

pub type StoreResult<T> = Result<T, String>;

/// The storage a server needs.
pub trait Store: Send + 'static {
    /// Creates a table and its seats; returns its id.
    fn create(&mut self, row: &TableRow, seats: &[SeatRow]) -> StoreResult<i64>;
    /// Appends actions (of any tables) in one transaction.
    fn append(&mut self, actions: &[ActionRow]) -> StoreResult<()>;
    /// A person takes a seat (with a new token, when one is given in place of the invite's).
    /// Like every write about a table but its creation, made under the lease's `epoch` (see
    /// [`ActionRow::epoch`]): a shared store refuses it from a node that lost the table.
    fn claim_seat(
        &mut self,
        table: i64,
        epoch: i64,
        seat: usize,
        name: &str,
        token_hash: Option<[u8; 32]>,
    ) -> StoreResult<()>;
    fn set_status(&mut self, table: i64, epoch: i64, status: Status) -> StoreResult<()>;
    fn load(&mut self, table: i64) -> StoreResult<Option<StoredTable>>;
    /// Every table not finished, to rebuild on start.
    fn unfinished(&mut self) -> StoreResult<Vec<StoredTable>>;
    /// The database key of the table with this public id.
    fn find(&mut self, public_id: &str) -> StoreResult<Option<i64>>;
    /// Keeps a chat message with its table.
    fn append_chat(&mut self, table: i64, epoch: i64, message: &ChatRow) -> StoreResult<()>;
    /// Tables for the lobby: the newest `limit` of each status.
    fn lobby(&mut self, limit: usize) -> StoreResult<Vec<TableRow>>;

    // Ownership, for a store several servers (nodes) share: a node owns a table through a
    // lease that it renews; each acquisition draws a new fencing epoch, and an append whose
    // epoch is not the table's live lease's is refused. A store used by one server alone
    // keeps the defaults: every table is its own, epoch 0.

    /// Whether several servers may share this store.
    fn shared(&self) -> bool {
        false
    }
    /// Takes the lease on a table for this node when nobody holds a live one (or keeps this
    /// node's own): its fencing epoch, or `None` while another node's lease is live.
    fn acquire(&mut self, _table: i64) -> StoreResult<Option<i64>> {
        Ok(Some(0))
    }
    /// Renews every live lease this node holds: the (table, epoch) pairs it still holds.
    /// Leases that lapsed (a paused process) are not renewed: they are lost.
    fn renew(&mut self) -> StoreResult<Vec<(i64, i64)>> {
        Ok(Vec::new())
    }
    /// Lets go of a table's lease (if it is still this epoch's): another node may take it at once.
    fn release(&mut self, _table: i64, _epoch: i64) -> StoreResult<()> {
        Ok(())
    }
    /// Lets go of every lease this node holds (a clean shutdown).
    fn release_all(&mut self) -> StoreResult<()> {
        Ok(())
    }
    /// The live leases' holders among these tables.
    fn owners(&mut self, _tables: &[i64]) -> StoreResult<Vec<(i64, Owner)>> {
        Ok(Vec::new())
    }
    /// Up to `limit` unfinished (waiting or playing) tables that no node holds a live lease on.
    fn orphans(&mut self, _limit: usize) -> StoreResult<Vec<i64>> {
        Ok(Vec::new())
    }
}

/// The node holding a table's live lease.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The node's name (`--node`).
    pub node: String,
    /// Where other nodes reach it (`host:port`).
    pub addr: String,
    pub epoch: i64,
    /// Whether the holder is this very process.
    pub mine: bool,
}

/// Whether `--db` names a PostgreSQL database rather than a SQLite file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// The schema, one migration per version; `schema_version` says how many have run.
const MIGRATIONS: &[&str] = &[
    // 1: tables, seats, actions.
    "CREATE TABLE tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        variants TEXT NOT NULL,
        seed INTEGER NOT NULL,
        deals INTEGER,
        clock_seconds INTEGER,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        rematch_of INTEGER
    );
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        bot TEXT,
        name TEXT,
        token_hash BLOB,
        claimed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        seat INTEGER NOT NULL,
        bot_rng TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE INDEX tables_by_status ON tables(status, id);",
    // 2: unguessable public ids, the seed commitment's salt, chosen seeds, the bots' own seed,
    // open (lobby) seats. Tables from before told their creator the seed: chosen, not fair.
    "ALTER TABLE tables ADD COLUMN public_id TEXT;
    ALTER TABLE tables ADD COLUMN salt TEXT NOT NULL DEFAULT '';
    ALTER TABLE tables ADD COLUMN chosen_seed INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE tables ADD COLUMN bot_seed INTEGER;
    UPDATE tables SET public_id = lower(hex(randomblob(10))), salt = lower(hex(randomblob(16)));
    CREATE UNIQUE INDEX tables_by_public_id ON tables(public_id);
    CREATE INDEX tables_by_rematch_of ON tables(rematch_of);
    ALTER TABLE seats ADD COLUMN open INTEGER NOT NULL DEFAULT 0;",
    // 3: table chat.
    "CREATE TABLE chat (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        idx INTEGER NOT NULL,
        channel TEXT NOT NULL,
        seat INTEGER,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        after_actions INTEGER NOT NULL,
        PRIMARY KEY (table_id, idx)
    );",
];

pub struct SqliteStore {
    conn: Connection,
}

fn db_err(e: rusqlite::Error) -> String {
    format!("database: {e}")
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`, migrating it to the current schema.
    pub fn open(path: &Path) -> StoreResult<SqliteStore> {
        let conn = Connection::open(path).map_err(|e| format!("cannot open database {}: {e}", path.display()))?;
        // WAL: readers do not block the writer; with synchronous=NORMAL a committed
        // transaction survives the process being killed (not a power cut).
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            .map_err(db_err)?;
        let mut store = SqliteStore { conn };
        store.migrate()?;
        Ok(store)
    }

    fn migrate(&mut self) -> StoreResult<()> {
        let tx = self.conn.transaction().map_err(db_err)?;
        tx.execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);")
            .map_err(db_err)?;
        let version: Option<i64> = tx
            .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
            .optional()
            .map_err(db_err)?;
        let version = version.unwrap_or_else(|| {
            tx.execute("INSERT INTO schema_version (version) VALUES (0)", []).ok();
            0
        }) as usize;
        if version > MIGRATIONS.len() {
            return Err(format!(
                "the database has schema version {version}, newer than this server's {}",
                MIGRATIONS.len()
            ));
        }
        for (i, m) in MIGRATIONS.iter().enumerate().skip(version) {
            tx.execute_batch(m).map_err(|e| format!("migration {}: {e}", i + 1))?;
        }
        tx.execute("UPDATE schema_version SET version = ?1", [MIGRATIONS.len() as i64])
            .map_err(db_err)?;
        tx.commit().map_err(db_err)
    }

    /// The schema version the database is at.
    pub fn schema_version(&self) -> StoreResult<usize> {
        self.conn
            .query_row("SELECT version FROM schema_version", [], |r| r.get::<_, i64>(0))
            .map(|v| v as usize)
            .map_err(db_err)
    }

    fn row(r: &rusqlite::Row) -> rusqlite::Result<TableRow> {
        let variants: String = r.get(3)?;
        Ok(TableRow {
            id: r.get(0)?,
            game: r.get(1)?,
            players: r.get::<_, i64>(2)? as usize,
            variants: serde_json::from_str(&variants).unwrap_or_default(),
            seed: r.get::<_, i64>(4)? as u64,
            deals: r.get::<_, Option<i64>>(5)?.map(|d| d as u32),
            clock_seconds: r.get::<_, Option<i64>>(6)?.map(|d| d as u32),
            status: Status::parse(&r.get::<_, String>(7)?),
            created_at: r.get(8)?,
            rematch_of: r.get(9)?,
            public_id: r.get(10)?,
            salt: r.get(11)?,
            chosen_seed: r.get::<_, i64>(12)? != 0,
            bot_seed: r.get::<_, Option<i64>>(13)?.map(|s| s as u64),
        })
    }

    const COLUMNS: &'static str = "id, game, players, variants, seed, deals, clock_seconds, status, created_at, \
         rematch_of, public_id, salt, chosen_seed, bot_seed";

    fn load_rest(&self, row: TableRow) -> StoreResult<StoredTable> {
        let mut q = self
            .conn
            .prepare_cached(
                "SELECT seat, bot, name, token_hash, claimed, open FROM seats WHERE table_id = ?1 ORDER BY seat",
            )
            .map_err(db_err)?;
        let seats = q
            .query_map([row.id], |r| {
                let hash: Option<Vec<u8>> = r.get(3)?;
                Ok(SeatRow {
                    seat: r.get::<_, i64>(0)? as usize,
                    bot: r.get(1)?,
                    name: r.get(2)?,
                    token_hash: hash.and_then(|h| h.try_into().ok()),
                    claimed: r.get::<_, i64>(4)? != 0,
                    open: r.get::<_, i64>(5)? != 0,
                })
            })
            .map_err(db_err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(db_err)?;
        let mut q = self
            .conn
            .prepare_cached("SELECT seq, action, seat, bot_rng FROM actions WHERE table_id = ?1 ORDER BY seq")
            .map_err(db_err)?;
        let actions = q
            .query_map([row.id], |r| {
                Ok(ActionRow {
                    table: row.id,
                    seq: r.get::<_, i64>(0)? as u64,
                    action: r.get(1)?,
                    seat: r.get::<_, i64>(2)? as usize,
                    bot_rng: r.get(3)?,
                    epoch: 0,
                })
            })
            .map_err(db_err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(db_err)?;
        let rematch = self
            .conn
            .query_row(
                "SELECT public_id FROM tables WHERE rematch_of = ?1 ORDER BY id LIMIT 1",
                [row.id],
                |r| r.get(0),
            )
            .optional()
            .map_err(db_err)?;
        let mut q = self
            .conn
            .prepare_cached(
                "SELECT idx, channel, seat, name, text, after_actions FROM chat WHERE table_id = ?1 ORDER BY idx",
            )
            .map_err(db_err)?;
        let chat = q
            .query_map([row.id], |r| {
                Ok(ChatRow {
                    index: r.get::<_, i64>(0)? as u64,
                    channel: Channel::parse(&r.get::<_, String>(1)?),
                    seat: r.get::<_, Option<i64>>(2)?.map(|s| s as usize),
                    name: r.get(3)?,
                    text: r.get(4)?,
                    after_actions: r.get::<_, i64>(5)? as u64,
                })
            })
            .map_err(db_err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(db_err)?;
        let parent = match row.rematch_of {
            Some(p) => self
                .conn
                .query_row("SELECT public_id FROM tables WHERE id = ?1", [p], |r| r.get(0))
                .optional()
                .map_err(db_err)?,
            None => None,
        };
        Ok(StoredTable {
            row,
            seats,
            actions,
            rematch,
            parent,
            chat,
        })
    }
}

impl Store for SqliteStore {
    fn create(&mut self, row: &TableRow, seats: &[SeatRow]) -> StoreResult<i64> {
        let tx = self.conn.transaction().map_err(db_err)?;
        tx.execute(
            "INSERT INTO tables (game, players, variants, seed, deals, clock_seconds, status, created_at, rematch_of,
                                 public_id, salt, chosen_seed, bot_seed)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            params![
                row.game,
                row.players as i64,
                serde_json::to_string(&row.variants).expect("strings serialise"),
                row.seed as i64,
                row.deals.map(|d| d as i64),
                row.clock_seconds.map(|d| d as i64),
                row.status.as_str(),
                row.created_at,
                row.rematch_of,
                row.public_id,
                row.salt,
                row.chosen_seed as i64,
                row.bot_seed.map(|s| s as i64),
            ],
        )
        .map_err(db_err)?;
        let id = tx.last_insert_rowid();
        for s in seats {
            tx.execute(
                "INSERT INTO seats (table_id, seat, bot, name, token_hash, claimed, open)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    id,
                    s.seat as i64,
                    s.bot,
                    s.name,
                    s.token_hash.map(|h| h.to_vec()),
                    s.claimed as i64,
                    s.open as i64
                ],
            )
            .map_err(db_err)?;
        }
        tx.commit().map_err(db_err)?;
        Ok(id)
    }

    fn append(&mut self, actions: &[ActionRow]) -> StoreResult<()> {
        let tx = self.conn.transaction().map_err(db_err)?;
        {
            let mut q = tx
                .prepare_cached(
                    "INSERT INTO actions (table_id, seq, action, seat, bot_rng) VALUES (?1, ?2, ?3, ?4, ?5)",
                )
                .map_err(db_err)?;
            for a in actions {
                q.execute(params![a.table, a.seq as i64, a.action, a.seat as i64, a.bot_rng])
                    .map_err(db_err)?;
            }
        }
        tx.commit().map_err(db_err)
    }

    fn claim_seat(
        &mut self,
        table: i64,
        _epoch: i64,
        seat: usize,
        name: &str,
        token_hash: Option<[u8; 32]>,
    ) -> StoreResult<()> {
        self.conn
            .execute(
                "UPDATE seats SET claimed = 1, name = ?3, token_hash = COALESCE(?4, token_hash)
                 WHERE table_id = ?1 AND seat = ?2",
                params![table, seat as i64, name, token_hash.map(|h| h.to_vec())],
            )
            .map(|_| ())
            .map_err(db_err)
    }

    fn set_status(&mut self, table: i64, _epoch: i64, status: Status) -> StoreResult<()> {
        self.conn
            .execute(
                "UPDATE tables SET status = ?2 WHERE id = ?1",
                params![table, status.as_str()],
            )
            .map(|_| ())
            .map_err(db_err)
    }

    fn load(&mut self, table: i64) -> StoreResult<Option<StoredTable>> {
        let row = self
            .conn
            .query_row(
                &format!("SELECT {} FROM tables WHERE id = ?1", Self::COLUMNS),
                [table],
                Self::row,
            )
            .optional()
            .map_err(db_err)?;
        row.map(|r| self.load_rest(r)).transpose()
    }

    fn find(&mut self, public_id: &str) -> StoreResult<Option<i64>> {
        self.conn
            .query_row("SELECT id FROM tables WHERE public_id = ?1", [public_id], |r| r.get(0))
            .optional()
            .map_err(db_err)
    }

    fn append_chat(&mut self, table: i64, _epoch: i64, m: &ChatRow) -> StoreResult<()> {
        self.conn
            .execute(
                "INSERT INTO chat (table_id, idx, channel, seat, name, text, after_actions)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    table,
                    m.index as i64,
                    m.channel.as_str(),
                    m.seat.map(|s| s as i64),
                    m.name,
                    m.text,
                    m.after_actions as i64
                ],
            )
            .map(|_| ())
            .map_err(db_err)
    }

    fn unfinished(&mut self) -> StoreResult<Vec<StoredTable>> {
        let rows: Vec<TableRow> = {
            let mut q = self
                .conn
                .prepare(&format!(
                    "SELECT {} FROM tables WHERE status != 'finished' ORDER BY id",
                    Self::COLUMNS
                ))
                .map_err(db_err)?;
            let rows = q
                .query_map([], Self::row)
                .map_err(db_err)?
                .collect::<Result<Vec<_>, _>>()
                .map_err(db_err)?;
            rows
        };
        rows.into_iter().map(|r| self.load_rest(r)).collect()
    }

    fn lobby(&mut self, limit: usize) -> StoreResult<Vec<TableRow>> {
        let mut out = Vec::new();
        for status in ["waiting", "playing", "finished"] {
            let mut q = self
                .conn
                .prepare_cached(&format!(
                    "SELECT {} FROM tables WHERE status = ?1 ORDER BY id DESC LIMIT ?2",
                    Self::COLUMNS
                ))
                .map_err(db_err)?;
            let rows = q
                .query_map(params![status, limit as i64], Self::row)
                .map_err(db_err)?
                .collect::<Result<Vec<_>, _>>()
                .map_err(db_err)?;
            out.extend(rows);
        }
        Ok(out)
    }
}
