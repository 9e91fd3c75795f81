use crate::{Card, CardSet};
use std::fmt;

/// A counted multiset of cards, for packs holding several copies of a card (Panguingue's eight
/// packs, Jewel's three, Khanhoo's doubled cards). Copies are interchangeable: actions name a
/// card, never a copy.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CardCounts([u8; 64]);

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts([0; 64])
    }
}

impl CardCounts {
    pub fn new() -> CardCounts {
        CardCounts::default()
    }

    pub fn count(&self, card: Card) -> u8 {
        self.0[card.id() as usize]
    }

    pub fn add(&mut self, card: Card) {
        self.add_n(card, 1);
    }

    pub fn add_n(&mut self, card: Card, n: u8) {
        let slot = &mut self.0[card.id() as usize];
        *slot = slot.checked_add(n).expect("more than 255 copies of one card");
    }

    pub fn add_set(&mut self, set: CardSet) {
        for c in set {
            self.add(c);
        }
    }

    pub fn add_all(&mut self, other: &CardCounts) {
        for (c, n) in other.iter() {
            self.add_n(c, n);
        }
    }

    /// Removes one copy, returning whether there was one to remove.
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.0[card.id() as usize];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Each distinct card with its count, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .filter_map(|(id, &n)| Card::from_id(id as u8).map(|c| (c, n)))
    }

    /// The distinct cards present.
    pub fn distinct(&self) -> CardSet {
        self.iter().map(|(c, _)| c).collect()
    }

    /// Every copy, in id order.
    pub fn to_vec(&self) -> Vec<Card> {
        self.iter()
            .flat_map(|(c, n)| std::iter::repeat_n(c, n as usize))
            .collect()
    }
}

impl FromIterator<Card> for CardCounts {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardCounts {
        let mut m = CardCounts::new();
        for c in iter {
            m.add(c);
        }
        m
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl serde::Serialize for CardCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.to_vec())
    }
}
