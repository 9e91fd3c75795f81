//! What the games share in filling the table model (`engine::Scene`, the event feed, action
//! descriptions): hands in display order, seat rows, tricks, and the usual sentences.

use crate::trick::Trick;
use cards::{Card, CardCounts, CardSet, Suit};
use engine::{Event, HandScene, Seat, SeatScene, TrickScene};

/// Suits in the order hands are shown: alternating colours.
pub const DISPLAY_SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

/// A hand's cards in display order: by suit (alternating colours), then by `strength` within
/// the suit, weakest first; jokers last.
pub fn sorted_hand(cards: impl IntoIterator<Item = Card>, strength: impl Fn(Card) -> u8) -> Vec<Card> {
    let mut v: Vec<Card> = cards.into_iter().collect();
    v.sort_by_key(|&c| match c.suit() {
        Some(s) => (DISPLAY_SUITS.iter().position(|&d| d == s).unwrap_or(0), strength(c)),
        None => (4, 0),
    });
    v
}

/// The viewer's own hand, shown.
pub fn shown(set: CardSet, strength: impl Fn(Card) -> u8) -> HandScene {
    HandScene::Shown {
        cards: sorted_hand(set.iter(), strength),
    }
}

/// A hand face down.
pub fn hidden(count: usize) -> HandScene {
    HandScene::Hidden { count }
}

/// A row per seat, clockwise from seat 0, with the dealer marked and the seat to act flagged.
pub fn seat_rows(players: usize, dealer: Option<Seat>, to_act: Option<Seat>) -> Vec<SeatScene> {
    (0..players)
        .map(|seat| SeatScene {
            seat,
            marks: if dealer == Some(seat) {
                vec!["dealer".to_string()]
            } else {
                Vec::new()
            },
            to_act: to_act == Some(seat),
            ..SeatScene::default()
        })
        .collect()
}

/// A trick for the scene.
pub fn trick_scene(trick: &Trick, players: usize, winner: Option<Seat>) -> Option<TrickScene> {
    (!trick.is_empty()).then(|| TrickScene {
        plays: trick.plays(players).collect(),
        winner,
    })
}

/// "Waiting for seat 2 to play." (with `@2`, rendered for the viewer).
pub fn waiting(seat: Seat, doing: &str) -> String {
    format!("Waiting for @{seat} to {doing}.")
}

/// "@1 {play|plays} QS", told to everyone, showing the card.
pub fn played(seat: Seat, card: Card) -> Event {
    Event::new("play", Some(seat), format!("@{seat} {{play|plays}} {card}.")).with_cards([card])
}

/// "@2 {take|takes} the trick" with what it held.
pub fn took_trick(seat: Seat, number: usize, cards: &[Card], worth: &str) -> Event {
    let worth = if worth.is_empty() {
        String::new()
    } else {
        format!(" ({worth})")
    };
    Event::new(
        "trick",
        Some(seat),
        format!("@{seat} {{take|takes}} trick {number}{worth}."),
    )
    .with_cards(cards.iter().copied())
}

/// "a card" / "three cards".
pub fn count_of_cards(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ];
    match n {
        1 => "a card".to_string(),
        n if n < WORDS.len() => format!("{} cards", WORDS[n]),
        n => format!("{n} cards"),
    }
}

/// "1 chip", "5 chips", "-1 chip": a count of chips with the noun agreeing.
pub fn chips(n: i64) -> String {
    if n.abs() == 1 {
        format!("{n} chip")
    } else {
        format!("{n} chips")
    }
}

/// A signed chip change: "+1 chip", "-3 chips", "0 chips".
pub fn signed_chips(n: i64) -> String {
    let noun = if n.abs() == 1 { "chip" } else { "chips" };
    format!("{} {noun}", signed(n))
}

/// A signed score change in words for breakdowns: "+5", "-10", "0".
pub fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// The card that came into a hand between two states (a stock draw, told to the drawer only).
pub fn card_added(before: &CardCounts, after: &CardCounts) -> Option<Card> {
    after.iter().find(|&(c, k)| k > before.count(c)).map(|(c, _)| c)
}
