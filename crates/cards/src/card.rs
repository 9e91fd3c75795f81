use std::fmt;
use std::str::FromStr;

/// The four suits, in the order used for card ids and sorting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// The suit whose own letter (`letter`, upper case) is `c`; readers of typed text
    /// upper-case first.
    fn from_letter(c: char) -> Option<Suit> {
        match c {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl serde::Serialize for Suit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl FromStr for Suit {
    type Err = String;

    /// A suit letter (`C D H S`, any case) or name (`clubs`...).
    fn from_str(text: &str) -> Result<Suit, String> {
        let t = text.trim().to_ascii_lowercase();
        let by_letter = if t.len() == 1 {
            t.chars().next().and_then(|c| Suit::from_letter(c.to_ascii_uppercase()))
        } else {
            None
        };
        by_letter
            .or_else(|| Suit::ALL.into_iter().find(|s| s.name() == t))
            .ok_or_else(|| format!("'{}' is not a suit: write C, D, H or S", text.trim()))
    }
}

/// Ranks by face value, ace = 1. How ranks *order* is a property of each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// Ace to king.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// Face value: ace 1 ... king 13.
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank's name in words: "ace", "seven", "queen".
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king",
        ];
        NAMES[self as usize - 1]
    }

    /// The rank whose own letter (`letter`: `A`, `2`-`9`, `T`, `J`, `Q`, `K`) is `c`; readers of
    /// typed text upper-case first.
    fn from_letter(c: char) -> Option<Rank> {
        match c {
            'A' => Some(Rank::Ace),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            '2'..='9' => Rank::from_value(c as u8 - b'0'),
            _ => None,
        }
    }

    /// The rank with face value `v` (1..=13).
    pub const fn from_value(v: u8) -> Option<Rank> {
        if v >= 1 && v <= 13 {
            Some(Rank::ALL[v as usize - 1])
        } else {
            None
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One card in one byte: `suit * 16 + rank` for suited cards, `0` for the joker.
///
/// The layout leaves bit 0 of every 16-bit suit lane free, so a [`crate::CardSet`] can take a
/// whole suit with one mask and the joker fits in the clubs lane's spare bit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const JOKER: Card = Card(0);

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((suit as u8) << 4 | rank as u8)
    }

    /// The card with this id (0..64), if the id names a card.
    pub const fn from_id(id: u8) -> Option<Card> {
        let rank = id & 15;
        if id == 0 || (id < 64 && rank >= 1 && rank <= 13) {
            Some(Card(id))
        } else {
            None
        }
    }

    /// The card whose own text (as `Display` writes it: `QS`, `TH`, `JK`) is exactly `text`, for
    /// finding cards named in prose, where "10H", "qs" or "jk" are words, not cards. Allocates
    /// nothing: it runs over every word of the texts searched.
    pub fn from_code(text: &str) -> Option<Card> {
        let &[r, s] = text.as_bytes() else {
            return None;
        };
        if text == "JK" {
            return Some(Card::JOKER);
        }
        Some(Card::new(Rank::from_letter(r as char)?, Suit::from_letter(s as char)?))
    }

    /// The card of a bit that `CardSet::iter` has already limited to cards' bits.
    #[inline]
    pub(crate) const fn from_card_bit(id: u8) -> Card {
        debug_assert!(Card::from_id(id).is_some());
        Card(id)
    }

    /// Stable id in 0..64; also the card's bit in a [`crate::CardSet`].
    /// The card in words, for labels and screen readers: "queen of spades", "joker".
    pub fn name(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => format!("{} of {}", r.name(), s.name()),
            _ => "joker".to_string(),
        }
    }

    pub const fn id(self) -> u8 {
        self.0
    }

    pub const fn is_joker(self) -> bool {
        self.0 == 0
    }

    /// The suit; `None` for the joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Some(Suit::from_index((self.0 >> 4) as usize))
        }
    }

    /// The rank; `None` for the joker.
    pub const fn rank(self) -> Option<Rank> {
        Rank::from_value(self.0 & 15)
    }

    /// Suit of a card known not to be the joker (the joker reports clubs).
    pub const fn suit_unchecked(self) -> Suit {
        Suit::from_index((self.0 >> 4) as usize)
    }

    /// Face value of a card known not to be the joker (the joker reports 0).
    pub const fn face(self) -> u8 {
        self.0 & 15
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{}{}", r.letter(), s.letter()),
            _ => f.write_str("JK"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a piece of text is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError {
    pub input: String,
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a card: write rank A 2-9 T J Q K (or 10) then suit C D H S, e.g. QS, TH, 10H",
            self.input
        )
    }
}

impl ParseCardError {
    /// The message for games whose pack has jokers.
    pub fn with_joker_hint(&self) -> String {
        format!("{self}; the joker is JK")
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError { input: s.to_string() };
        let t = s.trim();
        if t.eq_ignore_ascii_case("JK") {
            return Ok(Card::JOKER);
        }
        if !t.is_ascii() || t.len() < 2 || t.len() > 3 {
            return Err(err());
        }
        let (rank_text, suit_text) = t.split_at(t.len() - 1);
        let suit = suit_text.chars().next().map(|c| c.to_ascii_uppercase());
        let suit = suit.and_then(Suit::from_letter).ok_or_else(err)?;
        // Matched on bytes: parsing runs over every word of texts searched for cards, so it
        // allocates nothing on the way to a verdict.
        let rank = match rank_text.as_bytes() {
            [b'1', b'0'] => Some(Rank::Ten),
            &[b] => Rank::from_letter(b.to_ascii_uppercase() as char),
            _ => None,
        };
        Ok(Card::new(rank.ok_or_else(err)?, suit))
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for id in 0..64u8 {
            if let Some(c) = Card::from_id(id) {
                assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            }
        }
    }

    #[test]
    fn accepts_lower_case_and_ten_as_digits() {
        assert_eq!("qs".parse::<Card>().unwrap(), Card::new(Rank::Queen, Suit::Spades));
        assert_eq!("10H".parse::<Card>().unwrap(), Card::new(Rank::Ten, Suit::Hearts));
        assert_eq!("th".parse::<Card>().unwrap(), Card::new(Rank::Ten, Suit::Hearts));
        assert_eq!("jk".parse::<Card>().unwrap(), Card::JOKER);
        assert_eq!(Card::new(Rank::Ten, Suit::Hearts).to_string(), "TH");
    }

    #[test]
    fn a_letter_reads_back_as_its_rank_or_suit_and_only_in_its_own_case() {
        for r in Rank::ALL {
            assert_eq!(Rank::from_letter(r.letter()), Some(r));
        }
        for s in Suit::ALL {
            assert_eq!(Suit::from_letter(s.letter()), Some(s));
        }
        for c in ['q', 't', 'a', '1', '0', 'X', 's', 'h'] {
            assert_eq!(Rank::from_letter(c), None, "{c}");
        }
        for c in ['s', 'h', 'X', 'Q'] {
            assert_eq!(Suit::from_letter(c), None, "{c}");
        }
    }

    #[test]
    fn a_card_code_is_exactly_the_cards_own_text() {
        for id in 0..64 {
            if let Some(c) = Card::from_id(id) {
                assert_eq!(Card::from_code(&c.to_string()), Some(c));
            }
        }
        // How a player may type a card, but not how a card is written.
        for word in ["qs", "Qs", "10H", "th", "jk", "QSS", "Q", "", "ZZ", "1H", "QX", "♠Q"] {
            assert_eq!(Card::from_code(word), None, "{word}");
        }
    }

    #[test]
    fn rejects_malformed_text_with_a_reason() {
        for bad in ["", "Q", "QX", "1H", "11H", "0S", "QSS", "♠Q", "ZZ"] {
            let e = bad.parse::<Card>().unwrap_err();
            assert!(e.to_string().contains("is not a card"), "{bad}");
        }
    }
}
