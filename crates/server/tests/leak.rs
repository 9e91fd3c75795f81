//! For every game, a whole match over the wire with two scripted people, bots and a
//! spectator: no message to seat K names a card K has not seen in one of its views by then,
//! and no spectator message names a card that is not public (seen by every seat).

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
            *set |= testkit::cards_in_json(&table.view_json(s));
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

async fn play_one(addr: SocketAddr, game: &'static str) -> Result<(), String> {
    let info = games::registry::resolve(game).unwrap();
    let players = info.default_players;
    let seats: Vec<&str> = (0..players).map(|s| if s < 2 { "human" } else { "random" }).collect();
    let created = create(
        addr,
        json!({"game": game, "players": players, "seats": seats, "seed": 21, "deals": 1}),
    )
    .await;
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
            let shown = testkit::cards_in_json(m);
            let hidden = shown - allowed;
            if !hidden.is_empty() {
                return Err(format!(
                    "{game}: {viewer:?} was sent {hidden} at version {version}: {m}"
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
async fn no_message_shows_a_card_its_reader_may_not_see_in_any_game() {
    let db = temp_db("leak");
    let s = start(&db, Limits::default()).await;
    let tasks: Vec<_> = games::registry::all()
        .iter()
        .map(|g| tokio::spawn(play_one(s.addr, g.id)))
        .collect();
    let mut failures = Vec::new();
    for t in tasks {
        if let Err(e) = t.await.unwrap() {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
