//! The Ace-Deuce-Jack table model: the banker, each bet, the three bottom cards and the
//! payments.

use super::odds::AdjOdds;
use super::state::{AdjAction, AdjDeal, Step};
use crate::present::{chips, seat_rows, signed_chips, waiting};
use cards::{Card, Rank};
use engine::{
    cards_text, ActionKind, Centre, DealScene, DealScores, Described, Event, Fact, HandScene, Narration, Pile, Present,
    Viewer,
};

fn bad(c: Card) -> bool {
    matches!(c.rank(), Some(Rank::Ace | Rank::Two | Rank::Jack))
}

impl Present for AdjDeal {
    const ACTION_KINDS: &'static [ActionKind] = &[ActionKind {
    name: "bet",
    group: "bet",
    help: "Bet against the bank. The pack is cut into three piles and their bottom cards turned up: if none is an ace, a deuce or a jack you win your bet; if any is, the bank takes it.",
}];

    fn scene(&self, viewer: Viewer) -> DealScene {
        let players = self.players as usize;
        let over = self.step == Step::Over;
        let to_act = (!over).then_some(self.to_act as usize);
        let mut seats = seat_rows(players, None, to_act);
        for row in &mut seats {
            let s = row.seat;
            row.hand = HandScene::None;
            if s == self.banker as usize {
                row.marks.push("banker".to_string());
            } else if self.bets[s] > 0 {
                row.bid = Some(format!("bet {}", self.bets[s]));
            }
            if over && self.deltas[s] != 0 {
                row.notes.push(signed_chips(self.deltas[s]));
            }
        }
        let mut piles = Vec::new();
        if over {
            piles.push(Pile::face_up("Bottom cards of the three piles", self.bottom_cards()));
        } else {
            piles.push(Pile::face_down(
                "The pack, to be cut into three piles",
                52 - self.cfg.dead_bottom_cards as usize,
            ));
        }
        let odds = AdjOdds::exact();
        let facts = vec![
            Fact::new(
                "Bank",
                format!(
                    "@{}, hand {} of {}",
                    self.banker, self.hands_with_bank, self.cfg.hands_per_bank
                ),
            ),
            Fact::new("Bets", format!("{} to {} chips", self.cfg.min_bet, self.cfg.max_bet)),
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
                self.cfg.min_bet, self.cfg.max_bet, self.banker
            ),
            Some(s) => waiting(s, "bet"),
        };
        DealScene {
            title: format!(
                "Ace-Deuce-Jack, hand {}: {}",
                self.deal_number + 1,
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
                values: self.deltas(),
            }),
            target: Some(format!(
                "The bank goes round the table {} times, {} hands each; the most chips wins.",
                self.cfg.bank_rounds, self.cfg.hands_per_bank
            )),
            prompt,
        }
    }

    fn narrate(&self, action: AdjAction, after: &AdjDeal, out: &mut Narration) {
        let AdjAction::Bet(n) = action;
        let s = self.to_act as usize;
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

    fn narrate_end(&self, out: &mut Narration) {
        let bottom = self.bottom_cards();
        let losers: Vec<Card> = bottom.iter().copied().filter(|&c| bad(c)).collect();
        let banker = self.banker as usize;
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
        for s in (0..self.players as usize).filter(|&s| s != banker) {
            let delta = self.deltas[s];
            let verb = if delta >= 0 { "{win|wins}" } else { "{lose|loses}" };
            out.all(Event::new(
                "score",
                Some(s),
                format!("@{s} {verb} {}.", chips(delta.abs())),
            ));
        }
        let net = self.deltas[banker];
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

    fn describe(&self, action: AdjAction) -> Described {
        let AdjAction::Bet(n) = action;
        Described::new("bet", format!("Bet {}", chips(n as i64)))
    }
}
