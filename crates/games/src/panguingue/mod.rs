//! Panguingue ("Pan") for 2 to 15 players with 5 to 11 stripped 40-card packs: sets and ropes,
//! conditions paid as they are made (the entitlement model, decision PAN-9), going on top,
//! forcing, the ten-melded protection and going out with 11 cards melded. Rule decisions
//! (ids PAN-n) are in docs/decisions/panguingue.md; rules page `rules.md`.
//!
//! [`melds`] holds the meld shapes and condition values, [`layout`] one player's melds and the
//! plays that change them (new melds, lay-offs, splits, borrows), [`actions`] the decision
//! notation, [`state`] the deal, [`rules`] the variants and [`bot`] the rule-based player.

pub mod actions;
pub mod bot;
pub mod layout;
pub mod melds;
mod present;
pub mod rules;
pub mod state;

pub use actions::PanAction;
pub use rules::{PanConfig, Panguingue};
pub use state::{PanDeal, PanView, Step};

#[cfg(test)]
mod tests;
