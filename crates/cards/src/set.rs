use crate::{Card, Suit};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

/// A set of distinct cards (one pack plus the joker) in a single `u64`, bit = [`Card::id`].
///
/// Copy, allocation-free and ordered by card id, which is what hot paths in single-pack games
/// (legal-move generation, playouts, world sampling) need.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(u64);

const SUIT_LANE: u64 = 0x3FFE; // ranks 1..=13 within one 16-bit lane

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 suited cards.
    pub const FULL_52: CardSet = CardSet(SUIT_LANE | SUIT_LANE << 16 | SUIT_LANE << 32 | SUIT_LANE << 48);

    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Every card of one suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_LANE << (suit as u64 * 16))
    }

    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.id())
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.id()) != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.id();
    }

    /// Removes `card`, returning whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.id());
        had
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards of this set in one suit.
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & CardSet::suit(suit).0)
    }

    pub const fn has_suit(self, suit: Suit) -> bool {
        !self.of_suit(suit).is_empty()
    }

    /// The card with the smallest id (within a suit: the lowest face value, ace first).
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_id(self.0.trailing_zeros() as u8).expect("set holds valid ids"))
    }

    /// The card with the largest id (within a suit: the highest face value).
    pub fn last(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_id(63 - self.0.leading_zeros() as u8).expect("set holds valid ids"))
    }

    /// The `n`th card in id order.
    pub fn nth(self, mut n: u32) -> Option<Card> {
        let mut bits = self.0;
        while bits != 0 {
            let id = bits.trailing_zeros();
            if n == 0 {
                return Card::from_id(id as u8);
            }
            n -= 1;
            bits &= bits - 1;
        }
        None
    }

    /// The cards in id order. Bits that are no card's (possible only through `from_bits`) are
    /// skipped, so every id the iterator meets is a card's and needs no check.
    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0 & (CardSet::FULL_52.0 | 1))
    }

    /// `n` cards chosen uniformly at random (all of them if there are fewer).
    pub fn sample(self, n: u32, rng: &mut crate::GameRng) -> CardSet {
        let mut left = self;
        let mut out = CardSet::EMPTY;
        for _ in 0..n.min(self.len()) {
            let c = left.nth(rng.below(left.len())).expect("index below the length");
            left.remove(c);
            out.insert(c);
        }
        out
    }
}

/// Iterates a [`CardSet`] in id order.
#[derive(Clone)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let id = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card::from_card_bit(id))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

macro_rules! set_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for CardSet {
            type Output = CardSet;
            fn $f(self, o: CardSet) -> CardSet {
                CardSet(self.0 $op o.0)
            }
        }
        impl $tra for CardSet {
            fn $fa(&mut self, o: CardSet) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, o: CardSet) {
        self.0 &= !o.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 52 suited cards and the joker.
    fn not(self) -> CardSet {
        CardSet(!self.0 & (CardSet::FULL_52.0 | 1))
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl serde::Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_meets_only_cards_even_from_raw_bits() {
        let all: Vec<Card> = CardSet::from_bits(u64::MAX).iter().collect();
        assert_eq!(all.len(), 53, "52 cards and the joker");
        assert!(all.iter().all(|c| Card::from_id(c.id()) == Some(*c)));
        assert_eq!(CardSet::from_bits(u64::MAX).iter().len(), 53);
        assert_eq!(CardSet::FULL_52.iter().count(), 52);
    }
    use crate::Rank;

    #[test]
    fn full_pack_has_52_cards_and_13_per_suit() {
        assert_eq!(CardSet::FULL_52.len(), 52);
        for s in Suit::ALL {
            assert_eq!(CardSet::FULL_52.of_suit(s).len(), 13);
            assert!(CardSet::FULL_52.of_suit(s).iter().all(|c| c.suit() == Some(s)));
        }
        assert!(!CardSet::FULL_52.contains(Card::JOKER));
    }

    #[test]
    fn insert_remove_and_order() {
        let qs = Card::new(Rank::Queen, Suit::Spades);
        let two_c = Card::new(Rank::Two, Suit::Clubs);
        let mut s = CardSet::EMPTY;
        s.insert(qs);
        s.insert(two_c);
        assert_eq!(s.len(), 2);
        assert_eq!(s.first(), Some(two_c));
        assert_eq!(s.last(), Some(qs));
        assert_eq!(s.nth(1), Some(qs));
        assert!(s.remove(qs));
        assert!(!s.remove(qs));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![two_c]);
        assert_eq!((!s).len(), 52);
    }
}
