//! `cardroom serve`: a multiplayer table server. HTTP JSON for the lobby and tables, a
//! WebSocket per seat or spectator for live play, an embedded SQLite database that keeps every
//! accepted action. One task per table owns it (see [`actor`]); storage is behind
//! [`store::Store`]. The protocol is documented in `docs/protocol.md` and
//! `docs/protocol.schema.json`.

pub mod actor;
pub mod client;
mod create;
pub mod db;
mod guard;
mod http;
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
use std::sync::{Arc, Mutex};

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

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub db: PathBuf,
    /// The addresses people reach this server by (`https://cards.example.org`): their host
    /// names are the only names (besides IP addresses and `localhost`) a request's Host may
    /// give, and their origins may open WebSockets.
    pub public_urls: Vec<String>,
    /// Other origins allowed to open WebSockets (`http://host:port`).
    pub allowed_origins: Vec<String>,
    pub limits: Limits,
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
}

pub(crate) type Shared = Arc<AppState>;

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    /// Resolves when the server stops.
    pub task: tokio::task::JoinHandle<Result<(), String>>,
}

/// Opens the database, rebuilds every unfinished table by replaying its record, binds and
/// serves in the background.
pub async fn start(config: Config) -> Result<Running, String> {
    let origins = guard::Origins::new(&config.public_urls, &config.allowed_origins)?;
    let store = store::SqliteStore::open(&config.db)?;
    let db = Db::start(store);
    let mut live = HashMap::new();
    for stored in db.unfinished().await? {
        let id = stored.row.public_id.clone();
        match actor::spawn(stored, db.clone(), config.limits.idle) {
            Ok(handle) => {
                live.insert(id, handle);
            }
            Err(e) => eprintln!("table {id} cannot be rebuilt and stays closed: {e}"),
        }
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let state = Arc::new(AppState {
        db,
        tables: Mutex::new(live),
        created: Mutex::new(HashMap::new()),
        origins,
        config,
    });
    let app = http::router(state);
    let task = tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
            .await
            .map_err(|e| e.to_string())
    });
    Ok(Running { addr, task })
}

/// `cardroom serve`: runs until interrupted.
pub fn serve(config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let db = config.db.clone();
        let running = start(config).await?;
        println!(
            "cardroom is serving on http://{} (database: {}). Open that address in a browser; stop with Ctrl-C.",
            running.addr,
            db.display()
        );
        tokio::select! {
            r = running.task => r.map_err(|e| e.to_string())?,
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}
