//! The command-line contract, exercised through the real binary.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn cardroom(args: &[&str], input: &str) -> (i32, String, String) {
    cardroom_bytes(args, input.as_bytes())
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

/// A live `cardroom engine` process: one line in, one JSON line out.
struct Engine {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: std::io::BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn start(args: &[&str]) -> (Engine, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardroom"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("cardroom runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut e = Engine { child, stdin, stdout };
        let first = e.read();
        (e, first)
    }

    fn read(&mut self) -> Value {
        use std::io::BufRead;
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"))
    }

    fn send(&mut self, line: &str) -> Value {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        self.read()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays the first legal action at every step until the match is over; returns every state.
fn play_first_legal(args: &[&str]) -> Vec<Value> {
    let (mut engine, mut state) = Engine::start(args);
    let mut lines = vec![state.clone()];
    while state["over"] != Value::Bool(true) {
        assert!(lines.len() < 5000, "the match does not end");
        let action = state["legal"][0].as_str().expect("a legal action").to_string();
        state = engine.send(&action);
        assert!(state.get("error").is_none(), "{state}");
        lines.push(state.clone());
    }
    lines
}

#[test]
fn games_lists_hearts_with_the_contract_fields() {
    let (code, out, _) = cardroom(&["games", "--json"], "");
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let hearts = v
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "hearts")
        .expect("hearts listed");
    assert_eq!(hearts["name"], "Hearts");
    assert_eq!(hearts["min_players"], 4);
    assert_eq!(hearts["max_players"], 4);
    let moon = hearts["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["key"] == "moon_mode")
        .expect("moon_mode listed");
    assert_eq!(moon["label"], "Shooting the moon");
    assert!(!moon["explain"].as_str().unwrap().is_empty());
    assert_eq!(moon["choice_labels"].as_array().unwrap().len(), 3);
    let (_, text, _) = cardroom(&["games"], "");
    assert!(text.contains("hearts"));
}

#[test]
fn every_registered_game_plays_through_sim_engine_and_rules() {
    let (_, out, _) = cardroom(&["games", "--json"], "");
    let games: Value = serde_json::from_str(&out).unwrap();
    let ids: Vec<String> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect();
    for id in [
        "hearts",
        "belote",
        "tribello",
        "solo",
        "auction-pinochle",
        "big-three",
        "ziginette",
        "ace-deuce-jack",
        "khanhoo",
        "three-thirteen",
        "jewel",
        "panguingue",
    ] {
        assert!(ids.contains(&id.to_string()), "{id} not listed");
    }
    for id in &ids {
        let (code, out, err) = cardroom(&["rules", id], "");
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains("--deck") && out.contains("Action notation") && out.contains("Variant keys"),
            "{id}"
        );
        let (code, out, err) = cardroom(&["sim", id, "--games", "3", "--bots", "rule", "--json"], "");
        assert_eq!(code, 0, "{id}: {err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["games"], 3);
        let lines = play_first_legal(&["engine", id, "--deals", "2", "--seed", "5"]);
        let last = lines.last().unwrap();
        assert_eq!(last["over"], true, "{id}");
        assert!(last["result"].is_array(), "{id}");
        assert!(lines[0]["view"]["hand"].is_array(), "{id}: the view shows a hand");
    }
}

#[test]
fn rules_explain_variants_deck_order_and_notation() {
    let (code, out, _) = cardroom(&["rules", "hearts"], "");
    assert_eq!(code, 0);
    for needle in [
        "--deck",
        "(dealer + 1 + i) mod 4",
        "moon_mode",
        "pass_cycle",
        "Action notation",
        "QS",
    ] {
        assert!(out.contains(needle), "rules lack {needle}");
    }
    // The pages, variant tables included, say things themselves: no pointers to documents
    // outside the repository.
    for id in ["hearts", "belote", "jewel", "solo", "panguingue", "ziginette"] {
        let (_, page, _) = cardroom(&["rules", id], "");
        for pointer in ["the seed", "seed text", "rules notes", "RULES_NOTES", "section 1"] {
            assert!(!page.contains(pointer), "{id}: '{pointer}'");
        }
    }
    let (code, _, err) = cardroom(&["rules", "chess"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown game 'chess'"));
}

#[test]
fn sim_json_has_the_contract_fields() {
    let (code, out, err) = cardroom(
        &[
            "sim",
            "hearts",
            "--games",
            "5",
            "--seed",
            "9",
            "--bots",
            "rule,random,random,random",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "hearts");
    assert_eq!(v["players"], 4);
    assert_eq!(v["games"], 5);
    assert_eq!(v["seed"], 9);
    assert!(v["decisions"].as_u64().unwrap() > 5 * 52);
    assert!(v["elapsed_ms"].as_f64().is_some());
    let seats = v["per_seat"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert!(wins >= 5, "every game has at least one winner");
    assert!(seats.iter().all(|s| s["total"].is_i64()));
    // Same seed, same result.
    let (_, again, _) = cardroom(
        &[
            "sim",
            "hearts",
            "--games",
            "5",
            "--seed",
            "9",
            "--bots",
            "rule,random,random,random",
            "--json",
        ],
        "",
    );
    let w: Value = serde_json::from_str(&again).unwrap();
    assert_eq!(v["per_seat"], w["per_seat"]);
    assert_eq!(v["decisions"], w["decisions"]);
}

#[test]
fn sim_counts_thrown_in_deals_apart_from_played_ones() {
    // Rule-bot Belote players pass on weak hands, so some deals are thrown in.
    let (code, out, _) = cardroom(
        &[
            "sim", "belote", "--games", "20", "--seed", "5", "--bots", "medium", "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let deals = v["deals"].as_u64().unwrap();
    let thrown = v["deals_thrown_in"].as_u64().unwrap();
    let played = v["deals_played"].as_u64().unwrap();
    assert_eq!(deals, thrown + played);
    assert!(thrown > 0 && played > 0, "{v}");
}

#[test]
fn sim_with_deal_limit_and_errors() {
    let (code, out, _) = cardroom(&["sim", "hearts", "--games", "3", "--deals", "2", "--json"], "");
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["deals"], 6);
    assert_eq!(v["deals_thrown_in"], 0, "Hearts deals are always played");
    assert_eq!(v["deals_played"], 6);
    let (code, _, err) = cardroom(&["sim", "hearts", "--bots", "rule,random"], "");
    assert_eq!(code, 2);
    assert!(err.contains("one for every seat"), "{err}");
    let (code, _, err) = cardroom(&["sim", "hearts", "--bots", "genius"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot 'genius'"), "{err}");
    let (code, _, err) = cardroom(&["sim", "hearts", "--variant", "end_rule=never"], "");
    assert_eq!(code, 2);
    assert!(err.contains("bad value 'never' for variant 'end_rule'"), "{err}");
}

#[test]
fn engine_protocol_states_errors_views_and_log() {
    let input = "zz\n2c\n{\"cmd\":\"view\",\"seat\":1}\n{\"cmd\":\"log\"}\n{\"cmd\":\"view\",\"seat\":9}\n\n{nope\n";
    let (code, out, _) = cardroom(&["engine", "hearts", "--seed", "3", "--variant", "pass_cycle=N"], input);
    assert_eq!(code, 0);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 8, "one line at start and one per input line");
    let start = &lines[0];
    assert_eq!(start["legal"], serde_json::json!(["2C"]));
    assert_eq!(start["over"], false);
    let actor = start["to_act"].as_u64().unwrap();
    assert_eq!(start["view"]["seat"], actor);
    assert_eq!(start["view"]["hand"].as_array().unwrap().len(), 13);
    assert!(lines[1]["error"].as_str().unwrap().contains("malformed action 'zz'"));
    assert_eq!(lines[1]["legal"], start["legal"]);
    assert_eq!(lines[2]["to_act"], (actor + 1) % 4);
    assert_eq!(lines[3]["seat"], 1);
    assert_eq!(
        lines[3]["hand"].as_array().unwrap().len(),
        if actor == 1 { 12 } else { 13 }
    );
    assert_eq!(lines[4]["actions"], serde_json::json!(["2C"]));
    assert_eq!(lines[4]["game"], "hearts");
    for l in &lines[5..] {
        assert!(l["error"].is_string() && l["legal"].is_array(), "{l}");
    }
}

#[test]
fn engine_rejects_bad_setup_with_clear_errors() {
    for (args, needle) in [
        (vec!["engine", "hearts", "--players", "5"], "exactly 4"),
        (vec!["engine", "hearts", "--deck", "2C,3C"], "all 52 cards"),
        (vec!["engine", "hearts", "--dealer", "4"], "dealer seat 4"),
        (
            vec!["engine", "hearts", "--variant", "moon=yes"],
            "unknown variant 'moon'",
        ),
        (vec!["engine", "hearts", "--variant", "bonus_card=td"], "omnibus=true"),
    ] {
        let (code, _, err) = cardroom(&args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// Seat 3 holds every club: with no passing it wins every trick and shoots the moon.
fn moon_deck() -> String {
    let hands = [
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ];
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split(' ').collect()).collect();
    // Dealer 3: card i goes to seat (3 + 1 + i) mod 4 = i mod 4.
    (0..52).map(|i| hands[i % 4][i / 4]).collect::<Vec<_>>().join(",")
}

#[test]
fn engine_deck_order_scripts_a_moon() {
    let deck = moon_deck();
    let args = [
        "engine",
        "hearts",
        "--deck",
        &deck,
        "--dealer",
        "3",
        "--deals",
        "1",
        "--variant",
        "pass_cycle=N",
    ];
    let lines = play_first_legal(&args);
    let last = lines.last().unwrap();
    assert_eq!(last["over"], true);
    assert_eq!(last["to_act"], Value::Null);
    assert_eq!(last["result"], serde_json::json!([26, 26, 26, 0]));
    assert_eq!(last["winners"], serde_json::json!([3]));
    // The first line shows seat 3 to lead with the whole club suit.
    assert_eq!(lines[0]["to_act"], 3);
    assert_eq!(lines[0]["view"]["hand"].as_array().unwrap().len(), 13);
    assert!(lines[0]["view"]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c.as_str().unwrap().ends_with('C')));
}

#[test]
fn engine_log_replays_to_the_same_state() {
    let args = ["engine", "hearts", "--seed", "21"];
    let (mut engine, mut state) = Engine::start(&args);
    for _ in 0..40 {
        let action = state["legal"][0].as_str().unwrap().to_string();
        state = engine.send(&action);
    }
    let log = engine.send("{\"cmd\":\"log\"}");
    let actions = log["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 40);
    let (mut replay, _) = Engine::start(&args);
    let mut replayed = Value::Null;
    for a in actions {
        replayed = replay.send(a.as_str().unwrap());
    }
    assert_eq!(replayed, state);
    for seat in 0..4 {
        let q = format!("{{\"cmd\":\"view\",\"seat\":{seat}}}");
        assert_eq!(replay.send(&q), engine.send(&q));
    }
}

#[test]
fn engine_survives_garbage_input() {
    let garbage = "\u{0}\u{1}\n{\"cmd\":1}\n[]\n\"\"\n9999999999999999999999\n\u{fffd}\u{fffd}\nQS QS\n{\"cmd\":\"view\"}\n{\"cmd\":\"view\",\"seat\":-1}\n";
    let (code, out, err) = cardroom(&["engine", "hearts"], garbage);
    assert_eq!(code, 0, "{err}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1 + garbage.lines().count());
    assert!(lines[1..].iter().all(|l| l["error"].is_string()), "{out}");
    assert!(!err.contains("panicked"));
}

#[test]
fn engine_hint_suggests_a_legal_action() {
    let (_, out, _) = cardroom(
        &["engine", "hearts", "--seed", "4"],
        "{\"cmd\":\"hint\",\"bot\":\"rule\"}\n{\"cmd\":\"hint\",\"bot\":\"random\"}\n",
    );
    let lines = json_lines(&out);
    let legal = lines[0]["legal"].as_array().unwrap();
    for l in &lines[1..] {
        assert!(legal.contains(&l["hint"]), "{l}");
    }
    let (_, out, _) = cardroom(&["engine", "hearts"], "{\"cmd\":\"hint\",\"bot\":\"oracle\"}\n");
    assert!(json_lines(&out)[1]["error"]
        .as_str()
        .unwrap()
        .contains("unknown bot 'oracle'"));
}

#[test]
fn play_talks_to_a_human_politely() {
    let (code, out, err) = cardroom(
        &["play", "hearts", "--seed", "2", "--hint-bot", "medium"],
        "help\nzz\nhint\nlog\n99\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Your hand: 3S 8S 9S 5H 2C 6C 8C JC 2D 3D 6D 9D QD"),
        "{out}"
    );
    assert!(
        out.contains("Choose three cards to pass to seat 1 (0 of 3 chosen)."),
        "{out}"
    );
    assert!(
        out.contains("   1. Pass the two of clubs (2C) to seat 1  [2C]"),
        "{out}"
    );
    assert!(out.contains("Sorry, that is not allowed: malformed action 'zz'"));
    assert!(out.contains("The medium bot suggests: Pass the"), "{out}");
    assert!(
        out.contains("force: ") || out.contains("pass: Choose three cards to give"),
        "{out}"
    );
    assert!(out.contains("Sorry, there is no choice 99: choose 1 to 13."), "{out}");
    // The others' passes are told without their cards.
    assert!(out.contains("Seat 1 chooses three cards to pass to seat 2."), "{out}");
    assert!(!out.contains("Seat 1 plays") && !out.contains("Drawn for"), "{out}");
    // End of input ends the session gracefully and saves it.
    let (code, out, _) = cardroom(&["play", "hearts", "--seat", "2", "--bots", "random"], "");
    assert_eq!(code, 0);
    assert!(out.contains("Goodbye. The game is saved in "), "{out}");
    assert!(
        out.contains("-seed1.json; continue it with: cardroom play --resume "),
        "{out}"
    );
    let (code, _, err) = cardroom(&["play", "hearts", "--seat", "7"], "");
    assert_eq!(code, 2);
    assert!(err.contains("seat 7 does not exist"));
    // Games that draw for the first dealer show the draw, and the engine's view carries it.
    let (code, out, _) = cardroom(&["play", "big-three", "--seed", "3"], "quit\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("Cards drawn for the first deal: you 7S, seat 1 9S, seat 2 3D (tied players drew again); seat 1 deals first."),
        "{out}"
    );
}

#[test]
fn a_full_match_ends_with_results() {
    let lines = play_first_legal(&["engine", "hearts", "--seed", "8"]);
    let last = lines.last().unwrap();
    let totals: Vec<i64> = last["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert!(
        totals.iter().any(|&t| t > 100),
        "the match ends when a total exceeds 100: {totals:?}"
    );
    let best = *totals.iter().min().unwrap();
    let winners: Vec<usize> = (0..4).filter(|&s| totals[s] == best).collect();
    assert_eq!(last["winners"], serde_json::json!(winners));
    let one_deal = play_first_legal(&["engine", "hearts", "--deals", "1", "--seed", "8"]);
    let sum: i64 = one_deal.last().unwrap()["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .sum();
    assert!(
        sum == 26 || sum == 78,
        "a deal scores 26 points (78 after a moon): {sum}"
    );
}

#[test]
fn arena_reports_means_intervals_and_wins() {
    let (code, out, err) = cardroom(
        &[
            "arena",
            "hearts",
            "--bots",
            "medium,random",
            "--games",
            "6",
            "--duplicate",
            "--json",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "hearts");
    assert_eq!(v["games"], 6);
    assert_eq!(
        v["matches"], 12,
        "duplicate: every game once per distinct seating (two for two bots at four seats)"
    );
    assert_eq!(v["higher_is_better"], false);
    let bots = v["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    for b in bots {
        let ci = b["ci95"].as_array().unwrap();
        let (lo, mean, hi) = (
            ci[0].as_f64().unwrap(),
            b["mean"].as_f64().unwrap(),
            ci[1].as_f64().unwrap(),
        );
        assert!(lo <= mean && mean <= hi, "{b}");
        assert!(b["wins"].is_number() && b["name"].is_string());
    }
    // Every match's win is shared out once among the winners (ties split).
    let wins: f64 = bots.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert!((wins - 12.0).abs() < 1e-9, "{wins}");
    assert!(
        bots[0]["mean"].as_f64().unwrap() < bots[1]["mean"].as_f64().unwrap(),
        "the rule bot takes fewer points"
    );
    assert!(v["paired_difference"]["ci95"].is_array());
    // Plain mode rotates seats game by game; a deal limit applies.
    let (code, out, _) = cardroom(
        &[
            "arena",
            "belote",
            "--bots",
            "easy,medium",
            "--games",
            "3",
            "--deals",
            "2",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["matches"], 3);
    // One game: the spread is unknown, so the interval is [null, null] rather than zero wide.
    let (code, out, _) = cardroom(
        &["arena", "tribello", "--bots", "random,easy", "--games", "1", "--json"],
        "",
    );
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["bots"][0]["ci95"].as_array().unwrap().iter().all(Value::is_null),
        "{v}"
    );
    // Three seats, two bots: the first bot holds two seats a match, and wins per seat held put
    // the two on the same footing: the rule bot with noise wins more per seat than random does,
    // although random holds twice its seats.
    let (code, out, _) = cardroom(
        &[
            "arena",
            "tribello",
            "--bots",
            "random,easy",
            "--games",
            "40",
            "--duplicate",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let held: Vec<u64> = (0..2).map(|b| v["bots"][b]["seats_held"].as_u64().unwrap()).collect();
    assert_eq!(held, [240, 120], "{v}");
    let per_seat: Vec<f64> = (0..2)
        .map(|b| v["bots"][b]["wins_per_seat"].as_f64().unwrap())
        .collect();
    assert!(per_seat[1] > per_seat[0], "{v}");
    let wins: f64 = (0..2).map(|b| v["bots"][b]["wins"].as_f64().unwrap()).sum();
    assert!((wins - 120.0).abs() < 1e-9, "{v}");
    let (code, _, err) = cardroom(&["arena", "hearts", "--bots", "nobody,random", "--games", "1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot 'nobody'"), "{err}");
}

#[test]
fn the_engine_hints_at_every_level() {
    for level in ["easy", "medium", "hard", "random"] {
        let (_, out, _) = cardroom(
            &["engine", "tribello", "--seed", "4"],
            &format!("{{\"cmd\":\"hint\",\"bot\":\"{level}\"}}\n"),
        );
        let lines = json_lines(&out);
        let legal = lines[0]["legal"].as_array().unwrap();
        assert!(legal.contains(&lines[1]["hint"]), "{level}: {}", lines[1]);
    }
}

/// A fresh empty folder for one run, removed when the guard drops.
fn scratch(what: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("cardroom-cli-{what}-"))
        .tempdir()
        .unwrap()
}

/// Runs cardroom in a folder of its own, with a data folder of its own (where `play` saves
/// when input ends), so no test writes into the home folder of whoever runs it.
fn cardroom_bytes(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let (work, data) = (scratch("work"), scratch("data"));
    cardroom_in(work.path(), data.path(), args, input)
}

fn cardroom_in(work: &std::path::Path, data: &std::path::Path, args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .current_dir(work)
        .env("XDG_DATA_HOME", data)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cardroom runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_bytes_and_huge_lines_are_refused_and_the_session_goes_on() {
    let mut input = b"\xff\xfe\xfd\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 200_000));
    input.extend(b"\n{\"cmd\":\"state\"}\n");
    let (code, out, err) = cardroom_bytes(&["engine", "hearts"], &input);
    assert_eq!(code, 0, "{err}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[1]["error"].as_str().unwrap().contains("not UTF-8"));
    let long = lines[2]["error"].as_str().unwrap();
    assert!(long.contains("200000"), "{long}");
    assert!(out.len() < 4_000, "the echo is cut short: {} bytes", out.len());
    assert_eq!(lines[3]["to_act"], lines[0]["to_act"]);
    assert_eq!(lines[3]["legal"], lines[0]["legal"]);

    // The same in the line interface: it says why and asks again, then saves at the end.
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'y', 200_000));
    input.push(b'\n');
    let (code, out, err) = cardroom_bytes(&["play", "hearts"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not UTF-8"), "{out}");
    assert!(out.contains("200000"));
    assert!(out.len() < 20_000, "{} bytes", out.len());
    assert!(out.contains("continue it with: cardroom play --resume "), "{out}");
}

#[test]
fn errors_speak_of_the_game_at_hand() {
    let first_error = |game: &str, line: &str| -> String {
        let (_, out, _) = cardroom(&["engine", game], &format!("{line}\n"));
        json_lines(&out)[1]["error"].as_str().unwrap().to_string()
    };
    let hearts = first_error("hearts", "zz");
    assert!(hearts.contains("'zz' is not a card"), "{hearts}");
    assert!(!hearts.contains("JK") && !hearts.contains("moon"), "{hearts}");
    assert_eq!(
        first_error("belote", "take"),
        "'take' is not a whole action: did you mean take D?"
    );
    let pinochle = first_error("auction-pinochle", "300");
    assert!(pinochle.contains("did you mean bid 300?"), "{pinochle}");
    let belote = first_error("belote", "zz");
    assert!(belote.ends_with("Legal now: pass, take D"), "{belote}");
    let jewel = first_error("jewel", "discard zz");
    assert!(jewel.contains("the joker is JK"), "{jewel}");
}

#[test]
fn unknown_ids_get_a_suggestion_in_every_subcommand_and_case_does_not_matter() {
    for args in [
        &["play", "heart"][..],
        &["sim", "heart"],
        &["engine", "heart"],
        &["rules", "heart"],
        &["arena", "heart", "--bots", "medium,random"],
    ] {
        let (code, _, err) = cardroom(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("Did you mean 'hearts'?"), "{args:?}: {err}");
        assert!(err.contains("panguingue"), "{args:?}: {err}");
    }
    let (code, out, err) = cardroom(&["sim", "Hearts", "--games", "2", "--json"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_lines(&out)[0]["game"], "hearts");
    let (code, out, _) = cardroom(&["rules", "Big_Three"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("# Big Three"));
    for sub in ["rules", "sim", "engine", "play", "arena"] {
        let (_, out, _) = cardroom(&[sub, "--help"], "");
        // `play` takes no id with --resume.
        let id = if sub == "play" { "[ID]" } else { "<ID>" };
        assert!(out.contains(id) && out.contains("three-thirteen"), "{sub}: {out}");
    }
}

#[test]
fn arena_needs_two_distinct_bots_and_shows_its_defaults() {
    for bots in ["medium", "medium,medium"] {
        let (code, _, err) = cardroom(&["arena", "hearts", "--bots", bots, "--games", "5"], "");
        assert_eq!(code, 2, "{bots}");
        assert!(err.contains("--bots"), "{err}");
    }
    let (_, out, _) = cardroom(&["arena", "--help"], "");
    assert!(out.contains("--games G (default 100)"), "{out}");
}

#[test]
fn games_table_is_aligned_and_says_fixed_counts_once() {
    let (_, out, _) = cardroom(&["games"], "");
    let lines: Vec<&str> = out.lines().collect();
    let column = lines[0].find("players").unwrap();
    for line in &lines[1..] {
        assert!(line.len() > column, "{line}");
        assert!(!line[column..].contains(' '), "{line}");
    }
    assert!(
        out.lines().any(|l| l.starts_with("hearts") && l.ends_with(" 4")),
        "{out}"
    );
    assert!(!out.contains("4-4"));
}

#[test]
fn a_closed_pipe_ends_every_subcommand_quietly() {
    for args in [
        &["rules", "panguingue"][..],
        &["games"],
        &["sim", "hearts", "--games", "20000"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardroom"))
            .args(args)
            .env("RUST_BACKTRACE", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before the command writes: every write then meets a closed pipe.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{args:?}: {err}"
        );
        assert_ne!(out.status.code(), Some(101), "{args:?}");
    }
}

/// A parse error says what the moment takes when the game's notation cannot: at a moon choice,
/// `zz` is not a card, and the choice is moon-add or moon-subtract.
#[test]
fn a_moon_choice_error_names_the_choice() {
    let deck = moon_deck();
    let args = [
        "engine",
        "hearts",
        "--deck",
        &deck,
        "--dealer",
        "3",
        "--deals",
        "1",
        "--variant",
        "pass_cycle=N",
        "--variant",
        "moon_mode=shooter-chooses",
    ];
    let (mut engine, mut state) = Engine::start(&args);
    while state["legal"][0] != "moon-add" {
        assert_ne!(state["over"], true, "no moon choice came");
        let action = state["legal"][0].as_str().unwrap().to_string();
        state = engine.send(&action);
    }
    let refused = engine.send("zz");
    let why = refused["error"].as_str().unwrap();
    assert!(why.contains("'zz' is not a card"), "{why}");
    assert!(why.ends_with("Legal now: moon-add, moon-subtract"), "{why}");
    assert_eq!(engine.send("{\"cmd\":\"state\"}")["legal"], state["legal"]);
}

#[test]
fn the_engine_serves_scenes_feeds_and_action_labels() {
    let (mut e, first) = Engine::start(&["engine", "hearts", "--seed", "4"]);
    let actor = first["to_act"].as_u64().unwrap() as usize;
    let legal: Vec<String> = first["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    e.send(&legal[0]);
    let spectator = e.send(r#"{"cmd":"scene"}"#);
    for seat in spectator["scene"]["seats"].as_array().unwrap() {
        assert_eq!(seat["hand"]["kind"], "hidden", "a spectator sees no hand: {seat}");
    }
    let mine = e.send(&format!(r#"{{"cmd":"scene","seat":{actor}}}"#));
    let row = &mine["scene"]["seats"][actor];
    assert_eq!(row["hand"]["kind"], "shown");
    assert_eq!(row["groups"][0]["cards"], serde_json::json!([legal[0]]), "{row}");
    // The passer is told the card; the others and a spectator are not.
    let told = e.send(&format!(r#"{{"cmd":"feed","seat":{actor}}}"#));
    assert!(told["feed"].to_string().contains(&legal[0]), "{told}");
    let other = e.send(&format!(r#"{{"cmd":"feed","seat":{}}}"#, (actor + 1) % 4));
    let public = e.send(r#"{"cmd":"feed"}"#);
    assert!(!other.to_string().contains(&format!("\"{}\"", legal[0])), "{other}");
    assert_eq!(other["feed"], public["feed"]);
    let actions = e.send(r#"{"cmd":"actions"}"#);
    let first_action = &actions["actions"][0];
    assert_eq!(first_action["kind"], "pass");
    assert!(
        first_action["label"].as_str().unwrap().starts_with("Pass the "),
        "{first_action}"
    );
    let kinds = e.send(r#"{"cmd":"kinds"}"#);
    assert_eq!(kinds["kinds"].as_array().unwrap().len(), 3);
}

#[test]
fn play_saves_in_the_data_folder_and_never_in_the_working_folder() {
    let (work_dir, data_dir) = (scratch("work"), scratch("data"));
    let (work, data) = (work_dir.path().to_path_buf(), data_dir.path().to_path_buf());
    let saves = data.join("cardroom").join("saves");
    let mut files = Vec::new();
    for _ in 0..2 {
        let (code, out, err) = cardroom_in(&work, &data, &["play", "hearts", "--seed", "5", "--plain"], b"quit\n");
        assert_eq!(code, 0, "{err}");
        let path = out
            .lines()
            .find_map(|l| l.split_once("Goodbye. The game is saved in ").map(|(_, rest)| rest))
            .and_then(|l| l.split_once(';'))
            .map(|(p, _)| std::path::PathBuf::from(p))
            .unwrap_or_else(|| panic!("no save named: {out}"));
        assert_eq!(path.parent(), Some(saves.as_path()), "{out}");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("hearts-") && name.ends_with(".json"), "{name}");
        files.push(path);
    }
    // Two games of the same seed left in the same second still get a file each.
    assert_ne!(files[0], files[1]);
    let mut listed: Vec<_> = std::fs::read_dir(&saves).unwrap().map(|e| e.unwrap().path()).collect();
    listed.sort();
    files.sort();
    assert_eq!(listed, files, "only the saves, no temporary files left");
    assert_eq!(
        std::fs::read_dir(&work).unwrap().count(),
        0,
        "nothing in the working folder"
    );
    // The save resumes, and keeps saving to itself.
    let resume = files[0].to_str().unwrap();
    let (code, out, err) = cardroom_in(&work, &data, &["play", "--resume", resume, "--plain"], b"quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("Goodbye. The game is saved in {resume};")),
        "{out}"
    );
    assert_eq!(std::fs::read_dir(&saves).unwrap().count(), 2);
    // An explicit --save is used as given, relative to the working folder.
    let (code, out, err) = cardroom_in(&work, &data, &["play", "hearts", "--save", "mine.json"], b"quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Goodbye. The game is saved in mine.json;"), "{out}");
    assert!(work.join("mine.json").is_file());
    assert_eq!(std::fs::read_dir(&saves).unwrap().count(), 2);
}

/// Whether `text` writes a card with a suit symbol, as the rules pages do: `Q♠`, `10♥`.
fn has_card_with_suit_symbol(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().any(|(i, c)| {
        i > 0
            && "♠♥♦♣".contains(*c)
            && ("A23456789JQK".contains(chars[i - 1]) || (i > 1 && chars[i - 2] == '1' && chars[i - 1] == '0'))
    })
}

#[test]
fn every_rules_page_is_for_players_first_with_a_worked_example_then_for_developers() {
    let (code, out, err) = cardroom(&["games", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let games: Value = serde_json::from_str(&out).unwrap();
    let ids: Vec<String> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 12);
    for id in &ids {
        let (code, page, err) = cardroom(&["rules", id], "");
        assert_eq!(code, 0, "{id}: {err}");
        let at = page
            .find("\n## For developers\n")
            .unwrap_or_else(|| panic!("{id}: no '## For developers' section"));
        let players = &page[..at];
        assert!(
            players.contains("\n## Example"),
            "{id}: no worked example before the developers' section"
        );
        assert!(
            has_card_with_suit_symbol(players),
            "{id}: no card written with a suit symbol (such as Q♠) before the developers' section"
        );
        // The engine's deck order is for developers, after the players' rules.
        assert!(
            !players.contains("--deck"),
            "{id}: --deck before the developers' section"
        );
        assert!(
            page[at..].contains("--deck"),
            "{id}: the developers' section lacks --deck"
        );
    }
}
