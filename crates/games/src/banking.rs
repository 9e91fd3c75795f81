//! What the banking games (Ziginette, Ace-Deuce-Jack) share: choosing the first banker (and
//! any game's first dealer by a draw).

use crate::trick::ace_high;
use cards::{Card, DeckSpec, GameRng};
use engine::Seat;

/// The first banker by high card (aces high): each player draws a card; tied highest players
/// draw again from what is left. Returns the banker and each seat's first draw.
pub fn draw_for_banker(players: usize, deck: DeckSpec, rng: &mut GameRng) -> (Seat, Vec<Card>) {
    draw_high_card(players, deck, rng, ace_high)
}

/// Each player draws a card from a shuffled `deck`; the highest `value` wins, tied players
/// drawing again from what is left. Returns the winner and each seat's first draw.
pub fn draw_high_card(
    players: usize,
    deck: DeckSpec,
    rng: &mut GameRng,
    value: impl Fn(Card) -> u8,
) -> (Seat, Vec<Card>) {
    let mut pack = deck.cards();
    rng.shuffle(&mut pack);
    let mut draws = pack.iter().copied();
    let first: Vec<Card> = (0..players).map(|_| draws.next().expect("enough cards")).collect();
    let mut contenders: Vec<(Seat, Card)> = first.iter().copied().enumerate().collect();
    loop {
        let top = contenders.iter().map(|&(_, c)| value(c)).max().expect("players draw");
        contenders.retain(|&(_, c)| value(c) == top);
        if contenders.len() == 1 {
            return (contenders[0].0, first);
        }
        for entry in contenders.iter_mut() {
            entry.1 = draws.next().expect("ties resolve before the pack runs out");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_highest_card_banks() {
        for seed in 0..200 {
            let (banker, first) = draw_for_banker(5, DeckSpec::Standard52 { packs: 1 }, &mut GameRng::from_seed(seed));
            let top = first.iter().map(|&c| ace_high(c)).max().unwrap();
            assert_eq!(ace_high(first[banker]), top);
        }
    }
}
