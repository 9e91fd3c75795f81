//! One golden playthrough per game: a whole seeded deal played by the `medium` bot in every
//! seat, with everything each seat and a spectator was told, kept as text beside this file in
//! `playthroughs/<game>.txt`. A change in what players are told then shows up in review as a
//! change to these files, as OpenSpiel's playthroughs do for its games.
//!
//! After a deliberate change, regenerate them and read the diff before committing:
//! `UPDATE_PLAYTHROUGHS=1 cargo test -p tables --test playthroughs`.

use engine::{DynTable, FeedItem, Viewer};
use games::registry;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;
use tables::{open_table, TableOptions};

const SEED: u64 = 1;
/// Games whose first seed has every seat pass and the deal thrown in, which tells too little.
const OTHER_SEEDS: &[(&str, u64)] = &[("belote", 3), ("auction-pinochle", 22)];
const BOT: &str = "medium";

const HEADER: &str = "\
# Each action taken, then each feed line told after it, once, with who was told it:
# `everyone` (every seat and a spectator), `seats` (no spectator), `@N only`, `all but @N`
# (a spectator included) or a list. A seat's feed is every line whose audience includes it.
# Texts are raw, as the game wrote them: `@N` is seat N and `{you-form|other-form}` is
# chosen by whether the reader is the line's seat. `[..]` lists the cards the line shows;
# `breakdown` marks the end-of-deal explanation of the scores.
";

fn play(id: &str) -> String {
    let info = registry::find(id).expect("a registered game");
    let seed = OTHER_SEEDS.iter().find(|(g, _)| *g == id).map_or(SEED, |&(_, s)| s);
    let opts = TableOptions {
        seed,
        deals: Some(1),
        bots: vec![Some(BOT.to_string()); info.default_players],
        ..TableOptions::default()
    };
    let mut table = open_table(id, &opts).expect("the table opens");
    table.enable_feed();
    table.run_bots().expect("the bots play the deal");
    assert!(table.is_over(), "{id}: the deal ended with a seat still to act");
    transcript(table.as_ref(), seed)
}

fn transcript(table: &dyn DynTable, seed: u64) -> String {
    let players = table.players();
    let info = table.info();
    let viewers: Vec<Viewer> = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
    // Each line of the whole feed once, with the viewers it reached.
    let mut lines: BTreeMap<usize, (FeedItem, Vec<Viewer>)> = BTreeMap::new();
    for &viewer in &viewers {
        for item in table.feed(viewer, 0) {
            lines.entry(item.index).or_insert((item, Vec::new())).1.push(viewer);
        }
    }
    let record = table.record();
    let actors = table.actors();
    let mut out = String::new();
    writeln!(
        out,
        "# {} ({}), {players} seats, seed {seed}, the {BOT} bot in every seat, one deal.",
        info.name, info.id
    )
    .unwrap();
    out.push_str(HEADER);
    let mut told = lines.values().peekable();
    for step in 0..=record.actions.len() {
        if step > 0 {
            writeln!(out, "\n> @{}: {}", actors[step - 1], record.actions[step - 1]).unwrap();
        }
        while let Some((item, to)) = told.next_if(|(item, _)| item.after_actions == step) {
            let e = &item.event;
            let seat = e.seat.map_or(String::new(), |s| format!(" @{s}"));
            let cards = if e.cards.is_empty() {
                String::new()
            } else {
                let cards: Vec<String> = e.cards.iter().map(|c| c.to_string()).collect();
                format!(" [{}]", cards.join(" "))
            };
            let breakdown = if e.breakdown { " breakdown" } else { "" };
            writeln!(
                out,
                "  {}{seat}{cards}{breakdown} to {}: {}",
                e.kind,
                audience(to, players),
                e.text
            )
            .unwrap();
        }
    }
    assert!(told.next().is_none(), "feed lines told after the last action");
    let totals: Vec<String> = table.totals().iter().map(|t| t.to_string()).collect();
    let winners: Vec<String> = table.winners().iter().map(|s| format!("@{s}")).collect();
    writeln!(
        out,
        "\nTotals ({}): {}. Winners: {}.",
        info.unit,
        totals.join(" "),
        winners.join(" ")
    )
    .unwrap();
    out
}

fn audience(to: &[Viewer], players: usize) -> String {
    let spectator = to.contains(&Viewer::Spectator);
    let seats: Vec<usize> = to.iter().filter_map(|v| v.seat()).collect();
    let missing: Vec<usize> = (0..players).filter(|s| !seats.contains(s)).collect();
    match (missing.as_slice(), seats.as_slice(), spectator) {
        ([], _, true) => "everyone".to_string(),
        ([], _, false) => "seats".to_string(),
        (_, [s], false) => format!("@{s} only"),
        ([s], _, true) => format!("all but @{s}"),
        _ => {
            let mut names: Vec<String> = seats.iter().map(|s| format!("@{s}")).collect();
            if spectator {
                names.push("spectator".to_string());
            }
            names.join(" ")
        }
    }
}

#[test]
fn every_game_matches_its_playthrough() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/playthroughs");
    let update = std::env::var_os("UPDATE_PLAYTHROUGHS").is_some();
    let mut stale = Vec::new();
    for info in registry::all() {
        let path = dir.join(format!("{}.txt", info.id));
        let text = play(info.id);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        if kept != text {
            let at = kept.lines().zip(text.lines()).position(|(a, b)| a != b);
            let line = at.unwrap_or_else(|| kept.lines().count().min(text.lines().count()));
            stale.push(format!(
                "{}: differs from line {}:\n  kept: {}\n  now:  {}",
                path.display(),
                line + 1,
                kept.lines().nth(line).unwrap_or("(end)"),
                text.lines().nth(line).unwrap_or("(end)")
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\nIf the change is meant, run UPDATE_PLAYTHROUGHS=1 cargo test -p tables --test playthroughs and review the diff.",
        stale.join("\n")
    );
}
