//! Panguingue decisions and their text. A turn is a short sequence of small decisions: draw
//! (or take the discard *with* the play that melds it), then any number of single melding
//! plays, then a discard.

use super::melds::Bag;
use cards::Card;
use std::fmt;
use std::str::FromStr;

/// One decision. Meld numbers are 1-based positions in the player's own layout.
///
/// | text | meaning |
/// |---|---|
/// | `stay`, `retire` | going on top, before play |
/// | `force`, `pass` | demand (or not) that the player in turn take the top discard |
/// | `stock` | draw the top card of the stock |
/// | `take on 2` | take the top discard and lay it off on meld 2 |
/// | `take meld 5H 5D` | take the top discard and meld it with 5H 5D from hand |
/// | `take borrow 2 7C with 7D` | take it, borrow 7C from meld 2, meld the three (hand cards optional) |
/// | `meld 5S 5H 5D` | put down a new meld from hand |
/// | `lay 5S on 2` | lay a hand card off on meld 2 |
/// | `split 2 5S 5S 5S` | those cards leave meld 2 as a new meld; the rest stays meld 2 |
/// | `borrow 2 7C with 7D 7H` | take 7C out of meld 2 and meld it with 7D 7H from hand |
/// | `discard QS` | end the turn |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PanAction {
    Stay,
    Retire,
    Force,
    Pass,
    Stock,
    TakeOn(u8),
    TakeMeld(Bag),
    TakeBorrow(u8, Bag, Bag),
    Meld(Bag),
    Lay(Card, u8),
    Split(u8, Bag),
    Borrow(u8, Bag, Bag),
    Discard(Card),
}

/// A melding play, as the layout code sees it (taking the discard adds the card to the hand
/// and then makes one of these with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Play {
    Meld(Bag),
    Lay(Card, u8),
    Split(u8, Bag),
    Borrow(u8, Bag, Bag),
}

impl From<Play> for PanAction {
    fn from(play: Play) -> PanAction {
        match play {
            Play::Meld(b) => PanAction::Meld(b),
            Play::Lay(c, k) => PanAction::Lay(c, k),
            Play::Split(k, b) => PanAction::Split(k, b),
            Play::Borrow(k, b, h) => PanAction::Borrow(k, b, h),
        }
    }
}

impl PanAction {
    /// The melding play this action makes from hand, if it is one.
    pub fn play(self) -> Option<Play> {
        match self {
            PanAction::Meld(b) => Some(Play::Meld(b)),
            PanAction::Lay(c, k) => Some(Play::Lay(c, k)),
            PanAction::Split(k, b) => Some(Play::Split(k, b)),
            PanAction::Borrow(k, b, h) => Some(Play::Borrow(k, b, h)),
            _ => None,
        }
    }

    /// The play a take makes once the top discard `top` is in the hand; `None` if this is not a
    /// take, or if adding the card would pass 11 cards.
    pub fn take_play(self, top: Card) -> Option<Play> {
        let with_top = |mut b: Bag| b.push(top).then_some(b);
        match self {
            PanAction::TakeOn(k) => Some(Play::Lay(top, k)),
            PanAction::TakeMeld(b) => Some(Play::Meld(with_top(b)?)),
            PanAction::TakeBorrow(k, b, h) => Some(Play::Borrow(k, b, with_top(h)?)),
            _ => None,
        }
    }

    /// The take that makes `play` with the top discard `top` (the inverse of
    /// [`PanAction::take_play`]); `play` places `top` and is not a split.
    pub fn take_of(play: Play, top: Card) -> PanAction {
        let without_top = |b: Bag| {
            let mut skipped = false;
            Bag::of(b.cards().filter(|&c| {
                let skip = c == top && !skipped;
                skipped |= skip;
                !skip
            }))
            .expect("smaller than the bag")
        };
        match play {
            Play::Lay(_, k) => PanAction::TakeOn(k),
            Play::Meld(b) => PanAction::TakeMeld(without_top(b)),
            Play::Borrow(k, b, h) => PanAction::TakeBorrow(k, b, without_top(h)),
            Play::Split(..) => unreachable!("a take never splits"),
        }
    }
}

impl fmt::Display for PanAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PanAction::Stay => f.write_str("stay"),
            PanAction::Retire => f.write_str("retire"),
            PanAction::Force => f.write_str("force"),
            PanAction::Pass => f.write_str("pass"),
            PanAction::Stock => f.write_str("stock"),
            PanAction::TakeOn(k) => write!(f, "take on {}", k + 1),
            PanAction::TakeMeld(h) => write!(f, "take meld {h}"),
            PanAction::TakeBorrow(k, b, h) if h.is_empty() => write!(f, "take borrow {} {b}", k + 1),
            PanAction::TakeBorrow(k, b, h) => write!(f, "take borrow {} {b} with {h}", k + 1),
            PanAction::Meld(b) => write!(f, "meld {b}"),
            PanAction::Lay(c, k) => write!(f, "lay {c} on {}", k + 1),
            PanAction::Split(k, b) => write!(f, "split {} {b}", k + 1),
            PanAction::Borrow(k, b, h) => write!(f, "borrow {} {b} with {h}", k + 1),
            PanAction::Discard(c) => write!(f, "discard {c}"),
        }
    }
}

const HELP: &str = "stay, retire, force, pass, stock, take on N, take meld CARDS, take borrow N CARDS [with CARDS], \
                    meld CARDS, lay CARD on N, split N CARDS, borrow N CARDS with CARDS, discard CARD";

fn meld_number(word: &str) -> Result<u8, String> {
    match word.parse::<u8>() {
        Ok(n @ 1..=9) => Ok(n - 1),
        _ => Err(format!(
            "'{word}' is not a meld number (1 for your first meld, 2 for the second...)"
        )),
    }
}

fn bag(words: &[&str]) -> Result<Bag, String> {
    let mut cards = Vec::with_capacity(words.len());
    for w in words {
        cards.push(w.parse::<Card>().map_err(|e| e.to_string())?);
    }
    Bag::of(cards).ok_or_else(|| "no meld holds more than 11 cards".to_string())
}

fn nonempty_bag(words: &[&str], what: &str) -> Result<Bag, String> {
    if words.is_empty() {
        return Err(format!("name the {what}"));
    }
    bag(words)
}

/// Splits `words` at a `with`: (before, after).
fn split_with<'a>(words: &'a [&'a str]) -> (&'a [&'a str], Option<&'a [&'a str]>) {
    match words.iter().position(|w| *w == "with") {
        Some(i) => (&words[..i], Some(&words[i + 1..])),
        None => (words, None),
    }
}

impl FromStr for PanAction {
    type Err = String;

    fn from_str(text: &str) -> Result<PanAction, String> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let bad = || format!("'{}' is not an action: {HELP}", text.trim());
        match words.as_slice() {
            ["stay"] => Ok(PanAction::Stay),
            ["retire"] => Ok(PanAction::Retire),
            ["force"] => Ok(PanAction::Force),
            ["pass"] => Ok(PanAction::Pass),
            ["stock"] => Ok(PanAction::Stock),
            ["take", "on", n] => Ok(PanAction::TakeOn(meld_number(n)?)),
            ["take", "meld", rest @ ..] => Ok(PanAction::TakeMeld(nonempty_bag(rest, "hand cards")?)),
            ["take", "borrow", n, rest @ ..] => {
                let (borrowed, hand) = split_with(rest);
                Ok(PanAction::TakeBorrow(
                    meld_number(n)?,
                    nonempty_bag(borrowed, "borrowed cards")?,
                    match hand {
                        Some(h) => nonempty_bag(h, "hand cards after 'with'")?,
                        None => Bag::default(),
                    },
                ))
            }
            ["meld", rest @ ..] => Ok(PanAction::Meld(nonempty_bag(rest, "cards to meld")?)),
            ["lay", c, "on", n] | ["lay", c, n] => Ok(PanAction::Lay(
                c.parse::<Card>().map_err(|e| e.to_string())?,
                meld_number(n)?,
            )),
            ["split", n, rest @ ..] => Ok(PanAction::Split(
                meld_number(n)?,
                nonempty_bag(rest, "cards of the new meld")?,
            )),
            ["borrow", n, rest @ ..] => {
                let (borrowed, hand) = split_with(rest);
                let Some(hand) = hand else {
                    return Err("write borrow N CARDS with CARDS: the hand cards come after 'with'".into());
                };
                Ok(PanAction::Borrow(
                    meld_number(n)?,
                    nonempty_bag(borrowed, "borrowed cards")?,
                    nonempty_bag(hand, "hand cards after 'with'")?,
                ))
            }
            ["discard", c] => Ok(PanAction::Discard(c.parse::<Card>().map_err(|e| e.to_string())?)),
            _ => Err(bad()),
        }
    }
}
