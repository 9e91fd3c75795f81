//! The protocol over real sockets on loopback: create, join, play, refusals that change
//! nothing, reconnecting, spectators, rematches, persistence across a restart, and every
//! message checked against the published JSON schema.

mod common;

use common::*;
use serde_json::json;
use server::Limits;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_match_against_bots() {
    let (_dir, db) = temp_db("whole");
    let s = start(&db, Limits::default()).await;
    let created = create(
        s.addr,
        json!({"game": "hearts", "seats": ["human", "medium", "medium", "medium"], "seed": 5, "deals": 1}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = seat_token(&created, 0);
    assert_eq!(token.len(), 32);
    assert_eq!(created["seats"][1]["kind"], "bot");
    let mut ws = connect(s.addr, &id, Some(&token)).await;
    let mut log = Vec::new();
    let welcome = next(&mut ws).await;
    assert_eq!(welcome["type"], "welcome");
    assert_eq!(welcome["viewer"], json!({"kind": "seat", "seat": 0}));
    log.push(welcome);
    let mut decisions = 0;
    loop {
        let state = my_turn(&mut ws, &mut log).await;
        if state["result"].is_object() {
            let totals: i64 = state["result"]["totals"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_i64().unwrap())
                .sum();
            assert!(
                totals == 26 || totals == 78,
                "a deal scores 26 (78 after a moon): {state}"
            );
            break;
        }
        let version = state["version"].as_u64().unwrap();
        let action = state["actions"][0]["notation"].as_str().unwrap().to_string();
        act(&mut ws, version, &action).await;
        let ack = until(&mut ws, "ack").await;
        log.extend(ack.iter().cloned());
        assert_eq!(ack.last().unwrap()["version"], version + 1);
        decisions += 1;
    }
    assert!(decisions >= 16, "three passes and thirteen cards: {decisions}");
    check_schema(&log);
    // Finished: listed in the lobby, replayable, its record public.
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    assert!(
        lobby["finished"].as_array().unwrap().iter().any(|t| t["id"] == id),
        "{lobby}"
    );
    let (status, record) = http(s.addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, 200);
    let steps = record["actions"].as_array().unwrap().len();
    let (_, r) = http(s.addr, "GET", &format!("/api/tables/{id}/replay?step=3&seat=all"), None).await;
    assert_eq!(r["views"].as_array().unwrap().len(), 4);
    assert_eq!(r["steps"], steps);
    for v in r["views"].as_array().unwrap() {
        let seat = v["viewer"]["seat"].as_u64().unwrap() as usize;
        assert_eq!(v["scene"]["seats"][seat]["hand"]["kind"], "shown", "all hands open");
    }
    let (_, r) = http(s.addr, "GET", &format!("/api/tables/{id}/replay?step=20"), None).await;
    assert_eq!(r["views"][0]["viewer"]["kind"], "spectator");
    assert_eq!(r["deal_starts"], json!([0]));
    let (status, _) = http(s.addr, "GET", &format!("/api/tables/{id}/replay?step=100000"), None).await;
    assert_eq!(status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_moves_are_refused_and_change_nothing() {
    let (_dir, db) = temp_db("refusals");
    let s = start(&db, Limits::default()).await;
    let created = create(
        s.addr,
        json!({"game": "hearts", "seats": ["human", "human", "medium", "medium"], "seed": 9}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = seat_token(&created, 0);
    let t1 = seat_token(&created, 1);
    let mut a = connect(s.addr, &id, Some(&t0)).await;
    let mut log = until(&mut a, "state").await;
    // Waiting for seat 1: the match has not started.
    assert_eq!(log.last().unwrap()["status"], "waiting");
    act(&mut a, 0, "2C").await;
    let e = until(&mut a, "error").await.pop().unwrap();
    assert_eq!(e["code"], "waiting", "{e}");
    let mut b = connect(s.addr, &id, Some(&t1)).await;
    let mut blog = Vec::new();
    // Seat 1 passes first (the dealer is seat 0).
    let state = my_turn(&mut b, &mut blog).await;
    let version = state["version"].as_u64().unwrap();
    let legal: Vec<String> = state["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["notation"].as_str().unwrap().to_string())
        .collect();
    let not_mine = [
        "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC",
    ]
    .into_iter()
    .find(|c| !legal.iter().any(|l| l == c))
    .unwrap();
    let before = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await.1;
    for (msg, code) in [
        (
            json!({"type": "act", "version": version + 5, "action": legal[0]}),
            "stale",
        ),
        (
            json!({"type": "act", "version": version, "action": not_mine}),
            "illegal",
        ),
        (json!({"type": "act", "version": version, "action": "zz"}), "malformed"),
        (json!({"type": "dance"}), "malformed"),
        (
            json!({"type": "act", "version": version, "action": "x".repeat(300)}),
            "malformed",
        ),
    ] {
        send(&mut b, msg).await;
        let e = until(&mut b, "error").await.pop().unwrap();
        assert_eq!(e["code"], code, "{e}");
        blog.push(e);
    }
    // Seat 0 acting out of turn, and a spectator acting at all.
    act(&mut a, version, "2C").await;
    let e = until(&mut a, "error").await.pop().unwrap();
    assert_eq!(e["code"], "not-your-turn", "{e}");
    log.push(e);
    let mut spectator = connect(s.addr, &id, None).await;
    let mut slog = until(&mut spectator, "state").await;
    act(&mut spectator, version, &legal[0]).await;
    let e = until(&mut spectator, "error").await.pop().unwrap();
    assert_eq!(e["code"], "spectator");
    slog.push(e);
    let after = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await.1;
    assert_eq!(before["version"], after["version"], "nothing changed");
    // A bad token is refused with a reason the page can show, then a 1008 close.
    let (code, reason) = refused_at_the_door(s.addr, &format!("/ws/tables/{id}?token=0123")).await;
    assert_eq!(code, "bad-token");
    assert!(reason.contains("no longer valid"), "{reason}");
    // A foreign origin is refused; the server's own is accepted.
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
        "ws://{}/ws/tables/{id}",
        s.addr
    ))
    .unwrap();
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_err());
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
        "ws://{}/ws/tables/{id}",
        s.addr
    ))
    .unwrap();
    req.headers_mut()
        .insert("origin", format!("http://{}", s.addr).parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_ok());
    // The spectator never sees a hand.
    for m in &slog {
        if m["type"] == "state" {
            for seat in m["scene"]["seats"].as_array().unwrap() {
                assert_ne!(seat["hand"]["kind"], "shown", "{seat}");
            }
        }
    }
    check_schema(&log);
    check_schema(&blog);
    check_schema(&slog);
    // HTTP refusals name the problem.
    for (body, code) in [
        (json!({"game": "heartz"}), "unknown-game"),
        (json!({"game": "hearts", "players": 5}), "bad-table"),
        (json!({"game": "hearts", "variants": ["omnibus=maybe"]}), "bad-table"),
        (
            json!({"game": "hearts", "seats": ["human", "genius", "medium", "medium"]}),
            "bad-table",
        ),
        (json!({"game": "hearts", "surprise": 1}), "malformed"),
    ] {
        let (status, v) = http(s.addr, "POST", "/api/tables", Some(body)).await;
        assert_eq!(status, 400, "{v}");
        assert_eq!(v["error"]["code"], code, "{v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_restores_the_seat_and_its_scene_and_a_rematch_keeps_the_players() {
    let (_dir, db) = temp_db("reconnect");
    let s = start(&db, Limits::default()).await;
    let created = create(
        s.addr,
        json!({"game": "belote", "seats": ["human", "medium", "medium", "medium"], "seed": 4, "deals": 1}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = seat_token(&created, 0);
    let mut ws = connect(s.addr, &id, Some(&token)).await;
    let mut log = Vec::new();
    let state = my_turn(&mut ws, &mut log).await;
    drop(ws);
    let mut again = connect(s.addr, &id, Some(&token)).await;
    let mut log2 = Vec::new();
    let restored = my_turn(&mut again, &mut log2).await;
    assert_eq!(restored["scene"], state["scene"]);
    assert_eq!(restored["version"], state["version"]);
    assert_eq!(log2[0]["viewer"], json!({"kind": "seat", "seat": 0}));
    // Play to the end.
    let mut st = restored;
    while st["result"].is_null() {
        let v = st["version"].as_u64().unwrap();
        let a = st["actions"][0]["notation"].as_str().unwrap().to_string();
        act(&mut again, v, &a).await;
        st = my_turn(&mut again, &mut log2).await;
    }
    check_schema(&log2);
    let (status, v) = http(
        s.addr,
        "POST",
        &format!("/api/tables/{id}/rematch"),
        Some(json!({"token": "nope"})),
    )
    .await;
    assert_eq!(status, 403, "{v}");
    let (status, v) = http(
        s.addr,
        "POST",
        &format!("/api/tables/{id}/rematch"),
        Some(json!({"token": token})),
    )
    .await;
    assert_eq!(status, 201, "{v}");
    let new_id = v["id"].as_str().unwrap().to_string();
    let told = until(&mut again, "rematch").await.pop().unwrap();
    assert_eq!(told["table"], new_id);
    // Asking again answers with the same table: one rematch per table.
    let (status, v) = http(
        s.addr,
        "POST",
        &format!("/api/tables/{id}/rematch"),
        Some(json!({"token": token})),
    )
    .await;
    assert_eq!((status, v["id"].as_str()), (200, Some(new_id.as_str())), "{v}");
    // The same token holds the same seat at the new table, which starts at once.
    let mut next_table = connect(s.addr, &new_id, Some(&token)).await;
    let first = until(&mut next_table, "state").await.pop().unwrap();
    assert_eq!(first["status"], "playing");
    let (_, summary) = http(s.addr, "GET", &format!("/api/tables/{new_id}"), None).await;
    assert_eq!(summary["rematch_of"], id);
    let (_, parent) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(parent["rematch"], new_id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friends_join_by_invite_or_from_the_lobby() {
    let (_dir, db) = temp_db("join");
    let s = start(&db, Limits::default()).await;
    // The creator's seat, one kept for an invited friend, two open to anyone.
    let created = create(
        s.addr,
        json!({"game": "jewel", "players": 4, "seats": ["you", "invite", "open", "open"]}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["seats"][0]["kind"], "you");
    assert_eq!(created["seats"][1]["kind"], "invite");
    assert_eq!(
        created["seats"][2],
        json!({"seat": 2, "kind": "open"}),
        "open seats have no token yet"
    );
    let invite = created["seats"][1]["invite"].as_str().unwrap();
    assert!(invite.starts_with(&format!("/play/{id}?seat=1&token=")));
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    let listed = lobby["open"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .cloned();
    let listed = listed.expect("a table with open seats is listed to join");
    let open: Vec<bool> = listed["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["open"] == true)
        .collect();
    assert_eq!(open, [false, false, true, true]);
    // Two people join from the lobby: they get the open seats 2 and 3, never a reserved one;
    // then nobody else can join.
    let join = |name: &'static str| {
        let id = id.clone();
        async move {
            http(
                s.addr,
                "POST",
                &format!("/api/tables/{id}/join"),
                Some(json!({ "name": name })),
            )
            .await
        }
    };
    let (status, j0) = join("Ana").await;
    assert_eq!(status, 200, "{j0}");
    let (_, j1) = join("Ben").await;
    assert_eq!((j0["seat"].as_u64(), j1["seat"].as_u64()), (Some(2), Some(3)));
    let (status, v) = join("Cy").await;
    assert_eq!(status, 409, "{v}");
    assert_eq!(v["error"]["code"], "full");
    // No seat is open now: the table leaves the lobby's open list though it still waits.
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    assert!(
        !lobby["open"].as_array().unwrap().iter().any(|t| t["id"] == id),
        "{lobby}"
    );
    // The reserved seats are still theirs.
    let mut mine = connect(s.addr, &id, Some(&seat_token(&created, 0))).await;
    let welcome = next(&mut mine).await;
    assert_eq!(welcome["viewer"], json!({"kind": "seat", "seat": 0}));
    let m = until(&mut mine, "state").await.pop().unwrap();
    assert_eq!(m["status"], "waiting", "the invited friend has not sat down yet");
    let mut friend = connect(s.addr, &id, Some(&seat_token(&created, 1))).await;
    let m = until(&mut friend, "state").await.pop().unwrap();
    assert_eq!(m["status"], "playing", "the last seat filled starts the match");
    let (_, summary) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
    let names: Vec<&str> = summary["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Tester", "Tester 2", "Ana", "Ben"],
        "names are unique at a table"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_replays_its_tables_and_play_goes_on() {
    let (_dir, db) = temp_db("restart");
    let s = start(&db, Limits::default()).await;
    let created = create(
        s.addr,
        json!({"game": "panguingue", "players": 4, "seats": ["human", "hard", "medium", "easy"], "seed": 8}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = seat_token(&created, 0);
    let mut ws = connect(s.addr, &id, Some(&token)).await;
    let mut log = Vec::new();
    let mut state = my_turn(&mut ws, &mut log).await;
    for _ in 0..3 {
        let v = state["version"].as_u64().unwrap();
        let a = state["actions"][0]["notation"].as_str().unwrap().to_string();
        act(&mut ws, v, &a).await;
        until(&mut ws, "ack").await;
        state = my_turn(&mut ws, &mut log).await;
    }
    drop(ws);
    s.task.abort();
    let _ = s.task.await;
    let s2 = start(&db, Limits::default()).await;
    let mut ws = connect(s2.addr, &id, Some(&token)).await;
    let mut log2 = Vec::new();
    let again = my_turn(&mut ws, &mut log2).await;
    assert_eq!(again["version"], state["version"]);
    assert_eq!(again["scene"], state["scene"]);
    assert_eq!(again["actions"], state["actions"]);
    let v = again["version"].as_u64().unwrap();
    let a = again["actions"][0]["notation"].as_str().unwrap().to_string();
    act(&mut ws, v, &a).await;
    let ack = until(&mut ws, "ack").await.pop().unwrap();
    assert_eq!(ack["version"], v + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_out_of_time_has_a_bot_play_for_them() {
    let (_dir, db) = temp_db("clock");
    let s = start(&db, Limits::default()).await;
    let created = create(
        s.addr,
        json!({"game": "hearts", "seats": ["human", "medium", "medium", "medium"], "seed": 5, "clock_seconds": 5}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = seat_token(&created, 0);
    let mut ws = connect(s.addr, &id, Some(&token)).await;
    let mut log = Vec::new();
    let state = my_turn(&mut ws, &mut log).await;
    let version = state["version"].as_u64().unwrap();
    // The state says whose clock runs and how much of it is left.
    assert_eq!(state["clock"]["seat"], 0, "{state}");
    let left = state["clock"]["remaining_ms"].as_u64().unwrap();
    assert!(left > 3000 && left <= 5000, "{left}");
    check_schema(&log);
    // Say nothing: within the clock and a little more, the table moves on without us.
    let started = std::time::Instant::now();
    loop {
        let m = next(&mut ws).await;
        if m["type"] == "state" && m["version"].as_u64().unwrap() > version {
            let mine = m["feed"].as_array().unwrap().iter().any(|f| f["event"]["seat"] == 0);
            assert!(mine, "the timed-out decision is told as seat 0's: {m}");
            break;
        }
    }
    let waited = started.elapsed().as_secs_f64();
    assert!((4.0..15.0).contains(&waited), "{waited}");
}

#[test]
fn the_database_is_migrated_and_reopens() {
    let (_dir, db) = temp_db("migrate");
    let store = server::store::SqliteStore::open(&db).unwrap();
    assert_eq!(store.schema_version().unwrap(), 3);
    drop(store);
    let store = server::store::SqliteStore::open(&db).unwrap();
    assert_eq!(store.schema_version().unwrap(), 3);
    // A database from a newer server is refused, not damaged.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE schema_version SET version = 99", []).unwrap();
    drop(conn);
    let err = server::store::SqliteStore::open(&db).err().unwrap();
    assert!(err.contains("newer"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_and_spectators_chat_apart_and_the_chat_is_kept() {
    let (_dir, db) = temp_db("chat");
    let s = start(&db, Limits::default()).await;
    let created = create(
        s.addr,
        json!({"game": "hearts", "seats": ["you", "invite", "easy", "easy"], "deals": 1}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut a = connect(s.addr, &id, Some(&seat_token(&created, 0))).await;
    until(&mut a, "state").await;
    let mut b = connect(s.addr, &id, Some(&seat_token(&created, 1))).await;
    until(&mut b, "state").await;
    let (mut watcher, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/ws/tables/{id}?name=%3Ci%3EEve%3C%2Fi%3E", s.addr))
            .await
            .unwrap();
    until(&mut watcher, "state").await;
    let mut log = Vec::new();
    // A seat's message reaches both seats, not the spectator; text stays text.
    send(&mut a, json!({"type": "chat", "text": "  good <b>luck</b>\u{202E}!  "})).await;
    let got = until(&mut b, "chat").await.pop().unwrap();
    assert_eq!(got["text"], "good <b>luck</b>!");
    assert_eq!(
        (got["seat"].as_u64(), got["channel"].as_str()),
        (Some(0), Some("table"))
    );
    assert_eq!(got["name"], "Tester");
    log.push(got);
    log.push(until(&mut a, "chat").await.pop().unwrap());
    // The spectator's message reaches spectators only.
    send(&mut watcher, json!({"type": "chat", "text": "nice"})).await;
    let seen = until(&mut watcher, "chat").await.pop().unwrap();
    assert_eq!(
        (seen["channel"].as_str(), seen["seat"].is_null()),
        (Some("spectators"), true)
    );
    assert_eq!(seen["name"], "iEve/i");
    // Limits: too long, empty, too many at once.
    send(&mut a, json!({"type": "chat", "text": "x".repeat(201)})).await;
    let e = until(&mut a, "error").await.pop().unwrap();
    assert_eq!(e["code"], "malformed");
    assert!(e["reason"].as_str().unwrap().contains("200"), "{e}");
    send(&mut a, json!({"type": "chat", "text": " \u{200B} "})).await;
    assert_eq!(until(&mut a, "error").await.pop().unwrap()["code"], "malformed");
    for k in 0..4 {
        send(&mut b, json!({"type": "chat", "text": format!("msg {k}")})).await;
    }
    let mut codes = Vec::new();
    loop {
        let m = next(&mut b).await;
        if m["type"] == "error" {
            codes.push(m["code"].as_str().unwrap().to_string());
            break;
        }
        if m["type"] == "chat" {
            codes.push("chat".to_string());
        }
    }
    assert_eq!(
        codes,
        ["chat", "chat", "chat", "rate"],
        "the fourth in five seconds is refused"
    );
    // Nothing of it reached the spectator, whose next message is not a chat from the table.
    send(&mut watcher, json!({"type": "ping"})).await;
    let m = until(&mut watcher, "pong").await;
    assert!(m.iter().all(|m| m["type"] != "chat"), "{m:?}");
    // Kept with the table: a newcomer to the seat gets the history; after a restart too.
    drop(b);
    s.task.abort();
    let _ = s.task.await;
    let s2 = start(&db, Limits::default()).await;
    let mut again = connect(s2.addr, &id, Some(&seat_token(&created, 1))).await;
    let history = until(&mut again, "chat-history").await.pop().unwrap();
    let texts: Vec<&str> = history["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        ["good <b>luck</b>!", "msg 0", "msg 1", "msg 2"],
        "the table channel only"
    );
    log.push(history);
    check_schema(&log);
}
