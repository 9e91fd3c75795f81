//! Save, resume and undo round trips for every game, and saves that are damaged.

use cli::session::{NewSession, SaveFile, Session};
use cli::TableOptions;
use std::path::PathBuf;
use tempfile::TempDir;

/// A scratch folder for one test's saves, removed when the guard drops.
fn scratch(prefix: &str) -> TempDir {
    tempfile::Builder::new().prefix(prefix).tempdir().unwrap()
}

fn new_session(id: &str, seed: u64, save: Option<PathBuf>) -> Session {
    let n = NewSession {
        id: id.to_string(),
        table: TableOptions {
            seed,
            deals: Some(2),
            ..TableOptions::default()
        },
        seat: 1,
        // Random bots draw on the bots' random stream at every decision: a resume that did
        // not restore it exactly would play differently.
        bots: vec!["random".to_string()],
        hint_bot: "random".to_string(),
    };
    Session::new(&n, save).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Lets bots act, then plays the person's `k`-th legal action (mod the count); false once the
/// match is over.
fn step(s: &mut Session, k: usize) -> bool {
    while s.step_bot().unwrap() {}
    if s.is_over() {
        return false;
    }
    let actions = s.actions();
    s.play(&actions[k % actions.len()].notation).unwrap();
    true
}

#[test]
fn a_saved_game_resumes_exactly_in_every_game() {
    let dir = scratch("cardroom-session-");
    for info in games::registry::all() {
        let id = info.id;
        let path = dir.path().join(format!("{id}.json"));
        let mut first = new_session(id, 11, Some(path.clone()));
        for k in 0..15 {
            if !step(&mut first, k * 7 + 3) {
                break;
            }
        }
        // Every action was saved as it was taken.
        let saved: SaveFile = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(saved, first.save_file(), "{id}");
        let mut resumed = Session::resume(&path, None).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(resumed.save_file(), first.save_file(), "{id}");
        assert_eq!(resumed.scene(), first.scene(), "{id}");
        assert_eq!(resumed.feed_history(), first.feed_history(), "{id}");
        // Both go on the same way, bots included.
        for k in 0..40 {
            let (a, b) = (step(&mut first, k), step(&mut resumed, k));
            assert_eq!(a, b, "{id}");
            assert_eq!(resumed.save_file(), first.save_file(), "{id} after {k} more decisions");
            if !a {
                break;
            }
        }
    }
}

#[test]
fn undo_takes_back_the_persons_last_decision_in_every_game() {
    for info in games::registry::all() {
        let id = info.id;
        let mut s = new_session(id, 5, None);
        for k in 0..6 {
            step(&mut s, k * 5 + 1);
        }
        if s.is_over() {
            continue;
        }
        let actors = s.table().actors();
        let record = s.table().record();
        let last_mine = actors.iter().rposition(|&a| a == 1).expect("the person has acted");
        let undone = s.undo().unwrap();
        assert_eq!(undone, record.actions.len() - last_mine, "{id}");
        let after = s.table().record();
        assert_eq!(after.actions, record.actions[..last_mine], "{id}");
        assert!(s.my_turn(), "{id}: after undo the person decides again");
        // The same as replaying the shortened record.
        let replayed = cli::open_record(&after).unwrap();
        assert_eq!(
            s.table().scene(engine::Viewer::Seat(1)),
            replayed.scene(engine::Viewer::Seat(1)),
            "{id}"
        );
        // The feed is rebuilt without the undone actions.
        let feed = s.feed_history();
        assert!(!feed.is_empty(), "{id}");
    }
    let mut s = new_session("hearts", 5, None);
    assert!(s.undo().err().unwrap().contains("nothing of yours to undo"));
}

#[test]
fn damaged_saves_are_refused_with_the_reason() {
    let dir = scratch("cardroom-session-");
    let temp = |name: &str| dir.path().join(name);
    let path = temp("good.json");
    let mut s = new_session("hearts", 3, Some(path.clone()));
    for k in 0..3 {
        step(&mut s, k);
    }
    let good = std::fs::read_to_string(&path).unwrap();
    let cases: Vec<(String, &str)> = vec![
        ("".to_string(), "is not a cardroom save"),
        ("{\"format\":\"x\"}".to_string(), "is not a cardroom save"),
        (good.replace("\"cardroom-play\"", "\"other\""), "its format is 'other'"),
        (good.replace("\"version\": 1", "\"version\": 9"), "version 9 save"),
        (
            good.replacen("\"seat\": 1", "\"seat\": 0", 1),
            "seat 0 is not the player's seat",
        ),
        (good.replace("\"bot_rng\": \"", "\"bot_rng\": \"x"), "is not a number"),
        (
            good.replace("\"hint_bot\": \"random\"", "\"hint_bot\": \"oracle\""),
            "unknown bot 'oracle'",
        ),
        (
            good.replace("\"game\": \"hearts\"", "\"game\": \"heartz\""),
            "does not replay",
        ),
        (tamper_first_action(&good), "does not replay"),
        (good[..good.len() / 2].to_string(), "is not a cardroom save"),
    ];
    for (i, (text, why)) in cases.iter().enumerate() {
        let bad = temp(&format!("bad{i}.json"));
        std::fs::write(&bad, text).unwrap();
        let err = Session::resume(&bad, None)
            .err()
            .unwrap_or_else(|| panic!("case {i} was accepted"));
        assert!(err.contains(why), "case {i}: '{err}' should say '{why}'");
        assert!(err.contains("bad"), "case {i}: '{err}' names the file");
    }
    std::fs::write(temp("binary.json"), [0xff, 0xfe, 0x00]).unwrap();
    assert!(Session::resume(&temp("binary.json"), None)
        .err()
        .unwrap()
        .contains("not text"));
    assert!(Session::resume(&temp("missing.json"), None)
        .err()
        .unwrap()
        .contains("cannot read"));
}

fn tamper_first_action(good: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(good).unwrap();
    v["record"]["actions"][0] = serde_json::json!("AS");
    v["record"]["actions"][1] = serde_json::json!("AS");
    serde_json::to_string(&v).unwrap()
}

#[test]
fn saves_are_written_whole() {
    // The temporary file is renamed over the save: no partial file is ever left behind.
    let dir = scratch("cardroom-atomic-");
    let path = dir.path().join("atomic.json");
    let mut s = new_session("panguingue", 2, Some(path.clone()));
    for k in 0..10 {
        step(&mut s, k);
        let text = std::fs::read_to_string(&path).unwrap();
        serde_json::from_str::<SaveFile>(&text).unwrap();
    }
    let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}
