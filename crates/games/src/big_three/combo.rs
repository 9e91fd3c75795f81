//! Combinations in a compact form, and their generation from rank counts.
//!
//! Ranks are indexed by strength: 0 = 4, 1 = 5, ... 9 = K, 10 = A, 11 = 2, 12 = 3. A combination
//! is (kind, groups, top): e.g. a run of three pairs 4-4-5-5-6-6 is (Run2, 3, 2). It packs into
//! 16 bits, and legal plays are generated from per-rank counts without looking at suits.

use cards::{Card, CardSet, Rank};
use std::fmt;
use std::str::FromStr;

/// Ranks from weakest to strongest.
pub const ORDER: [Rank; 13] = [
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
    Rank::Two,
    Rank::Three,
];

/// Strength index of a rank (4 is 0, 3 is 12).
pub fn strength(rank: Rank) -> u8 {
    ORDER.iter().position(|&r| r == rank).expect("every rank has a place") as u8
}

/// The highest index a straight or run may reach: the king (A, 2 and 3 are not allowed).
const TOP_FOR_SEQUENCES: u8 = 9;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ComboKind {
    Single,
    Pair,
    Trips,
    Quads,
    /// Consecutive singles.
    Straight,
    /// Consecutive pairs.
    Run2,
    /// Consecutive trips.
    Run3,
    /// Consecutive quads.
    Run4,
}

impl ComboKind {
    /// Cards of each rank in the combination.
    pub fn group_size(self) -> u8 {
        match self {
            ComboKind::Single | ComboKind::Straight => 1,
            ComboKind::Pair | ComboKind::Run2 => 2,
            ComboKind::Trips | ComboKind::Run3 => 3,
            ComboKind::Quads | ComboKind::Run4 => 4,
        }
    }

    fn sequence(size: u8) -> ComboKind {
        match size {
            1 => ComboKind::Straight,
            2 => ComboKind::Run2,
            3 => ComboKind::Run3,
            _ => ComboKind::Run4,
        }
    }

    fn set(size: u8) -> ComboKind {
        match size {
            1 => ComboKind::Single,
            2 => ComboKind::Pair,
            3 => ComboKind::Trips,
            _ => ComboKind::Quads,
        }
    }

    pub fn is_sequence(self) -> bool {
        matches!(
            self,
            ComboKind::Straight | ComboKind::Run2 | ComboKind::Run3 | ComboKind::Run4
        )
    }
}

/// A combination: kind, number of consecutive ranks (1 for sets) and top rank index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Combo {
    pub kind: ComboKind,
    pub groups: u8,
    pub top: u8,
}

impl Combo {
    /// The ranks it uses, lowest first, each `group_size` times.
    pub fn ranks(&self) -> impl Iterator<Item = u8> + '_ {
        let low = self.top + 1 - self.groups;
        (low..=self.top).flat_map(move |r| std::iter::repeat_n(r, self.kind.group_size() as usize))
    }

    pub fn cards(&self) -> u32 {
        self.groups as u32 * self.kind.group_size() as u32
    }

    /// Whether this may be played on `other`: the same kind and length and a strictly higher
    /// top; with bombs, quads beat anything that is not higher quads.
    pub fn beats(&self, other: &Combo, bombs: bool) -> bool {
        if bombs && self.kind == ComboKind::Quads && other.kind != ComboKind::Quads {
            return true;
        }
        self.kind == other.kind && self.groups == other.groups && self.top > other.top
    }

    /// Checks a combination read from text against the game's limits.
    pub fn valid(&self, min_run_groups: u8) -> bool {
        let g = self.groups;
        if self.top > 12 || g == 0 || g > self.top + 1 {
            return false;
        }
        match self.kind {
            ComboKind::Single | ComboKind::Pair | ComboKind::Trips | ComboKind::Quads => g == 1,
            ComboKind::Straight => g >= 3 && self.top <= TOP_FOR_SEQUENCES,
            _ => g >= min_run_groups && self.top <= TOP_FOR_SEQUENCES,
        }
    }
}

impl fmt::Display for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.ranks() {
            write!(f, "{}", ORDER[r as usize].letter())?;
        }
        Ok(())
    }
}

impl FromStr for Combo {
    type Err = String;

    /// Rank letters, lowest first or in any order: `7`, `QQ`, `456`, `445566`; `10` is `T`;
    /// spaces and dashes are ignored.
    fn from_str(text: &str) -> Result<Combo, String> {
        let cleaned: String = text
            .to_ascii_uppercase()
            .replace("10", "T")
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        let bad = || {
            format!(
                "'{}' is not a combination: write its ranks, e.g. 7, QQ, 456, 445566 (T for ten)",
                text.trim()
            )
        };
        if cleaned.is_empty() {
            return Err(bad());
        }
        let mut counts = [0u8; 13];
        for ch in cleaned.chars() {
            let r = ORDER.iter().position(|r| r.letter() == ch).ok_or_else(bad)?;
            // Saturating: a long run of one rank (found by fuzzing) is refused below as
            // more than four of a kind, not an overflow.
            counts[r] = counts[r].saturating_add(1);
        }
        let used: Vec<usize> = (0..13).filter(|&r| counts[r] > 0).collect();
        let size = counts[used[0]];
        let (low, high) = (used[0], *used.last().expect("not empty"));
        if used.iter().any(|&r| counts[r] != size) || size > 4 || high - low + 1 != used.len() {
            return Err(bad());
        }
        let groups = used.len() as u8;
        let kind = if groups == 1 {
            ComboKind::set(size)
        } else {
            ComboKind::sequence(size)
        };
        Ok(Combo {
            kind,
            groups,
            top: high as u8,
        })
    }
}

/// How many cards of each rank (by strength index) a hand holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RankCounts(pub [u8; 13]);

impl RankCounts {
    pub fn of(hand: CardSet) -> RankCounts {
        let mut c = [0u8; 13];
        for card in hand {
            c[strength(card.rank().expect("no jokers")) as usize] += 1;
        }
        RankCounts(c)
    }

    pub fn holds(&self, combo: &Combo) -> bool {
        let low = combo.top + 1 - combo.groups;
        (low..=combo.top).all(|r| self.0[r as usize] >= combo.kind.group_size())
    }

    /// Appends every combination the hand can make (`to_beat`: only those beating it).
    pub fn combos(&self, to_beat: Option<&Combo>, min_run_groups: u8, bombs: bool, mut out: impl FnMut(Combo)) {
        let c = &self.0;
        let ok = |combo: &Combo| to_beat.is_none_or(|t| combo.beats(t, bombs));
        for size in 1..=4u8 {
            for top in 0..13u8 {
                let combo = Combo {
                    kind: ComboKind::set(size),
                    groups: 1,
                    top,
                };
                if c[top as usize] >= size && ok(&combo) {
                    out(combo);
                }
            }
        }
        for size in 1..=4u8 {
            let min_groups = if size == 1 { 3 } else { min_run_groups };
            for top in 0..=TOP_FOR_SEQUENCES {
                // The longest run of ranks with enough cards ending at `top`.
                let mut len = 0u8;
                while len <= top && c[(top - len) as usize] >= size {
                    len += 1;
                }
                for groups in min_groups..=len {
                    let combo = Combo {
                        kind: ComboKind::sequence(size),
                        groups,
                        top,
                    };
                    if ok(&combo) {
                        out(combo);
                    }
                }
            }
        }
    }
}

/// The cards a combination takes from a hand: for each rank, the lowest suits first (suits
/// never matter in play, so the choice is canonical).
pub fn take_cards(hand: CardSet, combo: &Combo) -> CardSet {
    let mut taken = CardSet::EMPTY;
    let low = combo.top + 1 - combo.groups;
    for r in low..=combo.top {
        let rank = ORDER[r as usize];
        let of_rank: Vec<Card> = hand.iter().filter(|c| c.rank() == Some(rank)).collect();
        for &c in of_rank.iter().take(combo.kind.group_size() as usize) {
            taken.insert(c);
        }
    }
    taken
}
