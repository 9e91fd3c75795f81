//! Belote for four players in two partnerships (seats 0 and 2 against 1 and 3): bidding on the
//! upcard, declarations, the trumping obligations, and contract scoring to 1000.
//! Rule decisions (ids BEL-n) are in docs/decisions/belote.md; the rules page is `rules.md`.

mod bot;
mod declarations;
mod present;
mod rules;
mod scoring;
mod state;
#[cfg(test)]
mod tests;

pub use bot::{take_estimate, take_features, take_features_of, RuleBot, TAKE_FEATURES};
pub use declarations::{best_declarations, contest, Declaration, DeclarationKind};
pub use rules::{Belote, BeloteConfig, ContractBasis, DeclarationsMode, Direction, Rounding, TieRule};
pub use scoring::{card_points, hand_scores, round_score, HandResult, HandTally};
pub use state::{BeloteAction, BeloteDeal, BeloteView, Step};
