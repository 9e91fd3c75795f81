//! The Ace-Deuce-Jack table model: the banker, each bet, the three bottom cards and the
//! payments.

use super::odds::AdjOdds;
use super::state::{AdjAction, AdjDeal, Step};
use crate::present::{seat_rows, waiting};
use cards::{Card, Rank};
use engine::{
    cards_text, ActionKind, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration, Pile, Viewer,
};

pub(super) const ACTION_KINDS: &[ActionKind] = &[ActionKind {
    name: "bet",
    group: "bet",
    help: "Bet against the bank. The pack is cut into three piles and their bottom cards turned up: if none is an ace, a deuce or a jack you win your bet; if any is, the bank takes it.",
}];

fn bad(c: Card) -> bool {
    matches!(c.rank(), Some(Rank::Ace | Rank::Two | Rank::Jack))
}

pub(super) fn scene(d: &AdjDeal, viewer: Viewer) -> DealScene {
    let players = d.players as usize;
    let over = d.step == Step::Over;
    let to_act = (!over).then_some(d.to_act as usize);
    let mut seats = seat_rows(players, None, to_act);
    for row in &mut seats {
        let s = row.seat;
        row.hand = HandScene::None;
        if s == d.banker as usize {
            row.marks.push("banker".to_string());
        } else if d.bets[s] > 0 {
            row.bid = Some(format!("bet {}", d.bets[s]));
        }
        if over && d.deltas[s] != 0 {
            row.notes.push(format!("{:+} chips", d.deltas[s]));
        }
    }
    let mut piles = Vec::new();
    if over {
        piles.push(Pile::face_up("Bottom cards of the three piles", d.bottom_cards()));
    } else {
        piles.push(Pile::face_down(
            "The pack, to be cut into three piles",
            52 - d.cfg.dead_bottom_cards as usize,
        ));
    }
    let odds = AdjOdds::exact();
    let facts = vec![
        Fact::new(
            "Bank",
            format!("@{}, hand {} of {}", d.banker, d.hands_with_bank, d.cfg.hands_per_bank),
        ),
        Fact::new("Bets", format!("{} to {} chips", d.cfg.min_bet, d.cfg.max_bet)),
        Fact::new(
            "Odds",
            format!(
                "a bettor wins {:.1}% of hands; the bank's edge is {:.1}% of each bet",
                odds.player_win * 100.0,
                odds.banker_edge * 100.0
            ),
        ),
    ];
    let prompt = match to_act {
        None => "The hand is over.".to_string(),
        Some(s) if viewer.is(s) => format!(
            "Bet {} to {} chips against @{}'s bank.",
            d.cfg.min_bet, d.cfg.max_bet, d.banker
        ),
        Some(s) => waiting(s, "bet"),
    };
    DealScene {
        title: format!(
            "Ace-Deuce-Jack, hand {}: {}",
            d.deal_number + 1,
            if over { "settled" } else { "betting" }
        ),
        seats,
        centre: Centre {
            trick: None,
            last_trick: None,
            piles,
            facts,
        },
        deal_scores: over.then(|| DealScores {
            label: "This hand".to_string(),
            values: d.deltas(),
        }),
        target: Some(format!(
            "The bank goes round the table {} times, {} hands each; the most chips wins.",
            d.cfg.bank_rounds, d.cfg.hands_per_bank
        )),
        prompt,
    }
}

pub(super) fn narrate(before: &AdjDeal, action: AdjAction, after: &AdjDeal, out: &mut Narration) {
    let AdjAction::Bet(n) = action;
    let s = before.to_act as usize;
    out.all(Event::new(
        "bet",
        Some(s),
        format!("@{s} {{bet|bets}} {n} against the bank."),
    ));
    if after.step == Step::Over {
        let bottom = after.bottom_cards();
        out.all(
            Event::new(
                "reveal",
                None,
                format!(
                    "The pack is cut into three piles; their bottom cards are {}.",
                    cards_text(&bottom)
                ),
            )
            .with_cards(bottom),
        );
    }
}

pub(super) fn narrate_end(d: &AdjDeal, out: &mut Narration) {
    let bottom = d.bottom_cards();
    let losers: Vec<Card> = bottom.iter().copied().filter(|&c| bad(c)).collect();
    let banker = d.banker as usize;
    if losers.is_empty() {
        out.all(Event::new(
            "score",
            Some(banker),
            "No ace, deuce or jack shows: the bank pays every bet.",
        ));
    } else {
        out.all(
            Event::new(
                "score",
                Some(banker),
                format!("{} shows: the bank takes every bet.", cards_text(&losers)),
            )
            .with_cards(losers),
        );
    }
    for s in (0..d.players as usize).filter(|&s| s != banker) {
        let delta = d.deltas[s];
        let verb = if delta >= 0 { "{win|wins}" } else { "{lose|loses}" };
        out.all(Event::new(
            "score",
            Some(s),
            format!("@{s} {verb} {} chips.", delta.abs()),
        ));
    }
    let net = d.deltas[banker];
    out.all(Event::new(
        "score",
        Some(banker),
        format!(
            "@{banker}'s bank {} {} chips on the hand.",
            if net >= 0 { "gains" } else { "loses" },
            net.abs()
        ),
    ));
}

pub(super) fn describe(_d: &AdjDeal, action: AdjAction) -> Described {
    let AdjAction::Bet(n) = action;
    Described::new("bet", format!("Bet {n} chips"))
}
