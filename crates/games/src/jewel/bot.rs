//! A rule-based Jewel player: packs a hand with no prospect of a compulsory sequence, takes the
//! discard when it improves its best arrangement, declares as soon as a discard leaves a valid
//! declaration, and otherwise throws the card whose loss costs least.

use super::melds::{best_arrangement, validate_declaration, Table};
use super::state::{with_solver, JewelAction, JewelDeal, Step};
use cards::{Card, GameRng, Rank, Suit};
use engine::{Bot, Decision};

/// The Jewel rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

/// The most natural cards of one suit inside any window of four ranks of one group: 4 means a
/// compulsory sequence, 3 means one card short.
fn best_window(hand: &[Card]) -> usize {
    let mut best = 0;
    for suit in Suit::ALL {
        let has = |o: u8| {
            let face = if o == 14 { 1 } else { o };
            let c = Card::new(Rank::from_value(face).expect("a rank"), suit);
            hand.contains(&c)
        };
        for start in (2u8..=7).chain(std::iter::once(11)) {
            best = best.max((start..start + 4).filter(|&o| has(o)).count());
        }
    }
    best
}

/// What sixteen cards are worth to keep: the best arrangement's net.
fn worth(table: &Table, hand: &[Card]) -> i32 {
    with_solver(|s| best_arrangement(s, table, hand).net())
}

fn without(hand: &[Card], card: Card) -> Vec<Card> {
    let mut rest = hand.to_vec();
    let i = rest.iter().position(|&c| c == card).expect("the card is held");
    rest.remove(i);
    rest
}

/// The best discard from seventeen cards and what the rest is worth; wild cards are kept.
fn best_discard(table: &Table, hand: &[Card]) -> (Card, i32) {
    let mut distinct = hand.to_vec();
    distinct.sort();
    distinct.dedup();
    distinct
        .iter()
        .map(|&c| (c, worth(table, &without(hand, c))))
        .max_by_key(|&(c, w)| (w, !table.can_be_wild(c), c.face() == 1 || c.face() > 10))
        .expect("a card to discard")
}

impl Bot<JewelDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, JewelDeal>, _rng: &mut GameRng) -> JewelAction {
        let view = decision.view();
        let legal = decision.legal;
        let table = Table::new(view.open, view.all_wild_groups_allowed);
        let hand = &view.hand;
        match view.step {
            Step::Draw => {
                let hopeless = best_window(hand) < 3;
                if legal.contains(&JewelAction::Pack) && hopeless {
                    return JewelAction::Pack;
                }
                if legal.contains(&JewelAction::Take) {
                    let top = *view.discards.last().expect("a discard to take");
                    let mut with = hand.clone();
                    with.push(top);
                    if best_discard(&table, &with).1 > worth(&table, hand) {
                        return JewelAction::Take;
                    }
                }
                if legal.contains(&JewelAction::Stock) {
                    JewelAction::Stock
                } else {
                    legal[0]
                }
            }
            _ => {
                if legal.iter().any(|a| matches!(a, JewelAction::Declare(_))) {
                    let mut best: Option<(i32, Card)> = None;
                    let mut distinct = hand.clone();
                    distinct.sort();
                    distinct.dedup();
                    for &c in &distinct {
                        let rest = without(hand, c);
                        if let Some(d) = with_solver(|s| validate_declaration(s, &table, &rest)) {
                            if best.is_none_or(|(b, _)| d.bonus > b) {
                                best = Some((d.bonus, c));
                            }
                        }
                    }
                    if let Some((_, c)) = best {
                        return JewelAction::Declare(c);
                    }
                }
                JewelAction::Discard(best_discard(&table, hand).0)
            }
        }
    }
}
