//! Card orders, card points and hand scoring (rules page; decisions BEL-4 to BEL-8;
//! examples BEL-X1 to BEL-X4, BEL-X7).

use super::rules::{BeloteConfig, ContractBasis, Rounding, TieRule};
use cards::{Card, Rank, Suit};

/// Strength within a suit for winning tricks: trump J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7.
pub fn strength(card: Card, trump: Suit) -> u8 {
    let r = card.rank().expect("no jokers in Belote");
    if card.suit() == Some(trump) {
        match r {
            Rank::Jack => 8,
            Rank::Nine => 7,
            Rank::Ace => 6,
            Rank::Ten => 5,
            Rank::King => 4,
            Rank::Queen => 3,
            Rank::Eight => 2,
            _ => 1,
        }
    } else {
        plain_strength(r)
    }
}

fn plain_strength(r: Rank) -> u8 {
    match r {
        Rank::Ace => 8,
        Rank::Ten => 7,
        Rank::King => 6,
        Rank::Queen => 5,
        Rank::Jack => 4,
        Rank::Nine => 3,
        Rank::Eight => 2,
        _ => 1,
    }
}

/// Card points: trump J 20, trump 9 14, A 11, 10 10, K 4, Q 3, plain J 2; 152 in the pack.
pub fn card_points(card: Card, trump: Suit) -> i64 {
    let trumped = card.suit() == Some(trump);
    match card.rank().expect("no jokers in Belote") {
        Rank::Jack if trumped => 20,
        Rank::Nine if trumped => 14,
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

/// A team's total rounded to tens as the variant says.
pub fn round_score(points: i64, rounding: Rounding) -> i64 {
    let units = points.rem_euclid(10);
    let down = points - units;
    match rounding {
        Rounding::Off => points,
        Rounding::DownOnFive if units <= 5 => down,
        Rounding::HalfUp if units < 5 => down,
        _ => down + 10,
    }
}

/// What a team brought to a hand, before the contract is judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandTally {
    /// Card points plus the last trick's 10 (a capot is handled by [`hand_scores`]).
    pub card_points: i64,
    pub tricks: u8,
    /// Carres and sequences the team is entitled to (it held the best declaration).
    pub declarations: i64,
    /// 20 if a player of the team held belote-rebelote and it counts.
    pub belote: i64,
}

/// How a hand came out for the two teams (index 0: seats 0 and 2; 1: seats 1 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// Rounded points each team scores now.
    pub scores: [i64; 2],
    pub made: bool,
    pub litige: bool,
    pub capot: bool,
    /// Points put in suspense by a litige (rounded), for the next hand's winners.
    pub suspended: i64,
}

/// Scores a hand. `taker` is the taking team. A team that took no trick keeps only its belote;
/// a failed contract gives the defenders 162 (or the capot value) and every declaration.
pub fn hand_scores(cfg: &BeloteConfig, taker: usize, tally: [HandTally; 2]) -> HandResult {
    let defender = 1 - taker;
    let capot_team = (0..2).find(|&t| tally[t].tricks == 8);
    let cards: [i64; 2] = std::array::from_fn(|t| match capot_team {
        Some(c) if c == t => cfg.capot_value,
        Some(_) => 0,
        None => tally[t].card_points,
    });
    // Declarations of a team without a trick do not count for it.
    let own_decl: [i64; 2] = std::array::from_fn(|t| if tally[t].tricks == 0 { 0 } else { tally[t].declarations });
    let total: [i64; 2] = std::array::from_fn(|t| match cfg.contract_basis {
        ContractBasis::FullTotals => cards[t] + own_decl[t] + tally[t].belote,
        ContractBasis::TricksOnly => cards[t],
    });
    let round = |x: i64| round_score(x, cfg.rounding);
    let mut scores = [0; 2];
    let tie = total[taker] == total[defender];
    let made = total[taker] > total[defender];
    let litige = tie && cfg.tie_rule == TieRule::Litige;
    let mut suspended = 0;
    if made {
        for t in 0..2 {
            scores[t] = round(cards[t] + own_decl[t] + tally[t].belote);
        }
    } else if litige {
        scores[defender] = round(cards[defender] + own_decl[defender] + tally[defender].belote);
        scores[taker] = tally[taker].belote;
        suspended = round(cards[taker] + own_decl[taker]);
    } else {
        let base = if capot_team == Some(defender) {
            cfg.capot_value
        } else {
            162
        };
        scores[defender] = round(base + tally[0].declarations + tally[1].declarations + tally[defender].belote);
        scores[taker] = tally[taker].belote;
    }
    HandResult {
        scores,
        made,
        litige,
        capot: capot_team.is_some(),
        suspended,
    }
}
