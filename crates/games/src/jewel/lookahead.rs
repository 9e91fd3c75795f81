//! `hard` for Jewel: the rule bot's packing and declaring, with one draw of lookahead for the
//! draw and the discard.
//!
//! The rule bot keeps the sixteen cards whose best arrangement nets the most now. This bot keeps
//! the sixteen whose arrangement is worth the most *expected after the next card*: over every
//! card it has not seen (not in its hand, not the open card, not in the discards, not a kept
//! jewel, not in a laid-down hand, not known to be in another hand), weighted by the unseen
//! copies, it arranges the seventeen cards it would then hold. If some throw would leave a valid
//! declaration the draw is worth the declaration's bonus (the declarer pays no penalty) plus an
//! edge for ending the deal while the others still carry theirs; otherwise it is worth the
//! arrangement's net. Taking the discard is compared with drawing blind in the same terms.
//!
//! The tree search does not help here (random rollouts almost never reach a declaration, and
//! the rule bot is too slow to roll out), so this is what `hard` plays (`HardSearch::GameBot`).
//! It reads only its seat's view.

use super::bot::RuleBot;
use super::melds::{best_arrangement, validate_declaration, Table};
use super::state::{with_solver, JewelAction, JewelDeal, JewelView, Step};
use cards::{Card, DeckSpec, GameRng};
use engine::{Bot, Decision};

/// What declaring is worth beyond its bonus: the deal ends with every other playing hand
/// still paying its penalty, which a later declaration or a stock run dry might not.
const DECLARE_EDGE: i32 = 6;

/// The lookahead bot (`--bots lookahead`, and `hard`).
#[derive(Clone, Copy, Debug, Default)]
pub struct LookaheadBot;

struct Eval {
    table: Table,
    unseen: Vec<(Card, u8)>,
    unseen_total: f64,
}

impl Eval {
    fn new(view: &JewelView) -> Eval {
        let mut pool = DeckSpec::Jewel162.counts();
        pool.remove(view.open);
        for (seat, known) in view.known.iter().enumerate() {
            if seat != view.seat && view.exposed[seat].is_none() {
                known.iter().for_each(|&c| _ = pool.remove(c));
            }
        }
        for (seat, shown) in view.exposed.iter().enumerate() {
            if seat != view.seat {
                shown.iter().flatten().for_each(|&c| _ = pool.remove(c));
            }
        }
        let kept = view.kept_jewels.iter().flatten();
        for &c in view.hand.iter().chain(&view.discards).chain(kept) {
            pool.remove(c);
        }
        let unseen: Vec<_> = pool.iter().collect();
        let unseen_total = unseen.iter().map(|&(_, k)| k as f64).sum::<f64>().max(1.0);
        Eval {
            table: Table::new(view.open, view.all_wild_groups_allowed),
            unseen,
            unseen_total,
        }
    }

    /// Sixteen cards' worth: the best arrangement's net.
    fn worth(&self, hand: &[Card]) -> i32 {
        with_solver(|s| best_arrangement(s, &self.table, hand).net())
    }

    /// What seventeen cards are worth after the best throw: a declaration if one exists (only
    /// looked for when the arrangement is close: a compulsory sequence and at most two loose
    /// cards), else the arrangement's net, and never less than `floor` (throwing the new card).
    fn after_draw(&self, seventeen: &[Card], floor: i32) -> i32 {
        let a = with_solver(|s| best_arrangement(s, &self.table, seventeen));
        if a.compulsory.is_some() && a.loose.len() <= 2 {
            if let Some(bonus) = self.best_declaration(seventeen) {
                return bonus + DECLARE_EDGE;
            }
        }
        a.net().max(floor)
    }

    /// The most bonus of a declaration after throwing one of seventeen cards.
    fn best_declaration(&self, seventeen: &[Card]) -> Option<i32> {
        let mut distinct = seventeen.to_vec();
        distinct.sort();
        distinct.dedup();
        distinct
            .iter()
            .filter_map(|&c| {
                let rest = without(seventeen, c);
                with_solver(|s| validate_declaration(s, &self.table, &rest)).map(|d| d.bonus)
            })
            .max()
    }

    /// Expected worth of sixteen cards after one more card and one throw.
    fn potential(&self, hand: &[Card]) -> f64 {
        let now = self.worth(hand);
        let mut seventeen = hand.to_vec();
        seventeen.push(Card::JOKER);
        self.unseen
            .iter()
            .map(|&(c, k)| {
                *seventeen.last_mut().expect("the drawn card's place") = c;
                k as f64 * self.after_draw(&seventeen, now) as f64
            })
            .sum::<f64>()
            / self.unseen_total
    }

    /// The best of `throws` from seventeen cards by `score` (highest first); ties keep wild
    /// cards, then honours.
    fn best_throw(&self, hand: &[Card], throws: &[Card], score: impl Fn(&[Card]) -> f64) -> Card {
        let mut distinct = throws.to_vec();
        distinct.sort();
        distinct.dedup();
        distinct
            .iter()
            .map(|&c| (c, score(&without(hand, c))))
            .max_by(|a, b| {
                a.1.total_cmp(&b.1).then_with(|| {
                    let keep = |c: Card| (self.table.can_be_wild(c), c.face() == 1 || c.face() > 10);
                    keep(b.0).cmp(&keep(a.0))
                })
            })
            .expect("a card to throw")
            .0
    }
}

fn without(hand: &[Card], card: Card) -> Vec<Card> {
    let mut rest = hand.to_vec();
    let i = rest.iter().position(|&c| c == card).expect("the card is held");
    rest.remove(i);
    rest
}

impl Bot<JewelDeal> for LookaheadBot {
    fn name(&self) -> &str {
        "lookahead"
    }

    fn choose(&mut self, decision: &Decision<'_, JewelDeal>, rng: &mut GameRng) -> JewelAction {
        let legal = decision.legal;
        if legal.len() == 1 {
            return legal[0];
        }
        let rule = RuleBot.choose(decision, rng);
        // Packing and declaring are the rule bot's (it declares whenever it can).
        if matches!(rule, JewelAction::Pack | JewelAction::Declare(_)) {
            return rule;
        }
        let view = decision.view();
        let eval = Eval::new(&view);
        match view.step {
            Step::Draw if legal.contains(&JewelAction::Take) && legal.contains(&JewelAction::Stock) => {
                let top = *view.discards.last().expect("a discard to take");
                let mut with = view.hand.clone();
                with.push(top);
                // Both sides in the same terms: the hand right after this turn's throw.
                let take_value = eval.after_draw(&with, eval.worth(&view.hand)) as f64;
                let stock_value = eval.potential(&view.hand);
                if take_value > stock_value {
                    JewelAction::Take
                } else {
                    JewelAction::Stock
                }
            }
            Step::Discard => {
                let throws: Vec<Card> = legal
                    .iter()
                    .filter_map(|a| match a {
                        JewelAction::Discard(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                if throws.is_empty() {
                    return rule;
                }
                let card = eval.best_throw(&view.hand, &throws, |h| eval.potential(h) + eval.worth(h) as f64 * 1e-6);
                JewelAction::Discard(card)
            }
            _ => rule,
        }
    }
}
