//! Card points and settlement (decisions PIN-7, PIN-9, PIN-10; example PIN-X5).

use super::rules::{CardCount, PinochleConfig};
use cards::{Card, Rank, Suit};

/// Points of a card under the counting in force; every scheme totals 240 in the pack (250 with
/// the last trick).
pub fn card_points(card: Card, count: CardCount) -> i64 {
    let r = card.rank().expect("no jokers in pinochle");
    match (count, r) {
        (CardCount::Classic, Rank::Ace) => 11,
        (CardCount::Classic, Rank::Ten) => 10,
        (CardCount::Classic, Rank::King) => 4,
        (CardCount::Classic, Rank::Queen) => 3,
        (CardCount::Classic, Rank::Jack) => 2,
        (CardCount::Simplified, Rank::Ace | Rank::Ten | Rank::King) => 10,
        (CardCount::Tens, Rank::Ace | Rank::Ten) => 10,
        (CardCount::Tens, Rank::King | Rank::Queen) => 5,
        _ => 0,
    }
}

/// The unit value V of a bid: 300-340 is 1, 350-390 2, 400-440 4, 450-490 6, 500-540 8,
/// 550-590 10, then 2 more for each further 50 (bids under 300 count as 1).
pub fn bid_units(bid: i64) -> i64 {
    match bid {
        b if b < 350 => 1,
        b if b < 400 => 2,
        b => 4 + 2 * ((b - 400) / 50),
    }
}

/// How a hand ended for the bidder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Meld and points reached the bid (or the meld alone did).
    Made,
    /// The bidder gave up before the first lead (a single bete).
    Conceded,
    /// Played and short (a double bete).
    Failed,
}

/// Score changes by seat for the bidder's outcome. Chips: each opponent pays the bidder V when
/// made; the bidder pays each opponent V x `concede_multiplier` on a concession and V x
/// `fail_multiplier` on a failure (doubled when spades are trump and `spades_double` is on).
/// Cumulative: the bidder scores the bid, or loses it times the same multipliers.
pub fn settle(cfg: &PinochleConfig, bidder: usize, bid: i64, trump: Suit, outcome: Outcome) -> [i64; 3] {
    let mut out = [0i64; 3];
    let multiplier = match outcome {
        Outcome::Made => -1,
        Outcome::Conceded => cfg.concede_multiplier,
        Outcome::Failed => cfg.fail_multiplier,
    };
    let doubling = if cfg.spades_double && trump == Suit::Spades {
        2
    } else {
        1
    };
    if cfg.cumulative {
        out[bidder] = -multiplier * bid * doubling;
        return out;
    }
    let units = bid_units(bid) * doubling;
    for (s, o) in out.iter_mut().enumerate() {
        if s != bidder {
            *o = multiplier * units;
        }
    }
    out[bidder] = -2 * multiplier * units;
    out
}
