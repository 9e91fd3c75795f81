//! Spanish Solo for four players, each for themselves: the black queens as permanent top
//! trumps, six games from simple (with a hidden partner, the holder of a called ace) to tout in
//! colour, and the question-and-answer auction. Decisions (SOL-n):
//! docs/decisions/solo.md; rules page `rules.md`.

mod auction;
mod bot;
mod present;
mod rules;
mod scoring;
mod state;
#[cfg(test)]
mod tests;

pub use auction::{Auction, AuctionStep};
pub use bot::{game_estimate, game_features, game_features_of, game_kind, RuleBot, GAME_FEATURES};
pub use rules::{CallAceRule, Solo, SoloConfig};
pub use scoring::{deal_scores, strength, suit_of, SoloGame};
pub use state::{SoloAction, SoloDeal, SoloView, Step};
