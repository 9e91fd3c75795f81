//! A move made with the cards a player picked (`DynTable::apply_picked`): Big Three plays a
//! combination with whichever suits of its ranks the player chose, while the legal actions keep
//! one form per combination; elsewhere, picked cards must be the action's own.

use engine::{ApplyError, DynTable, HandScene, Viewer};
use tables::{open_table, TableOptions};

fn hand(table: &dyn DynTable, seat: usize) -> Vec<cards::Card> {
    match table
        .scene(Viewer::Seat(seat))
        .seats
        .into_iter()
        .find(|s| s.seat == seat)
        .map(|s| s.hand)
    {
        Some(HandScene::Shown { cards }) => cards,
        _ => Vec::new(),
    }
}

#[test]
fn big_three_plays_the_suits_picked() {
    let mut swapped = 0;
    for seed in 1..=40 {
        let opts = TableOptions {
            seed,
            bots: vec![Some("easy".to_string()); 3],
            ..TableOptions::default()
        };
        let mut table = open_table("big-three", &opts).expect("opens");
        while !table.is_over() && swapped < 25 {
            let seat = table.to_act().expect("someone acts");
            let held = hand(table.as_ref(), seat);
            // A combination whose rank has another suit in the hand than the one listed.
            let found = table.actions().into_iter().find_map(|a| {
                if !a.any_suit || a.cards.is_empty() {
                    return None;
                }
                let listed = a.cards[0];
                let other = held
                    .iter()
                    .copied()
                    .find(|&c| c.rank() == listed.rank() && !a.cards.contains(&c))?;
                let mut picked = a.cards.clone();
                picked[0] = other;
                Some((a.notation, picked, listed, other))
            });
            let Some((notation, picked, listed, other)) = found else {
                table.step_bot().expect("the bot acts");
                continue;
            };
            // Cards that make another move are refused, and nothing changes.
            let record = table.record();
            let mut wrong = picked.clone();
            wrong.pop();
            if !wrong.is_empty() {
                let e = table.apply_picked(&notation, &wrong).unwrap_err();
                assert!(matches!(e, ApplyError::Illegal { .. }), "{e}");
                assert_eq!(table.record(), record);
            }
            table.apply_picked(&notation, &picked).expect("the picked suits play");
            let after = hand(table.as_ref(), seat);
            assert!(
                after.contains(&listed),
                "seed {seed}: the listed {listed} stays in the hand"
            );
            assert!(!after.contains(&other), "seed {seed}: the picked {other} was played");
            // The record holds the cards played, and replays to the same table.
            let last = table.record().actions.last().cloned().expect("an action");
            assert!(last.contains(&other.to_string()), "{last}");
            let replayed = tables::open_record(&table.record()).expect("the record replays");
            assert_eq!(replayed.scene(Viewer::Spectator), table.scene(Viewer::Spectator));
            swapped += 1;
        }
    }
    assert!(
        swapped >= 10,
        "only {swapped} combinations could be played with other suits"
    );
}

#[test]
fn elsewhere_the_picked_cards_are_the_action_s_own() {
    let opts = TableOptions {
        seed: 3,
        bots: vec![
            None,
            Some("easy".to_string()),
            Some("easy".to_string()),
            Some("easy".to_string()),
        ],
        ..TableOptions::default()
    };
    let mut table = open_table("hearts", &opts).expect("opens");
    let actions = table.actions();
    assert!(actions.iter().all(|a| !a.any_suit));
    let first = &actions[0];
    let other = actions
        .iter()
        .find(|a| a.cards != first.cards)
        .expect("another card")
        .cards
        .clone();
    let record = table.record();
    assert!(table.apply_picked(&first.notation, &other).is_err());
    assert_eq!(table.record(), record, "a refusal changes nothing");
    table
        .apply_picked(&first.notation, &first.cards)
        .expect("its own cards play it");
    assert_eq!(table.record().actions.len(), record.actions.len() + 1);
}
