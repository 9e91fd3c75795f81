//! Three-handed Auction Pinochle: a 48-card pack (two of each card 9 to A), an auction for the
//! widow, one bidder melding alone against two temporary partners, 15 tricks with the follow /
//! trump / head obligations, and chip settlement by the bid. Rule decisions (ids PIN-n) are in
//! docs/decisions/pinochle.md (the rule text was reversed, without its meld table); rules
//! page `rules.md`.

mod bot;
mod meld;
mod present;
mod rules;
mod scoring;
mod state;
#[cfg(test)]
mod tests;

pub use bot::{contract_value, trick_estimate, trick_features, RuleBot, TRICK_FEATURES};
pub use meld::{best_meld, meld_cards, meld_points, Meld, MeldKind, MeldLine};
pub use rules::{AuctionPinochle, CardCount, MustHead, PinochleConfig};
pub use scoring::{bid_units, card_points, settle, Outcome};
pub use state::{PinochleAction, PinochleDeal, PinochleView, Step};
