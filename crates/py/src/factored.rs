//! Factored actions for games whose flat action space is too large for a dense mask
//! (Panguingue: about a million ids). The legal actions of the moment are listed as rows of
//! [`WIDTH`] small integers (int8):
//!
//! | column | meaning |
//! | --- | --- |
//! | 0 | kind: 0 stay, 1 retire, 2 force, 3 pass, 4 stock, 5 take on, 6 take meld, 7 take borrow, 8 meld, 9 lay, 10 split, 11 borrow, 12 discard |
//! | 1 | meld slot 0-2 (take on, take borrow, lay, split, borrow), else -1 |
//! | 2 | the single card (lay, discard) as its index in `Game.cards()`, else -1 |
//! | 3..43 | the first bag: copies of each of the 40 cards (take meld, meld, split: the cards; take borrow, borrow: the borrowed cards) |
//! | 43..83 | the second bag: copies of each card from hand (take borrow, borrow) |
//!
//! Every row decodes back to exactly one action ([`decode`]); the tests check the round trip
//! for every legal action met in random matches.

use cards::{Card, Suit};
use games::panguingue::melds::{card_at, position, Bag};
use games::panguingue::PanAction;

/// Columns per row.
pub const WIDTH: usize = 83;
const FACES: usize = 40;

/// Whether a game has a factored encoding.
pub fn supports(id: &str) -> bool {
    id == "panguingue"
}

/// A Panguingue card's index among the pack's 40 distinct cards in card-id order (clubs,
/// diamonds, hearts, spades; A 2-7 J Q K): the order of `Game.cards()`.
fn face(c: Card) -> i8 {
    let suit = c.suit().map_or(0, |s| s.index());
    let pos = c.rank().and_then(position).unwrap_or(0) as usize;
    (suit * 10 + pos) as i8
}

fn card_of(f: i8) -> Option<Card> {
    let f = usize::try_from(f).ok().filter(|&f| f < FACES)?;
    Some(card_at((f % 10) as u8, Suit::from_index(f / 10)))
}

fn bag_into(b: &Bag, out: &mut [i8]) {
    for c in b.cards() {
        out[face(c) as usize] += 1;
    }
}

fn bag_from(counts: &[i8]) -> Option<Bag> {
    let mut b = Bag::default();
    for (f, &n) in counts.iter().enumerate() {
        for _ in 0..n.max(0) {
            if !b.push(card_of(f as i8)?) {
                return None;
            }
        }
    }
    Some(b)
}

/// Appends the row of a Panguingue action.
pub fn encode(a: &PanAction, out: &mut Vec<i8>) {
    let start = out.len();
    out.resize(start + WIDTH, 0);
    let row = &mut out[start..];
    row[1] = -1;
    row[2] = -1;
    let (kind, slot, card, b, h): (i8, Option<u8>, Option<Card>, Option<&Bag>, Option<&Bag>) = match a {
        PanAction::Stay => (0, None, None, None, None),
        PanAction::Retire => (1, None, None, None, None),
        PanAction::Force => (2, None, None, None, None),
        PanAction::Pass => (3, None, None, None, None),
        PanAction::Stock => (4, None, None, None, None),
        PanAction::TakeOn(k) => (5, Some(*k), None, None, None),
        PanAction::TakeMeld(b) => (6, None, None, Some(b), None),
        PanAction::TakeBorrow(k, b, h) => (7, Some(*k), None, Some(b), Some(h)),
        PanAction::Meld(b) => (8, None, None, Some(b), None),
        PanAction::Lay(c, k) => (9, Some(*k), Some(*c), None, None),
        PanAction::Split(k, b) => (10, Some(*k), None, Some(b), None),
        PanAction::Borrow(k, b, h) => (11, Some(*k), None, Some(b), Some(h)),
        PanAction::Discard(c) => (12, None, Some(*c), None, None),
    };
    row[0] = kind;
    if let Some(k) = slot {
        row[1] = k as i8;
    }
    if let Some(c) = card {
        row[2] = face(c);
    }
    if let Some(b) = b {
        bag_into(b, &mut row[3..3 + FACES]);
    }
    if let Some(h) = h {
        bag_into(h, &mut row[3 + FACES..3 + 2 * FACES]);
    }
}

/// The action a row encodes, or None for a row that is not one.
pub fn decode(row: &[i8]) -> Option<PanAction> {
    if row.len() != WIDTH {
        return None;
    }
    let slot = || u8::try_from(row[1]).ok().filter(|&k| k < 3);
    let card = || card_of(row[2]);
    let b = || bag_from(&row[3..3 + FACES]);
    let h = || bag_from(&row[3 + FACES..]);
    Some(match row[0] {
        0 => PanAction::Stay,
        1 => PanAction::Retire,
        2 => PanAction::Force,
        3 => PanAction::Pass,
        4 => PanAction::Stock,
        5 => PanAction::TakeOn(slot()?),
        6 => PanAction::TakeMeld(b()?),
        7 => PanAction::TakeBorrow(slot()?, b()?, h()?),
        8 => PanAction::Meld(b()?),
        9 => PanAction::Lay(card()?, slot()?),
        10 => PanAction::Split(slot()?, b()?),
        11 => PanAction::Borrow(slot()?, b()?, h()?),
        12 => PanAction::Discard(card()?),
        _ => return None,
    })
}

/// [`encode`] for an action of any game (nothing for a game without a factored encoding).
pub fn encode_any<A: 'static>(a: &A, out: &mut Vec<i8>) {
    if let Some(p) = (a as &dyn std::any::Any).downcast_ref::<PanAction>() {
        encode(p, out);
    }
}

/// [`decode`] for any game's action type.
pub fn decode_any<A: Copy + 'static>(row: &[i8]) -> Option<A> {
    let p = decode(row)?;
    (&p as &dyn std::any::Any).downcast_ref::<A>().copied()
}
