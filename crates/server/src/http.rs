//! The HTTP side: the lobby, creating and joining tables, rematches, replays, and the
//! WebSocket upgrade.

use crate::actor::{self, Cmd};
use crate::create::{seat_link, CreateRequest};
use crate::protocol::{ErrorCode, Refusal, SeatSummary, TableSummary};
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
        .fallback(|| async { Refusal::new(ErrorCode::NotFound, "no such page or endpoint") })
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::map_response(guard::json_errors))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::check_host_and_origin,
        ))
        .with_state(state)
}

/// A request body that cannot be read: too large, not JSON, or not the fields expected.
fn bad_body(e: axum::extract::rejection::JsonRejection) -> Refusal {
    // Fields that are not the ones expected are a bad request like any other (not 422).
    match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => Refusal::new(ErrorCode::TooLarge, e.body_text()),
        StatusCode::UNPROCESSABLE_ENTITY => Refusal::new(ErrorCode::Malformed, e.body_text()),
        status => Refusal::new(ErrorCode::Malformed, e.body_text()).with_status(status),
    }
}

fn server_error(e: impl Into<String>) -> Refusal {
    Refusal::new(ErrorCode::Server, e)
}

fn stopped() -> Refusal {
    server_error("the table stopped")
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
                    "label": v.label, "explain": v.explain, "choice_labels": v.choice_labels,
                    "kind": variant_kind(&v.kind), "applies_when": v.applies_when.map(|w| json!({
                        "key": w.key, "values": w.values,
                    })),
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
        Err(e) => Refusal::new(ErrorCode::UnknownGame, e)
            .with_status(StatusCode::NOT_FOUND)
            .into_response(),
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

fn no_table(id: &str) -> Refusal {
    Refusal::new(
        ErrorCode::NoTable,
        format!("there is no table {}", engine::cut_short(id, 40)),
    )
}

/// Starts the task of a table just made (or woken) and lists it; if another request woke it
/// first, that one's task is kept.
fn go_live(state: &Shared, stored: StoredTable) -> Result<actor::TableHandle, String> {
    let id = stored.row.public_id.clone();
    let h = actor::spawn(stored, state.db.clone(), state.config.limits.idle)?;
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

/// How many tables of each status the lobby lists (the newest).
const LOBBY_PAGE: usize = 20;

async fn lobby(State(state): State<Shared>) -> Response {
    let rows = match state.db.lobby(LOBBY_PAGE).await {
        Ok(r) => r,
        Err(e) => return server_error(e).into_response(),
    };
    let (mut open, mut playing, mut paused, mut finished) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for row in rows {
        let live = match handle(&state, &row.public_id) {
            Some(h) => ask(&h, |reply| Cmd::Summary { reply }).await,
            None => None,
        };
        let summary = live.unwrap_or_else(|| TableSummary::from_row(&row));
        match summary.status {
            // A waiting table is listed to join only while a seat is open to anyone; one that
            // waits for invited people only is theirs, not the lobby's.
            Status::Waiting if summary.has_open_seat() => open.push(summary),
            Status::Waiting | Status::Closed => {}
            Status::Playing if summary.paused == Some(true) => paused.push(summary),
            Status::Playing => playing.push(summary),
            Status::Finished => finished.push(summary),
        }
    }
    Json(json!({ "open": open, "playing": playing, "paused": paused, "finished": finished })).into_response()
}

/// A table's summary: a live table's from its task; a finished one asleep is summarised from
/// a replay of its record without waking it (so reading summaries keeps no table in memory).
async fn summary(State(state): State<Shared>, Path(id): Path<String>) -> Result<Response, Refusal> {
    if let Some(h) = handle(&state, &id) {
        let v = ask(&h, |reply| Cmd::Summary { reply }).await.ok_or_else(stopped)?;
        return Ok(Json(v).into_response());
    }
    let stored = load(&state, &id)
        .await
        .map_err(server_error)?
        .ok_or_else(|| no_table(&id))?;
    let table = actor::rebuild(&stored).map_err(server_error)?;
    let seats = stored.seats.iter().map(|s| SeatSummary::of(s, false)).collect();
    let links = (stored.rematch.clone(), stored.parent.clone());
    Ok(Json(TableSummary::of_table(&stored.row, seats, table.as_ref(), links, false)).into_response())
}

/// The unfinished tables this address has made: more than the limit are refused.
async fn check_tables_per_client(state: &Shared, peer: SocketAddr) -> Result<(), Refusal> {
    let mine: Vec<String> = state
        .created
        .lock()
        .expect("not poisoned")
        .get(&peer.ip())
        .cloned()
        .unwrap_or_default();
    let mut open = Vec::new();
    for id in mine {
        if let Some(h) = handle(state, &id) {
            if let Some(s) = ask(&h, |reply| Cmd::Summary { reply }).await {
                if s.status != Status::Finished {
                    open.push(id);
                }
            }
        }
    }
    let count = open.len();
    state.created.lock().expect("not poisoned").insert(peer.ip(), open);
    let cap = state.config.limits.tables_per_client;
    if count >= cap {
        return Err(Refusal::new(
            ErrorCode::TooManyTables,
            format!("this address already has {cap} unfinished tables"),
        ));
    }
    Ok(())
}

async fn create(
    State(state): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<CreateRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, Refusal> {
    let Json(req) = body.map_err(bad_body)?;
    check_tables_per_client(&state, peer).await?;
    let table = req.validate()?;
    let answer = table.answer();
    let id = table.row.public_id.clone();
    open_new_table(&state, table.row, table.seats)
        .await
        .map_err(server_error)?;
    state
        .created
        .lock()
        .expect("not poisoned")
        .entry(peer.ip())
        .or_default()
        .push(id);
    Ok((StatusCode::CREATED, Json(answer)).into_response())
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
            chat: Vec::new(),
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
) -> Result<Response, Refusal> {
    let name = body.map_err(bad_body)?.0.name.unwrap_or_default();
    let h = handle(&state, &id).ok_or_else(|| no_table(&id))?;
    let (seat, token) = ask(&h, |reply| Cmd::Join { name, reply }).await.ok_or_else(stopped)??;
    Ok(Json(json!({
        "table": id, "seat": seat, "invite": seat_link(&id, seat, &token), "token": token,
    }))
    .into_response())
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
) -> Result<Response, Refusal> {
    let token = body.map_err(bad_body)?.0.token;
    let h = live_or_stored(&state, &id).await.ok_or_else(|| no_table(&id))?;
    // The table's own task makes the rematch, so two requests cannot make two.
    match ask(&h, |reply| Cmd::Rematch { token, reply })
        .await
        .ok_or_else(stopped)??
    {
        (new_id, Some(stored)) => {
            go_live(&state, stored).map_err(server_error)?;
            Ok((StatusCode::CREATED, Json(json!({ "id": new_id }))).into_response())
        }
        (new_id, None) => Ok(Json(json!({ "id": new_id })).into_response()),
    }
}

/// The record of a finished table (what `cardroom engine` and `Match::from_record` replay),
/// with the seed, the salt and the commitment, so that `cardroom verify` can check it.
async fn record(State(state): State<Shared>, Path(id): Path<String>) -> Result<Response, Refusal> {
    match load(&state, &id).await.map_err(server_error)? {
        Some(s) if s.row.status == Status::Finished => Ok(Json(record_of(&s, s.actions.len())).into_response()),
        Some(_) => Err(Refusal::new(
            ErrorCode::NotOver,
            "the record is shown once the match is over",
        )),
        None => Err(no_table(&id)),
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
async fn replay(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<ReplayQuery>,
) -> Result<Response, Refusal> {
    let stored = load(&state, &id)
        .await
        .map_err(server_error)?
        .ok_or_else(|| no_table(&id))?;
    if stored.row.status != Status::Finished {
        return Err(Refusal::new(
            ErrorCode::NotOver,
            "a table can be replayed once its match is over",
        ));
    }
    let steps = stored.actions.len();
    let step = q.step.unwrap_or(steps);
    if step > steps {
        return Err(Refusal::new(
            ErrorCode::BadStep,
            format!("step {step} is past the end ({steps})"),
        ));
    }
    let players = stored.row.players;
    let viewers: Vec<Viewer> = match q.seat.as_deref() {
        None | Some("") | Some("spectator") => vec![Viewer::Spectator],
        Some("all") => (0..players).map(Viewer::Seat).collect(),
        Some(s) => match s.parse::<usize>() {
            Ok(k) if k < players => vec![Viewer::Seat(k)],
            _ => {
                return Err(Refusal::new(
                    ErrorCode::BadSeat,
                    format!("seat must be 0 to {}, all or spectator", players - 1),
                ))
            }
        },
    };
    let open = |n: usize| -> Result<Box<dyn engine::DynTable>, String> {
        let mut t = tables::open_record(&record_of(&stored, n))?;
        t.enable_feed();
        Ok(t)
    };
    let (whole, at) = (open(steps).map_err(server_error)?, open(step).map_err(server_error)?);
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
    Ok(Json(json!({
        "table": id,
        "game": stored.row.game,
        "step": step,
        "steps": steps,
        "action": step.checked_sub(1).map(|i| &stored.actions[i].action),
        "actor": step.checked_sub(1).map(|i| stored.actions[i].seat),
        "deal_starts": deal_starts,
        "views": views,
        "chat": stored.chat,
    }))
    .into_response())
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
        let refusal = no_table(&id);
        return upgrade.on_upgrade(move |socket| crate::ws::refuse(socket, refusal));
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
        Some(Err(r)) => return upgrade.on_upgrade(move |socket| crate::ws::refuse(socket, r)),
        None => return stopped().into_response(),
    };
    upgrade.on_upgrade(move |socket| crate::ws::run(socket, h, accepted, limits))
}
