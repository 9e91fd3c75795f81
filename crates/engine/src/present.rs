use crate::{ActionKind, Deal, DealScene, Described, Narration, Picking, Seat, Viewer};
use cards::Card;

/// What front ends draw of a deal and what its players are told: the table model, kept apart
/// from the rules in [`Deal`] so that bots, search and sampling see only the rules. Each method
/// must show a viewer only what it may see.
pub trait Present: Deal {
    /// Every kind of action the game has, with its help sentence.
    const ACTION_KINDS: &'static [ActionKind];

    /// The deal as `viewer` sees it (a spectator: public information only).
    fn scene(&self, viewer: Viewer) -> DealScene;

    /// Tells each audience what `action`, taken by the seat to act in `self`, did; `after` is
    /// the state it led to (the same deal, possibly over). Trick winners, exchanges completed
    /// and other consequences are told here too.
    fn narrate(&self, action: Self::Action, after: &Self, out: &mut Narration);

    /// Called on a deal just dealt: anything the table sees at its start (a cut, the seating, a
    /// card turned up). Nothing by default.
    fn narrate_start(&self, _out: &mut Narration) {}

    /// Called once the deal is over: why the scores moved (points per seat, contracts made or
    /// failed, each payment and who paid it). The engine then adds the deal's deltas.
    fn narrate_end(&self, out: &mut Narration);

    /// Describes a legal action of the seat to act.
    fn describe(&self, action: Self::Action) -> Described;

    /// For the seat to act, when its decision is several single-card actions of one kind in a
    /// row (Hearts' pass of three, Pinochle's bury): front ends let the player pick them all
    /// and confirm once, then send them one after another. None by default.
    fn picking(&self) -> Option<Picking> {
        None
    }

    /// The form of the legal `action` that plays `cards` instead of the cards it describes
    /// (other suits of the same ranks), where the game lets a player choose: None when it does
    /// not, or when those cards cannot make that move. The result is checked by `apply` as any
    /// action is. None by default.
    fn with_cards(&self, _action: Self::Action, _cards: &[Card]) -> Option<Self::Action> {
        None
    }

    /// Partnerships that share one score for the whole match (Belote's two teams): each
    /// member's total is the team's. Empty by default (every seat scores alone).
    fn teams(&self) -> Vec<Vec<Seat>> {
        Vec::new()
    }
}
