use crate::{Card, CardCounts, CardSet};
use std::fmt;

/// A multiset holding at most two copies of each card (the pinochle pack): two bitsets, `Copy`
/// and allocation-free like [`CardSet`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DoubleSet {
    /// Cards held at least once.
    once: CardSet,
    /// Cards held twice.
    twice: CardSet,
}

impl DoubleSet {
    pub const EMPTY: DoubleSet = DoubleSet {
        once: CardSet::EMPTY,
        twice: CardSet::EMPTY,
    };

    pub fn count(&self, card: Card) -> u8 {
        self.once.contains(card) as u8 + self.twice.contains(card) as u8
    }

    /// Adds a copy; false if two are already there.
    pub fn insert(&mut self, card: Card) -> bool {
        if !self.once.contains(card) {
            self.once.insert(card);
            true
        } else if !self.twice.contains(card) {
            self.twice.insert(card);
            true
        } else {
            false
        }
    }

    /// Removes a copy; false if there was none.
    pub fn remove(&mut self, card: Card) -> bool {
        if self.twice.remove(card) {
            true
        } else {
            self.once.remove(card)
        }
    }

    /// The distinct cards held.
    pub fn distinct(&self) -> CardSet {
        self.once
    }

    pub fn len(&self) -> u32 {
        self.once.len() + self.twice.len()
    }

    pub fn is_empty(&self) -> bool {
        self.once.is_empty()
    }

    /// Every copy, in id order.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.once
            .iter()
            .flat_map(move |c| std::iter::repeat_n(c, self.count(c) as usize))
    }

    pub fn add_all(&mut self, other: &DoubleSet) {
        for c in other.iter() {
            self.insert(c);
        }
    }

    pub fn to_counts(&self) -> CardCounts {
        self.iter().collect()
    }

    /// From counts of at most two; `None` if a card has more copies.
    pub fn from_counts(counts: &CardCounts) -> Option<DoubleSet> {
        let mut d = DoubleSet::EMPTY;
        for (c, n) in counts.iter() {
            for _ in 0..n {
                if !d.insert(c) {
                    return None;
                }
            }
        }
        Some(d)
    }
}

impl FromIterator<Card> for DoubleSet {
    /// Collects cards, ignoring copies beyond the second.
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> DoubleSet {
        let mut d = DoubleSet::EMPTY;
        for c in iter {
            d.insert(c);
        }
        d
    }
}

impl fmt::Debug for DoubleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for DoubleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v: Vec<String> = self.iter().map(|c| c.to_string()).collect();
        f.write_str(&v.join(" "))
    }
}

impl serde::Serialize for DoubleSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_at_most_two_copies() {
        let qs: Card = "QS".parse().unwrap();
        let mut d = DoubleSet::EMPTY;
        assert!(d.insert(qs) && d.insert(qs) && !d.insert(qs));
        assert_eq!((d.count(qs), d.len()), (2, 2));
        assert_eq!(d.distinct().len(), 1);
        assert!(d.remove(qs) && d.remove(qs) && !d.remove(qs));
        assert!(d.is_empty());
        let pack: CardCounts = crate::DeckSpec::Pinochle48.counts();
        let all = DoubleSet::from_counts(&pack).unwrap();
        assert_eq!(all.len(), 48);
        assert_eq!(all.to_counts(), pack);
    }
}
