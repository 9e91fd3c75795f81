//! Tribello for three players: twelve deals in four phases of three (cut trump, dealer's trump,
//! no trump, no trump avoiding tricks), fixed trick quotas by seat, and a widow exchange before
//! play. Rule decisions (ids TRI-n) are in docs/decisions/tribello.md; rules page `rules.md`.

mod bot;
mod present;
mod rules;
mod scoring;
mod state;
#[cfg(test)]
mod tests;

pub use bot::RuleBot;
pub use rules::{FirstLead, Phase2TrumpTiming, Tribello, TribelloConfig};
pub use scoring::{deal_scores, quotas, Phase};
pub use state::{Step, TribelloAction, TribelloDeal, TribelloView};
