//! Ziginette: an Italian banking game on a 40-card pack. Bets go on face-up board cards; a
//! card pairing a board card wins the bets on it for the bank, a card pairing the banker's card
//! ends the hand with the bank paying every live bet. Decisions (ZIG-n):
//! docs/decisions/ziginette.md; rules page `rules.md`.

mod bot;
mod odds;
mod present;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use bot::RuleBot;
pub use odds::{exact_odds, RankRace, ZiginetteOdds};
pub use rules::{Playette, Ziginette, ZiginetteConfig};
pub use state::{Ending, Step, ZiginetteAction, ZiginetteDeal, ZiginetteView};
