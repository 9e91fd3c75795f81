//! The engine's sentence renderer (what the terminal front ends show) against the cases in
//! `docs/render-cases.json`, which the browser page's renderer is checked against too
//! (`crates/server/browser-tests/tests/render.test.js`), so the two cannot drift apart unseen.

use engine::{capitalise_first, render, Viewer};
use serde_json::Value;

fn rendered(case: &Value, default_names: &[Value]) -> String {
    let sentence = case["sentence"].as_str().expect("a sentence");
    let subject = case["subject"].as_u64().map(|s| s as usize);
    let reader = match case["reader"].as_u64() {
        Some(s) => Viewer::Seat(s as usize),
        None => Viewer::Spectator,
    };
    let names = case["names"].as_array().map_or(default_names, Vec::as_slice);
    let name = |seat: usize| {
        names
            .get(seat)
            .and_then(Value::as_str)
            .map_or(format!("seat {seat}"), str::to_string)
    };
    // Whole sentences are what the front ends show, so the case includes the capital.
    let mut out = render(sentence, subject, reader, &name);
    capitalise_first(&mut out);
    out
}

#[test]
fn the_engine_renders_every_shared_case() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/render-cases.json");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let names = file["names"].as_array().unwrap();
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() >= 10, "the file holds the cases");
    for case in cases {
        assert_eq!(rendered(case, names), case["expected"].as_str().unwrap(), "{case}");
    }
    for case in file["differences"].as_array().unwrap() {
        let now = rendered(case, names);
        assert_eq!(
            now,
            case["rust"].as_str().unwrap(),
            "the engine renders this differently now: if it agrees with the page, move it to the cases: {case}"
        );
        assert_ne!(now, case["js"].as_str().unwrap(), "{case}");
    }
}
