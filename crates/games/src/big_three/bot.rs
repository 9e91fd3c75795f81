//! A rule-based Big Three player: bids on its 3s, 2s and aces; leads long low combinations;
//! beats cheaply, keeps its top cards while the enemy is far from going out, and never
//! overtakes its partner.

use super::combo::{Combo, ORDER};
use super::state::{BigThreeAction, BigThreeDeal, BigThreeView, Step};
use cards::{GameRng, Rank};
use engine::{Bot, Decision};

/// The Big Three rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

/// Combinations topped by an ace, 2 or 3 are the hand's strength.
const HIGH: u8 = 10;

impl Bot<BigThreeDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, BigThreeDeal>, _rng: &mut GameRng) -> BigThreeAction {
        let view = decision.view();
        let legal = decision.legal;
        if view.step == Step::Bidding {
            return bid(&view, legal);
        }
        let plays: Vec<Combo> = legal
            .iter()
            .filter_map(|a| match a {
                BigThreeAction::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        let can_pass = legal.contains(&BigThreeAction::Pass);
        let solo = view.solo.expect("a solo player in play");
        let enemy_of = |s: usize| (s == solo) != (view.seat == solo);
        let Some(table) = &view.table else {
            // Lead: the longest combination, lowest first, keeping high cards back if possible.
            let pick = plays
                .iter()
                .min_by_key(|c| (c.top >= HIGH, std::cmp::Reverse(c.cards()), c.top))
                .expect("a lead is always possible");
            return BigThreeAction::Play(*pick);
        };
        if can_pass && !enemy_of(table.seat) {
            return BigThreeAction::Pass; // the partner is winning
        }
        let enemy_min = (0..3)
            .filter(|&s| s != view.seat && enemy_of(s))
            .map(|s| view.hand_sizes[s])
            .min()
            .unwrap_or(16);
        match plays.iter().min_by_key(|c| c.top) {
            Some(c) if c.top < HIGH || enemy_min <= 4 || view.hand.len() <= 4 || !can_pass => BigThreeAction::Play(*c),
            _ => BigThreeAction::Pass,
        }
    }
}

fn bid(view: &BigThreeView, legal: &[BigThreeAction]) -> BigThreeAction {
    let count = |r: Rank| view.hand.iter().filter(|c| c.rank() == Some(r)).count() as u32;
    let strength = 3 * count(ORDER[12]) + 2 * count(ORDER[11]) + count(ORDER[10]);
    let want = if strength >= 13 {
        3
    } else if strength >= 9 {
        2
    } else {
        1
    };
    legal
        .iter()
        .copied()
        .filter(|a| matches!(a, BigThreeAction::Bid(b) if *b <= want))
        .min()
        .or_else(|| legal.iter().copied().find(|a| *a == BigThreeAction::Pass))
        .unwrap_or(legal[0])
}
