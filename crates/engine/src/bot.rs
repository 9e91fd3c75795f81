use crate::{Deal, Seat};
use cards::GameRng;

/// A decision put to a bot. It exposes the acting seat's view and worlds sampled from that
/// view, never the true state, so a bot cannot cheat.
pub struct Decision<'a, D: Deal> {
    deal: &'a D,
    pub seat: Seat,
    pub legal: &'a [D::Action],
    /// The match totals before this deal.
    pub totals: &'a [i64],
}

impl<'a, D: Deal> Decision<'a, D> {
    /// Creates a decision for the seat to act in `deal`.
    pub fn new(deal: &'a D, legal: &'a [D::Action], totals: &'a [i64]) -> Option<Decision<'a, D>> {
        let seat = deal.to_act()?;
        Some(Decision {
            deal,
            seat,
            legal,
            totals,
        })
    }

    /// Everything the seat may see.
    pub fn view(&self) -> D::View {
        self.deal.view(self.seat)
    }

    /// Whether a search is worth running here (public information only).
    pub fn search_helps(&self) -> bool {
        self.deal.search_helps()
    }

    /// Whether the seat picks a set of its legal actions, one at a time (public information).
    pub fn choosing_set(&self) -> bool {
        self.deal.choosing_set()
    }

    /// Whether the seat is bidding for a contract (public information).
    pub fn bidding(&self) -> bool {
        self.deal.bidding()
    }

    /// A full state consistent with the seat's view (hidden cards resampled).
    pub fn sample_world(&self, rng: &mut GameRng) -> D {
        self.deal.sample_world(self.seat, rng)
    }
}

/// A computer player for one game's deals.
pub trait Bot<D: Deal>: Send {
    fn name(&self) -> &str;

    /// Picks one of `decision.legal` (never empty).
    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action;

    /// The probability that `choose` picks `action` here, for a bot whose choice is a draw from
    /// odds it can state (a fitted model of play); `None` for a bot that simply picks, whose
    /// moves are then read through a soft policy (`bots::SoftPolicy`).
    fn odds(&mut self, _decision: &Decision<'_, D>, _action: D::Action) -> Option<f64> {
        None
    }
}
