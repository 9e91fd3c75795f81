//! Fair, private tables, tried as an outside client would: the seed is secret until the end and
//! then opens the commitment published at the start; chosen seeds are marked; a rematch deals
//! afresh, once; reserved seats cannot be taken; refused tokens are told why; Host and Origin
//! are checked; every HTTP error is JSON; names come back cleaned.

mod common;

use common::*;
use serde_json::{json, Value};
use server::Limits;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One raw HTTP/1.1 request with the headers given (Host included or not); status and body.
async fn raw(addr: SocketAddr, head: &str, body: &str) -> (u16, Value) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{head}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text.split(' ').nth(1).unwrap().parse().unwrap();
    let (headers, body) = text.split_once("\r\n\r\n").unwrap();
    assert!(
        status < 400 || headers.to_ascii_lowercase().contains("content-type: application/json"),
        "an error answer is JSON: {text}"
    );
    (
        status,
        serde_json::from_str(body).unwrap_or(Value::String(body.to_string())),
    )
}

/// Plays a table's person seat (seat 0, the others bots) to the end with the first legal
/// action each time; returns every message received.
async fn play_out(addr: SocketAddr, id: &str, token: &str) -> Vec<Value> {
    let mut ws = connect(addr, id, Some(token)).await;
    let mut log = Vec::new();
    loop {
        let st = my_turn(&mut ws, &mut log).await;
        if st["result"].is_object() {
            return log;
        }
        let v = st["version"].as_u64().unwrap();
        let a = st["actions"][0]["notation"].as_str().unwrap().to_string();
        act(&mut ws, v, &a).await;
    }
}

fn is_hex(v: &Value, len: usize) -> bool {
    v.as_str()
        .is_some_and(|s| s.len() == len && s.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seed_is_secret_until_the_end_and_then_opens_the_commitment() {
    let (_dir, db) = temp_db("fair-seed");
    let s = start(&db, Limits::default()).await;
    let created = create(s.addr, json!({"game": "hearts", "deals": 1})).await;
    assert!(
        created.get("seed").is_none(),
        "the creator is not told the seed: {created}"
    );
    assert!(is_hex(&created["id"], 20), "{created}");
    assert!(is_hex(&created["seed_commitment"], 64), "{created}");
    assert_eq!(created["chosen_seed"], false);
    assert_eq!(created["seats"][0]["kind"], "you");
    let id = created["id"].as_str().unwrap().to_string();
    let commitment = created["seed_commitment"].clone();
    // Before the end: the summary carries the commitment, not the seed; the record is refused.
    let (_, summary) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["seed_commitment"], commitment);
    assert!(
        summary.get("seed").is_none() && summary.get("salt").is_none(),
        "{summary}"
    );
    let (status, v) = http(s.addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!((status, v["error"]["code"].as_str()), (409, Some("not-over")));
    let log = play_out(s.addr, &id, &seat_token(&created, 0)).await;
    assert_eq!(log[0]["type"], "welcome");
    assert_eq!(log[0]["seed_commitment"], commitment);
    assert_eq!(log[0]["chosen_seed"], false);
    check_schema(&log);
    // After: the summary and the record carry the seed and salt, which open the commitment, and
    // the record replays.
    let (_, summary) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
    let (_, record) = http(s.addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    let seed = summary["seed"].as_u64().expect("the seed, once over");
    assert_eq!(record["seed"].as_u64(), Some(seed));
    assert_eq!(record["salt"], summary["salt"]);
    assert!(is_hex(&record["salt"], 32));
    let salt = record["salt"].as_str().unwrap().to_string();
    assert_eq!(tables::fairness::commitment(seed, &salt), commitment.as_str().unwrap());
    let record: engine::GameRecord = serde_json::from_value(record).unwrap();
    let verified = tables::fairness::verify(&record, commitment.as_str()).unwrap();
    assert!(verified.over && !verified.chosen_seed);
    // Nothing sent before the end named the seed or the salt.
    let before: String = log.iter().map(Value::to_string).collect();
    assert!(!before.contains(&seed.to_string()) && !before.contains(&salt));
    // After a restart the finished table sleeps: its summary, made from a replay of the record,
    // says the same.
    s.task.abort();
    let _ = s.task.await;
    let s2 = start(&db, Limits::default()).await;
    let (status, asleep) = http(s2.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(status, 200, "{asleep}");
    for key in [
        "seed",
        "salt",
        "seed_commitment",
        "totals",
        "winners",
        "version",
        "status",
        "seats",
        "name",
    ] {
        let mut live = summary[key].clone();
        let mut slept = asleep[key].clone();
        if key == "seats" {
            // Nobody is connected to a sleeping table.
            for v in [&mut live, &mut slept] {
                for seat in v.as_array_mut().unwrap() {
                    seat["connected"] = json!(false);
                }
            }
        }
        assert_eq!(live, slept, "{key}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_seed_is_marked_everywhere() {
    let (_dir, db) = temp_db("fair-chosen");
    let s = start(&db, Limits::default()).await;
    let created = create(s.addr, json!({"game": "belote", "seed": 42, "deals": 1})).await;
    assert_eq!(created["chosen_seed"], true);
    let id = created["id"].as_str().unwrap().to_string();
    let (_, summary) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(summary["chosen_seed"], true);
    let mut ws = connect(s.addr, &id, Some(&seat_token(&created, 0))).await;
    let welcome = next(&mut ws).await;
    assert_eq!(welcome["chosen_seed"], true);
    drop(ws);
    let log = play_out(s.addr, &id, &seat_token(&created, 0)).await;
    check_schema(&log);
    let (_, record) = http(s.addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(
        (record["seed"].as_u64(), &record["chosen_seed"]),
        (Some(42), &json!(true))
    );
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    let listed = lobby["finished"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(listed["chosen_seed"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_deals_afresh_once_even_when_asked_twice_at_once() {
    let (_dir, db) = temp_db("fair-rematch");
    let s = start(&db, Limits::default()).await;
    let created = create(s.addr, json!({"game": "hearts", "deals": 1})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = seat_token(&created, 0);
    play_out(s.addr, &id, &token).await;
    let ask = || {
        let (id, token) = (id.clone(), token.clone());
        let addr = s.addr;
        tokio::spawn(async move {
            http(
                addr,
                "POST",
                &format!("/api/tables/{id}/rematch"),
                Some(json!({ "token": token })),
            )
            .await
        })
    };
    let (a, b) = (ask(), ask());
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [200, 201],
        "one request makes it, the other is told it: {a:?} {b:?}"
    );
    assert_eq!(a.1["id"], b.1["id"]);
    let new_id = a.1["id"].as_str().unwrap().to_string();
    assert_ne!(new_id, id);
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    let rematches = ["open", "playing", "finished"]
        .iter()
        .flat_map(|k| lobby[k].as_array().unwrap().clone())
        .filter(|t| t["rematch_of"] == id)
        .count();
    assert_eq!(rematches, 1, "{lobby}");
    let (_, fresh) = http(s.addr, "GET", &format!("/api/tables/{new_id}"), None).await;
    let (_, old) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_ne!(fresh["seed_commitment"], old["seed_commitment"]);
    assert_eq!(fresh["chosen_seed"], false);
    // Its deals differ from the parent's: play it out and compare the seeds.
    play_out(s.addr, &new_id, &token).await;
    let (_, r1) = http(s.addr, "GET", &format!("/api/tables/{id}/record"), None).await;
    let (_, r2) = http(s.addr, "GET", &format!("/api/tables/{new_id}/record"), None).await;
    assert_ne!(r1["seed"], r2["seed"]);
    assert_ne!(
        r2["seed"].as_u64().unwrap(),
        r1["seed"].as_u64().unwrap().wrapping_add(1)
    );
    let hand = |record: &Value| {
        let record: engine::GameRecord = serde_json::from_value(record.clone()).unwrap();
        let mut start = record.clone();
        start.actions.clear();
        let t = tables::open_record(&start).unwrap();
        t.view_json(0)["hand"].clone()
    };
    assert_ne!(hand(&r1), hand(&r2), "another deal");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reserved_seats_cannot_be_taken_and_refused_tokens_are_told_why() {
    let (_dir, db) = temp_db("fair-seats");
    let s = start(&db, Limits::default()).await;
    // The default table: the creator's seat and bots. A stranger who finds it cannot sit.
    let created = create(s.addr, json!({"game": "hearts"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (status, v) = http(s.addr, "POST", &format!("/api/tables/{id}/join"), Some(json!({}))).await;
    assert_eq!((status, v["error"]["code"].as_str()), (409, Some("full")), "{v}");
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    assert!(
        !lobby["open"].as_array().unwrap().iter().any(|t| t["id"] == id),
        "a table without open seats is not offered to join"
    );
    // The creator sits down (with a name to clean).
    let path = format!(
        "/ws/tables/{id}?seat=0&token={}&name=%20%3Cb%3EBo%3C%2Fb%3E%E2%80%AE%07%20",
        seat_token(&created, 0)
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}{path}", s.addr))
        .await
        .unwrap();
    assert_eq!(next(&mut ws).await["viewer"]["seat"], 0);
    let (_, summary) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(
        summary["seats"][0]["name"], "bBo/b",
        "markup, bidi and control characters removed"
    );
    // A token that holds no seat: told why, then closed with 1008.
    let (code, reason) = refused_at_the_door(s.addr, &format!("/ws/tables/{id}?seat=0&token={}", "0".repeat(32))).await;
    assert_eq!(code, "bad-token");
    assert!(reason.contains("was taken by bBo/b"), "{reason}");
    let (code, reason) = refused_at_the_door(s.addr, &format!("/ws/tables/{id}?seat=3&token=abc")).await;
    assert_eq!(code, "bad-token");
    assert!(reason.contains("no longer valid"), "{reason}");
    // No such table, and a guessed one.
    let (code, _) = refused_at_the_door(s.addr, &format!("/ws/tables/{}", "0".repeat(20))).await;
    assert_eq!(code, "no-table");
    for guess in ["1", "2", "0000000000000000000a"] {
        let (status, v) = http(s.addr, "GET", &format!("/api/tables/{guess}"), None).await;
        assert_eq!((status, v["error"]["code"].as_str()), (404, Some("no-table")));
    }
    // Spectators get no hints.
    let mut spectator = connect(s.addr, &id, None).await;
    until(&mut spectator, "state").await;
    send(&mut spectator, json!({"type": "hint", "level": "medium"})).await;
    let e = until(&mut spectator, "error").await.pop().unwrap();
    assert_eq!(e["code"], "spectator", "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_hosts_and_origins_are_refused_and_every_error_is_json() {
    let (_dir, db) = temp_db("fair-host");
    let s = server::start(server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.clone(),
        public_urls: vec!["https://cards.example.org".into()],
        allowed_origins: Vec::new(),
        limits: Limits::default(),
        node: Default::default(),
    })
    .await
    .unwrap();
    let a = s.addr;
    // DNS rebinding: a page at evil.example whose name now points here.
    let (status, v) = raw(a, "GET /api/games HTTP/1.1\r\nHost: evil.example:8080", "").await;
    assert_eq!((status, v["error"]["code"].as_str()), (421, Some("bad-host")), "{v}");
    let (status, _) = raw(a, &format!("GET /api/games HTTP/1.1\r\nHost: {a}"), "").await;
    assert_eq!(status, 200);
    let (status, _) = raw(a, "GET /api/games HTTP/1.1\r\nHost: cards.example.org", "").await;
    assert_eq!(status, 200, "the public name is served");
    // A write from another origin's page is refused; a program without Origin is served.
    let body = json!({"game": "hearts"}).to_string();
    let (status, v) = raw(
        a,
        &format!(
            "POST /api/tables HTTP/1.1\r\nHost: {a}\r\nOrigin: http://evil.example\r\nContent-Type: application/json"
        ),
        &body,
    )
    .await;
    assert_eq!((status, v["error"]["code"].as_str()), (403, Some("bad-origin")), "{v}");
    let (status, created) = raw(
        a,
        &format!("POST /api/tables HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json"),
        &body,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    // WebSockets: a foreign origin, and a foreign Host, are refused; the public URL's origin
    // and the server's own address pass.
    let ws = |host: &str, origin: Option<&str>| {
        let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
            "ws://{a}/ws/tables/{id}"
        ))
        .unwrap();
        req.headers_mut().insert("host", host.parse().unwrap());
        if let Some(o) = origin {
            req.headers_mut().insert("origin", o.parse().unwrap());
        }
        tokio_tungstenite::connect_async(req)
    };
    assert!(ws(&a.to_string(), Some("http://evil.example")).await.is_err());
    assert!(ws("evil.example", Some("http://evil.example")).await.is_err());
    assert!(ws("evil.example", None).await.is_err());
    assert!(ws(&a.to_string(), Some(&format!("http://{a}"))).await.is_ok());
    assert!(ws("cards.example.org", Some("https://cards.example.org")).await.is_ok());
    assert!(ws(&a.to_string(), None).await.is_ok());
    // Errors made below the handlers are JSON too.
    let host = format!("Host: {a}");
    for (head, body, status) in [
        (
            format!("GET /api/tables/{id}/replay?step=minus HTTP/1.1\r\n{host}"),
            String::new(),
            400,
        ),
        (format!("DELETE /api/tables HTTP/1.1\r\n{host}"), String::new(), 405),
        (
            format!("POST /api/tables HTTP/1.1\r\n{host}\r\nContent-Type: text/plain"),
            body.clone(),
            415,
        ),
        (
            format!("POST /api/tables HTTP/1.1\r\n{host}\r\nContent-Type: application/json"),
            format!("{{\"game\": \"{}\"}}", "x".repeat(10_000)),
            413,
        ),
        (format!("GET /assets/nothing.js HTTP/1.1\r\n{host}"), String::new(), 404),
        (format!("GET /ws/tables/{id} HTTP/1.1\r\n{host}"), String::new(), 400),
        (format!("GET /nowhere HTTP/1.1\r\n{host}"), String::new(), 404),
    ] {
        let (got, v) = raw(a, &head, &body).await;
        assert_eq!(got, status, "{head}: {v}");
        assert!(
            v["error"]["code"].is_string() && v["error"]["reason"].is_string(),
            "{head}: {v}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_far_over_the_limit_still_closes_with_1009() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (_dir, db) = temp_db("fair-size");
    let s = start(&db, Limits::default()).await;
    let created = create(s.addr, json!({"game": "hearts"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    // Up to the hard limit (64 KiB) the whole message is read and answered with a 1009 close.
    for size in [5 * 1024, 60 * 1024] {
        let mut ws = connect(s.addr, &id, None).await;
        let _ = ws.send(Message::Text("x".repeat(size).into())).await;
        let code = loop {
            match tokio::time::timeout(Duration::from_secs(10), ws.next())
                .await
                .expect("in time")
            {
                Some(Ok(Message::Close(Some(frame)))) => break u16::from(frame.code),
                Some(Ok(_)) => continue,
                other => panic!("{size} bytes: expected a close frame, got {other:?}"),
            }
        };
        assert_eq!(code, 1009, "{size} bytes");
    }
    // Past it the WebSocket layer stops reading mid-frame: the server still sends its 1009
    // close, but a client still sending may see the connection reset instead. Either way it
    // ends, and the server goes on.
    let mut ws = connect(s.addr, &id, None).await;
    let _ = ws.send(Message::Text("x".repeat(2 * 1024 * 1024).into())).await;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("in time")
        {
            Some(Ok(Message::Close(Some(frame)))) => {
                assert_eq!(u16::from(frame.code), 1009);
                break;
            }
            Some(Ok(Message::Close(None))) | Some(Err(_)) | None => break,
            Some(Ok(_)) => continue,
        }
    }
    let (status, _) = http(s.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn left_tables_close_or_pause_and_their_people_can_come_back() {
    let (_dir, db) = temp_db("idle");
    let idle = Duration::from_millis(700);
    let s = start(
        &db,
        Limits {
            idle,
            ..Limits::default()
        },
    )
    .await;
    // A waiting table: its creator looks in, leaves, and nobody comes.
    let waiting = create(
        s.addr,
        json!({"game": "hearts", "seats": ["you", "open", "easy", "easy"]}),
    )
    .await;
    let wid = waiting["id"].as_str().unwrap().to_string();
    let listed = |lobby: &Value, list: &str, id: &str| lobby[list].as_array().unwrap().iter().any(|t| t["id"] == id);
    let mut ws = connect(s.addr, &wid, Some(&seat_token(&waiting, 0))).await;
    until(&mut ws, "state").await;
    tokio::time::sleep(idle * 2).await;
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    assert!(listed(&lobby, "open", &wid), "someone is connected: it stays open");
    drop(ws);
    tokio::time::sleep(idle * 3).await;
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    assert!(!listed(&lobby, "open", &wid), "left: out of the lobby {lobby}");
    let (_, summary) = http(s.addr, "GET", &format!("/api/tables/{wid}"), None).await;
    assert_eq!(summary["status"], "closed");
    let (status, _) = http(s.addr, "POST", &format!("/api/tables/{wid}/join"), Some(json!({}))).await;
    assert_eq!(status, 409, "a closed table takes nobody new");
    // Its creator comes back: open again.
    let mut ws = connect(s.addr, &wid, Some(&seat_token(&waiting, 0))).await;
    let state = until(&mut ws, "state").await.pop().unwrap();
    assert_eq!(state["status"], "waiting");
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    assert!(listed(&lobby, "open", &wid));
    drop(ws);
    // A playing table whose person left: paused, not being played, and the seat comes back.
    let playing = create(s.addr, json!({"game": "hearts"})).await;
    let pid = playing["id"].as_str().unwrap().to_string();
    let mut ws = connect(s.addr, &pid, Some(&seat_token(&playing, 0))).await;
    let state = until(&mut ws, "state").await.pop().unwrap();
    assert_eq!(state["status"], "playing");
    drop(ws);
    tokio::time::sleep(idle * 2).await;
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    assert!(
        listed(&lobby, "paused", &pid) && !listed(&lobby, "playing", &pid),
        "{lobby}"
    );
    let mut ws = connect(s.addr, &pid, Some(&seat_token(&playing, 0))).await;
    until(&mut ws, "state").await;
    let (_, lobby) = http(s.addr, "GET", "/api/tables", None).await;
    assert!(listed(&lobby, "playing", &pid), "back: being played again {lobby}");
    // Bots alone never pause.
    let bots = create(
        s.addr,
        json!({"game": "hearts", "seats": ["easy", "easy", "easy", "easy"]}),
    )
    .await;
    let (_, summary) = http(
        s.addr,
        "GET",
        &format!("/api/tables/{}", bots["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(summary["paused"], false);
}
