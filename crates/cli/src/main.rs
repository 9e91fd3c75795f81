//! `cardroom`: list games, print rules, simulate bot matches, drive a game over JSON lines, or
//! play in the terminal. The command-line contract is documented in the README; keep it stable.

mod arena_cmd;
mod play_cmd;
mod progress;
mod sim_cmd;
mod verify_cmd;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cardroom",
    version,
    about = "Traditional card games: rules engine, bots, simulator and player"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games.
    Games {
        /// One JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Print a game's rules, variant keys, deal order for --deck and action notation.
    Rules {
        #[arg(value_name = "ID", help = id_help())]
        id: String,
    },
    /// Play complete games between bots and summarise the results.
    #[command(
        override_usage = "cardroom sim <ID> [--games G (default 100)] [--bots B[,B...] (default random)] [--players N] [--seed S] [--deals D] [--variant K=V]... [--json]"
    )]
    Sim(SimArgs),
    /// Drive one match over JSON lines on stdin/stdout.
    Engine(EngineArgs),
    /// Play a match in the terminal against bots.
    Play(PlayArgs),
    /// Compare bots over many games, rotating them through the seats.
    #[command(
        override_usage = "cardroom arena <ID> --bots A,B[,...] [--games G (default 100)] [--duplicate] [--deals D] [--players N] [--seed S] [--variant K=V]... [--json]"
    )]
    Arena(ArenaArgs),
    /// Check a finished server table's record against the seed commitment it published at its
    /// start, and replay it (exit 0: verified; 1: not; 2: not a record).
    Verify(verify_cmd::VerifyArgs),
    /// Serve tables to browsers and WebSocket clients: people and bots at shared tables.
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
}

#[cfg(feature = "serve")]
#[derive(Args)]
struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: std::net::SocketAddr,
    /// The SQLite database file (created if missing), or a PostgreSQL database as
    /// postgres://USER@HOST[:PORT]/DB, which several servers (nodes) may share.
    #[arg(long, default_value = server::DEFAULT_DB)]
    db: std::path::PathBuf,
    /// This server's name among the nodes sharing a PostgreSQL database.
    #[arg(long, value_name = "NAME", default_value = "node")]
    node: String,
    /// Where the other nodes reach this one (HOST:PORT, an IP address is best), to pass on
    /// clients of the tables it owns; the --addr it listens on by default.
    #[arg(long = "node-addr", value_name = "HOST:PORT")]
    node_addr: Option<String>,
    /// Seconds a table's lease lasts unrenewed: when a node dies, the others take its tables
    /// over after this long.
    #[arg(long = "lease-seconds", value_name = "SECONDS", default_value_t = 10.0, value_parser = lease_seconds)]
    lease_seconds: f64,
    /// An address people reach this server by, such as https://cards.example.org (repeatable):
    /// requests naming another host are refused (IP addresses and localhost always pass), so
    /// a page on another domain cannot rebind its name to this server.
    #[arg(long = "public-url", value_name = "URL")]
    public_urls: Vec<String>,
    /// Another origin allowed to open WebSockets (repeatable); the server's own always is.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allowed_origins: Vec<String>,
    /// Minutes a table may go without any of its people connected: a waiting table then
    /// closes (its people can open it again), a playing one is listed as paused.
    #[arg(long = "idle-minutes", value_name = "MINUTES", default_value_t = 30.0, value_parser = idle_minutes)]
    idle_minutes: f64,
}

/// `--idle-minutes`: more than 0 and at most a week (fractions allowed, for tests).
#[cfg(feature = "serve")]
fn idle_minutes(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(m) if m > 0.0 && m <= 10080.0 => Ok(m),
        _ => Err(format!("'{text}' is not a number of minutes above 0 and at most 10080")),
    }
}

/// `--lease-seconds`: at least half a second, at most an hour.
#[cfg(feature = "serve")]
fn lease_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.5..=3600.0).contains(&s) => Ok(s),
        _ => Err(format!("'{text}' is not a number of seconds from 0.5 to 3600")),
    }
}

/// Options every table takes.
#[derive(Args, Clone, Debug)]
struct TableArgs {
    /// Seat count (default: the game's usual number).
    #[arg(long)]
    players: Option<usize>,
    /// Random seed: the same seed replays the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A variant as key=value (repeatable); `cardroom rules <id>` lists the keys.
    #[arg(long = "variant", value_name = "K=V")]
    variants: Vec<String>,
    /// End each match after this many deals.
    #[arg(long)]
    deals: Option<u32>,
}

#[derive(Args)]
struct SimArgs {
    #[arg(value_name = "ID", help = id_help())]
    id: String,
    #[command(flatten)]
    table: TableArgs,
    /// Number of complete games (matches) to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Bot names, one for every seat or one per seat, comma-separated.
    #[arg(long, default_value = "random")]
    bots: String,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct ArenaArgs {
    #[arg(value_name = "ID", help = id_help())]
    id: String,
    #[command(flatten)]
    table: TableArgs,
    /// Bots to compare, comma-separated (random, easy, medium, hard, hard-infer, ismcts[:N], rule; Hearts also model, hard-rule, hard-model, hard-model-infer, hard-observe).
    #[arg(long)]
    bots: String,
    /// Games (matches) to play; in duplicate mode each is played once per seat rotation.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Replay every game with the bots rotated through all seats, so the luck of the deal
    /// cancels out.
    #[arg(long)]
    duplicate: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct EngineArgs {
    #[arg(value_name = "ID", help = id_help())]
    id: String,
    #[command(flatten)]
    table: TableArgs,
    /// The first deal's pack order, top card first, comma-separated (see `cardroom rules <id>`).
    #[arg(long)]
    deck: Option<String>,
    /// The first dealer's seat.
    #[arg(long, default_value_t = 0)]
    dealer: usize,
}

#[derive(Args)]
struct PlayArgs {
    #[arg(value_name = "ID", help = id_help(), required_unless_present = "resume")]
    id: Option<String>,
    #[command(flatten)]
    table: TableArgs,
    /// Your seat.
    #[arg(long, default_value_t = 0)]
    seat: usize,
    /// Bots for the other seats: one name for all, or one per other seat in seat order.
    #[arg(long)]
    bots: Option<String>,
    /// The bot that answers `h` (hint).
    #[arg(long, default_value = "hard")]
    hint_bot: String,
    /// Keep the game in FILE after every action (written atomically). Without it, a game is
    /// saved when you leave it, in a new file in $XDG_DATA_HOME/cardroom/saves (or
    /// ~/.local/share/cardroom/saves), and the file is named then.
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
    /// Continue a game saved with --save (or on quitting); it keeps saving to FILE.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["id", "seat", "bots", "hint_bot"])]
    resume: Option<std::path::PathBuf>,
    /// Lines of text instead of the full-screen table (also when stdin or stdout is not a
    /// terminal): for screen readers and scripts.
    #[arg(long)]
    plain: bool,
    /// A four-colour deck: diamonds blue, clubs green.
    #[arg(long)]
    four_colour: bool,
    /// Milliseconds between two bot actions on the full-screen table.
    #[arg(long, default_value_t = 300, value_name = "MS")]
    bot_delay: u64,
}

/// What `<ID>` means, with the ids, for every subcommand's `--help`.
fn id_help() -> String {
    let ids: Vec<&str> = games::registry::all().iter().map(|g| g.id).collect();
    format!(
        "The game's id (`cardroom games` lists them; any case, or the game's name): {}",
        ids.join(", ")
    )
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games { json } => games(json),
        Command::Rules { id } => cli::rules_text(&id).map(|t| println!("{t}")),
        Command::Sim(a) => sim_cmd::run(&a),
        Command::Engine(a) => engine(&a),
        Command::Play(a) => play_cmd::run(&a),
        Command::Arena(a) => arena_cmd::run(&a),
        Command::Verify(a) => return verify_cmd::run(&a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => server::serve(server::Config {
            addr: a.addr,
            db: a.db,
            public_urls: a.public_urls,
            allowed_origins: a.allowed_origins,
            limits: server::Limits {
                idle: std::time::Duration::from_secs_f64(a.idle_minutes * 60.0),
                ..server::Limits::default()
            },
            node: server::NodeConfig {
                name: a.node,
                addr: a.node_addr,
                lease: std::time::Duration::from_secs_f64(a.lease_seconds),
            },
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `cardroom engine`: the JSON-lines protocol on stdin and stdout.
fn engine(a: &EngineArgs) -> Result<(), String> {
    let mut opts = a.table.options();
    opts.deck = a.deck.clone();
    opts.dealer = a.dealer;
    let mut table = cli::open_table(&a.id, &opts)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    cli::protocol::serve(table.as_mut(), &mut stdin.lock(), &mut stdout.lock())
}

fn games(json: bool) -> Result<(), String> {
    let all = games::registry::all();
    if json {
        let list: Vec<serde_json::Value> = all
            .iter()
            .map(|g| {
                serde_json::json!({
                    "id": g.id,
                    "name": g.name,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "default_players": g.default_players,
                    "higher_is_better": g.higher_is_better,
                    "unit": g.unit,
                    "variants": g.variants.iter().map(|v| serde_json::json!({
                        "key": v.key, "default": v.default, "values": v.values_hint(), "doc": v.doc,
                        "label": v.label, "explain": v.explain, "choice_labels": v.choice_labels,
                        "applies_when": v.applies_when.map(|w| serde_json::json!({ "key": w.key, "values": w.values })),
                    })).collect::<Vec<_>>(),
                    "bots": cli::bot_names(g.id).unwrap_or_default(),
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(list));
    } else {
        let id_width = all.iter().map(|g| g.id.len()).max().unwrap_or(0).max(2);
        let name_width = all.iter().map(|g| g.name.chars().count()).max().unwrap_or(0).max(4);
        println!("{:<id_width$}  {:<name_width$}  players", "id", "name");
        for g in all {
            let players = if g.min_players == g.max_players {
                g.min_players.to_string()
            } else {
                format!("{}-{}", g.min_players, g.max_players)
            };
            println!("{:<id_width$}  {:<name_width$}  {players}", g.id, g.name);
        }
    }
    Ok(())
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`cardroom rules hearts | head -1`)
/// would panic; with the default action the process ends quietly, as other Unix tools do.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread starts; setting a signal's
    // disposition to the default has no other effect on the process.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Splits a comma-separated bot list.
fn bot_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

impl TableArgs {
    fn options(&self) -> cli::TableOptions {
        cli::TableOptions {
            players: self.players,
            seed: self.seed,
            variants: self.variants.clone(),
            deals: self.deals,
            ..Default::default()
        }
    }
}
