//! Exact odds (decision ADJ-2): three distinct random cards, twelve of the 52 bad for players.

use serde::Serialize;

/// The odds of one bet.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct AdjOdds {
    /// Probability that no ace, deuce or jack shows: the bettor wins.
    pub player_win: f64,
    /// The bettor's expected result per unit staked (negative: the bank's edge).
    pub player_ev_per_unit: f64,
    /// The bank's expected profit per unit staked.
    pub banker_edge: f64,
}

fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// C(40,3) / C(52,3) = 9880 / 22100. Dead bottom cards, unseen, do not change it.
pub fn player_win_probability() -> f64 {
    choose(40, 3) as f64 / choose(52, 3) as f64
}

impl AdjOdds {
    pub fn exact() -> AdjOdds {
        let p = player_win_probability();
        AdjOdds {
            player_win: p,
            player_ev_per_unit: 2.0 * p - 1.0,
            banker_edge: 1.0 - 2.0 * p,
        }
    }
}
