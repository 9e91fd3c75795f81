//! Ace-Deuce-Jack: a banking game for two or more. The pack is cut into three piles; any ace,
//! deuce or jack among the three bottom cards wins every bet for the bank, otherwise the bank
//! pays even money. Rule decisions (ids ADJ-n) are in docs/decisions/ace_deuce_jack.md;
//! rules page `rules.md`.

mod bot;
mod odds;
mod present;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use bot::RuleBot;
pub use odds::{player_win_probability, AdjOdds};
pub use rules::{AceDeuceJack, AdjConfig};
pub use state::{AdjAction, AdjDeal, AdjView, Step};
