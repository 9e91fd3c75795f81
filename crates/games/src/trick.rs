//! What trick-taking games share: the trick in play and who wins it.

use cards::{Card, CardSet, Suit};
use engine::Seat;
use serde::ser::{Serialize, SerializeSeq, Serializer};
use std::fmt;
use std::ops::Deref;

/// A trick's cards in play order, held inline: views are built for every simulated move of a
/// search (the rule bots read them), so they must not allocate. Reads as a slice and
/// serialises as a list, as the `Vec<Card>` it replaces did.
#[derive(Clone, Copy, Eq)]
pub struct TrickCards {
    cards: [Card; 8],
    len: u8,
}

impl TrickCards {
    pub const EMPTY: TrickCards = TrickCards {
        cards: [Card::JOKER; 8],
        len: 0,
    };

    fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }
}

impl Deref for TrickCards {
    type Target = [Card];

    fn deref(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

impl PartialEq for TrickCards {
    fn eq(&self, other: &TrickCards) -> bool {
        **self == **other
    }
}

impl PartialEq<Vec<Card>> for TrickCards {
    fn eq(&self, other: &Vec<Card>) -> bool {
        **self == other[..]
    }
}

impl fmt::Debug for TrickCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for TrickCards {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for c in self.iter() {
            seq.serialize_element(c)?;
        }
        seq.end()
    }
}

/// The cards played to one trick, in order, starting with the leader's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    cards: TrickCards,
    leader: u8,
}

impl Trick {
    pub fn new(leader: Seat) -> Trick {
        Trick {
            cards: TrickCards::EMPTY,
            leader: leader as u8,
        }
    }

    pub fn leader(&self) -> Seat {
        self.leader as Seat
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
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

    /// The cards in play order as a value a view can hold without allocating.
    pub fn cards_inline(&self) -> TrickCards {
        self.cards
    }

    pub fn push(&mut self, card: Card) {
        self.cards.push(card);
    }

    /// Index (in play order) of the winning card: the strongest trump if any was played, else the
    /// strongest card of the suit led; between identical cards (multi-pack games) the first
    /// played wins. `suit_of` lets a game move cards between suits (Solo's black queens) and
    /// `strength` ranks cards within a suit (higher wins).
    pub fn winning_index(
        &self,
        trump: Option<Suit>,
        suit_of: impl Fn(Card) -> Option<Suit>,
        strength: impl Fn(Card) -> u8,
    ) -> usize {
        let led = suit_of(self.cards()[0]);
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
        let mut best = 0;
        let mut best_key = key(self.cards()[0]);
        for i in 1..self.len() {
            let k = key(self.cards()[i]);
            if k > best_key {
                best = i;
                best_key = k;
            }
        }
        best
    }
}

/// Ace-high strength by face value: 2 lowest, ace 14.
pub fn ace_high(card: Card) -> u8 {
    match card.face() {
        1 => 14,
        f => f,
    }
}

/// A hand for people: grouped by suit, each suit from weakest to strongest by `strength`.
pub fn hand_text(hand: CardSet, strength: impl Fn(Card) -> u8) -> String {
    let mut groups = Vec::new();
    for suit in Suit::ALL {
        let mut cards: Vec<Card> = hand.of_suit(suit).iter().collect();
        cards.sort_by_key(|&c| strength(c));
        if !cards.is_empty() {
            groups.push(cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "));
        }
    }
    groups.join("  |  ")
}

/// Writes the last trick (if any) and the trick in play, for the text views.
pub fn write_tricks(
    f: &mut std::fmt::Formatter<'_>,
    last: &[Card],
    last_leader: Seat,
    trick: &[Card],
    leader: Seat,
) -> std::fmt::Result {
    let text = |cards: &[Card]| {
        if cards.is_empty() {
            "(empty)".to_string()
        } else {
            cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
        }
    };
    if !last.is_empty() {
        writeln!(f, "Last trick (led by seat {last_leader}): {}", text(last))?;
    }
    write!(f, "Trick (led by seat {leader}): {}", text(trick))
}

/// One obligation on the card to play: if the hand, as narrowed by the duties before this one,
/// holds any of `cards`, the card played must be one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Duty {
    pub cards: CardSet,
    pub reason: &'static str,
}

/// The obligations in force for one play, applied in order ("follow suit", then "trump", then
/// "overtrump"...). One list answers three questions: which cards are legal, why a card is not,
/// and what a legal play reveals about the cards the player did *not* hold (for world sampling).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Duties {
    items: [Duty; 6],
    len: u8,
}

impl Default for Duties {
    #[inline]
    fn default() -> Self {
        Duties {
            items: [Duty {
                cards: CardSet::EMPTY,
                reason: "",
            }; 6],
            len: 0,
        }
    }
}

impl Duties {
    #[inline]
    pub fn new() -> Duties {
        Duties::default()
    }

    /// Adds a duty after the others.
    #[inline]
    pub fn then(mut self, cards: CardSet, reason: &'static str) -> Duties {
        self.items[self.len as usize] = Duty { cards, reason };
        self.len += 1;
        self
    }

    #[inline]
    fn iter(&self) -> impl Iterator<Item = &Duty> {
        self.items[..self.len as usize].iter()
    }

    /// The cards of `hand` that may be played.
    #[inline]
    pub fn legal(&self, hand: CardSet) -> CardSet {
        self.iter().fold(hand, |allowed, d| match allowed & d.cards {
            CardSet::EMPTY => allowed,
            narrowed => narrowed,
        })
    }

    /// The duty that forbids playing `card` from `hand`, if one does.
    pub fn broken_by(&self, hand: CardSet, card: Card) -> Option<&'static str> {
        let mut allowed = hand;
        for d in self.iter() {
            let narrowed = allowed & d.cards;
            if !narrowed.is_empty() {
                if !narrowed.contains(card) && allowed.contains(card) {
                    return Some(d.reason);
                }
                allowed = narrowed;
            }
        }
        None
    }

    /// Cards the player is shown not to have held when `card` was a legal play: a duty the card
    /// does not satisfy cannot have been in force, so the hand had none of its cards (among those
    /// the earlier duties left open). Cards only ever leave a hand, so this stays true.
    pub fn revealed_absent(&self, card: Card) -> CardSet {
        let mut open = CardSet::from_bits(u64::MAX);
        let mut absent = CardSet::EMPTY;
        for d in self.iter() {
            if d.cards.contains(card) {
                open &= d.cards;
            } else {
                absent |= open & d.cards;
            }
        }
        absent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(t: &str) -> CardSet {
        cards::parse_card_list(t).unwrap().into_iter().collect()
    }

    /// Views hold `TrickCards` where they held a `Vec<Card>`: what a front end or the Python
    /// package reads of them (the JSON list, equality, the debug text) must not change.
    #[test]
    fn trick_cards_read_serialise_and_compare_as_the_list_they_replace() {
        let cards = cards::parse_card_list("QS AS 2H").unwrap();
        let mut trick = Trick::new(2);
        cards.iter().for_each(|&c| trick.push(c));
        let inline = trick.cards_inline();
        assert_eq!(&inline[..], &cards[..]);
        assert!(inline == cards);
        assert_eq!(
            serde_json::to_string(&inline).unwrap(),
            serde_json::to_string(&cards).unwrap()
        );
        assert_eq!(format!("{inline:?}"), format!("{cards:?}"));
        assert!(TrickCards::EMPTY.is_empty());
        assert_eq!(serde_json::to_string(&TrickCards::EMPTY).unwrap(), "[]");
        // Equal cards make equal values, whatever the unused slots hold.
        let mut shorter = Trick::new(0);
        shorter.push(cards[0]);
        assert!(shorter.cards_inline() != inline);
        assert!(Trick::new(1).cards_inline() == TrickCards::EMPTY);
    }

    #[test]
    fn duties_narrow_in_order_and_explain_themselves() {
        // Clubs led, spades trump, an opponent winning: follow, else trump, else overtrump.
        let duties = Duties::new()
            .then(CardSet::suit(Suit::Clubs), "follow")
            .then(CardSet::suit(Suit::Spades), "trump")
            .then(set("QS KS AS"), "overtrump");
        assert_eq!(duties.legal(set("2C 9C 3S AS")), set("2C 9C"));
        assert_eq!(duties.legal(set("3S AS 4H")), set("AS"));
        assert_eq!(duties.legal(set("3S 4H")), set("3S"));
        assert_eq!(duties.legal(set("4H 5D")), set("4H 5D"));
        assert_eq!(duties.broken_by(set("2C 3S"), "3S".parse().unwrap()), Some("follow"));
        assert_eq!(duties.broken_by(set("3S AS 4H"), "4H".parse().unwrap()), Some("trump"));
        assert_eq!(
            duties.broken_by(set("3S AS 4H"), "3S".parse().unwrap()),
            Some("overtrump")
        );
        assert_eq!(duties.broken_by(set("3S AS 4H"), "AS".parse().unwrap()), None);
        // Playing a heart shows no clubs and no spades; an under-trump shows no high trump.
        assert_eq!(
            duties.revealed_absent("4H".parse().unwrap()),
            CardSet::suit(Suit::Clubs) | CardSet::suit(Suit::Spades)
        );
        assert_eq!(
            duties.revealed_absent("3S".parse().unwrap()),
            CardSet::suit(Suit::Clubs) | set("QS KS AS")
        );
        assert_eq!(duties.revealed_absent("9C".parse().unwrap()), CardSet::EMPTY);
    }

    #[test]
    fn trick_winner_by_trump_then_suit_led() {
        let mut t = Trick::new(2);
        for c in ["KC", "AC", "2H"] {
            t.push(c.parse().unwrap());
        }
        assert_eq!(t.winning_index(Some(Suit::Hearts), Card::suit, ace_high), 2);
        assert_eq!(t.winning_index(None, Card::suit, ace_high), 1);
        assert_eq!(t.next_seat(3), 2);
        assert_eq!(t.plays(3).map(|(s, _)| s).collect::<Vec<_>>(), vec![2, 0, 1]);
    }
}
