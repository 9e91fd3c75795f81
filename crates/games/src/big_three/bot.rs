//! A rule-based Big Three player: bids when a fit on played-out deals gives its hand better
//! than even odds of going out first (then as high as it may); leads long low combinations;
//! beats cheaply, keeps its top cards while the enemy is far from going out, and never
//! overtakes its partner.

use super::combo::{Combo, ORDER};
use super::state::{BigThreeAction, BigThreeDeal, BigThreeView, Step};
use cards::{CardSet, GameRng, Rank};
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

/// How many numbers describe a hand for the bid estimate ([`bid_features`]).
pub const BID_FEATURES: usize = 4;

/// The hand's strength in top cards: 3 for each 3, 2 for each 2, 1 for each ace.
pub fn top_strength(hand: CardSet) -> u32 {
    let count = |r: Rank| hand.iter().filter(|c| c.rank() == Some(r)).count() as u32;
    3 * count(ORDER[12]) + 2 * count(ORDER[11]) + count(ORDER[10])
}

/// What the rule bot weighs when it thinks of playing solo with this hand (before the widow):
/// 1 (the constant), its [`top_strength`], whether that strength is 14 or more (the measured
/// chance of going out first jumps there, from under one half to about 0.6), and whether it
/// holds the opening heart (it leads). Played out by the rule bot, other features of the hand
/// (bombs, low singletons, how many ranks it holds) told almost nothing more.
pub fn bid_features(hand: CardSet, opener: bool) -> [f64; BID_FEATURES] {
    let strength = top_strength(hand);
    [
        1.0,
        f64::from(strength),
        f64::from(u8::from(strength >= 14)),
        f64::from(u8::from(opener)),
    ]
}

/// Weights of [`bid_features`]: the chance that the solo player goes out first, fitted by
/// least squares (a linear probability) on 20,000 deals played out by the rule bot with each
/// seat in turn the solo player (refit with `cargo run --release -p games --example
/// bid_calibration -- big-three`).
const BID_WEIGHTS: [f64; BID_FEATURES] = [0.4207, 0.0078, 0.0708, -0.0077];

/// The chance that this seat, playing solo, goes out first.
pub fn win_chance(view: &BigThreeView) -> f64 {
    let f = bid_features(view.hand, view.hand.contains(view.opening_heart));
    f.iter().zip(BID_WEIGHTS).map(|(x, w)| x * w).sum()
}

/// A solo player wins twice the bid from each opponent or pays as much, so a hand worth playing
/// (a chance over one half) is worth the highest bid open; otherwise the bot passes, or bids
/// the least when it must.
fn bid(view: &BigThreeView, legal: &[BigThreeAction]) -> BigThreeAction {
    let bids = legal.iter().copied().filter(|a| matches!(a, BigThreeAction::Bid(_)));
    let pass = legal.iter().copied().find(|a| *a == BigThreeAction::Pass);
    if win_chance(view) > 0.5 {
        bids.max().or(pass).unwrap_or(legal[0])
    } else {
        pass.or_else(|| bids.min()).unwrap_or(legal[0])
    }
}
