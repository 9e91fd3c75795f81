//! The browser front end as the server delivers it: the page shell on every client route,
//! the embedded assets with their types and security headers, what the lobby and the create
//! form read (a paragraph per game, each variant's kind), the rules as HTML, and hints over
//! the WebSocket.

mod common;

use common::*;
use serde_json::{json, Value};
use server::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The raw response head and body for a GET.
async fn raw_get(addr: std::net::SocketAddr, path: &str) -> (String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (head.to_ascii_lowercase(), body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_and_assets_come_from_the_binary() {
    let (_dir, db) = temp_db("web-pages");
    let s = start(&db, Limits::default()).await;
    for path in ["/", "/play/12", "/replay/3", "/rules/hearts"] {
        let (head, body) = raw_get(s.addr, path).await;
        assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
        assert!(head.contains("content-type: text/html"), "{path}");
        assert!(head.contains("content-security-policy: default-src 'self'"), "{path}");
        assert!(
            body.contains(r#"<script type="module" src="/assets/app.js">"#),
            "{path}"
        );
    }
    for (asset, kind) in [
        ("app.js", "text/javascript"),
        ("table.js", "text/javascript"),
        ("board.js", "text/javascript"),
        ("lobby.js", "text/javascript"),
        ("replay.js", "text/javascript"),
        ("rules.js", "text/javascript"),
        ("common.js", "text/javascript"),
        ("app.css", "text/css"),
    ] {
        let (head, body) = raw_get(s.addr, &format!("/assets/{asset}")).await;
        assert!(head.starts_with("http/1.1 200"), "{asset}: {head}");
        assert!(head.contains(&format!("content-type: {kind}")), "{asset}: {head}");
        assert!(head.contains("x-content-type-options: nosniff"));
        assert!(body.len() > 200, "{asset} has content");
    }
    let (head, body) = raw_get(s.addr, "/assets/nothing.js").await;
    assert!(head.starts_with("http/1.1 404"), "{head}");
    assert!(body.contains("no asset nothing.js"));
    let (head, _) = raw_get(s.addr, "/assets/../Cargo.toml").await;
    assert!(!head.starts_with("http/1.1 200"), "no way out of the assets: {head}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_reads_a_paragraph_and_variant_kinds_for_every_game() {
    let (_dir, db) = temp_db("web-games");
    let s = start(&db, Limits::default()).await;
    let (status, games) = http(s.addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), 12);
    for g in games {
        let summary = g["summary"].as_str().unwrap();
        assert!(summary.len() > 120, "{}: a real paragraph", g["id"]);
        for v in g["variants"].as_array().unwrap() {
            let kind = &v["kind"];
            let default = v["default"].as_str().unwrap();
            // Words for players: a label, a sentence, and one label per choice.
            let label = v["label"].as_str().unwrap();
            assert!(!label.is_empty() && !label.contains('_'), "{}: label {label}", v["key"]);
            assert!(!v["explain"].as_str().unwrap().is_empty(), "{}: explain", v["key"]);
            let choice_labels = v["choice_labels"].as_array().unwrap().len();
            let choices = kind["choices"].as_array().map_or(0, Vec::len);
            assert_eq!(choice_labels, choices, "{}: choice labels", v["key"]);
            match kind["type"].as_str().unwrap() {
                "bool" => assert!(default == "true" || default == "false"),
                "int" => {
                    let n: i64 = default.parse().unwrap();
                    assert!(kind["min"].as_i64().unwrap() <= n && n <= kind["max"].as_i64().unwrap());
                }
                "choice" => assert!(kind["choices"].as_array().unwrap().iter().any(|c| c == default)),
                "text" => {}
                other => panic!("unknown variant kind {other}"),
            }
        }
        let (status, rules) = http(
            s.addr,
            "GET",
            &format!("/api/games/{}/rules", g["id"].as_str().unwrap()),
            None,
        )
        .await;
        assert_eq!(status, 200);
        let html = rules["html"].as_str().unwrap();
        assert!(html.starts_with("<h1>"), "{}", g["id"]);
        assert!(html.contains("<h2>") && html.contains("<p>"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_names_a_legal_action_and_only_the_seat_to_act_gets_one() {
    let (_dir, db) = temp_db("web-hint");
    let s = start(&db, Limits::default()).await;
    let created = create(
        s.addr,
        json!({"game": "hearts", "seats": ["human", "human", "medium", "medium"], "seed": 8}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = |k: usize| seat_token(&created, k);
    // Seat 1 passes first (the dealer, seat 0, passes last).
    let mut first = connect(s.addr, &id, Some(&token(1))).await;
    let mut second = connect(s.addr, &id, Some(&token(0))).await;
    let welcome = next(&mut first).await;
    let kinds = welcome["kinds"].as_array().unwrap();
    assert!(kinds
        .iter()
        .any(|k| k["name"] == "pass" && !k["help"].as_str().unwrap().is_empty()));
    let mut log = Vec::new();
    let state = my_turn(&mut first, &mut log).await;
    let legal: Vec<Value> = state["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["notation"].clone())
        .collect();
    send(&mut first, json!({"type": "hint", "level": "hard"})).await;
    let hint = until(&mut first, "hint").await.pop().unwrap();
    assert!(legal.contains(&hint["action"]), "{hint}");
    assert_eq!(hint["bot"], "hard");
    assert!(hint["label"].as_str().unwrap().starts_with("Pass the "));
    assert_eq!(hint["version"], state["version"]);
    send(&mut first, json!({"type": "hint", "level": "grandmaster"})).await;
    let refused = until(&mut first, "error").await.pop().unwrap();
    assert_eq!(refused["code"], "malformed");
    assert!(refused["reason"].as_str().unwrap().contains("grandmaster"));
    // Seat 0 is not to act: no hint for it.
    let _ = until(&mut second, "state").await;
    send(&mut second, json!({"type": "hint", "level": "easy"})).await;
    let m = until(&mut second, "error").await.pop().unwrap();
    assert_eq!(m["code"], "not-your-turn");
    let mut all = log;
    all.extend([welcome, hint, refused, m]);
    check_schema(&all);
}

/// Every game made through the API, as the lobby's form makes it: every variant at its
/// default (a form sends them all), then each value of each variant where it applies (with the
/// variant it depends on set so that it does), and a non-default value where it does not apply
/// refused with a reason naming what it depends on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_made_with_every_variant_value_where_it_applies() {
    let (_dir, db) = temp_db("web-variants");
    let s = start(
        &db,
        Limits {
            tables_per_client: 100_000,
            ..Limits::default()
        },
    )
    .await;
    let (_, games) = http(s.addr, "GET", "/api/games", None).await;
    let mut made = 0;
    for g in games.as_array().unwrap() {
        let id = g["id"].as_str().unwrap();
        let variants = g["variants"].as_array().unwrap();
        let defaults: serde_json::Map<String, Value> = variants
            .iter()
            .map(|v| (v["key"].as_str().unwrap().to_string(), v["default"].clone()))
            .collect();
        let make = |values: serde_json::Map<String, Value>| {
            let body = json!({"game": id, "variants": values});
            let addr = s.addr;
            async move { http(addr, "POST", "/api/tables", Some(body)).await }
        };
        let (status, v) = make(defaults.clone()).await;
        assert_eq!(status, 201, "{id} with every default: {v}");
        made += 1;
        for v in variants {
            let key = v["key"].as_str().unwrap();
            let kind = &v["kind"];
            let values: Vec<String> = match kind["type"].as_str().unwrap() {
                "bool" => vec!["true".into(), "false".into()],
                "int" => vec![kind["min"].to_string(), kind["max"].to_string()],
                "choice" => kind["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().to_string())
                    .collect(),
                _ => vec![v["default"].as_str().unwrap().to_string()],
            };
            for value in values {
                let mut items = defaults.clone();
                items.insert(key.to_string(), json!(value));
                if let Some(when) = v["applies_when"].as_object() {
                    let needed = when["values"][0].clone();
                    // Where it does not apply, only the default is accepted.
                    if items.get(when["key"].as_str().unwrap()) != Some(&needed) && value != v["default"] {
                        let (status, refused) = make(items.clone()).await;
                        assert_eq!(status, 400, "{id} {key}={value} without {when:?}: {refused}");
                        assert!(
                            refused["error"]["reason"]
                                .as_str()
                                .unwrap()
                                .contains(&format!("{key} only applies with")),
                            "{refused}"
                        );
                    }
                    items.insert(when["key"].as_str().unwrap().to_string(), needed);
                }
                let (status, answer) = make(items).await;
                // An extreme value may clash with another variant's default (Ziginette's
                // min_bet above max_bet): then the reason names that other variant.
                let reason = answer["error"]["reason"].as_str().unwrap_or_default();
                let clash = variants
                    .iter()
                    .any(|o| o["key"] != key && reason.contains(o["key"].as_str().unwrap()));
                assert!(
                    status == 201 || (status == 400 && clash),
                    "{id} {key}={value}: {answer}"
                );
                made += usize::from(status == 201);
            }
        }
    }
    assert!(made > 200, "{made} tables");
    let hearts = games.as_array().unwrap().iter().find(|g| g["id"] == "hearts").unwrap();
    let bonus = hearts["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["key"] == "bonus_card")
        .unwrap();
    assert_eq!(bonus["applies_when"], json!({"key": "omnibus", "values": ["true"]}));
}
