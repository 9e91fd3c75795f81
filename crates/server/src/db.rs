//! The database on a thread of its own: async callers send requests and await replies, and
//! appends waiting at the same moment (from any tables) are written in one transaction, so a
//! thousand busy tables cost a few commits a second, not a thousand.

use crate::metrics::Metrics;
use crate::store::{ActionRow, ChatRow, Owner, SeatRow, Status, Store, StoreResult, StoredTable, TableRow};
use std::sync::{mpsc, Arc};
use tokio::sync::oneshot;

enum Request {
    Create(TableRow, Vec<SeatRow>, oneshot::Sender<StoreResult<i64>>),
    Append(Vec<ActionRow>, oneshot::Sender<StoreResult<()>>),
    Claim(
        i64,
        i64,
        usize,
        String,
        Option<[u8; 32]>,
        oneshot::Sender<StoreResult<()>>,
    ),
    SetStatus(i64, i64, Status, oneshot::Sender<StoreResult<()>>),
    Load(i64, oneshot::Sender<StoreResult<Option<StoredTable>>>),
    Find(String, oneshot::Sender<StoreResult<Option<i64>>>),
    Chat(i64, i64, ChatRow, oneshot::Sender<StoreResult<()>>),
    Unfinished(oneshot::Sender<StoreResult<Vec<StoredTable>>>),
    Lobby(usize, oneshot::Sender<StoreResult<Vec<TableRow>>>),
    Acquire(i64, oneshot::Sender<StoreResult<Option<i64>>>),
    Renew(oneshot::Sender<StoreResult<Vec<(i64, i64)>>>),
    Release(i64, i64, oneshot::Sender<StoreResult<()>>),
    ReleaseAll(oneshot::Sender<StoreResult<()>>),
    Owners(Vec<i64>, oneshot::Sender<StoreResult<Vec<(i64, Owner)>>>),
    Orphans(usize, oneshot::Sender<StoreResult<Vec<i64>>>),
}

/// A handle on the database thread; cheap to clone.
#[derive(Clone)]
pub struct Db {
    tx: mpsc::Sender<Request>,
    /// Whether the store is shared with other nodes (tables owned through leases).
    shared: bool,
    pub metrics: Arc<Metrics>,
}

const GONE: &str = "the database thread has stopped";

impl Db {
    /// Starts the thread that owns `store`.
    pub fn start(mut store: impl Store) -> Db {
        let shared = store.shared();
        let (tx, rx) = mpsc::channel::<Request>();
        std::thread::Builder::new()
            .name("cardroom-db".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    let mut batch = vec![first];
                    while let Ok(more) = rx.try_recv() {
                        batch.push(more);
                        if batch.len() >= 1024 {
                            break;
                        }
                    }
                    serve_batch(&mut store, batch);
                }
            })
            .expect("a thread starts");
        Db {
            tx,
            shared,
            metrics: Arc::default(),
        }
    }

    /// Whether other nodes share the store: tables are then owned through leases.
    pub fn shared(&self) -> bool {
        self.shared
    }

    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<StoreResult<T>>) -> Request) -> StoreResult<T> {
        let (reply, wait) = oneshot::channel();
        self.tx.send(make(reply)).map_err(|_| GONE.to_string())?;
        wait.await.map_err(|_| GONE.to_string())?
    }

    pub async fn create(&self, row: TableRow, seats: Vec<SeatRow>) -> StoreResult<i64> {
        self.ask(|r| Request::Create(row, seats, r)).await
    }

    /// Stores actions (counted and timed in [`Db::metrics`]).
    pub async fn append(&self, actions: Vec<ActionRow>) -> StoreResult<()> {
        let (n, started) = (actions.len(), std::time::Instant::now());
        let result = self.ask(|r| Request::Append(actions, r)).await;
        match &result {
            Ok(()) => self.metrics.appended(n, started.elapsed()),
            Err(_) => {
                self.metrics.fenced.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }
        result
    }

    /// `epoch`: the lease it is written under (see [`ActionRow::epoch`]), as for the others.
    pub async fn claim(
        &self,
        table: i64,
        epoch: i64,
        seat: usize,
        name: String,
        token_hash: Option<[u8; 32]>,
    ) -> StoreResult<()> {
        self.ask(|r| Request::Claim(table, epoch, seat, name, token_hash, r))
            .await
    }

    pub async fn set_status(&self, table: i64, epoch: i64, status: Status) -> StoreResult<()> {
        self.ask(|r| Request::SetStatus(table, epoch, status, r)).await
    }

    pub async fn load(&self, table: i64) -> StoreResult<Option<StoredTable>> {
        self.ask(|r| Request::Load(table, r)).await
    }

    /// The database key of the table with this public id.
    pub async fn find(&self, public_id: String) -> StoreResult<Option<i64>> {
        self.ask(|r| Request::Find(public_id, r)).await
    }

    pub async fn append_chat(&self, table: i64, epoch: i64, message: ChatRow) -> StoreResult<()> {
        self.ask(|r| Request::Chat(table, epoch, message, r)).await
    }

    pub async fn unfinished(&self) -> StoreResult<Vec<StoredTable>> {
        self.ask(Request::Unfinished).await
    }

    pub async fn lobby(&self, limit: usize) -> StoreResult<Vec<TableRow>> {
        self.ask(|r| Request::Lobby(limit, r)).await
    }

    /// See [`Store::acquire`].
    pub async fn acquire(&self, table: i64) -> StoreResult<Option<i64>> {
        self.ask(|r| Request::Acquire(table, r)).await
    }

    /// See [`Store::renew`].
    pub async fn renew(&self) -> StoreResult<Vec<(i64, i64)>> {
        self.ask(Request::Renew).await
    }

    /// See [`Store::release`].
    pub async fn release(&self, table: i64, epoch: i64) -> StoreResult<()> {
        self.ask(|r| Request::Release(table, epoch, r)).await
    }

    /// See [`Store::release_all`].
    pub async fn release_all(&self) -> StoreResult<()> {
        self.ask(Request::ReleaseAll).await
    }

    /// See [`Store::owners`].
    pub async fn owners(&self, tables: Vec<i64>) -> StoreResult<Vec<(i64, Owner)>> {
        self.ask(|r| Request::Owners(tables, r)).await
    }

    /// See [`Store::orphans`].
    pub async fn orphans(&self, limit: usize) -> StoreResult<Vec<i64>> {
        self.ask(|r| Request::Orphans(limit, r)).await
    }
}

fn serve_batch(store: &mut impl Store, batch: Vec<Request>) {
    // Appends first, together: each table waits for its own before doing anything else, so
    // no table's requests are reordered.
    let mut appends = Vec::new();
    let mut rest = Vec::new();
    for r in batch {
        match r {
            Request::Append(rows, reply) => appends.push((rows, reply)),
            other => rest.push(other),
        }
    }
    if !appends.is_empty() {
        let all: Vec<ActionRow> = appends.iter().flat_map(|(rows, _)| rows.iter().cloned()).collect();
        match store.append(&all) {
            Ok(()) => {
                for (_, reply) in appends {
                    let _ = reply.send(Ok(()));
                }
            }
            // One bad append must not fail the others: write them one by one.
            Err(_) => {
                for (rows, reply) in appends {
                    let _ = reply.send(store.append(&rows));
                }
            }
        }
    }
    for r in rest {
        match r {
            Request::Create(row, seats, reply) => {
                let _ = reply.send(store.create(&row, &seats));
            }
            Request::Claim(t, e, s, name, hash, reply) => {
                let _ = reply.send(store.claim_seat(t, e, s, &name, hash));
            }
            Request::SetStatus(t, e, status, reply) => {
                let _ = reply.send(store.set_status(t, e, status));
            }
            Request::Load(t, reply) => {
                let _ = reply.send(store.load(t));
            }
            Request::Chat(t, e, m, reply) => {
                let _ = reply.send(store.append_chat(t, e, &m));
            }
            Request::Find(p, reply) => {
                let _ = reply.send(store.find(&p));
            }
            Request::Unfinished(reply) => {
                let _ = reply.send(store.unfinished());
            }
            Request::Lobby(n, reply) => {
                let _ = reply.send(store.lobby(n));
            }
            Request::Acquire(t, reply) => {
                let _ = reply.send(store.acquire(t));
            }
            Request::Renew(reply) => {
                let _ = reply.send(store.renew());
            }
            Request::Release(t, e, reply) => {
                let _ = reply.send(store.release(t, e));
            }
            Request::ReleaseAll(reply) => {
                let _ = reply.send(store.release_all());
            }
            Request::Owners(t, reply) => {
                let _ = reply.send(store.owners(&t));
            }
            Request::Orphans(n, reply) => {
                let _ = reply.send(store.orphans(n));
            }
            Request::Append(..) => unreachable!("appends were taken out"),
        }
    }
}
