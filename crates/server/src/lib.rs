//! `cardroom serve`: a multiplayer table server. HTTP JSON for the lobby and tables, a
//! WebSocket per seat or spectator for live play, a database that keeps every accepted action:
//! an embedded SQLite file by default, or PostgreSQL shared by several servers (nodes), each
//! table owned by one node through a fenced lease (see [`cluster`]). One task per table owns it
//! (see [`actor`]); storage is behind [`store::Store`]. The protocol is documented in `docs/protocol.md` and
//! `docs/protocol.schema.json`.

pub mod actor;
pub mod client;
mod cluster;
mod create;
pub mod db;
mod guard;
mod http;
pub mod metrics;
pub mod pgstore;
pub mod protocol;
pub mod store;
pub mod tokens;
mod web;
mod ws;

use actor::TableHandle;
use db::Db;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Limits that keep one client from hurting the others.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest WebSocket message or HTTP body accepted, in bytes.
    pub max_message: usize,
    /// Messages a connection may send per second (a burst of twice this is allowed).
    pub messages_per_second: u32,
    /// Unfinished tables one client address may have created.
    pub tables_per_client: usize,
    /// How long a table may go without any of its people connected: a waiting table then
    /// closes, a playing one is shown as paused.
    pub idle: std::time::Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message: 4096,
            messages_per_second: 20,
            tables_per_client: 50,
            idle: std::time::Duration::from_secs(30 * 60),
        }
    }
}

/// This server among several sharing one PostgreSQL database (ignored with SQLite).
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// Its name (`--node`): shown in the leases and the metrics.
    pub name: String,
    /// Where the other nodes reach it (`host:port`); the address it listens on by default.
    pub addr: Option<String>,
    /// How long a table's lease lasts unrenewed: a node that dies loses its tables to the
    /// others after this long.
    pub lease: Duration,
}

impl Default for NodeConfig {
    fn default() -> Self {
        NodeConfig {
            name: "node".to_string(),
            addr: None,
            lease: Duration::from_secs(10),
        }
    }
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// A SQLite file, or a `postgres://` URL (see [`store::is_postgres_url`]).
    pub db: PathBuf,
    /// The addresses people reach this server by (`https://cards.example.org`): their host
    /// names are the only names (besides IP addresses and `localhost`) a request's Host may
    /// give, and their origins may open WebSockets.
    pub public_urls: Vec<String>,
    /// Other origins allowed to open WebSockets (`http://host:port`).
    pub allowed_origins: Vec<String>,
    pub limits: Limits,
    pub node: NodeConfig,
}

/// The default database file, in the folder the server is started from.
pub const DEFAULT_DB: &str = "cardroom.db";

pub(crate) struct AppState {
    pub db: Db,
    /// Live tables by public id.
    pub tables: Mutex<HashMap<String, TableHandle>>,
    /// Unfinished tables created per client address.
    pub created: Mutex<HashMap<IpAddr, Vec<String>>>,
    pub origins: guard::Origins,
    pub config: Config,
    /// This node's name (with a shared store).
    pub node: String,
    /// Set while the node hands its tables over before stopping.
    pub stopping: AtomicBool,
    /// The public ids of tables this node takes over: its connections proxied to their old
    /// owner (a paused process, say) are closed, and their clients reconnect here.
    pub adopted: tokio::sync::broadcast::Sender<String>,
}

pub(crate) type Shared = Arc<AppState>;

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    /// Resolves when the server stops.
    pub task: tokio::task::JoinHandle<Result<(), String>>,
    state: Shared,
}

impl Running {
    /// A clean stop: with a shared store, the tables are handed over to the other nodes
    /// (clients told to reconnect, leases let go); then the server stops.
    pub async fn stop(self) {
        if self.state.db.shared() {
            cluster::hand_over(&self.state).await;
        }
        self.task.abort();
    }
}

/// Opens the database, rebuilds every unfinished table by replaying its record, binds and
/// serves in the background.
/// With PostgreSQL, the tables are not rebuilt here: the node takes over those nobody holds
/// (see [`cluster`]).
pub async fn start(config: Config) -> Result<Running, String> {
    let origins = guard::Origins::new(&config.public_urls, &config.allowed_origins)?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let url = config.db.to_string_lossy().to_string();
    let db = if store::is_postgres_url(&url) {
        let reach = if addr.ip().is_unspecified() {
            SocketAddr::new(IpAddr::from([127, 0, 0, 1]), addr.port())
        } else {
            addr
        };
        let node = pgstore::NodeIdentity {
            name: config.node.name.clone(),
            addr: config.node.addr.clone().unwrap_or_else(|| reach.to_string()),
            lease: config.node.lease,
        };
        let store = tokio::task::spawn_blocking(move || pgstore::PgStore::open(&url, node))
            .await
            .map_err(|e| e.to_string())??;
        Db::start(store)
    } else {
        Db::start(store::SqliteStore::open(&config.db)?)
    };
    let mut live = HashMap::new();
    if !db.shared() {
        for stored in db.unfinished().await? {
            let id = stored.row.public_id.clone();
            match actor::spawn(stored, db.clone(), config.limits.idle, 0) {
                Ok(handle) => {
                    live.insert(id, handle);
                }
                Err(e) => eprintln!("table {id} cannot be rebuilt and stays closed: {e}"),
            }
        }
    }
    let state = Arc::new(AppState {
        db,
        tables: Mutex::new(live),
        created: Mutex::new(HashMap::new()),
        origins,
        node: config.node.name.clone(),
        stopping: AtomicBool::new(false),
        adopted: tokio::sync::broadcast::channel(1024).0,
        config,
    });
    if state.db.shared() {
        cluster::start(&state, state.config.node.lease);
    }
    let app = http::router(state.clone());
    let task = tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
            .await
            .map_err(|e| e.to_string())
    });
    Ok(Running { addr, task, state })
}

/// `cardroom serve`: runs until interrupted.
pub fn serve(config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let db = config.db.to_string_lossy().to_string();
        let shown = if store::is_postgres_url(&db) {
            format!("PostgreSQL, as node {}", config.node.name)
        } else {
            db
        };
        let mut running = start(config).await?;
        println!(
            "cardroom is serving on http://{} (database: {shown}). Open that address in a browser; stop with Ctrl-C.",
            running.addr,
        );
        tokio::select! {
            r = &mut running.task => return r.map_err(|e| e.to_string())?,
            _ = tokio::signal::ctrl_c() => {}
            _ = terminated() => {}
        }
        // Interrupted or terminated: hand the tables over (a rolling restart), then stop.
        running.stop().await;
        Ok(())
    })
}

/// Resolves on SIGTERM (what systemd and `kill` send); never elsewhere.
async fn terminated() {
    #[cfg(unix)]
    if let Ok(mut term) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        term.recv().await;
        return;
    }
    std::future::pending::<()>().await
}
