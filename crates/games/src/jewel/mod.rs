//! Jewel (Basudeo Agarwal's game for 2 to 9 players with 162 cards; rule decisions, ids JWL-n,
//! in docs/decisions/jewel.md).
//!
//! [`melds`] holds the groups and the two arrangement searches on the shared solver (the
//! declarer's exact validator and the defenders' best arrangement), [`scoring`] the jewel
//! points and the difference-based settlement, [`state`] the deal, [`rules`] the variants and
//! [`bot`] the rule-based player, [`lookahead`] `hard`.

pub mod bot;
pub mod lookahead;
pub mod melds;
mod present;
pub mod rules;
pub mod scoring;
pub mod state;

pub use rules::Jewel;

#[cfg(test)]
mod tests;
