//! Combinations in a compact form, and their generation from rank counts.
//!
//! Ranks are indexed by strength: 0 = 4, 1 = 5, ... 9 = K, 10 = A, 11 = 2, 12 = 3. A combination
//! is (kind, groups, top): e.g. a run of three pairs 4-4-5-5-6-6 is (Run2, 3, 2). It packs into
//! 16 bits, and legal plays are generated from the ranks held once, twice, three and four times
//! without looking at suits.

use cards::{CardSet, Rank};
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
    // Ace is 1 and king 13: 4 to king move down by four, ace to 3 go on top.
    (rank as u8 + 9) % 13
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

/// For each group size (1 to 4), the ranks a hand holds at least that many of: bit = strength
/// index. A play needs only these sets, and each is a few operations on the hand's four
/// suit lanes, so nothing is counted card by card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RankSets([u16; 4]);

/// Ranks a straight or run may use: 4 up to the king.
const SEQUENCE_RANKS: u16 = (1 << (TOP_FOR_SEQUENCES + 1)) - 1;

/// One suit lane of a card set (bit = face value, ace 1) re-indexed by strength.
fn lane_by_strength(lane: u16) -> u16 {
    // 4 to king move down four places; ace, 2 and 3 go on top.
    (lane >> 4) & 0x3FF | (lane >> 1 & 0b111) << 10
}

/// The top ranks of `groups` consecutive ranks all in `held`.
fn run_tops(held: u16, groups: u8) -> u16 {
    (1..groups).fold(held, |tops, g| tops & held << g)
}

fn each_top(mut tops: u16, mut f: impl FnMut(u8)) {
    while tops != 0 {
        f(tops.trailing_zeros() as u8);
        tops &= tops - 1;
    }
}

impl RankSets {
    pub fn of(hand: CardSet) -> RankSets {
        let b = hand.bits();
        let [c, d, h, s] = [0, 16, 32, 48].map(|shift| lane_by_strength((b >> shift) as u16));
        RankSets([
            c | d | h | s,
            c & d | c & h | c & s | d & h | d & s | h & s,
            c & d & h | c & d & s | c & h & s | d & h & s,
            c & d & h & s,
        ])
    }

    /// The ranks held at least `size` (1 to 4) times.
    pub fn at_least(&self, size: u8) -> u16 {
        self.0[size as usize - 1]
    }

    /// Whether the hand has the cards of a combination that is `valid`.
    pub fn holds(&self, combo: &Combo) -> bool {
        run_tops(self.at_least(combo.kind.group_size()), combo.groups) >> combo.top & 1 != 0
    }

    /// Calls `out` with every combination the hand can make (`to_beat`: only those beating
    /// it), in `Combo` order (kind, groups, top): legal actions come out sorted without a sort.
    pub fn combos(&self, to_beat: Option<&Combo>, min_run_groups: u8, bombs: bool, mut out: impl FnMut(Combo)) {
        let mut emit = |tops: u16, kind: ComboKind, groups: u8| each_top(tops, |top| out(Combo { kind, groups, top }));
        let Some(t) = to_beat else {
            for size in 1..=4 {
                emit(self.at_least(size), ComboKind::set(size), 1);
            }
            for size in 1..=4 {
                let min_groups = if size == 1 { 3 } else { min_run_groups };
                let held = self.at_least(size) & SEQUENCE_RANKS;
                let mut tops = held;
                for groups in 2..=TOP_FOR_SEQUENCES + 1 {
                    tops &= held << (groups - 1);
                    if tops == 0 {
                        break;
                    }
                    if groups >= min_groups {
                        emit(tops, ComboKind::sequence(size), groups);
                    }
                }
            }
            return;
        };
        // Only the same kind and length with a higher top beats `t`, or with bombs any quads.
        let mut held = self.at_least(t.kind.group_size());
        if t.kind.is_sequence() {
            held &= SEQUENCE_RANKS;
        }
        let same = run_tops(held, t.groups) & !0 << (t.top + 1);
        let quads = if bombs && t.kind != ComboKind::Quads {
            self.at_least(4)
        } else {
            0
        };
        // Quads sort after the other sets and before every sequence.
        if t.kind < ComboKind::Quads {
            emit(same, t.kind, t.groups);
            emit(quads, ComboKind::Quads, 1);
        } else {
            emit(quads, ComboKind::Quads, 1);
            emit(same, t.kind, t.groups);
        }
    }
}

/// The cards a combination takes from a hand: for each rank, the lowest suits first (suits
/// never matter in play, so the choice is canonical).
pub fn take_cards(hand: CardSet, combo: &Combo) -> CardSet {
    const EVERY_SUIT: u64 = 1 | 1 << 16 | 1 << 32 | 1 << 48;
    let mut taken = 0u64;
    for r in combo.top + 1 - combo.groups..=combo.top {
        // A card's id is suit * 16 + rank, so lower bits are lower suits.
        let mut of_rank = hand.bits() & EVERY_SUIT << ORDER[r as usize] as u64;
        for _ in 0..combo.kind.group_size() {
            let lowest = of_rank & of_rank.wrapping_neg();
            taken |= lowest;
            of_rank ^= lowest;
        }
    }
    CardSet::from_bits(taken)
}
