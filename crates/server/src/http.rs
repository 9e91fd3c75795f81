//! The HTTP side: the lobby, creating and joining tables, rematches, replays, and the
//! WebSocket upgrade.

use crate::actor::{self, Cmd, Refusal};
use crate::store::{SeatRow, Status, StoredTable, TableRow};
use crate::{tokens, web, Shared};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
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

fn handle(state: &Shared, id: i64) -> Option<actor::TableHandle> {
    state.tables.lock().expect("not poisoned").get(&id).cloned()
}

/// The live table, or a finished one woken from the store (finished tables are not rebuilt
/// at start; someone reconnecting to one, or asking for a rematch, wakes it).
async fn live_or_stored(state: &Shared, id: i64) -> Option<actor::TableHandle> {
    if let Some(h) = handle(state, id) {
        return Some(h);
    }
    let stored = state.db.load(id).await.ok()??;
    let h = actor::spawn(stored, state.db.clone()).ok()?;
    let mut tables = state.tables.lock().expect("not poisoned");
    Some(tables.entry(id).or_insert(h).clone())
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
        let key = match row.status {
            Status::Waiting => "open",
            Status::Playing => "playing",
            Status::Finished => "finished",
        };
        let live = match handle(&state, row.id) {
            Some(h) => ask(&h, |reply| Cmd::Summary { reply }).await,
            None => None,
        };
        out.entry(key).or_default().push(live.unwrap_or_else(|| {
            json!({
                "id": row.id, "game": row.game, "players": row.players, "status": row.status,
            })
        }));
    }
    Json(json!({
        "open": out.remove("open").unwrap_or_default(),
        "playing": out.remove("playing").unwrap_or_default(),
        "finished": out.remove("finished").unwrap_or_default(),
    }))
    .into_response()
}

async fn summary(State(state): State<Shared>, Path(id): Path<i64>) -> Response {
    if let Some(h) = handle(&state, id) {
        if let Some(v) = ask(&h, |reply| Cmd::Summary { reply }).await {
            return Json(v).into_response();
        }
    }
    match state.db.load(id).await {
        Ok(Some(stored)) => match actor::rebuild(&stored) {
            Ok(t) => Json(json!({
                "id": id, "game": t.info().id, "name": t.info().name, "players": t.players(),
                "status": stored.row.status, "version": t.decisions(), "totals": t.totals(),
                "winners": t.winners(), "deals_completed": t.deals_completed(),
            }))
            .into_response(),
            Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
        },
        Ok(None) => refuse(StatusCode::NOT_FOUND, "no-table", format!("there is no table {id}")),
        Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
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
    /// "human" or a bot level per seat; default: a person in seat 0, `medium` elsewhere.
    seats: Option<Vec<String>>,
    seed: Option<u64>,
    deals: Option<u32>,
    clock_seconds: Option<u32>,
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

async fn create(
    State(state): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<CreateRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let Json(req) = match body {
        Ok(b) => b,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, "malformed", e.body_text()),
    };
    // Tables per client: count this address's tables that are not finished.
    let mine: Vec<i64> = state
        .created
        .lock()
        .expect("not poisoned")
        .get(&peer.ip())
        .cloned()
        .unwrap_or_default();
    let mut open = Vec::new();
    for id in mine {
        if let Some(h) = handle(&state, id) {
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
    let seats = req.seats.unwrap_or_else(|| {
        (0..players)
            .map(|s| {
                if s == 0 {
                    "human".to_string()
                } else {
                    "medium".to_string()
                }
            })
            .collect()
    });
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
    let bots: Vec<Option<String>> = seats.iter().map(|s| (s != "human").then(|| s.clone())).collect();
    let seed = req.seed.unwrap_or_else(|| {
        let mut b = [0u8; 8];
        getrandom::getrandom(&mut b).expect("random bytes");
        u64::from_le_bytes(b) >> 1
    });
    // Opening it once checks the variants and bot names with the engine's own messages.
    let opts = tables::TableOptions {
        players: Some(players),
        seed,
        variants: variants.clone(),
        deals: req.deals,
        bots: bots.clone(),
        ..Default::default()
    };
    if let Err(e) = tables::open_table(info.id, &opts) {
        return refuse(StatusCode::BAD_REQUEST, "bad-table", e);
    }
    let mut tokens_out = Vec::new();
    let seat_rows: Vec<SeatRow> = bots
        .iter()
        .enumerate()
        .map(|(seat, bot)| {
            let token = bot.is_none().then(tokens::new_token);
            let hash = token.as_deref().map(tokens::hash);
            tokens_out.push(token);
            SeatRow {
                seat,
                bot: bot.clone(),
                name: None,
                token_hash: hash,
                claimed: false,
            }
        })
        .collect();
    let all_bots = bots.iter().all(Option::is_some);
    let row = TableRow {
        id: 0,
        game: info.id.to_string(),
        players,
        variants,
        seed,
        deals: req.deals,
        clock_seconds: req.clock_seconds,
        status: if all_bots { Status::Playing } else { Status::Waiting },
        created_at: now(),
        rematch_of: None,
    };
    let id = match open_new_table(&state, row, seat_rows).await {
        Ok(id) => id,
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
    };
    state
        .created
        .lock()
        .expect("not poisoned")
        .entry(peer.ip())
        .or_default()
        .push(id);
    let seats_out: Vec<Value> = bots
        .iter()
        .zip(tokens_out)
        .enumerate()
        .map(|(seat, (bot, token))| match (bot, token) {
            (Some(b), _) => json!({ "seat": seat, "kind": "bot", "bot": b }),
            (None, Some(t)) => json!({
                "seat": seat, "kind": "human", "token": t,
                "invite": format!("/play/{id}?seat={seat}&token={t}"),
            }),
            (None, None) => unreachable!("people get tokens"),
        })
        .collect();
    (
        StatusCode::CREATED,
        Json(json!({ "id": id, "seed": seed, "seats": seats_out })),
    )
        .into_response()
}

/// Stores a new table and starts its task.
async fn open_new_table(state: &Shared, mut row: TableRow, seats: Vec<SeatRow>) -> Result<i64, String> {
    let id = state.db.create(row.clone(), seats.clone()).await?;
    row.id = id;
    let handle = actor::spawn(
        StoredTable {
            row,
            seats,
            actions: Vec::new(),
        },
        state.db.clone(),
    )?;
    state.tables.lock().expect("not poisoned").insert(id, handle);
    Ok(id)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: Option<String>,
}

async fn join(
    State(state): State<Shared>,
    Path(id): Path<i64>,
    body: Result<Json<JoinRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let name = match body {
        Ok(Json(b)) => b.name.unwrap_or_default(),
        Err(e) => return refuse(StatusCode::BAD_REQUEST, "malformed", e.body_text()),
    };
    let Some(h) = handle(&state, id) else {
        return refuse(
            StatusCode::NOT_FOUND,
            "no-table",
            format!("there is no open table {id}"),
        );
    };
    match ask(&h, |reply| Cmd::Join { name, reply }).await {
        Some(Ok((seat, token))) => Json(json!({
            "table": id, "seat": seat, "token": token,
            "invite": format!("/play/{id}?seat={seat}&token={token}"),
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
    Path(id): Path<i64>,
    body: Result<Json<RematchRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let token = match body {
        Ok(Json(b)) => b.token,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, "malformed", e.body_text()),
    };
    let Some(h) = live_or_stored(&state, id).await else {
        return refuse(StatusCode::NOT_FOUND, "no-table", format!("there is no table {id}"));
    };
    let (mut row, seats) = match ask(&h, |reply| Cmd::RematchSetup { token, reply }).await {
        Some(Ok(setup)) => setup,
        Some(Err(r)) => return refusal(r),
        None => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", "the table stopped"),
    };
    row.created_at = now();
    match open_new_table(&state, row, seats).await {
        Ok(new_id) => {
            let message = json!({ "type": "rematch", "table": new_id }).to_string();
            let _ = h.tx.send(Cmd::Announce { message }).await;
            (StatusCode::CREATED, Json(json!({ "id": new_id }))).into_response()
        }
        Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", e),
    }
}

/// The record of a finished table (what `cardroom engine` and `Match::from_record` replay).
async fn record(State(state): State<Shared>, Path(id): Path<i64>) -> Response {
    match state.db.load(id).await {
        Ok(Some(s)) if s.row.status == Status::Finished => Json(json!(record_of(&s, s.actions.len()))).into_response(),
        Ok(Some(_)) => refuse(
            StatusCode::CONFLICT,
            "not-over",
            "the record is shown once the match is over",
        ),
        Ok(None) => refuse(StatusCode::NOT_FOUND, "no-table", format!("there is no table {id}")),
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
async fn replay(State(state): State<Shared>, Path(id): Path<i64>, Query(q): Query<ReplayQuery>) -> Response {
    let stored = match state.db.load(id).await {
        Ok(Some(s)) => s,
        Ok(None) => return refuse(StatusCode::NOT_FOUND, "no-table", format!("there is no table {id}")),
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
    name: Option<String>,
}

/// The WebSocket upgrade: a browser's origin must be this server's own (or allowed).
async fn websocket(
    State(state): State<Shared>,
    Path(id): Path<i64>,
    Query(q): Query<WsQuery>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if let Some(origin) = headers.get("origin").and_then(|o| o.to_str().ok()) {
        let host = headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("");
        let own = [format!("http://{host}"), format!("https://{host}")];
        if !own.iter().any(|o| o == origin) && !state.config.allowed_origins.iter().any(|o| o == origin) {
            return refuse(
                StatusCode::FORBIDDEN,
                "bad-origin",
                format!("origin {origin} may not connect"),
            );
        }
    }
    let Some(h) = live_or_stored(&state, id).await else {
        return refuse(StatusCode::NOT_FOUND, "no-table", format!("there is no table {id}"));
    };
    let accepted = match ask(&h, |reply| Cmd::Connect {
        token: q.token,
        name: q.name,
        reply,
    })
    .await
    {
        Some(Ok(a)) => a,
        Some(Err(r)) => return refusal(r),
        None => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "server", "the table stopped"),
    };
    let limits = state.config.limits.clone();
    upgrade
        .max_message_size(limits.max_message)
        .max_frame_size(limits.max_message)
        .on_upgrade(move |socket| crate::ws::run(socket, h, accepted, limits))
}
