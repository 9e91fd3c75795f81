//! Jewel points and the difference-based settlement (decisions JWL-SETTLE, JWL-9, JWL-13).

use cards::Card;

use super::melds::Table;

/// Points for holding `count` jewels of one suit: 0, 2, 5 or 10.
pub fn jewel_suit_points(count: usize) -> i32 {
    match count {
        0 => 0,
        1 => 2,
        2 => 5,
        _ => 10,
    }
}

/// A hand's jewel points (`J`): the two jewel suits added. A packer counts at most `cap` jewels,
/// chosen to score most (two of one suit before one of each).
pub fn jewel_points(table: &Table, cards: &[Card], cap: Option<usize>) -> i32 {
    let per_suit = table.jewel_suits.map(|s| {
        cards
            .iter()
            .filter(|&&c| table.is_jewel(c) && c.suit_unchecked() == s)
            .count()
    });
    let Some(cap) = cap else {
        return jewel_suit_points(per_suit[0]) + jewel_suit_points(per_suit[1]);
    };
    let mut best = 0;
    for a in 0..=per_suit[0].min(cap) {
        let b = per_suit[1].min(cap - a);
        best = best.max(jewel_suit_points(a) + jewel_suit_points(b));
    }
    best
}

/// The jewels a packer keeps face up: the `cap` that score most.
pub fn jewels_kept(table: &Table, cards: &[Card], cap: usize) -> Vec<Card> {
    let mut per_suit: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
    for &c in cards {
        if table.is_jewel(c) {
            per_suit[(c.suit_unchecked() != table.jewel_suits[0]) as usize].push(c);
        }
    }
    let mut best = (0, 0, 0);
    for a in 0..=per_suit[0].len().min(cap) {
        let b = per_suit[1].len().min(cap - a);
        let points = jewel_suit_points(a) + jewel_suit_points(b);
        if points > best.0 {
            best = (points, a, b);
        }
    }
    let mut kept = per_suit[0][..best.1].to_vec();
    kept.extend_from_slice(&per_suit[1][..best.2]);
    kept
}

/// How a player ended the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Declared validly; `net` is the declaration's bonus (no penalty).
    Declarer { net: i32 },
    /// Played to the end (or declared wrongly): bonuses minus penalties.
    Played { net: i32 },
    /// Packed before drawing: 4 for the initial pack, 8 for a mid pack.
    Packed { cost: i32 },
}

/// One player's settlement input: jewel points and standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settlement {
    pub jewels: i32,
    pub standing: Standing,
}

impl Settlement {
    fn net(&self) -> Option<i32> {
        match self.standing {
            Standing::Declarer { net } | Standing::Played { net } => Some(net),
            Standing::Packed { .. } => None,
        }
    }
}

/// What player `p` receives from player `q` (negative: pays), as in decision JWL-SETTLE.
pub fn pay(players: &[Settlement], p: usize, q: usize) -> i32 {
    if p == q {
        return 0;
    }
    let (a, b) = (&players[p], &players[q]);
    let mut amount = a.jewels - b.jewels;
    if let (Some(np), Some(nq)) = (a.net(), b.net()) {
        amount += np - nq;
    }
    match (a.standing, b.standing) {
        (Standing::Declarer { .. }, Standing::Packed { cost }) => amount += cost,
        (Standing::Packed { cost }, Standing::Declarer { .. }) => amount -= cost,
        _ => {}
    }
    amount
}

/// The full pairwise chart: `chart[p][q]` is what `p` receives from `q`.
pub fn chart(players: &[Settlement]) -> Vec<Vec<i32>> {
    (0..players.len())
        .map(|p| (0..players.len()).map(|q| pay(players, p, q)).collect())
        .collect()
}

/// Each player's result for the deal; the results sum to zero.
pub fn settle(players: &[Settlement]) -> Vec<i32> {
    (0..players.len())
        .map(|p| (0..players.len()).map(|q| pay(players, p, q)).sum())
        .collect()
}
