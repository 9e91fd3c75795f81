//! The HTTP side: the lobby, creating and joining tables, rematches, replays, and the
//! WebSocket upgrade.

use crate::actor::{self, Cmd};
use crate::cluster::{self, Place};
use crate::create::{seat_link, CreateRequest};
use crate::protocol::{ErrorCode, Refusal, SeatSummary, TableSummary};
use crate::store::{SeatRow, Status, StoredTable, TableRow};
use crate::{guard, tokens, web, Shared};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
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
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
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
    cluster::local(state, id)
}

/// The header a node puts on what it forwards to the node owning a table: a forwarded request
/// is served there or refused, never forwarded again.
pub(crate) const FORWARDED: &str = "x-cardroom-forwarded";

fn forwarded(headers: &HeaderMap) -> bool {
    headers.contains_key(FORWARDED)
}

/// A table changing hands (or a node stopping): ask again in a moment.
fn busy() -> Refusal {
    server_error("the table is moving between servers: try again in a moment")
        .with_status(StatusCode::SERVICE_UNAVAILABLE)
}

/// Sends a request on to the node that owns the table and answers with its answer.
async fn forward(
    owner: &crate::store::Owner,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<Response, Refusal> {
    let addr = tokio::net::lookup_host(owner.addr.as_str())
        .await
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(busy)?;
    let asked = crate::client::request_with(addr, method, path, body, &[(FORWARDED, "1")]);
    let (status, v) = tokio::time::timeout(std::time::Duration::from_secs(5), asked)
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())?;
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY);
    Ok((status, Json(v)).into_response())
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

/// Starts the task of a table just made here and lists it (with a shared store, under the
/// lease its creation took).
async fn go_live(state: &Shared, stored: StoredTable) -> Result<actor::TableHandle, String> {
    let epoch = state
        .db
        .acquire(stored.row.id)
        .await?
        .ok_or("another server took the table just made")?;
    let h = actor::spawn(stored, state.db.clone(), state.config.limits.idle, epoch)?;
    Ok(cluster::install(state, h))
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
    let remote = remote_summaries(&state, &rows).await;
    let (mut open, mut playing, mut paused, mut finished) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for row in rows {
        let live = match handle(&state, &row.public_id) {
            Some(h) => ask(&h, |reply| Cmd::Summary { reply }).await,
            None => None,
        };
        // A table another node owns: its summary as that node gave it.
        if let (None, Some(v)) = (&live, remote.get(&row.id)) {
            let has_open_seat = v["seats"]
                .as_array()
                .is_some_and(|s| s.iter().any(|s| s["open"] == true));
            match v["status"].as_str() {
                Some("waiting") if has_open_seat => open.push(v.clone()),
                Some("playing") if v["paused"] == true => paused.push(v.clone()),
                Some("playing") => playing.push(v.clone()),
                Some("finished") => finished.push(v.clone()),
                _ => {}
            }
            continue;
        }
        let summary = live.unwrap_or_else(|| TableSummary::from_row(&row));
        let v = json!(summary);
        match summary.status {
            // A waiting table is listed to join only while a seat is open to anyone; one that
            // waits for invited people only is theirs, not the lobby's.
            Status::Waiting if summary.has_open_seat() => open.push(v),
            Status::Waiting | Status::Closed => {}
            Status::Playing if summary.paused == Some(true) => paused.push(v),
            Status::Playing => playing.push(v),
            Status::Finished => finished.push(v),
        }
    }
    Json(json!({ "open": open, "playing": playing, "paused": paused, "finished": finished })).into_response()
}

/// With a shared store, the summaries of the lobby's tables that other nodes own, asked of
/// them all at once (a node that does not answer within a second is left out: its tables are
/// summarised from their rows).
async fn remote_summaries(state: &Shared, rows: &[TableRow]) -> std::collections::HashMap<i64, Value> {
    let mut out = std::collections::HashMap::new();
    if !state.db.shared() {
        return out;
    }
    let keys: Vec<i64> = rows
        .iter()
        .filter(|r| handle(state, &r.public_id).is_none())
        .map(|r| r.id)
        .collect();
    let Ok(owners) = state.db.owners(keys).await else {
        return out;
    };
    let asks = owners.into_iter().filter(|(_, o)| !o.mine).filter_map(|(key, owner)| {
        let id = rows.iter().find(|r| r.id == key)?.public_id.clone();
        Some(async move {
            let path = format!("/api/tables/{id}");
            let addr = tokio::net::lookup_host(owner.addr.as_str()).await.ok()?.next()?;
            let asked = crate::client::request_with(addr, "GET", &path, None, &[(FORWARDED, "1")]);
            let (status, v) = tokio::time::timeout(std::time::Duration::from_secs(1), asked)
                .await
                .ok()?
                .ok()?;
            (status == 200).then_some((key, v))
        })
    });
    for (key, summary) in futures_util::future::join_all(asks).await.into_iter().flatten() {
        out.insert(key, summary);
    }
    out
}

/// `/healthz`: 200 while the database answers (503 otherwise, or while the node hands its
/// tables over before stopping).
async fn healthz(State(state): State<Shared>) -> Response {
    let tables = state.tables.lock().expect("not poisoned").len();
    let stopping = state.stopping.load(std::sync::atomic::Ordering::Relaxed);
    match state.db.find(String::new()).await {
        Ok(_) if !stopping => Json(json!({ "status": "ok", "node": state.node, "tables": tables })).into_response(),
        Ok(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "stopping", "node": state.node })),
        )
            .into_response(),
        Err(e) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "database", "error": e })),
        )
            .into_response(),
    }
}

/// `/metrics`, in the Prometheus text format.
async fn metrics(State(state): State<Shared>) -> Response {
    let tables = state.tables.lock().expect("not poisoned").len();
    let text = state.db.metrics.render(&state.node, tables);
    ([("content-type", "text/plain; version=0.0.4")], text).into_response()
}

/// A table's summary: a live table's from its task; a finished one asleep is summarised from
/// a replay of its record without waking it (so reading summaries keeps no table in memory).
async fn summary(State(state): State<Shared>, Path(id): Path<String>, headers: HeaderMap) -> Result<Response, Refusal> {
    if let Some(h) = handle(&state, &id) {
        let v = ask(&h, |reply| Cmd::Summary { reply }).await.ok_or_else(stopped)?;
        return Ok(Json(v).into_response());
    }
    if state.db.shared() && !forwarded(&headers) && tokens::is_public_id(&id) {
        if let Some(key) = state.db.find(id.clone()).await.map_err(server_error)? {
            let owners = state.db.owners(vec![key]).await.map_err(server_error)?;
            if let Some((_, owner)) = owners.into_iter().find(|(_, o)| !o.mine) {
                return forward(&owner, "GET", &format!("/api/tables/{id}"), None).await;
            }
        }
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
    .await
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
    headers: HeaderMap,
    body: Result<Json<JoinRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, Refusal> {
    let name = body.map_err(bad_body)?.0.name.unwrap_or_default();
    let h = if state.db.shared() {
        match cluster::locate(&state, &id).await {
            Place::Here(h) => h,
            Place::There(owner) if !forwarded(&headers) => {
                let body = json!({ "name": name });
                return forward(&owner, "POST", &format!("/api/tables/{id}/join"), Some(&body)).await;
            }
            Place::There(_) | Place::Busy => return Err(busy()),
            Place::Nowhere => return Err(no_table(&id)),
        }
    } else {
        handle(&state, &id).ok_or_else(|| no_table(&id))?
    };
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
    headers: HeaderMap,
    body: Result<Json<RematchRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, Refusal> {
    let token = body.map_err(bad_body)?.0.token;
    let h = match cluster::locate(&state, &id).await {
        Place::Here(h) => h,
        Place::There(owner) if !forwarded(&headers) => {
            let body = json!({ "token": token });
            return forward(&owner, "POST", &format!("/api/tables/{id}/rematch"), Some(&body)).await;
        }
        Place::There(_) | Place::Busy => return Err(busy()),
        Place::Nowhere => return Err(no_table(&id)),
    };
    // The table's own task makes the rematch, so two requests cannot make two.
    match ask(&h, |reply| Cmd::Rematch { token, reply })
        .await
        .ok_or_else(stopped)??
    {
        (new_id, Some(stored)) => {
            go_live(&state, stored).await.map_err(server_error)?;
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
///
/// With a shared store, a table another node owns is served by proxying to that node; one
/// changing hands gets a 1013 close, and the client reconnects.
async fn websocket(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let limits = state.config.limits.clone();
    let upgrade = upgrade
        .max_message_size(crate::ws::hard_limit(&limits))
        .max_frame_size(crate::ws::hard_limit(&limits));
    let h = match cluster::locate(&state, &id).await {
        Place::Here(h) => h,
        Place::Nowhere => {
            let refusal = no_table(&id);
            return upgrade.on_upgrade(move |socket| crate::ws::refuse(socket, refusal));
        }
        Place::There(owner) if !forwarded(&headers) => {
            let url = format!("ws://{}/ws/tables/{id}?{}", owner.addr, raw.unwrap_or_default());
            let adopted = state.adopted.subscribe();
            return upgrade.on_upgrade(move |socket| crate::ws::proxy(socket, url, id, adopted));
        }
        Place::There(_) | Place::Busy => return upgrade.on_upgrade(crate::ws::moving),
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
