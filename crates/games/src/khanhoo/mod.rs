//! Khanhoo for 2 to 4 players: a 61-card pack, closed melds of ten kinds scored by the shared
//! exact meld solver, bumping a discard out of turn for a non-sequence meld (with the entitled
//! player's challenge), and a game to 50. Decisions (KHA-n): docs/decisions/khanhoo.md;
//! rules page `rules.md`.

mod bot;
mod lookahead;
pub mod melds;
pub mod plan;
mod present;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use bot::RuleBot;
pub use lookahead::LookaheadBot;
pub use melds::KhanhooMelds;
pub use rules::{Khanhoo, KhanhooConfig};
pub use state::{hand_partition, hand_value, KhanhooAction, KhanhooDeal, KhanhooView, MeldCards, Step};
