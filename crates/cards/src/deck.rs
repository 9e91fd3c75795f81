use crate::{Card, CardCounts, Rank, Suit};

/// Every pack the twelve games use. `cards()` lists a pack in canonical order (suit by suit,
/// ace to king, jokers first, whole packs repeated), which is the order a `--deck` argument
/// permutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeckSpec {
    /// `packs` standard 52-card packs (Hearts, Big Three, Ace-Deuce-Jack: 1; Three Thirteen: more).
    Standard52 { packs: u8 },
    /// `packs` Spanish-style 40-card packs: no 8, 9 or 10 (Panguingue, Ziginette).
    /// `drop_spades` removes one spade suit from the whole (a Panguingue option).
    Stripped40 { packs: u8, drop_one_spade_suit: bool },
    /// 32 cards, 7 to ace (Belote, Solo).
    Piquet32,
    /// 48 cards, 9 to ace, two of each (Auction Pinochle).
    Pinochle48,
    /// 61 cards: one joker, two each of J Q K of clubs, two each of A to 9 in the other suits.
    Khanhoo61,
    /// 162 cards: three packs of 52 plus two jokers each (Jewel).
    Jewel162,
}

impl DeckSpec {
    pub fn cards(&self) -> Vec<Card> {
        fn push_pack(v: &mut Vec<Card>, ranks: impl Fn(Rank) -> bool, suits: &[Suit]) {
            for &s in suits {
                v.extend(Rank::ALL.into_iter().filter(|&r| ranks(r)).map(|r| Card::new(r, s)));
            }
        }
        let no_8_9_10 = |r: Rank| !matches!(r, Rank::Eight | Rank::Nine | Rank::Ten);
        let mut v = Vec::with_capacity(162);
        match *self {
            DeckSpec::Standard52 { packs } => (0..packs).for_each(|_| push_pack(&mut v, |_| true, &Suit::ALL)),
            DeckSpec::Stripped40 {
                packs,
                drop_one_spade_suit,
            } => {
                (0..packs).for_each(|_| push_pack(&mut v, no_8_9_10, &Suit::ALL));
                if drop_one_spade_suit {
                    for r in Rank::ALL.into_iter().filter(|&r| no_8_9_10(r)) {
                        let at = v
                            .iter()
                            .rposition(|&c| c == Card::new(r, Suit::Spades))
                            .expect("pack has spades");
                        v.remove(at);
                    }
                }
            }
            DeckSpec::Piquet32 => push_pack(&mut v, |r| r == Rank::Ace || r >= Rank::Seven, &Suit::ALL),
            DeckSpec::Pinochle48 => {
                (0..2).for_each(|_| push_pack(&mut v, |r| r == Rank::Ace || r >= Rank::Nine, &Suit::ALL))
            }
            DeckSpec::Khanhoo61 => {
                v.push(Card::JOKER);
                for _ in 0..2 {
                    push_pack(&mut v, |r| r >= Rank::Jack, &[Suit::Clubs]);
                    push_pack(
                        &mut v,
                        |r| r <= Rank::Nine,
                        &[Suit::Diamonds, Suit::Hearts, Suit::Spades],
                    );
                }
            }
            DeckSpec::Jewel162 => (0..3).for_each(|_| {
                v.extend([Card::JOKER, Card::JOKER]);
                push_pack(&mut v, |_| true, &Suit::ALL);
            }),
        }
        v
    }

    pub fn counts(&self) -> CardCounts {
        self.cards().into_iter().collect()
    }

    pub fn len(&self) -> usize {
        self.cards().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Checks that `order` is a permutation of this pack (for `--deck`), naming the first problem.
    pub fn check_order(&self, order: &[Card]) -> Result<(), String> {
        if order.len() != self.len() {
            return Err(format!(
                "the deck must list all {} cards of the pack, got {}",
                self.len(),
                order.len()
            ));
        }
        let mut remaining = self.counts();
        for (i, &c) in order.iter().enumerate() {
            if !remaining.remove(c) {
                return Err(if self.counts().count(c) == 0 {
                    format!("card {} ({c}) is not in this pack", i + 1)
                } else {
                    format!("card {} ({c}) appears more often than the pack holds it", i + 1)
                });
            }
        }
        Ok(())
    }
}

/// Parses a comma- or space-separated card list such as `"2C, QS,th"`.
pub fn parse_card_list(text: &str) -> Result<Vec<Card>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| t.parse::<Card>().map_err(|e| format!("card {}: {e}", i + 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pack_has_the_documented_size() {
        assert_eq!(DeckSpec::Standard52 { packs: 1 }.len(), 52);
        assert_eq!(DeckSpec::Standard52 { packs: 3 }.len(), 156);
        for k in 1..=11u8 {
            assert_eq!(
                DeckSpec::Stripped40 {
                    packs: k,
                    drop_one_spade_suit: false
                }
                .len(),
                40 * k as usize
            );
        }
        assert_eq!(
            DeckSpec::Stripped40 {
                packs: 8,
                drop_one_spade_suit: true
            }
            .len(),
            310
        );
        assert_eq!(DeckSpec::Piquet32.len(), 32);
        assert_eq!(DeckSpec::Pinochle48.len(), 48);
        assert_eq!(DeckSpec::Khanhoo61.len(), 61);
        assert_eq!(DeckSpec::Jewel162.len(), 162);
    }

    #[test]
    fn pack_contents_match_their_definitions() {
        let k = DeckSpec::Khanhoo61.counts();
        assert_eq!(k.count(Card::JOKER), 1);
        assert_eq!(k.count("QC".parse().unwrap()), 2);
        assert_eq!(k.count("9C".parse().unwrap()), 0);
        assert_eq!(k.count("9H".parse().unwrap()), 2);
        assert_eq!(k.count("TH".parse().unwrap()), 0);
        assert_eq!(k.count("KS".parse().unwrap()), 0);
        let p = DeckSpec::Pinochle48.counts();
        assert_eq!(p.count("9S".parse().unwrap()), 2);
        assert_eq!(p.count("8S".parse().unwrap()), 0);
        let j = DeckSpec::Jewel162.counts();
        assert_eq!(j.count(Card::JOKER), 6);
        assert_eq!(j.count("7D".parse().unwrap()), 3);
        let pan = DeckSpec::Stripped40 {
            packs: 8,
            drop_one_spade_suit: false,
        }
        .counts();
        assert_eq!(pan.count("TS".parse().unwrap()), 0);
        assert_eq!(pan.count("JS".parse().unwrap()), 8);
        let pan7 = DeckSpec::Stripped40 {
            packs: 8,
            drop_one_spade_suit: true,
        }
        .counts();
        assert_eq!(pan7.count("JS".parse().unwrap()), 7);
        assert_eq!(pan7.count("JH".parse().unwrap()), 8);
    }

    #[test]
    fn deck_order_checks_name_the_problem() {
        let spec = DeckSpec::Standard52 { packs: 1 };
        let mut order = spec.cards();
        assert!(spec.check_order(&order).is_ok());
        order[5] = order[4];
        assert!(spec.check_order(&order).unwrap_err().contains("appears more often"));
        order.pop();
        assert!(spec.check_order(&order).unwrap_err().contains("all 52 cards"));
        assert!(parse_card_list("2C, qs 10h").unwrap().len() == 3);
        assert!(parse_card_list("2C,XX").unwrap_err().contains("card 2"));
    }
}
