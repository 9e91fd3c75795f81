//! Big Three (Dig a Hole) for three players: a bid for the widow, then a climbing game of
//! singles, sets, straights and runs where 3 is the highest rank; the first out of cards wins.
//! Rule decisions (ids BIG-n) are in docs/decisions/big_three.md; rules page `rules.md`.

mod bot;
mod combo;
mod present;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use bot::{bid_features, top_strength, win_chance, RuleBot, BID_FEATURES};
pub use combo::{Combo, ComboKind, RankSets};
pub use rules::{BigThree, BigThreeConfig};
pub use state::{BigThreeAction, BigThreeDeal, BigThreeView, Step};
