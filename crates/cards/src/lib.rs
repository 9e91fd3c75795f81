//! Cards, packs and hands for every game in cardroom.
//!
//! A [`Card`] is one byte. A [`CardSet`] is a 64-bit set for single-deck hands, and a
//! [`CardCounts`] a counted multiset for packs that hold several copies of a card.
//! [`DeckSpec`] builds each pack the games use, and [`GameRng`] is the one seeded,
//! version-stable random source: every shuffle in the project goes through it.
//!
//! Text notation (used in actions, views, logs and `--deck`): rank `A 2 3 4 5 6 7 8 9 T J Q K`
//! then suit `C D H S`, so `QS`, `TH`; the joker is `JK`. Input also accepts lower case and `10`.

mod card;
mod counts;
mod deck;
mod double;
mod rng;
mod set;

pub use card::{Card, ParseCardError, Rank, Suit};
pub use counts::CardCounts;
pub use deck::{parse_card_list, DeckSpec};
pub use double::DoubleSet;
pub use rng::GameRng;
pub use set::CardSet;
