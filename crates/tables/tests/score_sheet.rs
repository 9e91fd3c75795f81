//! What the browser's score sheet and end-of-deal dialog show comes from the scene's
//! `scores.history` (each completed deal's change of every total) and `scores.teams`: for
//! every game, over whole matches played by bots, the history adds up to the totals, each
//! row is what the deal-end line of the feed announced, partners share their totals, and a
//! scene's `pick` (several cards chosen one by one, confirmed at once) only ever describes
//! actions the seat is offered.

use engine::{DynTable, Viewer};
use games::registry;
use tables::{open_table, TableOptions};

/// The changes a deal-end line announces: "Deal 2 is over. Changes in points: @0 +13, @1 0, ...",
/// or none for "Deal 3 is over: thrown in, no score.".
fn announced(text: &str, players: usize) -> Vec<i64> {
    // A deal thrown in (everyone passed) says so, and changes nothing.
    if text.ends_with("thrown in, no score.") {
        return vec![0; players];
    }
    let list = text.split(": ").nth(1).expect("a list of changes");
    let list = list.split(';').next().expect("the changes").trim_end_matches('.');
    let values: Vec<i64> = list
        .split(", ")
        .map(|part| part.split(' ').nth(1).expect("a change").parse().expect("a number"))
        .collect();
    assert_eq!(values.len(), players, "{text}");
    values
}

fn check(table: &mut Box<dyn DynTable>, id: &str) {
    let players = table.players();
    let mut seen_pick = false;
    let mut melds_seen = false;
    while !table.is_over() {
        let seat = table.to_act().expect("someone acts");
        let scene = table.scene(Viewer::Seat(seat));
        // Melds grouped in the hand: the viewer's own only, made of cards it holds.
        for row in &scene.seats {
            if row.hand_melds.is_empty() {
                continue;
            }
            melds_seen = true;
            assert_eq!(row.seat, seat, "{id}: only the viewer's own hand is grouped");
            let engine::HandScene::Shown { cards } = &row.hand else {
                panic!("{id}: melds for a hand not shown");
            };
            let mut left = cards.clone();
            for card in row.hand_melds.iter().flatten() {
                let at = left
                    .iter()
                    .position(|c| c == card)
                    .expect("a meld's card is in the hand");
                left.remove(at);
            }
        }
        assert!(table
            .scene(Viewer::Spectator)
            .seats
            .iter()
            .all(|r| r.hand_melds.is_empty()));
        if let Some(pick) = &scene.pick {
            seen_pick = true;
            let actions = table.actions();
            assert!(pick.count >= 1, "{id}: a pick asks for at least one card");
            let usable = actions
                .iter()
                .filter(|a| a.kind == pick.kind && a.cards.len() == 1)
                .count();
            assert!(
                usable >= pick.count,
                "{id}: {usable} cards can be picked for {}, {} asked",
                pick.kind,
                pick.count
            );
            assert!(pick.label.contains("{cards}"), "{id}: {}", pick.label);
            for other in (0..players).filter(|&s| s != seat) {
                assert!(
                    table.scene(Viewer::Seat(other)).pick.is_none(),
                    "{id}: only the seat to act is asked to pick"
                );
            }
            assert!(table.scene(Viewer::Spectator).pick.is_none());
        }
        table.step_bot().expect("the bot acts");
    }
    let scores = table.scene(Viewer::Spectator).scores;
    assert!(!scores.history.is_empty(), "{id}: at least one deal completed");
    assert_eq!(scores.history.len() as u32, scores.deals_completed, "{id}");
    for s in 0..players {
        let sum: i64 = scores.history.iter().map(|row| row[s]).sum();
        assert_eq!(
            sum, scores.totals[s],
            "{id}: the sheet's column for seat {s} adds up to its total"
        );
    }
    let ends: Vec<Vec<i64>> = table
        .feed(Viewer::Spectator, 0)
        .iter()
        .filter(|item| item.event.kind == "deal-end")
        .map(|item| announced(&item.event.text, players))
        .collect();
    assert_eq!(ends, scores.history, "{id}: each row is what the deal's end announced");
    for team in &scores.teams {
        for &s in team {
            assert_eq!(scores.totals[s], scores.totals[team[0]], "{id}: partners share a total");
        }
    }
    if id == "hearts" || id == "auction-pinochle" {
        assert!(seen_pick, "{id}: the pass or the bury is picked whole");
    }
    if id == "khanhoo" || id == "three-thirteen" {
        assert!(melds_seen, "{id}: the melds kept in the hand are offered for grouping");
    }
}

#[test]
fn every_game_s_sheet_is_its_ledger() {
    for info in registry::all() {
        for seed in 1..=3 {
            let opts = TableOptions {
                seed,
                deals: Some(3),
                bots: vec![Some("easy".to_string()); info.default_players],
                ..TableOptions::default()
            };
            let mut table = open_table(info.id, &opts).expect("the table opens");
            table.enable_feed();
            check(&mut table, info.id);
        }
    }
}

#[test]
fn belote_scores_by_team() {
    let opts = TableOptions {
        seed: 5,
        deals: Some(1),
        bots: vec![Some("easy".to_string()); 4],
        ..TableOptions::default()
    };
    let table = open_table("belote", &opts).expect("the table opens");
    assert_eq!(
        table.scene(Viewer::Spectator).scores.teams,
        vec![vec![0, 2], vec![1, 3]]
    );
    let hearts = open_table(
        "hearts",
        &TableOptions {
            bots: vec![None; 4],
            ..opts
        },
    )
    .expect("opens");
    assert!(hearts.scene(Viewer::Spectator).scores.teams.is_empty());
}
