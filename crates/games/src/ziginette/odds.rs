//! Exact odds for the bets on the board, by dynamic programming over which board ranks are
//! matched before the banker's rank appears (decisions ZIG-1, ZIG-4, ZIG-5).
//!
//! Only the relative order of the relevant copies matters: the next copy to appear among those
//! still live is equally likely to be any of them. So from a set S of board ranks already
//! matched, the banker's rank comes next with probability b / (b + sum of k_i outside S), and
//! board rank i with probability k_i / (same), where b and k_i count unseen copies. The states
//! are the subsets of the staked board ranks (at most nine: ten ranks less the banker's).

use serde::Serialize;

/// One live board rank: its unseen copies and the chips staked on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankRace {
    pub unseen: u32,
    pub stake: i64,
}

/// The exact odds of the current board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZiginetteOdds {
    /// Per live board rank (in board order): the probability that a bet on it wins.
    pub bet_wins: Vec<f64>,
    /// Per live board rank: the bettor's expected result per unit staked.
    pub bet_ev_per_unit: Vec<f64>,
    /// The probability that the banker's rank appears while a staked board rank is still live
    /// (the bank paying out).
    pub banker_card_ends: f64,
    /// The banker's expected result for the hand (what is already won or paid plus the bets
    /// now on the board), before any house cut.
    pub banker_expected: f64,
    /// The expected house cut for the hand (a share of the banker's final net when positive).
    pub expected_house_cut: f64,
}

/// Computes the odds for `board` with `banker_unseen` copies of the banker's rank left, the
/// banker `banker_so_far` up in this hand already, and a house cut of `cut_pct` percent of a
/// positive final banker net (rounded down to whole chips).
pub fn exact_odds(banker_unseen: u32, all_board: &[RankRace], banker_so_far: i64, cut_pct: u32) -> ZiginetteOdds {
    // Board ranks without stakes cannot change the bank's result: leave them out of the DP.
    let board: Vec<RankRace> = all_board.iter().copied().filter(|r| r.stake != 0).collect();
    let m = board.len();
    assert!(m <= 12, "at most twelve board ranks");
    let b = banker_unseen as f64;
    let mut reach = vec![0.0f64; 1 << m];
    reach[0] = 1.0;
    let (mut banker_ends, mut expected, mut cut) = (0.0, 0.0, 0.0);
    let net_of = |s: usize| -> i64 {
        let bets: i64 = (0..m)
            .map(|i| {
                if s & 1 << i != 0 {
                    board[i].stake
                } else {
                    -board[i].stake
                }
            })
            .sum();
        banker_so_far + bets
    };
    let cut_of = |net: i64| {
        if net > 0 {
            (net * cut_pct as i64 / 100) as f64
        } else {
            0.0
        }
    };
    for s in 0..1usize << m {
        let p = reach[s];
        if p == 0.0 {
            continue;
        }
        if s == (1 << m) - 1 {
            // Every board card matched: the board is empty and the bank keeps everything.
            let net = net_of(s);
            expected += p * net as f64;
            cut += p * cut_of(net);
            continue;
        }
        let live: f64 = (0..m)
            .filter(|&i| s & 1 << i == 0)
            .map(|i| board[i].unseen as f64)
            .sum();
        let total = b + live;
        let end = p * b / total;
        banker_ends += end;
        let net = net_of(s);
        expected += end * net as f64;
        cut += end * cut_of(net);
        for i in (0..m).filter(|&i| s & 1 << i == 0) {
            reach[s | 1 << i] += p * board[i].unseen as f64 / total;
        }
    }
    let bet_wins: Vec<f64> = all_board.iter().map(|r| b / (b + r.unseen as f64)).collect();
    ZiginetteOdds {
        bet_ev_per_unit: bet_wins.iter().map(|&w| 2.0 * w - 1.0).collect(),
        bet_wins,
        banker_card_ends: banker_ends,
        banker_expected: expected,
        expected_house_cut: cut,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_board_cards_are_even_money() {
        let o = exact_odds(
            3,
            &[RankRace { unseen: 3, stake: 10 }, RankRace { unseen: 3, stake: 5 }],
            0,
            0,
        );
        assert_eq!(o.bet_wins, vec![0.5, 0.5]);
        assert!(
            o.banker_expected.abs() < 1e-12,
            "no edge without a cut: {}",
            o.banker_expected
        );
        // Three classes of three copies: the banker's rank is first, second or last with
        // probability 1/3 each; it ends the hand unless it comes last.
        assert!((o.banker_card_ends - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn the_house_cut_is_an_expectation_over_orders() {
        // One bet of 10: the bank wins it (net +10, cut 1) or pays it (net -10, no cut), 50/50.
        let o = exact_odds(3, &[RankRace { unseen: 3, stake: 10 }], 0, 10);
        assert!((o.expected_house_cut - 0.5).abs() < 1e-12);
        // Already 10 collected, 5 on a king: the banker's card first gives +5 (cut 0), the king
        // first +15 (cut 1): 0.5 expected.
        let o = exact_odds(3, &[RankRace { unseen: 3, stake: 5 }], 10, 10);
        assert!((o.expected_house_cut - 0.5).abs() < 1e-12, "{}", o.expected_house_cut);
        assert!((o.banker_expected - 10.0).abs() < 1e-12);
    }
}
