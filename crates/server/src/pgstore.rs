//! The PostgreSQL store: the same [`Store`] as SQLite's, on a database several servers
//! (nodes) share. A pooled async client (deadpool-postgres over tokio-postgres) on a small
//! runtime of its own, driven from the database thread (see [`crate::db`]).
//!
//! Table ownership: `table_leases` holds one row per owned table (node, its address, the
//! holder's instance, the fencing epoch, the expiry). An append checks, in its transaction,
//! that each table's lease is live and still carries the epoch the append was made under,
//! holding the lease row (`FOR SHARE`) until it commits; a takeover updates that row, so it
//! waits for the append and then sees it in the record it replays. A node that lost its lease
//! (its process paused, or cut off) can never write again under the old epoch.

use crate::store::{ActionRow, Channel, ChatRow, Owner, SeatRow, Status, Store, StoreResult, StoredTable, TableRow};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use std::collections::BTreeSet;
use std::time::Duration;
use tokio_postgres::{NoTls, Row};

/// Who this server is among the nodes sharing the database.
#[derive(Clone, Debug)]
pub struct NodeIdentity {
    /// The node's name (`--node`), shown in leases and metrics.
    pub name: String,
    /// Where the other nodes reach this one (`host:port`) to proxy clients to its tables.
    pub addr: String,
    /// How long a lease lasts without being renewed.
    pub lease: Duration,
}

/// The schema, one migration per version; `schema_version` says how many have run.
const MIGRATIONS: &[&str] = &[
    // 1: tables, seats, actions, chat, leases.
    "CREATE TABLE tables (
        id BIGSERIAL PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        variants TEXT NOT NULL,
        seed BIGINT NOT NULL,
        salt TEXT NOT NULL,
        chosen_seed BOOLEAN NOT NULL,
        bot_seed BIGINT,
        deals INTEGER,
        clock_seconds INTEGER,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        rematch_of BIGINT
    );
    CREATE INDEX tables_by_status ON tables(status, id);
    CREATE INDEX tables_by_rematch_of ON tables(rematch_of);
    CREATE TABLE seats (
        table_id BIGINT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        bot TEXT,
        name TEXT,
        token_hash BYTEA,
        claimed BOOLEAN NOT NULL DEFAULT false,
        open BOOLEAN NOT NULL DEFAULT false,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id BIGINT NOT NULL REFERENCES tables(id),
        seq BIGINT NOT NULL,
        action TEXT NOT NULL,
        seat INTEGER NOT NULL,
        bot_rng TEXT NOT NULL,
        epoch BIGINT NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE chat (
        table_id BIGINT NOT NULL REFERENCES tables(id),
        idx BIGINT NOT NULL,
        channel TEXT NOT NULL,
        seat INTEGER,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        after_actions BIGINT NOT NULL,
        PRIMARY KEY (table_id, idx)
    );
    CREATE SEQUENCE fencing;
    CREATE TABLE table_leases (
        table_id BIGINT PRIMARY KEY REFERENCES tables(id),
        node TEXT NOT NULL,
        instance BIGINT NOT NULL,
        addr TEXT NOT NULL,
        epoch BIGINT NOT NULL,
        lease_until TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX table_leases_by_instance ON table_leases(instance);",
];

/// Any number for the advisory lock that serialises migrations of nodes starting together.
const MIGRATION_LOCK: i64 = 0x6361_7264_726f_6f6d;

/// What an append refused by fencing says.
pub const LEASE_LOST: &str = "the table's lease is no longer this node's";

pub struct PgStore {
    runtime: tokio::runtime::Runtime,
    pool: Pool,
    node: NodeIdentity,
    /// This process's own number among every node that ever ran (from the fencing sequence):
    /// a node restarted under the same name is another instance, and holds none of the old
    /// one's leases.
    instance: i64,
}

fn db_err(e: impl std::fmt::Display) -> String {
    format!("database: {e}")
}

const COLUMNS: &str = "id, game, players, variants, seed, deals, clock_seconds, status, created_at, \
     rematch_of, public_id, salt, chosen_seed, bot_seed";

fn table_row(r: &Row) -> TableRow {
    let variants: String = r.get(3);
    TableRow {
        id: r.get(0),
        game: r.get(1),
        players: r.get::<_, i32>(2) as usize,
        variants: serde_json::from_str(&variants).unwrap_or_default(),
        seed: r.get::<_, i64>(4) as u64,
        deals: r.get::<_, Option<i32>>(5).map(|d| d as u32),
        clock_seconds: r.get::<_, Option<i32>>(6).map(|d| d as u32),
        status: Status::parse(r.get(7)),
        created_at: r.get(8),
        rematch_of: r.get(9),
        public_id: r.get(10),
        salt: r.get(11),
        chosen_seed: r.get(12),
        bot_seed: r.get::<_, Option<i64>>(13).map(|s| s as u64),
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`), migrating it to the
    /// current schema, as the node `node`. Must not be called from an async context.
    pub fn open(url: &str, node: NodeIdentity) -> StoreResult<PgStore> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("cardroom-pg")
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| format!("--db {url}: {e}"))?;
        // A database that stops answering (a partition) must not hold the node for ever.
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        config.keepalives_idle(Duration::from_secs(10));
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(4)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(db_err)?;
        let mut store = PgStore {
            runtime,
            pool,
            node,
            instance: 0,
        };
        store.migrate()?;
        store.instance = store.block(|c| async move {
            let r = c.query_one("SELECT nextval('fencing')", &[]).await.map_err(db_err)?;
            Ok(r.get::<_, i64>(0))
        })?;
        Ok(store)
    }

    /// Runs `f` with a pooled connection, waiting for it on this store's runtime.
    fn block<T, F, Fut>(&self, f: F) -> StoreResult<T>
    where
        F: FnOnce(deadpool_postgres::Object) -> Fut,
        Fut: std::future::Future<Output = StoreResult<T>>,
    {
        let pool = self.pool.clone();
        self.runtime.block_on(async move {
            let client = tokio::time::timeout(Duration::from_secs(10), pool.get())
                .await
                .map_err(|_| "database: no connection within 10 s".to_string())?
                .map_err(db_err)?;
            tokio::time::timeout(Duration::from_secs(30), f(client))
                .await
                .map_err(|_| "database: no answer within 30 s".to_string())?
        })
    }

    fn migrate(&mut self) -> StoreResult<()> {
        self.block(|mut c| async move {
            let tx = c.transaction().await.map_err(db_err)?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
                .await
                .map_err(db_err)?;
            tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                .await
                .map_err(db_err)?;
            let version = match tx
                .query_opt("SELECT version FROM schema_version", &[])
                .await
                .map_err(db_err)?
            {
                Some(r) => r.get::<_, i32>(0) as usize,
                None => {
                    tx.execute("INSERT INTO schema_version (version) VALUES (0)", &[])
                        .await
                        .map_err(db_err)?;
                    0
                }
            };
            if version > MIGRATIONS.len() {
                return Err(format!(
                    "the database has schema version {version}, newer than this server's {}",
                    MIGRATIONS.len()
                ));
            }
            for (i, m) in MIGRATIONS.iter().enumerate().skip(version) {
                tx.batch_execute(m)
                    .await
                    .map_err(|e| format!("migration {}: {e}", i + 1))?;
            }
            tx.execute("UPDATE schema_version SET version = $1", &[&(MIGRATIONS.len() as i32)])
                .await
                .map_err(db_err)?;
            tx.commit().await.map_err(db_err)
        })
    }

    /// The schema version the database is at.
    pub fn schema_version(&self) -> StoreResult<usize> {
        self.block(|c| async move {
            let r = c
                .query_one("SELECT version FROM schema_version", &[])
                .await
                .map_err(db_err)?;
            Ok(r.get::<_, i32>(0) as usize)
        })
    }

    /// This process's instance number (see the field).
    pub fn instance(&self) -> i64 {
        self.instance
    }

    fn lease_ms(&self) -> i64 {
        self.node.lease.as_millis() as i64
    }

    fn load_rest(&self, row: TableRow) -> StoreResult<StoredTable> {
        self.block(|c| async move {
            let id = row.id;
            let seats = c
                .query(
                    "SELECT seat, bot, name, token_hash, claimed, open FROM seats WHERE table_id = $1 ORDER BY seat",
                    &[&id],
                )
                .await
                .map_err(db_err)?
                .iter()
                .map(|r| SeatRow {
                    seat: r.get::<_, i32>(0) as usize,
                    bot: r.get(1),
                    name: r.get(2),
                    token_hash: r.get::<_, Option<Vec<u8>>>(3).and_then(|h| h.try_into().ok()),
                    claimed: r.get(4),
                    open: r.get(5),
                })
                .collect();
            let actions = c
                .query(
                    "SELECT seq, action, seat, bot_rng FROM actions WHERE table_id = $1 ORDER BY seq",
                    &[&id],
                )
                .await
                .map_err(db_err)?
                .iter()
                .map(|r| ActionRow {
                    table: id,
                    seq: r.get::<_, i64>(0) as u64,
                    action: r.get(1),
                    seat: r.get::<_, i32>(2) as usize,
                    bot_rng: r.get(3),
                    epoch: 0,
                })
                .collect();
            let rematch = c
                .query_opt(
                    "SELECT public_id FROM tables WHERE rematch_of = $1 ORDER BY id LIMIT 1",
                    &[&id],
                )
                .await
                .map_err(db_err)?
                .map(|r| r.get(0));
            let chat = c
                .query(
                    "SELECT idx, channel, seat, name, text, after_actions FROM chat WHERE table_id = $1 ORDER BY idx",
                    &[&id],
                )
                .await
                .map_err(db_err)?
                .iter()
                .map(|r| ChatRow {
                    index: r.get::<_, i64>(0) as u64,
                    channel: Channel::parse(r.get(1)),
                    seat: r.get::<_, Option<i32>>(2).map(|s| s as usize),
                    name: r.get(3),
                    text: r.get(4),
                    after_actions: r.get::<_, i64>(5) as u64,
                })
                .collect();
            let parent = match row.rematch_of {
                Some(p) => c
                    .query_opt("SELECT public_id FROM tables WHERE id = $1", &[&p])
                    .await
                    .map_err(db_err)?
                    .map(|r| r.get(0)),
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
        })
    }
}

/// Holds the table's lease row until the transaction ends, if it is live and of `epoch`;
/// refuses otherwise (see the module's comment).
async fn fence(tx: &tokio_postgres::Transaction<'_>, table: i64, epoch: i64) -> StoreResult<()> {
    let held = tx
        .query_opt(
            "SELECT 1 FROM table_leases WHERE table_id = $1 AND epoch = $2 AND lease_until > clock_timestamp() FOR SHARE",
            &[&table, &epoch],
        )
        .await
        .map_err(db_err)?;
    match held {
        Some(_) => Ok(()),
        None => Err(format!("{LEASE_LOST} (table {table})")),
    }
}

impl Store for PgStore {
    /// Stores the table with this node's lease on it, in one transaction: no other node can
    /// take a table between its creation and its first connection.
    fn create(&mut self, row: &TableRow, seats: &[SeatRow]) -> StoreResult<i64> {
        let (row, seats) = (row.clone(), seats.to_vec());
        let (node, instance, lease) = (self.node.clone(), self.instance, self.lease_ms());
        self.block(|mut c| async move {
            let tx = c.transaction().await.map_err(db_err)?;
            let variants = serde_json::to_string(&row.variants).expect("strings serialise");
            let r = tx
                .query_one(
                    "INSERT INTO tables (game, players, variants, seed, deals, clock_seconds, status, created_at,
                                         rematch_of, public_id, salt, chosen_seed, bot_seed)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
                    &[
                        &row.game,
                        &(row.players as i32),
                        &variants,
                        &(row.seed as i64),
                        &row.deals.map(|d| d as i32),
                        &row.clock_seconds.map(|d| d as i32),
                        &row.status.as_str(),
                        &row.created_at,
                        &row.rematch_of,
                        &row.public_id,
                        &row.salt,
                        &row.chosen_seed,
                        &row.bot_seed.map(|s| s as i64),
                    ],
                )
                .await
                .map_err(db_err)?;
            let id: i64 = r.get(0);
            for s in &seats {
                tx.execute(
                    "INSERT INTO seats (table_id, seat, bot, name, token_hash, claimed, open)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    &[
                        &id,
                        &(s.seat as i32),
                        &s.bot,
                        &s.name,
                        &s.token_hash.map(|h| h.to_vec()),
                        &s.claimed,
                        &s.open,
                    ],
                )
                .await
                .map_err(db_err)?;
            }
            tx.execute(
                "INSERT INTO table_leases (table_id, node, instance, addr, epoch, lease_until)
                 VALUES ($1, $2, $3, $4, nextval('fencing'), now() + $5::float8 * interval '1 millisecond')",
                &[&id, &node.name, &instance, &node.addr, &(lease as f64)],
            )
            .await
            .map_err(db_err)?;
            tx.commit().await.map_err(db_err)?;
            Ok(id)
        })
    }

    fn append(&mut self, actions: &[ActionRow]) -> StoreResult<()> {
        if actions.is_empty() {
            return Ok(());
        }
        let fences: BTreeSet<(i64, i64)> = actions.iter().map(|a| (a.table, a.epoch)).collect();
        let (ft, fe): (Vec<i64>, Vec<i64>) = fences.iter().copied().unzip();
        let table: Vec<i64> = actions.iter().map(|a| a.table).collect();
        let seq: Vec<i64> = actions.iter().map(|a| a.seq as i64).collect();
        let action: Vec<String> = actions.iter().map(|a| a.action.clone()).collect();
        let seat: Vec<i32> = actions.iter().map(|a| a.seat as i32).collect();
        let bot_rng: Vec<String> = actions.iter().map(|a| a.bot_rng.clone()).collect();
        let epoch: Vec<i64> = actions.iter().map(|a| a.epoch).collect();
        self.block(|mut c| async move {
            let tx = c.transaction().await.map_err(db_err)?;
            // The fence: every table's lease live and of the epoch written under, held until
            // the commit so that no takeover can slip in between.
            let held = tx
                .query(
                    "SELECT l.table_id FROM table_leases l
                     JOIN unnest($1::bigint[], $2::bigint[]) AS f(t, e) ON l.table_id = f.t AND l.epoch = f.e
                     WHERE l.lease_until > clock_timestamp()
                     FOR SHARE OF l",
                    &[&ft, &fe],
                )
                .await
                .map_err(db_err)?;
            if held.len() != ft.len() {
                let held: BTreeSet<i64> = held.iter().map(|r| r.get(0)).collect();
                let lost: Vec<i64> = ft.iter().copied().filter(|t| !held.contains(t)).collect();
                return Err(format!("{LEASE_LOST} (tables {lost:?})"));
            }
            tx.execute(
                "INSERT INTO actions (table_id, seq, action, seat, bot_rng, epoch)
                 SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::int[], $5::text[], $6::bigint[])",
                &[&table, &seq, &action, &seat, &bot_rng, &epoch],
            )
            .await
            .map_err(db_err)?;
            tx.commit().await.map_err(db_err)
        })
    }

    fn claim_seat(
        &mut self,
        table: i64,
        epoch: i64,
        seat: usize,
        name: &str,
        token_hash: Option<[u8; 32]>,
    ) -> StoreResult<()> {
        let name = name.to_string();
        self.block(|mut c| async move {
            let tx = c.transaction().await.map_err(db_err)?;
            fence(&tx, table, epoch).await?;
            tx.execute(
                "UPDATE seats SET claimed = true, name = $3, token_hash = COALESCE($4, token_hash)
                 WHERE table_id = $1 AND seat = $2",
                &[&table, &(seat as i32), &name, &token_hash.map(|h| h.to_vec())],
            )
            .await
            .map_err(db_err)?;
            tx.commit().await.map_err(db_err)
        })
    }

    fn set_status(&mut self, table: i64, epoch: i64, status: Status) -> StoreResult<()> {
        self.block(|mut c| async move {
            let tx = c.transaction().await.map_err(db_err)?;
            fence(&tx, table, epoch).await?;
            tx.execute(
                "UPDATE tables SET status = $2 WHERE id = $1",
                &[&table, &status.as_str()],
            )
            .await
            .map_err(db_err)?;
            tx.commit().await.map_err(db_err)
        })
    }

    fn load(&mut self, table: i64) -> StoreResult<Option<StoredTable>> {
        let row = self.block(|c| async move {
            let r = c
                .query_opt(&format!("SELECT {COLUMNS} FROM tables WHERE id = $1"), &[&table])
                .await
                .map_err(db_err)?;
            Ok(r.as_ref().map(table_row))
        })?;
        row.map(|r| self.load_rest(r)).transpose()
    }

    fn unfinished(&mut self) -> StoreResult<Vec<StoredTable>> {
        let rows = self.block(|c| async move {
            let rows = c
                .query(
                    &format!("SELECT {COLUMNS} FROM tables WHERE status != 'finished' ORDER BY id"),
                    &[],
                )
                .await
                .map_err(db_err)?;
            Ok(rows.iter().map(table_row).collect::<Vec<_>>())
        })?;
        rows.into_iter().map(|r| self.load_rest(r)).collect()
    }

    fn find(&mut self, public_id: &str) -> StoreResult<Option<i64>> {
        let public_id = public_id.to_string();
        self.block(|c| async move {
            let r = c
                .query_opt("SELECT id FROM tables WHERE public_id = $1", &[&public_id])
                .await
                .map_err(db_err)?;
            Ok(r.map(|r| r.get(0)))
        })
    }

    fn append_chat(&mut self, table: i64, epoch: i64, m: &ChatRow) -> StoreResult<()> {
        let m = m.clone();
        self.block(|mut c| async move {
            let tx = c.transaction().await.map_err(db_err)?;
            fence(&tx, table, epoch).await?;
            tx.execute(
                "INSERT INTO chat (table_id, idx, channel, seat, name, text, after_actions)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &table,
                    &(m.index as i64),
                    &m.channel.as_str(),
                    &m.seat.map(|s| s as i32),
                    &m.name,
                    &m.text,
                    &(m.after_actions as i64),
                ],
            )
            .await
            .map_err(db_err)?;
            tx.commit().await.map_err(db_err)
        })
    }

    fn lobby(&mut self, limit: usize) -> StoreResult<Vec<TableRow>> {
        self.block(|c| async move {
            let mut out = Vec::new();
            for status in ["waiting", "playing", "finished"] {
                let rows = c
                    .query(
                        &format!("SELECT {COLUMNS} FROM tables WHERE status = $1 ORDER BY id DESC LIMIT $2"),
                        &[&status, &(limit as i64)],
                    )
                    .await
                    .map_err(db_err)?;
                out.extend(rows.iter().map(table_row));
            }
            Ok(out)
        })
    }

    fn shared(&self) -> bool {
        true
    }

    fn acquire(&mut self, table: i64) -> StoreResult<Option<i64>> {
        let (node, instance, lease) = (self.node.clone(), self.instance, self.lease_ms());
        self.block(|c| async move {
            // A live lease of this instance keeps its epoch; a free or lapsed one gets a new one.
            let r = c
                .query_opt(
                    "INSERT INTO table_leases (table_id, node, instance, addr, epoch, lease_until)
                     VALUES ($1, $2, $3, $4, nextval('fencing'), now() + $5::float8 * interval '1 millisecond')
                     ON CONFLICT (table_id) DO UPDATE SET
                        node = EXCLUDED.node, instance = EXCLUDED.instance, addr = EXCLUDED.addr,
                        epoch = CASE WHEN table_leases.instance = EXCLUDED.instance
                                          AND table_leases.lease_until > clock_timestamp()
                                     THEN table_leases.epoch ELSE EXCLUDED.epoch END,
                        lease_until = EXCLUDED.lease_until
                     WHERE table_leases.lease_until <= clock_timestamp() OR table_leases.instance = EXCLUDED.instance
                     RETURNING epoch",
                    &[&table, &node.name, &instance, &node.addr, &(lease as f64)],
                )
                .await
                .map_err(db_err)?;
            Ok(r.map(|r| r.get(0)))
        })
    }

    fn renew(&mut self) -> StoreResult<Vec<(i64, i64)>> {
        let (instance, lease) = (self.instance, self.lease_ms());
        self.block(|c| async move {
            let rows = c
                .query(
                    "UPDATE table_leases SET lease_until = now() + $2::float8 * interval '1 millisecond'
                     WHERE instance = $1 AND lease_until > clock_timestamp()
                     RETURNING table_id, epoch",
                    &[&instance, &(lease as f64)],
                )
                .await
                .map_err(db_err)?;
            Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }

    fn release(&mut self, table: i64, epoch: i64) -> StoreResult<()> {
        self.block(|c| async move {
            c.execute(
                "UPDATE table_leases SET lease_until = '-infinity' WHERE table_id = $1 AND epoch = $2",
                &[&table, &epoch],
            )
            .await
            .map(|_| ())
            .map_err(db_err)
        })
    }

    fn release_all(&mut self) -> StoreResult<()> {
        let instance = self.instance;
        self.block(|c| async move {
            c.execute(
                "UPDATE table_leases SET lease_until = '-infinity' WHERE instance = $1",
                &[&instance],
            )
            .await
            .map(|_| ())
            .map_err(db_err)
        })
    }

    fn owners(&mut self, tables: &[i64]) -> StoreResult<Vec<(i64, Owner)>> {
        let (tables, instance) = (tables.to_vec(), self.instance);
        self.block(|c| async move {
            let rows = c
                .query(
                    "SELECT table_id, node, addr, epoch, instance FROM table_leases
                     WHERE table_id = ANY($1) AND lease_until > clock_timestamp()",
                    &[&tables],
                )
                .await
                .map_err(db_err)?;
            Ok(rows
                .iter()
                .map(|r| {
                    (
                        r.get(0),
                        Owner {
                            node: r.get(1),
                            addr: r.get(2),
                            epoch: r.get(3),
                            mine: r.get::<_, i64>(4) == instance,
                        },
                    )
                })
                .collect())
        })
    }

    fn orphans(&mut self, limit: usize) -> StoreResult<Vec<i64>> {
        self.block(|c| async move {
            let rows = c
                .query(
                    "SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
                     WHERE t.status IN ('waiting', 'playing')
                       AND (l.table_id IS NULL OR l.lease_until <= clock_timestamp())
                     ORDER BY random() LIMIT $1",
                    &[&(limit as i64)],
                )
                .await
                .map_err(db_err)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }
}

/// Makes a fresh, empty database next to the one `url` names and returns its URL: for tests,
/// each of which wants a database of its own on one throwaway server.
/// Callable from anywhere (it runs on a thread of its own).
pub fn scratch_database(url: &str, name: &str) -> StoreResult<String> {
    let (url, name) = (url.to_string(), name.to_string());
    std::thread::spawn(move || make_scratch_database(&url, &name))
        .join()
        .map_err(|_| "the scratch database's thread panicked".to_string())?
}

fn make_scratch_database(url: &str, name: &str) -> StoreResult<String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let (base, _) = url.rsplit_once('/').ok_or_else(|| format!("{url}: no database name"))?;
    let name = format!(
        "{}_{}",
        name.replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
        std::process::id()
    );
    runtime.block_on(async {
        let (client, conn) = tokio_postgres::connect(url, NoTls).await.map_err(db_err)?;
        tokio::spawn(conn);
        client
            .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .await
            .map_err(db_err)?;
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .map_err(db_err)?;
        Ok(format!("{base}/{name}"))
    })
}
