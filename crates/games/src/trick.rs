//! What trick-taking games share: the trick in play and who wins it.

use cards::{Card, Suit};
use engine::Seat;

/// The cards played to one trick, in order, starting with the leader's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    cards: [Card; 8],
    len: u8,
    leader: u8,
}

impl Trick {
    pub fn new(leader: Seat) -> Trick {
        Trick {
            cards: [Card::JOKER; 8],
            len: 0,
            leader: leader as u8,
        }
    }

    pub fn leader(&self) -> Seat {
        self.leader as Seat
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The suit led, once a card is down.
    pub fn led_suit(&self) -> Option<Suit> {
        self.cards().first().and_then(|c| c.suit())
    }

    /// The seat that plays next, going clockwise from the leader.
    pub fn next_seat(&self, players: usize) -> Seat {
        (self.leader() + self.len()) % players
    }

    /// Each card with the seat that played it.
    pub fn plays(&self, players: usize) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards()
            .iter()
            .enumerate()
            .map(move |(i, &c)| ((self.leader() + i) % players, c))
    }

    pub fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    /// Index (in play order) of the winning card: the strongest trump if any was played, else the
    /// strongest card of the suit led. `suit_of` lets a game move cards between suits (Solo's
    /// black queens) and `strength` ranks cards within a suit (higher wins).
    pub fn winning_index(
        &self,
        trump: Option<Suit>,
        suit_of: impl Fn(Card) -> Option<Suit>,
        strength: impl Fn(Card) -> u8,
    ) -> usize {
        let led = suit_of(self.cards[0]);
        let key = |c: Card| {
            let s = suit_of(c);
            let class = if trump.is_some() && s == trump {
                2
            } else if s == led {
                1
            } else {
                0
            };
            (class, strength(c))
        };
        (0..self.len())
            .max_by_key(|&i| key(self.cards[i]))
            .expect("a trick has cards")
    }
}

/// Ace-high strength by face value: 2 lowest, ace 14.
pub fn ace_high(card: Card) -> u8 {
    match card.face() {
        1 => 14,
        f => f,
    }
}
