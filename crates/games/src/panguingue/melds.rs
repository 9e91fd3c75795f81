//! Panguingue melds: spreads (sets) and ropes, what each may take, how they split and lend
//! cards, and what each is worth as a condition (rules page; decisions PAN-7 to PAN-9,
//! PAN-12 to PAN-14).
//!
//! A meld is stored by shape, not as a card list: a rope is (suit, lowest position, length) and
//! a set is (rank, copies per suit), so a whole layout is a few bytes and copies of a card stay
//! interchangeable.

use cards::{Card, CardCounts, Rank, Suit};
use std::fmt;

/// The ten ranks of the stripped pack in sequence order: aces low, the 7 next to the jack.
pub const RANKS: [Rank; 10] = [
    Rank::Ace,
    Rank::Two,
    Rank::Three,
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
];

/// A rank's position in sequence order (A = 0 ... K = 9); `None` for 8, 9 and 10.
pub const fn position(rank: Rank) -> Option<u8> {
    match rank {
        Rank::Eight | Rank::Nine | Rank::Ten => None,
        Rank::Jack => Some(7),
        Rank::Queen => Some(8),
        Rank::King => Some(9),
        r => Some(r as u8 - 1),
    }
}

/// The card at sequence position `pos` of `suit`.
pub fn card_at(pos: u8, suit: Suit) -> Card {
    Card::new(RANKS[pos as usize], suit)
}

/// 3s, 5s and 7s: the cards that make the richer set conditions.
pub const fn is_valle(rank: Rank) -> bool {
    matches!(rank, Rank::Three | Rank::Five | Rank::Seven)
}

/// Aces and kings ("non-comoquers") form sets whatever their suits.
pub const fn ignores_suits(rank: Rank) -> bool {
    matches!(rank, Rank::Ace | Rank::King)
}

/// A small sorted multiset of cards, for action texts: at most 11 cards (no meld can be longer,
/// since a player never has more than 11 cards out of the stock).
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bag {
    len: u8,
    ids: [u8; Bag::CAPACITY],
}

impl Bag {
    pub const CAPACITY: usize = 11;

    /// The bag of these cards, or `None` if there are more than 11.
    pub fn of(cards: impl IntoIterator<Item = Card>) -> Option<Bag> {
        let mut bag = Bag::default();
        for c in cards {
            if !bag.push(c) {
                return None;
            }
        }
        Some(bag)
    }

    /// Adds a card, keeping the bag sorted; false when full.
    pub fn push(&mut self, card: Card) -> bool {
        let n = self.len as usize;
        if n == Bag::CAPACITY {
            return false;
        }
        let at = self.ids[..n].partition_point(|&id| id <= card.id());
        self.ids.copy_within(at..n, at + 1);
        self.ids[at] = card.id();
        self.len += 1;
        true
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.ids[..self.len()]
            .iter()
            .map(|&id| Card::from_id(id).expect("bags hold cards"))
    }

    pub fn contains(&self, card: Card) -> bool {
        self.ids[..self.len()].contains(&card.id())
    }

    pub fn counts(&self) -> CardCounts {
        self.cards().collect()
    }

    /// The bag joined with another (`None` past 11 cards).
    pub fn union(&self, other: &Bag) -> Option<Bag> {
        Bag::of(self.cards().chain(other.cards()))
    }
}

impl fmt::Display for Bag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cards().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Bag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

/// The meld-related rule choices (decision PAN-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeldRules {
    /// Cards added to a same-suit valle set pay 2 in spades and 1 otherwise (PAN-7), not the full
    /// condition value.
    pub reduced_valle_increase: bool,
    /// A rope that becomes a condition by gaining its ace or king pays only the base value then
    /// (PAN-9 `BaseOnly`), not its whole entitlement.
    pub rope_upgrade_base_only: bool,
    /// A same-suit set of aces or kings accepts any ace or king (and stops being a condition).
    pub same_suit_aces_kings_take_any_suit: bool,
}

/// What a meld is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// One card of each position `lo .. lo + len` of one suit.
    Rope { suit: Suit, lo: u8, len: u8 },
    /// Copies of one rank, counted per suit (clubs, diamonds, hearts, spades).
    Set { rank: Rank, suits: [u8; 4] },
}

/// A meld on the table. `base_len` is the length from which increases are paid: 3, except for a
/// rope that became a condition by a lay-off under the `base-only` upgrade rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    pub shape: Shape,
    base_len: u8,
}

/// The pieces a meld leaves after cards are taken out of it (PAN-14: "one or more valid melds"),
/// each a valid meld: one, or two for a rope cut in the middle or a set whose rest holds
/// exactly two suits (which can only stand as two one-suit sets). A player never has more than
/// three melds, and a split or borrow always adds one, so a rest never needs three pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    pub parts: [Option<Meld>; 2],
}

impl Pieces {
    pub fn iter(&self) -> impl Iterator<Item = Meld> + '_ {
        self.parts.iter().flatten().copied()
    }
}

impl Meld {
    /// A placeholder for unused layout slots.
    pub const NONE: Meld = Meld {
        shape: Shape::Set {
            rank: Rank::Ace,
            suits: [0; 4],
        },
        base_len: 3,
    };

    /// The meld these cards form, if any. `strict` is the rule for a meld put down new (PAN-12: a
    /// set of different suits holds each suit once); otherwise the rule for the parts of a split
    /// and what a borrow leaves (PAN-14: at least three different suits, repeats allowed).
    pub fn from_cards(cards: impl IntoIterator<Item = Card>, strict: bool) -> Option<Meld> {
        let mut suits = [0u8; 4];
        let mut positions = [0u16; 4];
        let mut rank = None;
        let mut same_rank = true;
        let mut n = 0u8;
        for c in cards {
            let r = c.rank()?;
            let pos = position(r)?;
            let s = c.suit_unchecked().index();
            suits[s] += 1;
            if positions[s] & 1 << pos != 0 {
                positions[s] |= 1 << 15; // a repeated card: not a rope
            }
            positions[s] |= 1 << pos;
            same_rank &= rank.is_none_or(|x| x == r);
            rank = Some(r);
            n += 1;
        }
        let rank = rank?;
        if n < 3 {
            return None;
        }
        if same_rank {
            let shape = Shape::Set { rank, suits };
            return Meld::set_is_valid(rank, suits, strict).then_some(Meld { shape, base_len: 3 });
        }
        let suit = Meld::single_suit(suits)?;
        let bits = positions[suit.index()];
        let lo = bits.trailing_zeros() as u8;
        let run = (bits >> lo).trailing_ones() as u8;
        (bits & 1 << 15 == 0 && run == n).then_some(Meld {
            shape: Shape::Rope { suit, lo, len: n },
            base_len: 3,
        })
    }

    fn set_is_valid(rank: Rank, suits: [u8; 4], strict: bool) -> bool {
        let total: u8 = suits.iter().sum();
        let distinct = suits.iter().filter(|&&k| k > 0).count();
        if total < 3 {
            return false;
        }
        if distinct == 1 || ignores_suits(rank) {
            return true;
        }
        if strict {
            distinct == total as usize
        } else {
            distinct >= 3
        }
    }

    pub fn len(&self) -> u8 {
        match self.shape {
            Shape::Rope { len, .. } => len,
            Shape::Set { suits, .. } => suits.iter().sum(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cards, in id order (a rope from its low end).
    pub fn cards(&self) -> Bag {
        let mut bag = Bag::default();
        match self.shape {
            Shape::Rope { suit, lo, len } => {
                for p in lo..lo + len {
                    bag.push(card_at(p, suit));
                }
            }
            Shape::Set { rank, suits } => {
                for (s, &k) in suits.iter().enumerate() {
                    for _ in 0..k {
                        bag.push(Card::new(rank, Suit::from_index(s)));
                    }
                }
            }
        }
        bag
    }

    /// How many copies of `card` the meld holds.
    pub fn count(&self, card: Card) -> u8 {
        let (Some(r), Some(s)) = (card.rank(), card.suit()) else {
            return 0;
        };
        match self.shape {
            Shape::Rope { suit, lo, len } => {
                u8::from(suit == s && position(r).is_some_and(|p| (lo..lo + len).contains(&p)))
            }
            Shape::Set { rank, suits } => {
                if rank == r {
                    suits[s.index()]
                } else {
                    0
                }
            }
        }
    }

    /// The one suit of a set whose cards are all identical.
    fn single_suit(suits: [u8; 4]) -> Option<Suit> {
        let mut found = None;
        for (s, &k) in suits.iter().enumerate() {
            if k > 0 {
                if found.is_some() {
                    return None;
                }
                found = Some(Suit::from_index(s));
            }
        }
        found
    }

    /// Whether `card` may be laid off on this meld, keeping its character: a rope grows at
    /// either end; a set of one suit takes only identical cards (any ace or king when
    /// `same_suit_aces_kings_take_any_suit`); a set of several suits takes any card of its rank.
    pub fn accepts(&self, card: Card, rules: &MeldRules) -> bool {
        let (Some(r), Some(s)) = (card.rank(), card.suit()) else {
            return false;
        };
        match self.shape {
            Shape::Rope { suit, lo, len } => {
                let Some(p) = position(r) else { return false };
                suit == s && (p + 1 == lo || p == lo + len)
            }
            Shape::Set { rank, suits } => {
                rank == r
                    && match Meld::single_suit(suits) {
                        Some(only) => only == s || (ignores_suits(rank) && rules.same_suit_aces_kings_take_any_suit),
                        None => true,
                    }
            }
        }
    }

    /// The meld with `card` laid off (the caller has checked [`Meld::accepts`]).
    pub fn with(&self, card: Card, rules: &MeldRules) -> Meld {
        let was_condition = self.condition(rules).is_some();
        let mut out = *self;
        match &mut out.shape {
            Shape::Rope { lo, len, .. } => {
                let p = position(card.rank().expect("checked")).expect("checked");
                if p + 1 == *lo {
                    *lo -= 1;
                }
                *len += 1;
            }
            Shape::Set { suits, .. } => suits[card.suit_unchecked().index()] += 1,
        }
        if !was_condition && out.condition(rules).is_some() && rules.rope_upgrade_base_only {
            out.base_len = out.len();
        }
        out
    }

    /// What is left after taking `cards` out, if something is left and it stands as valid melds
    /// (PAN-14): a rope falls into its runs; a set's rest stays one set where it is a valid set
    /// (non-strict, PAN-14), and otherwise, holding exactly two suits of at least three cards each,
    /// falls into those two one-suit sets (clubs, diamonds, hearts, spades order). No other
    /// arrangement is possible: a rest of three or more cards that is not one set has two suits
    /// only (a third suit makes it a mixed set; aces and kings are a set in any suits), so each
    /// of its pieces holds one suit.
    pub fn without(&self, cards: &Bag) -> Option<Pieces> {
        match self.shape {
            Shape::Rope { suit, lo, len } => {
                let mut left = 0u16;
                for p in lo..lo + len {
                    left |= 1 << p;
                }
                for c in cards.cards() {
                    let p = position(c.rank()?)?;
                    if c.suit()? != suit || left & 1 << p == 0 {
                        return None;
                    }
                    left &= !(1 << p);
                }
                let mut parts = [None; 2];
                let mut k = 0;
                while left != 0 {
                    let start = left.trailing_zeros() as u8;
                    let run = (left >> start).trailing_ones() as u8;
                    if run < 3 || k == 2 {
                        return None;
                    }
                    parts[k] = Some(Meld {
                        shape: Shape::Rope {
                            suit,
                            lo: start,
                            len: run,
                        },
                        base_len: self.base_len,
                    });
                    k += 1;
                    left &= !(((1u16 << run) - 1) << start);
                }
                (k > 0).then_some(Pieces { parts })
            }
            Shape::Set { rank, mut suits } => {
                for c in cards.cards() {
                    if c.rank()? != rank || suits[c.suit()?.index()] == 0 {
                        return None;
                    }
                    suits[c.suit_unchecked().index()] -= 1;
                }
                if Meld::set_is_valid(rank, suits, false) {
                    return Some(Pieces {
                        parts: [Some(Meld::from_shape(Shape::Set { rank, suits })), None],
                    });
                }
                // Two suits (each at least three cards): two one-suit sets.
                let mut parts = [None; 2];
                let mut k = 0;
                for (s, &n) in suits.iter().enumerate() {
                    if n == 0 {
                        continue;
                    }
                    if n < 3 || k == 2 {
                        return None;
                    }
                    let mut one = [0; 4];
                    one[s] = n;
                    parts[k] = Some(Meld::from_shape(Shape::Set { rank, suits: one }));
                    k += 1;
                }
                (k == 2).then_some(Pieces { parts })
            }
        }
    }

    fn from_shape(shape: Shape) -> Meld {
        Meld { shape, base_len: 3 }
    }

    /// A piece cut from this meld keeps the rope's increase base, at most its own length (so
    /// every card laid on it later pays).
    pub fn piece_of(&self, piece: Meld) -> Meld {
        match piece.shape {
            Shape::Rope { .. } => Meld {
                base_len: self.base_len.min(piece.len()),
                ..piece
            },
            Shape::Set { .. } => piece,
        }
    }

    /// The condition this meld is, as (base value, value of each further card), or `None`.
    pub fn condition(&self, rules: &MeldRules) -> Option<(u32, u32)> {
        let spade = |s: Suit| s == Suit::Spades;
        match self.shape {
            Shape::Rope { suit, lo, len } => {
                let b = if spade(suit) { 2 } else { 1 };
                (lo == 0 || lo + len == 10).then_some((b, b))
            }
            Shape::Set { rank, suits } => match (Meld::single_suit(suits), is_valle(rank)) {
                (Some(s), true) => {
                    let b = if spade(s) { 4 } else { 2 };
                    let i = if rules.reduced_valle_increase { b / 2 } else { b };
                    Some((b, i))
                }
                (Some(s), false) => {
                    let b = if spade(s) { 2 } else { 1 };
                    Some((b, b))
                }
                (None, true) => Some((1, 1)),
                (None, false) => None,
            },
        }
    }

    /// What the meld entitles its owner to collect from each paying opponent (PAN-9):
    /// `B + I * (n - 3)` for a condition, 0 otherwise.
    pub fn entitlement(&self, rules: &MeldRules) -> u32 {
        self.condition(rules).map_or(0, |(b, i)| {
            let n = self.len();
            b + i * n.saturating_sub(self.base_len.max(3)) as u32
        })
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.cards())
    }
}

/// A hand as counts by sequence position and suit, for enumerating melds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Grid([[u8; 4]; 10]);

impl Grid {
    pub fn of(hand: &CardCounts) -> Grid {
        let mut g = Grid::default();
        for (c, k) in hand.iter() {
            if let (Some(p), Some(s)) = (c.rank().and_then(position), c.suit()) {
                g.0[p as usize][s.index()] = k;
            }
        }
        g
    }

    pub fn count(&self, pos: u8, suit: Suit) -> u8 {
        self.0[pos as usize][suit.index()]
    }

    pub fn suits(&self, pos: u8) -> [u8; 4] {
        self.0[pos as usize]
    }
}

/// Calls `f` with every sub-multiset of `avail` (copies per suit) that has between `min` and
/// `max` cards, as copies per suit.
pub fn sub_multisets(avail: [u8; 4], min: u8, max: u8, f: &mut impl FnMut([u8; 4])) {
    for a in 0..=avail[0] {
        for b in 0..=avail[1] {
            for c in 0..=avail[2] {
                for d in 0..=avail[3] {
                    let n = a + b + c + d;
                    if (min..=max).contains(&n) {
                        f([a, b, c, d]);
                    }
                }
            }
        }
    }
}

/// The bag of a set given copies per suit.
pub fn set_bag(rank: Rank, suits: [u8; 4]) -> Bag {
    Meld::from_shape(Shape::Set { rank, suits }).cards()
}

/// Calls `f` with every meld that may be put down new from `hand` (PAN-12), optionally only those
/// holding `must`.
pub fn new_melds(hand: &Grid, must: Option<Card>, f: &mut impl FnMut(Bag)) {
    let must_at = must.and_then(|c| Some((position(c.rank()?)?, c.suit()?)));
    for pos in 0..10u8 {
        if must_at.is_some_and(|(p, _)| p != pos) {
            continue;
        }
        let rank = RANKS[pos as usize];
        let avail = hand.suits(pos);
        let wants = |suits: [u8; 4]| must_at.is_none_or(|(_, s)| suits[s.index()] > 0);
        if ignores_suits(rank) {
            sub_multisets(avail, 3, 11, &mut |suits| {
                if wants(suits) {
                    f(set_bag(rank, suits))
                }
            });
            continue;
        }
        for s in 0..4 {
            for k in 3..=avail[s] {
                let mut suits = [0; 4];
                suits[s] = k;
                if wants(suits) {
                    f(set_bag(rank, suits));
                }
            }
        }
        for mask in 0u8..16 {
            if mask.count_ones() < 3 {
                continue;
            }
            let mut suits = [0; 4];
            let mut ok = true;
            for (s, slot) in suits.iter_mut().enumerate() {
                if mask & 1 << s != 0 {
                    ok &= avail[s] > 0;
                    *slot = 1;
                }
            }
            if ok && wants(suits) {
                f(set_bag(rank, suits));
            }
        }
    }
    for suit in Suit::ALL {
        if must_at.is_some_and(|(_, s)| s != suit) {
            continue;
        }
        for lo in 0..8u8 {
            if hand.count(lo, suit) == 0 {
                continue;
            }
            let mut hi = lo + 1;
            while hi < 10 && hand.count(hi, suit) > 0 {
                if hi - lo >= 2 && must_at.is_none_or(|(p, _)| (lo..=hi).contains(&p)) {
                    f(Bag::of((lo..=hi).map(|p| card_at(p, suit))).expect("at most 10 cards"));
                }
                hi += 1;
            }
        }
    }
}
