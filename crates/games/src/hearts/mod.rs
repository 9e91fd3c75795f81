//! Hearts for four players, with the Omnibus bonus card and the variants of
//! docs/decisions/hearts.md (rule decisions, ids HRT-n).
//!
//! A deal has three phases: passing (each seat in turn from the dealer's left picks three
//! cards, one decision per card, hidden from the others; then all are exchanged at once),
//! thirteen tricks (the 2C leads), and, under `moon_mode=shooter-chooses`, the shooter's choice
//! of how to score the moon. The rules page is `rules.md`.

mod bot;
mod present;
mod rules;
mod scoring;
mod state;
#[cfg(test)]
mod tests;

pub use bot::{ModelBot, RuleBot};
pub use rules::{EndRule, Hearts, HeartsConfig, MoonMode, PassCycle, PassDir};
pub use scoring::{deal_scores, Points};
pub use state::{HeartsAction, HeartsDeal, HeartsView, Phase};
