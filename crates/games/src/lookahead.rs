//! One draw of lookahead for the draw-and-discard games (the `hard` bots of Three Thirteen,
//! Khanhoo and Jewel).
//!
//! A hand is judged by what it is expected to be worth after one more card, averaged over the
//! cards the seat has not seen (weighted by their unseen copies), throwing the card it misses
//! least. A hand of connected cards, which many draws improve, is then kept over a hand worth
//! the same now that needs one exact card. Each game supplies its worth (higher is better) and
//! what a drawn card does; this module supplies the averaging, the throw and the draw choice.

use cards::{Card, CardCounts};

/// A game's judgement of hands for the lookahead.
pub trait Evaluator {
    /// What `hand` (a hand of the round's size) is worth now; higher is better.
    fn worth(&self, hand: &CardCounts) -> f64;
    /// What `hand` is worth after adding `card` and throwing the card that costs least, and
    /// never less than `now` (throwing `card` back). A game may approximate this from one solve.
    fn after_draw(&self, hand: &CardCounts, now: f64, card: Card) -> f64;
    /// Ties between throws: the card with the lower rank here goes first.
    fn keep_rank(&self, card: Card) -> i32;
}

/// The cards a seat has not seen, with their unseen copies.
pub struct Unseen {
    cards: Vec<(Card, u8)>,
    total: f64,
}

impl Unseen {
    /// The `pack` less every card in `seen` (each occurrence removes one copy; a card already
    /// gone is skipped).
    pub fn from_pack(mut pack: CardCounts, seen: impl IntoIterator<Item = Card>) -> Unseen {
        for c in seen {
            pack.remove(c);
        }
        Unseen::new(&pack)
    }

    /// From the full pack less everything the seat has seen.
    pub fn new(pool: &CardCounts) -> Unseen {
        let cards: Vec<(Card, u8)> = pool.iter().collect();
        let total = cards.iter().map(|&(_, k)| k as f64).sum::<f64>().max(1.0);
        Unseen { cards, total }
    }

    /// The mean of `f` over one unseen card drawn at random.
    pub fn mean(&self, mut f: impl FnMut(Card) -> f64) -> f64 {
        self.cards.iter().map(|&(c, k)| k as f64 * f(c)).sum::<f64>() / self.total
    }
}

/// Expected worth of `hand` after one more card and one throw.
pub fn potential(e: &impl Evaluator, unseen: &Unseen, hand: &CardCounts) -> f64 {
    let now = e.worth(hand);
    unseen.mean(|c| e.after_draw(hand, now, c))
}

/// The best of `throws` from `hand` by `score` (highest first), with its score; ties go to
/// the card with the lower keep rank, then to the first listed.
pub fn best_throw(
    e: &impl Evaluator,
    hand: &CardCounts,
    throws: impl Iterator<Item = Card>,
    score: impl Fn(&CardCounts) -> f64,
) -> (Card, f64) {
    let mut best: Option<(Card, f64)> = None;
    for c in throws {
        let mut rest = hand.clone();
        rest.remove(c);
        let s = score(&rest);
        let better = match best {
            None => true,
            Some((b, bs)) => s > bs || (s == bs && e.keep_rank(c) < e.keep_rank(b)),
        };
        if better {
            best = Some((c, s));
        }
    }
    best.expect("a card to throw")
}

/// The expected hand after this turn when drawing blind: for every unseen card, the better of
/// throwing it back and keeping it in place of one of the `trades` cards whose loss costs least
/// now, each judged by its [`potential`]. Compare with [`take_value`].
pub fn stock_value(e: &impl Evaluator, unseen: &Unseen, hand: &CardCounts, trades: usize) -> f64 {
    let keep = potential(e, unseen, hand);
    unseen.mean(|c| {
        let mut bigger = hand.clone();
        bigger.add(c);
        let mut throws: Vec<(f64, i32, Card)> = bigger
            .iter()
            .filter(|&(d, _)| d != c)
            .map(|(d, _)| {
                let mut rest = bigger.clone();
                rest.remove(d);
                (e.worth(&rest), e.keep_rank(d), d)
            })
            .collect();
        // Highest worth first, then the card kept least.
        throws.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        throws
            .iter()
            .take(trades)
            .map(|&(_, _, d)| {
                let mut rest = bigger.clone();
                rest.remove(d);
                potential(e, unseen, &rest)
            })
            .fold(keep, f64::max)
    })
}

/// The expected hand after this turn when taking `top`: the best throw by [`potential`].
pub fn take_value(e: &impl Evaluator, unseen: &Unseen, hand: &CardCounts, top: Card) -> f64 {
    let mut with = hand.clone();
    with.add(top);
    best_throw(e, &with, with.iter().map(|(c, _)| c), |h| potential(e, unseen, h)).1
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::parse_card_list;

    /// A toy game: a hand is worth the number of pairs it holds.
    struct Pairs;

    impl Evaluator for Pairs {
        fn worth(&self, hand: &CardCounts) -> f64 {
            let mut ranks = [0u8; 14];
            for (c, k) in hand.iter() {
                ranks[c.face() as usize] += k;
            }
            ranks.iter().map(|&n| (n / 2) as f64).sum()
        }
        fn after_draw(&self, hand: &CardCounts, now: f64, card: Card) -> f64 {
            let mut bigger = hand.clone();
            bigger.add(card);
            bigger
                .iter()
                .map(|(d, _)| {
                    let mut rest = bigger.clone();
                    rest.remove(d);
                    self.worth(&rest)
                })
                .fold(now, f64::max)
        }
        fn keep_rank(&self, card: Card) -> i32 {
            -(card.face() as i32)
        }
    }

    fn counts(t: &str) -> CardCounts {
        parse_card_list(t).unwrap().into_iter().collect()
    }

    #[test]
    fn potential_is_the_mean_over_unseen_cards() {
        // Hand 5C 9D: drawing a 5 or a 9 makes a pair (worth 1), anything else leaves 0.
        let unseen = Unseen::new(&counts("5H 9H KS KC"));
        assert_eq!(potential(&Pairs, &unseen, &counts("5C 9D")), 0.5);
        assert_eq!(potential(&Pairs, &unseen, &counts("5C 5D")), 1.0);
    }

    #[test]
    fn throws_keep_the_card_more_draws_help() {
        // Four cards kept from 5C 5D 9D KC 2S with 5H 9H 9S unseen: keeping the 9 leaves two
        // draws in three that make a second pair (5/3); throwing it leaves one pair (1). The
        // king and the two tie, and the king goes first (the lower keep rank).
        let unseen = Unseen::new(&counts("5H 9H 9S"));
        let hand = counts("5C 5D 9D KC 2S");
        let (card, score) = best_throw(&Pairs, &hand, hand.iter().map(|(c, _)| c), |h| {
            potential(&Pairs, &unseen, h)
        });
        assert_eq!(card.to_string(), "KC");
        assert!((score - 5.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn taking_a_sure_card_beats_a_blind_draw_that_rarely_helps() {
        // 5C 5D 9D 2S; the 9C is on the discards; unseen: 5H, KH, KS. Taking the 9C makes two
        // pairs (2). Drawing blind: the 5H gives at best 4/3 after the next draw (keeping
        // 5 5 5 2), a king 5/3 (keeping 5 5 9 K or 5 5 2 K): 14/9 on average.
        let unseen = Unseen::new(&counts("5H KH KS"));
        let hand = counts("5C 5D 9D 2S");
        let take = take_value(&Pairs, &unseen, &hand, "9C".parse().unwrap());
        let stock = stock_value(&Pairs, &unseen, &hand, 2);
        assert_eq!(take, 2.0);
        assert!((stock - 14.0 / 9.0).abs() < 1e-12, "{stock}");
    }
}
