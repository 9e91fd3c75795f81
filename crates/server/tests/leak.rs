//! For every game, a whole match over the wire with two scripted people, bots and a
//! spectator: no message to seat K names a card K has not seen in one of its views by then,
//! and no spectator message names a card that is not public (seen by every seat); and nothing
//! received before the end (messages, hints, summaries, the lobby, refused record and replay
//! requests) names the secret seed, the salt or the bots' seed, while the record at the end
//! opens the commitment given in `welcome` and replays.

mod common;

use cards::CardSet;
use common::*;
use engine::Viewer;
use serde_json::{json, Value};
use server::Limits;
use std::net::SocketAddr;

/// What each seat has seen after each number of actions, from a local replay of the record.
fn seen_by_version(record: &engine::GameRecord) -> Vec<Vec<CardSet>> {
    let mut empty = record.clone();
    empty.actions.clear();
    let mut table = tables::open_record(&empty).unwrap();
    let players = record.players;
    let mut seen = vec![CardSet::EMPTY; players];
    let mut out = Vec::new();
    let look = |table: &dyn engine::DynTable, seen: &mut Vec<CardSet>| {
        for (s, set) in seen.iter_mut().enumerate() {
            *set |= testkit::cards_shown(&table.view_json(s));
        }
    };
    look(table.as_ref(), &mut seen);
    out.push(seen.clone());
    for a in &record.actions {
        table.apply_text(a).unwrap();
        look(table.as_ref(), &mut seen);
        out.push(seen.clone());
    }
    out
}

async fn play_one(addr: SocketAddr, db: std::path::PathBuf, game: &'static str) -> Result<(), String> {
    let info = games::registry::resolve(game).unwrap();
    let players = info.default_players;
    let seats: Vec<&str> = (0..players).map(|s| if s < 2 { "human" } else { "random" }).collect();
    let created = create(
        addr,
        json!({"game": game, "players": players, "seats": seats, "deals": 1}),
    )
    .await;
    // Everything received before the end, as text.
    let mut before_end = vec![created.to_string()];
    let id = created["id"].as_str().unwrap().to_string();
    let humans = players.min(2);
    let mut conns = Vec::new();
    for k in 0..humans {
        let token = seat_token(&created, k);
        conns.push(connect(addr, &id, Some(&token)).await);
    }
    let mut spectator = connect(addr, &id, None).await;
    let mut logs: Vec<Vec<Value>> = vec![Vec::new(); humans];
    let mut spectator_log = Vec::new();
    let mut picks = 0usize;
    let mut finished = vec![false; humans];
    // Each person acts when shown actions; all listen until the result.
    while !finished.iter().all(|&f| f) {
        for k in 0..humans {
            if finished[k] {
                continue;
            }
            let m = match tokio::time::timeout(std::time::Duration::from_millis(30), next(&mut conns[k])).await {
                Ok(m) => m,
                Err(_) => continue,
            };
            logs[k].push(m.clone());
            if m["type"] == "state" {
                if m["result"].is_object() {
                    finished[k] = true;
                } else if let Some(actions) = m["actions"].as_array().filter(|a| !a.is_empty()) {
                    picks += 1;
                    if picks == 1 {
                        // A hint, and what the HTTP side tells anyone mid-match.
                        send(&mut conns[k], json!({"type": "hint", "level": "medium"})).await;
                        for path in ["", "/record", "/replay?step=1"] {
                            before_end.push(
                                http(addr, "GET", &format!("/api/tables/{id}{path}"), None)
                                    .await
                                    .1
                                    .to_string(),
                            );
                        }
                        before_end.push(http(addr, "GET", "/api/tables", None).await.1.to_string());
                    }
                    let a = actions[(picks * 7 + 3) % actions.len()]["notation"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    act(&mut conns[k], m["version"].as_u64().unwrap(), &a).await;
                }
            }
        }
        if picks > 20_000 {
            return Err(format!("{game}: the match did not end"));
        }
    }
    loop {
        let m = next(&mut spectator).await;
        let done = m["result"].is_object();
        spectator_log.push(m);
        if done {
            break;
        }
    }
    let (_, record) = http(addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    let record: engine::GameRecord = serde_json::from_value(record).unwrap();
    let commitment = logs[0][0]["seed_commitment"].as_str().unwrap_or_default();
    tables::fairness::verify(&record, Some(commitment)).map_err(|e| format!("{game}: {e}"))?;
    let bot_seed: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT bot_seed FROM tables WHERE public_id = ?1", [&id], |r| r.get(0))
        .unwrap();
    let secrets = [
        record.seed.to_string(),
        record.salt.clone().unwrap(),
        format!("{:x}", record.seed),
        (bot_seed as u64).to_string(),
    ];
    before_end.extend(logs.iter().chain([&spectator_log]).flatten().map(Value::to_string));
    // A hint asked just before the last move may come after the result.
    for (k, conn) in conns.iter_mut().enumerate() {
        while !logs[k].iter().any(|m| m["type"] == "hint") {
            match tokio::time::timeout(std::time::Duration::from_secs(5), next(conn)).await {
                Ok(m) => logs[k].push(m),
                Err(_) => break,
            }
        }
    }
    before_end.extend(logs.iter().flatten().map(Value::to_string));
    if !logs.iter().flatten().any(|m| m["type"] == "hint") {
        let told: Vec<&Value> = logs.iter().flatten().filter(|m| m["type"] != "state").collect();
        return Err(format!("{game}: the hint never came; other messages: {told:?}"));
    }
    for text in &before_end {
        if let Some(secret) = secrets.iter().find(|s| text.contains(s.as_str())) {
            return Err(format!(
                "{game}: {secret} (seed {}) was sent before the end: {text}",
                record.seed
            ));
        }
    }
    let seen = seen_by_version(&record);
    let check = |viewer: Viewer, log: &[Value]| -> Result<(), String> {
        for m in log {
            let Some(version) = m["version"].as_u64() else { continue };
            if m["type"] == "error" {
                continue;
            }
            let allowed = match viewer {
                Viewer::Seat(k) => seen[version as usize][k],
                Viewer::Spectator => seen[version as usize].iter().fold(!CardSet::EMPTY, |a, &b| a & b),
            };
            // An action's notation may name a card nobody holds yet (Solo's "call AC": the
            // ace to call); the legal actions follow from the seat's view, and their labels and
            // card lists, which a page shows, are still checked.
            let mut m = m.clone();
            if let Some(actions) = m["actions"].as_array_mut() {
                for a in actions {
                    a["notation"] = Value::Null;
                }
            }
            let shown = testkit::cards_shown(&m);
            let hidden = shown - allowed;
            if !hidden.is_empty() {
                return Err(format!(
                    "{game} (seed {}): {viewer:?} was sent {hidden} at version {version}: {m}",
                    record.seed
                ));
            }
        }
        Ok(())
    };
    for (k, log) in logs.iter().enumerate() {
        check(Viewer::Seat(k), log)?;
    }
    check(Viewer::Spectator, &spectator_log)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_shows_a_card_its_reader_may_not_see_nor_the_seed_in_any_game() {
    let (_dir, db) = temp_db("leak");
    let s = start(&db, Limits::default()).await;
    let tasks: Vec<_> = games::registry::all()
        .iter()
        .map(|g| tokio::spawn(play_one(s.addr, db.clone(), g.id)))
        .collect();
    let mut failures = Vec::new();
    for t in tasks {
        if let Err(e) = t.await.unwrap() {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
