//! The meld table and an exact meld optimiser (decisions PIN-2, PIN-3; examples PIN-X1 to PIN-X3).
//!
//! Melds fall in three classes: A (flush, royal marriage, marriages, dix), B (arounds: one ace,
//! king, queen or jack of each suit) and C (pinochle: Q-spades and J-diamonds). A card copy may
//! serve in melds of different classes but only once within a class, and a meld made twice
//! scores twice. The classes do not interact, so each is optimised on its own, exactly.

use cards::{Card, DoubleSet, Rank, Suit};
use serde::Serialize;

/// One kind of meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MeldKind {
    /// A 10 K Q J of trump.
    Flush,
    /// K Q of trump.
    RoyalMarriage,
    /// K Q of a plain suit.
    Marriage(Suit),
    /// The 9 of trump.
    Dix,
    /// One card of this rank in each suit (aces 100, kings 80, queens 60, jacks 40).
    Around(char),
    /// Q of spades and J of diamonds.
    Pinochle,
}

/// A meld made `count` times (1 or 2) and what it scores in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MeldLine {
    pub kind: MeldKind,
    pub count: u8,
    pub points: i64,
}

/// The best meld of a hand: its lines, total and the card copies it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Meld {
    pub lines: Vec<MeldLine>,
    pub points: i64,
    /// Per card, the most copies used in any one class (the copies laid on the table).
    pub shown: DoubleSet,
}

fn c(rank: Rank, suit: Suit) -> Card {
    Card::new(rank, suit)
}

/// Points for a meld made `n` times; doubled melds may carry a bonus (`double_meld_bonuses`).
fn value(kind: MeldKind, n: u8, bonuses: bool) -> i64 {
    let single = match kind {
        MeldKind::Flush => 150,
        MeldKind::RoyalMarriage => 40,
        MeldKind::Marriage(_) => 20,
        MeldKind::Dix => 10,
        MeldKind::Around('A') => 100,
        MeldKind::Around('K') => 80,
        MeldKind::Around('Q') => 60,
        MeldKind::Around(_) => 40,
        MeldKind::Pinochle => 40,
    };
    if n == 2 && bonuses {
        match kind {
            MeldKind::Flush => return 1500,
            MeldKind::Around('A') => return 1000,
            MeldKind::Around('K') => return 800,
            MeldKind::Around('Q') => return 600,
            MeldKind::Around(_) => return 400,
            MeldKind::Pinochle => return 300,
            _ => {}
        }
    }
    single * n as i64
}

/// The cards one meld uses.
pub fn meld_cards(kind: MeldKind, trump: Suit) -> Vec<Card> {
    match kind {
        MeldKind::Flush => [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack]
            .iter()
            .map(|&r| c(r, trump))
            .collect(),
        MeldKind::RoyalMarriage => vec![c(Rank::King, trump), c(Rank::Queen, trump)],
        MeldKind::Marriage(s) => vec![c(Rank::King, s), c(Rank::Queen, s)],
        MeldKind::Dix => vec![c(Rank::Nine, trump)],
        MeldKind::Around(r) => {
            let rank = Rank::ALL.into_iter().find(|x| x.letter() == r).expect("a rank letter");
            Suit::ALL.iter().map(|&s| c(rank, s)).collect()
        }
        MeldKind::Pinochle => vec![c(Rank::Queen, Suit::Spades), c(Rank::Jack, Suit::Diamonds)],
    }
}

/// The points of [`best_meld`] alone, without building its lines (for bots that weigh many
/// hands).
pub fn meld_points(hand: &DoubleSet, trump: Suit, bonuses: bool) -> i64 {
    let n = |r: Rank, s: Suit| hand.count(c(r, s));
    let max_flush = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack]
        .iter()
        .map(|&r| n(r, trump))
        .min()
        .unwrap_or(0);
    let class_a = |f: u8| {
        let royal = (n(Rank::King, trump) - f).min(n(Rank::Queen, trump) - f);
        value(MeldKind::Flush, f, bonuses) + value(MeldKind::RoyalMarriage, royal, bonuses)
    };
    let mut points = (0..=max_flush).map(class_a).max().unwrap_or(0);
    for s in Suit::ALL.into_iter().filter(|&s| s != trump) {
        points += value(MeldKind::Marriage(s), n(Rank::King, s).min(n(Rank::Queen, s)), bonuses);
    }
    points += value(MeldKind::Dix, n(Rank::Nine, trump), bonuses);
    for r in [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack] {
        let count = Suit::ALL.iter().map(|&s| n(r, s)).min().unwrap_or(0);
        points += value(MeldKind::Around(r.letter()), count, bonuses);
    }
    points
        + value(
            MeldKind::Pinochle,
            n(Rank::Queen, Suit::Spades).min(n(Rank::Jack, Suit::Diamonds)),
            bonuses,
        )
}

/// The best meld for `hand` with `trump`.
pub fn best_meld(hand: &DoubleSet, trump: Suit, bonuses: bool) -> Meld {
    let n = |r: Rank, s: Suit| hand.count(c(r, s));
    let mut lines: Vec<MeldLine> = Vec::new();
    let push = |kind: MeldKind, count: u8, lines: &mut Vec<MeldLine>| {
        if count > 0 {
            lines.push(MeldLine {
                kind,
                count,
                points: value(kind, count, bonuses),
            });
        }
    };

    // Class A: choose how many flushes; royal marriages, marriages and dix then follow.
    let max_flush = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack]
        .iter()
        .map(|&r| n(r, trump))
        .min()
        .unwrap_or(0);
    let class_a = |f: u8| {
        let royal = (n(Rank::King, trump) - f).min(n(Rank::Queen, trump) - f);
        value(MeldKind::Flush, f, bonuses) + value(MeldKind::RoyalMarriage, royal, bonuses)
    };
    let flushes = (0..=max_flush)
        .max_by_key(|&f| (class_a(f), std::cmp::Reverse(f)))
        .unwrap_or(0);
    push(MeldKind::Flush, flushes, &mut lines);
    let royal = (n(Rank::King, trump) - flushes).min(n(Rank::Queen, trump) - flushes);
    push(MeldKind::RoyalMarriage, royal, &mut lines);
    for s in Suit::ALL.into_iter().filter(|&s| s != trump) {
        push(
            MeldKind::Marriage(s),
            n(Rank::King, s).min(n(Rank::Queen, s)),
            &mut lines,
        );
    }
    push(MeldKind::Dix, n(Rank::Nine, trump), &mut lines);

    // Class B: arounds.
    for r in [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack] {
        let count = Suit::ALL.iter().map(|&s| n(r, s)).min().unwrap_or(0);
        push(MeldKind::Around(r.letter()), count, &mut lines);
    }

    // Class C: pinochles.
    push(
        MeldKind::Pinochle,
        n(Rank::Queen, Suit::Spades).min(n(Rank::Jack, Suit::Diamonds)),
        &mut lines,
    );

    let points = lines.iter().map(|l| l.points).sum();
    let mut per_class: [cards::CardCounts; 3] = Default::default();
    for l in &lines {
        let class = match l.kind {
            MeldKind::Around(_) => 1,
            MeldKind::Pinochle => 2,
            _ => 0,
        };
        for _ in 0..l.count {
            for card in meld_cards(l.kind, trump) {
                per_class[class].add(card);
            }
        }
    }
    let mut shown = DoubleSet::EMPTY;
    for card in hand.distinct() {
        for _ in 0..per_class.iter().map(|cl| cl.count(card)).max().unwrap_or(0) {
            shown.insert(card);
        }
    }
    Meld { lines, points, shown }
}
