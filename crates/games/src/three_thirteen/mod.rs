//! Three Thirteen Rummy for 2 to 8 players: eleven rounds of 3 to 13 cards, the wild rank equal
//! to the hand size, closed melds, and minimum deadwood scored by the shared exact meld solver.
//! Rule decisions (ids TTR-n) are in docs/decisions/three_thirteen.md; rules page `rules.md`.

mod bot;
mod lookahead;
pub mod melds;
mod present;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use bot::RuleBot;
pub use lookahead::LookaheadBot;
pub use melds::{deadwood_value, TtMelds};
pub use rules::{ThreeThirteen, TtConfig};
pub use state::{best_partition, Step, TtAction, TtDeal, TtView};
