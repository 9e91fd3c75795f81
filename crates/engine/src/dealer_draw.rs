//! Choosing the first dealer (or banker) by drawing cards, for games whose rules say so.

use crate::Seat;
use cards::{Card, DeckSpec, GameRng};
use serde::Serialize;

/// The result of a draw for the first dealer: who deals, and the card each seat drew first
/// (tied players drew again from what was left; those cards are not kept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealerDraw {
    pub dealer: Seat,
    pub first_cards: Vec<Card>,
}

/// Each player draws a card from a freshly shuffled `deck`; the highest `value` deals, tied
/// players drawing again from what is left. (A low-card draw passes a reversed `value`.)
pub fn draw_high_card(players: usize, deck: DeckSpec, rng: &mut GameRng, value: impl Fn(Card) -> u8) -> DealerDraw {
    let mut pack = deck.cards();
    rng.shuffle(&mut pack);
    let mut draws = pack.iter().copied();
    let first_cards: Vec<Card> = (0..players).map(|_| draws.next().expect("enough cards")).collect();
    let mut contenders: Vec<(Seat, Card)> = first_cards.iter().copied().enumerate().collect();
    loop {
        let top = contenders.iter().map(|&(_, c)| value(c)).max().expect("players draw");
        contenders.retain(|&(_, c)| value(c) == top);
        if contenders.len() == 1 {
            return DealerDraw {
                dealer: contenders[0].0,
                first_cards,
            };
        }
        for entry in contenders.iter_mut() {
            entry.1 = draws.next().expect("ties resolve before the pack runs out");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ace_high(c: Card) -> u8 {
        match c.face() {
            1 => 14,
            f => f,
        }
    }

    #[test]
    fn the_highest_card_deals_and_ties_draw_again() {
        let mut tie_broken = false;
        for seed in 0..300 {
            let draw = draw_high_card(
                5,
                DeckSpec::Standard52 { packs: 1 },
                &mut GameRng::from_seed(seed),
                ace_high,
            );
            let top = draw.first_cards.iter().map(|&c| ace_high(c)).max().unwrap();
            assert_eq!(ace_high(draw.first_cards[draw.dealer]), top);
            tie_broken |= draw.first_cards.iter().filter(|&&c| ace_high(c) == top).count() > 1;
        }
        assert!(
            tie_broken,
            "some draws tie for the top and are settled by drawing again"
        );
    }
}
