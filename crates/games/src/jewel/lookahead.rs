//! `hard` for Jewel: the rule bot's packing and declaring, with one draw of lookahead for the
//! draw and the discard ([`crate::lookahead`]).
//!
//! The rule bot keeps the sixteen cards whose best arrangement nets the most now. This bot keeps
//! the sixteen whose arrangement is worth the most *expected after the next card*, over the cards
//! it has not seen (not in its hand, not the open card, not in the discards, not a kept jewel,
//! not in a laid-down hand, not known to be in another hand). If some throw from the seventeen
//! would leave a valid declaration, the draw is worth the declaration's bonus (the declarer pays
//! no penalty) plus an edge for ending the deal while the others still carry theirs; otherwise
//! it is worth the arrangement's net once the costliest loose card is thrown. Taking the discard
//! is compared with drawing blind as in the other games, except that a blind card is only
//! weighed against the one throw that costs least now (two would double the time of a draw,
//! up to about 0.6 s near a declaration).
//!
//! The tree search does not help here (random rollouts almost never reach a declaration, and
//! the rule bot is too slow to roll out), so this is what `hard` plays (`HardSearch::GameBot`).
//! It reads only its seat's view.

use super::bot::RuleBot;
use super::melds::{best_arrangement, validate_declaration, Table};
use super::state::{with_solver, JewelAction, JewelDeal, JewelView, Step};
use crate::lookahead::{best_throw, potential, stock_value, take_value, Evaluator, Unseen};
use cards::{Card, CardCounts, DeckSpec, GameRng};
use engine::{Bot, Decision};

/// What declaring is worth beyond its bonus: the deal ends with every other playing hand
/// still paying its penalty, which a later declaration or a stock run dry might not.
const DECLARE_EDGE: i32 = 6;

/// The lookahead bot (`--bots lookahead`, and `hard`).
#[derive(Clone, Copy, Debug, Default)]
pub struct LookaheadBot;

/// Arrangement nets, for one open card.
struct Net(Table);

impl Evaluator for Net {
    fn worth(&self, hand: &CardCounts) -> f64 {
        with_solver(|s| best_arrangement(s, &self.0, &hand.to_vec()).net()) as f64
    }

    /// A declaration if throwing the one loose card of the seventeen's best arrangement leaves
    /// one (with a compulsory sequence, 17 cards leave 1 or 4 or more loose: only the first can
    /// be close; other throws are not tried, which keeps a move fast near a declaration); else
    /// the best arrangement with its costliest loose card thrown (with a compulsory sequence
    /// loose cards are counted; without one the hand pays the full 12 whatever it throws).
    fn after_draw(&self, hand: &CardCounts, now: f64, card: Card) -> f64 {
        let mut seventeen = hand.to_vec();
        seventeen.push(card);
        let a = with_solver(|s| best_arrangement(s, &self.0, &seventeen));
        if let (Some(_), [loose]) = (a.compulsory, a.loose.as_slice()) {
            let mut sixteen = seventeen.clone();
            let i = sixteen.iter().position(|c| c == loose).expect("the loose card is held");
            sixteen.remove(i);
            if let Some(d) = with_solver(|s| validate_declaration(s, &self.0, &sixteen)) {
                return (d.bonus + DECLARE_EDGE) as f64;
            }
        }
        let mut net = a.net();
        if a.compulsory.is_some() && !a.loose.is_empty() {
            let relief = (0..a.loose.len())
                .map(|i| {
                    let mut rest = a.loose.clone();
                    rest.remove(i);
                    a.penalty - self.0.count(&rest)
                })
                .max()
                .unwrap_or(0);
            net += relief;
        }
        (net as f64).max(now)
    }

    /// Ties keep wild cards, then honours.
    fn keep_rank(&self, card: Card) -> i32 {
        2 * self.0.can_be_wild(card) as i32 + (card.face() == 1 || card.face() > 10) as i32
    }
}

/// Everything public or in hand: the open card, the hand, the discards, kept jewels, other
/// seats' laid-down hands, and cards known to be in other hands not laid down.
fn unseen(view: &JewelView) -> Unseen {
    let others = |seat: &usize| *seat != view.seat;
    let known = (view.known.iter().enumerate())
        .filter(|(s, _)| others(s) && view.exposed[*s].is_none())
        .flat_map(|(_, k)| k.iter());
    let shown = (view.exposed.iter().enumerate())
        .filter(|(s, _)| others(s))
        .flat_map(|(_, h)| h.iter().flatten());
    let seen = std::iter::once(&view.open)
        .chain(&view.hand)
        .chain(&view.discards)
        .chain(view.kept_jewels.iter().flatten())
        .chain(known)
        .chain(shown);
    Unseen::from_pack(DeckSpec::Jewel162.counts(), seen.copied())
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
        let (eval, unseen) = (Net(Table::new(view.open, view.all_wild_groups_allowed)), unseen(&view));
        let hand: CardCounts = view.hand.iter().copied().collect();
        match view.step {
            Step::Draw if legal.contains(&JewelAction::Take) && legal.contains(&JewelAction::Stock) => {
                let top = *view.discards.last().expect("a discard to take");
                if take_value(&eval, &unseen, &hand, top) > stock_value(&eval, &unseen, &hand, 1) {
                    JewelAction::Take
                } else {
                    JewelAction::Stock
                }
            }
            Step::Discard => {
                // Legal lists are unique: one entry per distinct card.
                let throws = legal.iter().filter_map(|a| match a {
                    JewelAction::Discard(c) => Some(*c),
                    _ => None,
                });
                let card = best_throw(&eval, &hand, throws, |h| {
                    potential(&eval, &unseen, h) + eval.worth(h) * 1e-6
                })
                .0;
                JewelAction::Discard(card)
            }
            _ => rule,
        }
    }
}
