//! The cardroom games. Each game is a module folder: `mod.rs` (overview), `rules.rs` (the
//! configured game and its variants), `state.rs` (phases, legal actions, apply, views,
//! world sampling), `scoring.rs`, `bot.rs` (rule-based bot) and `tests.rs`; its rules page is
//! `rules.md`. Machinery that several games share lives beside them ([`trick`], and
//! [`lookahead`] for the `hard` bots of the draw-and-discard games, [`present`] for the table
//! model each game's `present.rs` fills).
//! [`registry`] lists every game and lets generic code visit one by id.

pub mod ace_deuce_jack;
pub mod belote;
pub mod big_three;
pub mod hearts;
pub mod jewel;
pub mod khanhoo;
pub mod lookahead;
pub mod panguingue;
pub mod pinochle;
pub mod present;
pub mod registry;
pub mod solo;
pub mod three_thirteen;
pub mod tribello;
pub mod trick;
pub mod ziginette;
