//! The HTTP side: the lobby, creating and joining tables, rematches, replays, and the
//! WebSocket upgrade.

use crate::actor::{self, Cmd, Refusal};
use crate::store::{SeatRow, Status, StoredTable, TableRow};
use crate::{guard, tokens, web, Shared};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use engine::{GameRecord, Viewer};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use tokio::sync::oneshot;

pub(crate) fn router(state: Shared) -> Router {
    let limit = state.config.limits.max_message;
    Router::new()
        .route("/", get(web::page))
        .route("/play/{id}", get(web::page))
        .route("/replay/{id}", get(web::page))
        .route("/rules/{id}", get(web::page))
        .route("/assets/{*path}", get(web::file))
        .route("/api/games", get(games))
        .route("/api/games/{id}/rules", get(rules))
        .route("/api/tables", get(lobby).post(create))
        .route("/api/tables/{id}", get(summary))
        .route("/api/tables/{id}/join", post(join))
        .route("/api/tables/{id}/rematch", post(rematch))
        .route("/api/tables/{id}/replay", get(replay))
        .route("/api/tables/{id}/record", get(record))
        .route("/ws/tables/{id}", get(websocket))
        .fallback(|| async { refuse(StatusCode::NOT_FOUND, "not-found", "no such page or endpoint") })
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::map_response(guard::json_errors))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::check_host_and_origin,
        ))
        .with_state(state)
}

/// An error answer: `{"error": {"code", "reason"}}`.
pub(crate) fn refuse(status: StatusCode, code: &str, reason: impl Into<String>) -> Response {
    (
        status,
        Json(json!({ "error": { "code": code, "reason": reason.into() } })),
    )
        .into_response()
}

/// A request body that cannot be read: too large, not JSON, or not the fields expected.
fn bad_body(e: axum::extract::rejection::JsonRejection) -> Response {
    // Fields that are not the ones expected are a bad request like any other (not 422).
    let status = match e.status() {
        StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
        s => s,
    };
    let code = if status == StatusCode::PAYLOAD_TOO_LARGE {
        "too-large"
    } else {
        "malformed"
    };
    refuse(status, code, e.body_text())
}

fn refusal(r: Refusal) -> Response {
    let status = match r.code {
        "bad-token" => StatusCode::FORBIDDEN,
        "full" | "not-over" => StatusCode::CONFLICT,
        "server" => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    };
    refuse(status, r.code, r.reason)
}

async fn games() -> Json<Value> {
    let list: Vec<Value> = games::registry::all()
        .iter()
        .map(|g| {
            json!({
                "id": g.id,
                "name": g.name,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "default_players": g.default_players,
                "unit": g.unit,
                "higher_is_better": g.higher_is_better,
                "summary": g.summary,
                "variants": g.variants.iter().map(|v| json!({
                    "key": v.key, "default": v.default, "values": v.values_hint(), "doc": v.doc,
                    "kind": variant_kind(&v.kind),
                })).collect::<Vec<_>>(),
                "bots": tables::bot_names(g.id).unwrap_or_default(),
            })
        })
        .collect();
    Json(json!(list))
}

/// What a form needs to offer a variant's values.
fn variant_kind(kind: &engine::VariantKind) -> Value {
    match kind {
        engine::VariantKind::Bool => json!({ "type": "bool" }),
        engine::VariantKind::Int { min, max } => json!({ "type": "int", "min": min, "max": max }),
        engine::VariantKind::Choice(words) => json!({ "type": "choice", "choices": words }),
        engine::VariantKind::Text(_) => json!({ "type": "text" }),
    }
}

async fn rules(Path(id): Path<String>) -> Response {
    match tables::rules_text(&id) {
        Ok(md) => Json(json!({ "id": id, "html": web::markdown_to_html(&md), "markdown": md })).into_response(),
        Err(e) => refuse(StatusCode::NOT_FOUND, "unknown-game", e),
    }
}

fn handle(state: &Shared, id: &str) -> Option<actor::TableHandle> {
    state.tables.lock().expect("not poisoned").get(id).cloned()
}

/// The stored table with this public id.
async fn load(state: &Shared, id: &str) -> Result<Option<StoredTable>, String> {
    if !tokens::is_public_id(id) {
        return Ok(None);
    }
    match state.db.find(id.to_string()).await? {
        Some(key) => state.db.load(key).await,
        None => Ok(None),
    }
}

fn no_table(id: &str) -> Response {
    refuse(
        StatusCode::NOT_FOUND,
        "no-table",
        format!("there is no table {}", engine::cut_short(id, 40)),
    )
}

/// Starts the task of a table just made (or woken) and lists it; if another request woke it
/// first, that one's task is kept.
fn go_live(state: &Shared, stored: StoredTable) -> Result<actor::TableHandle, String> {
    let id = stored.row.public_id.clone();
    let h = actor::spawn(stored, state.db.clone())?;
    let mut tables = state.tables.lock().expect("not poisoned");
    Ok(tables.entry(id).or_insert(h).clone())
}

/// The live table, or a finished one woken from the store (finished tables are not rebuilt
/// at start; someone reconnecting to one, or asking for a rematch, wakes it).
async fn live_or_stored(state: &Shared, id: &str) -> Option<actor::TableHandle> {
    if let Some(h) = handle(state, id) {
        return Some(h);
    }
    let stored = load(state, id).await.ok()??;
    go_live(state, stored).ok()
}

async fn ask<T>(h: &actor::TableHandle, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Option<T> {
    let (tx, rx) = oneshot::channel();
    h.tx.send(make(tx)).await.ok()?;
    rx.await.ok()
}

async fn lobby(State(state): State<Shared>) -> Response {
    let rows = match state.db.lobby(50).await {
        Ok(r) => r,
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
    };
    let mut out: HashMap<&str, Vec<Value>> = HashMap::new();
    for row in rows {
        let live = match handle(&state, &row.public_id) {
            Some(h) => ask(&h, |reply| Cmd::Summary { reply }).await,
            None => None,
        };
        let summary = live.unwrap_or_else(|| {
            let mut v = json!({
                "id": row.public_id, "game": row.game, "players": row.players, "status": row.status,
            });
            actor::fairness_fields(&mut v, &row);
            v
        });
        let key = match summary["status"].as_str() {
            // A waiting table is listed to join only while a seat is open to anyone; one that
            // waits for invited people only is theirs, not the lobby's.
            Some("waiting") => {
                let open = summary["seats"]
                    .as_array()
                    .is_some_and(|seats| seats.iter().any(|s| s["open"] == true));
                if !open {
                    continue;
                }
                "open"
            }
            Some("playing") => "playing",
            _ => "finished",
        };
        out.entry(key).or_default().push(summary);
    }
    Json(json!({
        "open": out.remove("open").unwrap_or_default(),
        "playing": out.remove("playing").unwrap_or_default(),
        "finished": out.remove("finished").unwrap_or_default(),
    }))
    .into_response()
}

async fn summary(State(state): State<Shared>, Path(id): Path<String>) -> Response {
    match live_or_stored(&state, &id).await {
        Some(h) => match ask(&h, |reply| Cmd::Summary { reply }).await {
            Some(v) => Json(v).into_response(),
            None => refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", "the table stopped"),
        },
        None => no_table(&id),
    }
}

/// Variants as a list of `key=value` or an object.
#[derive(Deserialize)]
#[serde(untagged)]
enum VariantList {
    List(Vec<String>),
    Map(HashMap<String, Value>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    game: String,
    players: Option<usize>,
    variants: Option<VariantList>,
    /// Per seat: `you` (the creator's, at most one), `invite` (kept for whoever has its
    /// link; `human` is the older name), `open` (anyone may take it from the lobby), or a bot.
    /// Default: `you` in seat 0, `medium` elsewhere.
    seats: Option<Vec<String>>,
    /// A chosen seed (practice, teaching): the table is marked `chosen_seed`, never fair.
    seed: Option<u64>,
    deals: Option<u32>,
    clock_seconds: Option<u32>,
}

/// Who sits in a seat of a table being created.
#[derive(Clone, Debug, PartialEq, Eq)]
enum SeatPlan {
    /// The creator's seat: reserved, its token given in the answer.
    You,
    /// Reserved for whoever holds its invite link (given to the creator to pass on).
    Invite,
    /// Anyone may take it from the lobby.
    Open,
    Bot(String),
}

impl SeatPlan {
    fn parse(word: &str) -> SeatPlan {
        match word {
            "you" => SeatPlan::You,
            "invite" | "human" => SeatPlan::Invite,
            "open" => SeatPlan::Open,
            bot => SeatPlan::Bot(bot.to_string()),
        }
    }

    fn word(&self) -> &str {
        match self {
            SeatPlan::You => "you",
            SeatPlan::Invite => "invite",
            SeatPlan::Open => "open",
            SeatPlan::Bot(_) => "bot",
        }
    }
}

/// A person's link to a seat.
fn seat_link(id: &str, seat: usize, token: &str) -> String {
    format!("/play/{id}?seat={seat}&token={token}")
}

async fn create(
    State(state): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<CreateRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let Json(req) = match body {
        Ok(b) => b,
        Err(e) => return bad_body(e),
    };
    // Tables per client: count this address's tables that are not finished.
    let mine: Vec<String> = state
        .created
        .lock()
        .expect("not poisoned")
        .get(&peer.ip())
        .cloned()
        .unwrap_or_default();
    let mut open = Vec::new();
    for id in mine {
        if let Some(h) = handle(&state, &id) {
            if let Some(s) = ask(&h, |reply| Cmd::Summary { reply }).await {
                if s["status"] != "finished" {
                    open.push(id);
                }
            }
        }
    }
    let cap = state.config.limits.tables_per_client;
    state
        .created
        .lock()
        .expect("not poisoned")
        .insert(peer.ip(), open.clone());
    if open.len() >= cap {
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-tables",
            format!("this address already has {cap} unfinished tables"),
        );
    }
    let info = match games::registry::resolve(&req.game) {
        Ok(i) => i,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, "unknown-game", e),
    };
    let players = req.players.unwrap_or(info.default_players);
    if let Err(e) = info.check_players(players) {
        return refuse(StatusCode::BAD_REQUEST, "bad-table", e.to_string());
    }
    let variants: Vec<String> = match req.variants {
        None => Vec::new(),
        Some(VariantList::List(l)) => l,
        Some(VariantList::Map(m)) => {
            let mut v: Vec<String> = m
                .into_iter()
                .map(|(k, v)| match v {
                    Value::String(s) => format!("{k}={s}"),
                    other => format!("{k}={other}"),
                })
                .collect();
            v.sort();
            v
        }
    };
    let seats: Vec<SeatPlan> = match req.seats {
        Some(words) => words.iter().map(|w| SeatPlan::parse(w)).collect(),
        None => (0..players)
            .map(|s| {
                if s == 0 {
                    SeatPlan::You
                } else {
                    SeatPlan::Bot("medium".into())
                }
            })
            .collect(),
    };
    if seats.iter().filter(|s| **s == SeatPlan::You).count() > 1 {
        return refuse(StatusCode::BAD_REQUEST, "bad-table", "only one seat can be 'you'");
    }
    if seats.len() != players {
        return refuse(
            StatusCode::BAD_REQUEST,
            "bad-table",
            format!("{} seats described for {players} players", seats.len()),
        );
    }
    if req.deals == Some(0) {
        return refuse(StatusCode::BAD_REQUEST, "bad-table", "deals must be at least 1");
    }
    if let Some(c) = req.clock_seconds {
        if !(5..=3600).contains(&c) {
            return refuse(StatusCode::BAD_REQUEST, "bad-table", "clock_seconds must be 5 to 3600");
        }
    }
    let bots: Vec<Option<String>> = seats
        .iter()
        .map(|s| match s {
            SeatPlan::Bot(b) => Some(b.clone()),
            _ => None,
        })
        .collect();
    let mut row = TableRow::fresh(info.id, players, variants, req.seed);
    row.deals = req.deals;
    row.clock_seconds = req.clock_seconds;
    // Opening it once checks the variants and bot names with the engine's own messages.
    let opts = tables::TableOptions {
        players: Some(players),
        seed: row.seed,
        variants: row.variants.clone(),
        deals: req.deals,
        bots: bots.clone(),
        ..Default::default()
    };
    if let Err(e) = tables::open_table(info.id, &opts) {
        return refuse(StatusCode::BAD_REQUEST, "bad-table", e);
    }
    // Reserved seats get their tokens now (the creator passes the invites on); open seats get
    // one when somebody joins.
    let tokens_out: Vec<Option<String>> = seats
        .iter()
        .map(|s| matches!(s, SeatPlan::You | SeatPlan::Invite).then(tokens::new_token))
        .collect();
    let seat_rows: Vec<SeatRow> = seats
        .iter()
        .zip(&tokens_out)
        .enumerate()
        .map(|(seat, (plan, token))| SeatRow {
            seat,
            bot: bots[seat].clone(),
            name: None,
            token_hash: token.as_deref().map(tokens::hash),
            claimed: false,
            open: *plan == SeatPlan::Open,
        })
        .collect();
    if bots.iter().all(Option::is_some) {
        row.status = Status::Playing;
    }
    let (id, commitment, chosen) = (row.public_id.clone(), row.seed_commitment(), row.chosen_seed);
    if let Err(e) = open_new_table(&state, row, seat_rows).await {
        return refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e);
    }
    state
        .created
        .lock()
        .expect("not poisoned")
        .entry(peer.ip())
        .or_default()
        .push(id.clone());
    let seats_out: Vec<Value> = seats
        .iter()
        .zip(tokens_out)
        .enumerate()
        .map(|(seat, (plan, token))| {
            let mut v = json!({ "seat": seat, "kind": plan.word() });
            if let SeatPlan::Bot(b) = plan {
                v["bot"] = json!(b);
            }
            if let Some(t) = token {
                v["invite"] = json!(seat_link(&id, seat, &t));
                v["token"] = json!(t);
            }
            v
        })
        .collect();
    (
        StatusCode::CREATED,
        Json(json!({
            "id": id, "seed_commitment": commitment, "chosen_seed": chosen, "seats": seats_out,
        })),
    )
        .into_response()
}

/// Stores a new table and starts its task.
async fn open_new_table(state: &Shared, mut row: TableRow, seats: Vec<SeatRow>) -> Result<(), String> {
    row.id = state.db.create(row.clone(), seats.clone()).await?;
    go_live(
        state,
        StoredTable {
            row,
            seats,
            actions: Vec::new(),
            rematch: None,
            parent: None,
        },
    )
    .map(|_| ())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: Option<String>,
}

async fn join(
    State(state): State<Shared>,
    Path(id): Path<String>,
    body: Result<Json<JoinRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let name = match body {
        Ok(Json(b)) => b.name.unwrap_or_default(),
        Err(e) => return bad_body(e),
    };
    let Some(h) = handle(&state, &id) else {
        return no_table(&id);
    };
    match ask(&h, |reply| Cmd::Join { name, reply }).await {
        Some(Ok((seat, token))) => Json(json!({
            "table": id, "seat": seat, "invite": seat_link(&id, seat, &token), "token": token,
        }))
        .into_response(),
        Some(Err(r)) => refusal(r),
        None => refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", "the table stopped"),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RematchRequest {
    token: String,
}

async fn rematch(
    State(state): State<Shared>,
    Path(id): Path<String>,
    body: Result<Json<RematchRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let token = match body {
        Ok(Json(b)) => b.token,
        Err(e) => return bad_body(e),
    };
    let Some(h) = live_or_stored(&state, &id).await else {
        return no_table(&id);
    };
    // The table's own task makes the rematch, so two requests cannot make two.
    match ask(&h, |reply| Cmd::Rematch { token, reply }).await {
        Some(Ok((new_id, Some(stored)))) => match go_live(&state, stored) {
            Ok(_) => (StatusCode::CREATED, Json(json!({ "id": new_id }))).into_response(),
            Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
        },
        Some(Ok((new_id, None))) => Json(json!({ "id": new_id })).into_response(),
        Some(Err(r)) => refusal(r),
        None => refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", "the table stopped"),
    }
}

/// The record of a finished table (what `cardroom engine` and `Match::from_record` replay),
/// with the seed, the salt and the commitment, so that `cardroom verify` can check it.
async fn record(State(state): State<Shared>, Path(id): Path<String>) -> Response {
    match load(&state, &id).await {
        Ok(Some(s)) if s.row.status == Status::Finished => Json(json!(record_of(&s, s.actions.len()))).into_response(),
        Ok(Some(_)) => refuse(
            StatusCode::CONFLICT,
            "not-over",
            "the record is shown once the match is over",
        ),
        Ok(None) => no_table(&id),
        Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
    }
}

fn record_of(stored: &StoredTable, n: usize) -> GameRecord {
    let mut r = stored.record();
    r.actions.truncate(n);
    r
}

#[derive(Deserialize)]
struct ReplayQuery {
    step: Option<usize>,
    /// A seat number, `all` (every hand open), or absent (a spectator's view).
    seat: Option<String>,
}

/// Steps through a finished table: the table after `step` actions, from one seat's view, a
/// spectator's, or every seat's (all hands open).
async fn replay(State(state): State<Shared>, Path(id): Path<String>, Query(q): Query<ReplayQuery>) -> Response {
    let stored = match load(&state, &id).await {
        Ok(Some(s)) => s,
        Ok(None) => return no_table(&id),
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
    };
    if stored.row.status != Status::Finished {
        return refuse(
            StatusCode::CONFLICT,
            "not-over",
            "a table can be replayed once its match is over",
        );
    }
    let steps = stored.actions.len();
    let step = q.step.unwrap_or(steps);
    if step > steps {
        return refuse(
            StatusCode::BAD_REQUEST,
            "bad-step",
            format!("step {step} is past the end ({steps})"),
        );
    }
    let players = stored.row.players;
    let viewers: Vec<Viewer> = match q.seat.as_deref() {
        None | Some("") | Some("spectator") => vec![Viewer::Spectator],
        Some("all") => (0..players).map(Viewer::Seat).collect(),
        Some(s) => match s.parse::<usize>() {
            Ok(k) if k < players => vec![Viewer::Seat(k)],
            _ => {
                return refuse(
                    StatusCode::BAD_REQUEST,
                    "bad-seat",
                    format!("seat must be 0 to {}, all or spectator", players - 1),
                )
            }
        },
    };
    let open = |n: usize| -> Result<Box<dyn engine::DynTable>, String> {
        let mut t = tables::open_record(&record_of(&stored, n))?;
        t.enable_feed();
        Ok(t)
    };
    let (whole, at) = match (open(steps), open(step)) {
        (Ok(w), Ok(a)) => (w, a),
        (Err(e), _) | (_, Err(e)) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
    };
    // Where each deal starts, for jumping.
    let deal_starts: Vec<usize> = whole
        .feed(Viewer::Spectator, 0)
        .iter()
        .filter(|i| i.event.kind == "deal-start")
        .map(|i| i.after_actions)
        .collect();
    let views: Vec<Value> = viewers
        .iter()
        .map(|&v| json!({ "viewer": v, "scene": at.scene(v), "feed": at.feed(v, 0) }))
        .collect();
    Json(json!({
        "table": id,
        "game": stored.row.game,
        "step": step,
        "steps": steps,
        "action": step.checked_sub(1).map(|i| &stored.actions[i].action),
        "actor": step.checked_sub(1).map(|i| stored.actions[i].seat),
        "deal_starts": deal_starts,
        "views": views,
    }))
    .into_response()
}

#[derive(Deserialize)]
struct WsQuery {
    token: Option<String>,
    /// The seat the link names: only used to say why a token is refused.
    seat: Option<usize>,
    name: Option<String>,
}

/// The WebSocket upgrade (Host and Origin were checked by [`guard`]). A refusal past that point
/// (no such table, a token that holds no seat) is sent over the socket as an `error`, then the
/// socket is closed with code 1008 and the reason: a browser cannot read a refused handshake,
/// and a page must be able to say why it cannot sit down.
async fn websocket(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let limits = state.config.limits.clone();
    let upgrade = upgrade
        .max_message_size(crate::ws::hard_limit(&limits))
        .max_frame_size(crate::ws::hard_limit(&limits));
    let Some(h) = live_or_stored(&state, &id).await else {
        let reason = format!("there is no table {}", engine::cut_short(&id, 40));
        return upgrade.on_upgrade(move |socket| crate::ws::refuse(socket, "no-table", reason));
    };
    let accepted = match ask(&h, |reply| Cmd::Connect {
        token: q.token,
        seat: q.seat,
        name: q.name,
        reply,
    })
    .await
    {
        Some(Ok(a)) => a,
        Some(Err(r)) => return upgrade.on_upgrade(move |socket| crate::ws::refuse(socket, r.code, r.reason)),
        None => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", "the table stopped"),
    };
    upgrade.on_upgrade(move |socket| crate::ws::run(socket, h, accepted, limits))
}
