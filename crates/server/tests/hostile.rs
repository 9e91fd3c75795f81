//! Ten thousand hostile messages (malformed, oversized, out of turn, stale, from spectators)
//! over many connections, each refused, while an honest table plays on to its end.

mod common;

use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::Limits;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const CONNECTIONS: usize = 40;
const PER_CONNECTION: usize = 240;
const OVERSIZED: usize = 400;

fn bad_message(i: usize, version: u64) -> String {
    match i % 8 {
        0 => "{not json".to_string(),
        1 => json!({"type": "dance"}).to_string(),
        2 => json!({"type": "act"}).to_string(),
        3 => json!({"type": "act", "version": version, "action": "ZZ"}).to_string(),
        4 => json!({"type": "act", "version": version + 1000, "action": "2C"}).to_string(),
        5 => json!({"type": "act", "version": version, "action": "AS"}).to_string(),
        6 => "\u{0}\u{1}garbage".to_string(),
        _ => json!({"type": "act", "version": version, "action": "x".repeat(250)}).to_string(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_traffic_is_refused_and_honest_tables_play_on() {
    let (_dir, db) = temp_db("hostile");
    let limits = Limits {
        messages_per_second: 100_000,
        ..Limits::default()
    };
    let s = start(&db, limits).await;
    let honest = create(
        s.addr,
        json!({"game": "hearts", "seats": ["human", "medium", "medium", "medium"], "seed": 3, "deals": 1}),
    )
    .await;
    let honest_id = honest["id"].as_str().unwrap().to_string();
    let honest_token = seat_token(&honest, 0);
    // A second table whose seats the attackers hold (to act out of turn).
    let target = create(
        s.addr,
        json!({"game": "belote", "seats": ["human", "human", "human", "human"], "seed": 4}),
    )
    .await;
    let target_id = target["id"].as_str().unwrap().to_string();
    let addr = s.addr;
    let mut attackers = Vec::new();
    for c in 0..CONNECTIONS {
        let token = (c % 2 == 0).then(|| target["seats"][c % 4]["token"].as_str().unwrap().to_string());
        let table = if c % 2 == 0 {
            target_id.clone()
        } else {
            honest_id.clone()
        };
        attackers.push(tokio::spawn(async move {
            let mut ws = connect(addr, &table, token.as_deref()).await;
            let mut refused = 0usize;
            for i in 0..PER_CONNECTION {
                ws.send(Message::Text(bad_message(i + c, 0).into())).await.unwrap();
            }
            while refused < PER_CONNECTION {
                let m = tokio::time::timeout(Duration::from_secs(30), ws.next())
                    .await
                    .expect("answers come")
                    .unwrap()
                    .unwrap();
                if let Message::Text(t) = m {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    if v["type"] == "error" {
                        refused += 1;
                    }
                }
            }
            refused
        }));
    }
    let oversized_table = honest_id.clone();
    let oversized = tokio::spawn(async move {
        let mut closed = 0;
        for _ in 0..OVERSIZED {
            let mut ws = connect(addr, &oversized_table, None).await;
            let big = "x".repeat(64 * 1024);
            let _ = ws.send(Message::Text(big.into())).await;
            loop {
                match tokio::time::timeout(Duration::from_secs(10), ws.next())
                    .await
                    .expect("closed in time")
                {
                    Some(Ok(Message::Close(Some(frame)))) => {
                        assert_eq!(u16::from(frame.code), 1009, "{frame:?}");
                        assert!(frame.reason.contains("at most"), "{frame:?}");
                        closed += 1;
                        break;
                    }
                    other @ (Some(Ok(Message::Close(None))) | None | Some(Err(_))) => {
                        panic!("an oversized message closes with 1009 and a reason, not {other:?}")
                    }
                    Some(Ok(_)) => {}
                }
            }
        }
        closed
    });
    // Meanwhile the honest player plays the whole deal.
    let mut ws = connect(s.addr, &honest_id, Some(&honest_token)).await;
    let mut log = Vec::new();
    loop {
        let st = my_turn(&mut ws, &mut log).await;
        if st["result"].is_object() {
            break;
        }
        let v = st["version"].as_u64().unwrap();
        let a = st["actions"][0]["notation"].as_str().unwrap().to_string();
        act(&mut ws, v, &a).await;
    }
    let mut refused = 0;
    for a in attackers {
        refused += a.await.unwrap();
    }
    let closed = oversized.await.unwrap();
    assert_eq!(
        refused,
        CONNECTIONS * PER_CONNECTION,
        "every bad message was answered with a refusal"
    );
    assert_eq!(closed, OVERSIZED, "every oversized message closed its connection");
    assert!(refused + closed >= 10_000);
    // The attacked table is unchanged: nobody could act on it.
    let (_, summary) = http(s.addr, "GET", &format!("/api/tables/{target_id}"), None).await;
    assert_eq!(summary["version"], 0, "{summary}");
    // Past the rate limit every message is answered (a pong, or a `rate` error naming what it
    // refused), until the connection is closed with 1008 and a reason: nothing goes unanswered.
    let (_rate_dir, rate_db) = temp_db("rate");
    let s2 = start(
        &rate_db,
        Limits {
            messages_per_second: 5,
            ..Limits::default()
        },
    )
    .await;
    let t = create(
        s2.addr,
        json!({"game": "hearts", "seats": ["human", "medium", "medium", "medium"], "seed": 1}),
    )
    .await;
    let token = seat_token(&t, 0);
    let mut ws = connect(s2.addr, t["id"].as_str().unwrap(), Some(&token)).await;
    until(&mut ws, "state").await;
    const SENT: usize = 100;
    for i in 0..SENT {
        let msg = if i % 2 == 0 {
            json!({"type": "ping"})
        } else {
            json!({"type": "act", "version": 0, "action": format!("{}C", 2 + i % 8)})
        };
        if ws.send(Message::Text(msg.to_string().into())).await.is_err() {
            break;
        }
    }
    let (mut answers, mut rate_errors, mut close) = (0usize, 0usize, None);
    while let Ok(Some(m)) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        match m {
            Ok(Message::Text(t)) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                match v["type"].as_str() {
                    Some("pong") | Some("ack") => answers += 1,
                    Some("error") => {
                        answers += 1;
                        if v["code"] == "rate" {
                            rate_errors += 1;
                            let refused = &v["refused"];
                            assert!(refused["type"] == "ping" || refused["action"].is_string(), "{v}");
                        }
                    }
                    _ => {}
                }
            }
            Ok(Message::Close(frame)) => {
                close = frame;
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    let frame = close.expect("the flood ends in a close frame");
    assert_eq!(u16::from(frame.code), 1008, "{frame:?}");
    assert!(frame.reason.contains("messages a second"), "{frame:?}");
    // The bucket holds a burst of 10 (refilling at 5 a second); once 4 x 5 messages in a
    // row have been refused, each with its error, the next one closes the connection.
    assert_eq!(rate_errors, 20, "each refused message was told");
    let accepted = answers - rate_errors;
    assert!((10..=15).contains(&accepted), "{accepted} accepted messages answered");
    assert!(accepted + rate_errors < SENT, "the closing message was read too");
}
