//! The game abstraction every cardroom game implements, and the machinery around it.
//!
//! * [`Game`] is the immutable rules of one configured game (seat count, variants);
//!   [`Deal`] is the mutable state of one deal. Exactly one seat acts at a time; out-of-turn
//!   claims are modelled by each game as ordered decision windows.
//! * [`Match`] plays deals one after another: dealer rotation, running totals in a [`Ledger`],
//!   the game's own end condition, an action log and exact replay from a [`GameRecord`].
//! * [`Variants`] parses `key=value` options against each game's declared [`VariantSpec`]s.
//! * [`Bot`] chooses from a [`Decision`], which exposes only the seat's view and sampled worlds.
//! * The table model: a [`Scene`] per viewer, per-seat [`Event`] feeds and [`ActionInfo`]
//!   descriptions, filled by each game's [`Present`] impl; front ends draw these and hold no
//!   game logic.
//! * [`DynTable`] erases the game type for front ends that speak action text and JSON.
//!
//! No IO and no global randomness here: every draw comes from a passed-in [`cards::GameRng`].

mod bot;
mod dealer_draw;
mod describe;
mod error;
mod feed;
mod game;
mod ledger;
mod matchplay;
mod present;
mod record;
pub mod sampling;
mod scene;
mod table;
mod text;
mod variant;

pub use bot::{Bot, Decision};
pub use dealer_draw::{draw_high_card, DealerDraw};
pub use describe::{ActionInfo, ActionKind, Described};
pub use error::{ApplyError, ConfigError, Illegal};
pub use feed::{capitalise_first, cards_text, render, seat_name, Audience, Event, Narration, Said};
pub use game::{new_game, next_seat, Deal, DealContext, DealOutcome, Game, GameInfo, HardSearch, Seat};
pub use ledger::Ledger;
pub use matchplay::{Match, MatchSetup};
pub use present::Present;
pub use record::GameRecord;
pub use scene::{
    CardGroup, Centre, DealScene, DealScores, Fact, HandScene, Picking, Pile, Scene, Scoreboard, SeatScene, TrickScene,
    Viewer,
};
pub use table::{BotFactory, DynTable, FeedItem, Table};
pub use text::{cut_short, did_you_mean, MAX_ACTION_LEN};
pub use variant::{AppliesWhen, VariantKind, VariantSpec, Variants};
