//! A rule-based Three Thirteen player: takes the discard when it lowers its best deadwood,
//! throws the card whose loss hurts least, and goes out as soon as it can.

use super::state::{best_partition, Step, TtAction, TtDeal};
use cards::{CardCounts, GameRng, Rank};
use engine::{Bot, Decision};

/// The Three Thirteen rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

/// The lowest deadwood reachable by discarding one card from `hand`.
fn best_after_discard(hand: &CardCounts, wild: Rank) -> i32 {
    hand.iter()
        .map(|(c, _)| {
            let mut rest = hand.clone();
            rest.remove(c);
            -best_partition(&rest, wild, 10).score
        })
        .min()
        .unwrap_or(0)
}

impl Bot<TtDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, TtDeal>, _rng: &mut GameRng) -> TtAction {
        let view = decision.view();
        let legal = decision.legal;
        let wild = view.wild;
        let wild = Rank::ALL
            .into_iter()
            .find(|r| r.letter() == wild)
            .expect("a rank letter");
        let hand: CardCounts = view.hand.iter().copied().collect();
        match view.step {
            Step::Draw => {
                let Some(&top) = view.discards.last() else {
                    return TtAction::Stock;
                };
                let mut with = hand.clone();
                with.add(top);
                // Keeping what we hold (and drawing blind) versus taking the known card.
                let now = -best_partition(&hand, wild, 10).score;
                if !legal.contains(&TtAction::Stock) || best_after_discard(&with, wild) < now {
                    TtAction::Take
                } else {
                    TtAction::Stock
                }
            }
            _ => {
                if let Some(&out) = legal.iter().find(|a| matches!(a, TtAction::Out(_))) {
                    return out;
                }
                *legal
                    .iter()
                    .filter(|a| matches!(a, TtAction::Discard(_)))
                    .min_by_key(|a| {
                        let TtAction::Discard(c) = a else { unreachable!() };
                        let mut rest = hand.clone();
                        rest.remove(*c);
                        let value = if c.rank() == Some(wild) {
                            -100
                        } else {
                            super::melds::deadwood_value(c.rank().expect("no jokers"))
                        };
                        (-best_partition(&rest, wild, 10).score, -value)
                    })
                    .expect("a discard is legal")
            }
        }
    }
}
