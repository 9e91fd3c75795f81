//! Policy-based inference (issue 28, item 1): worlds weighted by what the other players' moves
//! reveal.
//!
//! A seat's sampled worlds are uniform over everything consistent with its view. Here a batch of
//! `candidates` such worlds is drawn, and each is weighted by how likely the other seats, each
//! playing the game's rule bot softened by a [`SoftPolicy`] from its own view *of that world*,
//! were to make the moves they actually made this deal ([`engine::Deal::past_moves`], which
//! rebuilds the earlier positions in the world from the deal's public history). A search then
//! draws its worlds from the batch in proportion to the weights (resampling). Only the seat's
//! view enters: the candidates come from `Decision::sample_world`, and the past moves from the
//! public history the world carries.
//!
//! Games whose deals do not implement `past_moves` get no weights, and the search samples
//! uniformly as before.

use crate::policy::SoftPolicy;
use cards::GameRng;
use engine::{Bot, Deal, Decision};

/// The inference settings and the policy whose moves are read.
pub struct Inference<D: Deal> {
    /// Worlds drawn per decision and weighted.
    pub candidates: usize,
    pub policy: SoftPolicy,
    bot: Box<dyn Bot<D>>,
}

/// Candidate worlds with their weights (summing to 1).
pub struct WeightedWorlds<D> {
    pub worlds: Vec<D>,
    pub weights: Vec<f64>,
    cumulative: Vec<f64>,
}

impl<D> WeightedWorlds<D> {
    /// A world drawn in proportion to its weight.
    pub fn draw(&self, rng: &mut GameRng) -> &D {
        let u = rng.unit();
        let i = self.cumulative.partition_point(|&c| c <= u);
        &self.worlds[i.min(self.worlds.len() - 1)]
    }

    /// Kish's effective sample size: how many equally weighted worlds the weights are worth.
    pub fn effective_size(&self) -> f64 {
        1.0 / self.weights.iter().map(|w| w * w).sum::<f64>()
    }
}

impl<D: Deal> Inference<D> {
    /// Reads moves as `bot` (the game's rule bot) would make them, softened by `policy`.
    pub fn new(bot: Box<dyn Bot<D>>, candidates: usize, policy: SoftPolicy) -> Inference<D> {
        Inference {
            candidates: candidates.max(1),
            policy,
            bot,
        }
    }

    /// The log-likelihood of the other seats' past moves in `world` (sampled for `seat`), and
    /// how many moves were read.
    pub fn log_likelihood(&mut self, world: &D, seat: usize, totals: &[i64], rng: &mut GameRng) -> (f64, usize) {
        let mut past = Vec::new();
        world.past_moves(seat, &mut past);
        let mut legal = Vec::new();
        let mut ll = 0.0;
        for (before, action) in &past {
            before.legal_actions(&mut legal);
            let p = self
                .policy
                .likelihood(self.bot.as_mut(), before, &legal, totals, *action, rng);
            ll += p.max(f64::MIN_POSITIVE).ln();
        }
        (ll, past.len())
    }

    /// `candidates` worlds for the deciding seat, weighted by the likelihood of the others'
    /// moves; `None` where no move has been read (nothing to infer yet, or a game without
    /// `past_moves`).
    pub fn weighted_worlds(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> Option<WeightedWorlds<D>> {
        let mut worlds = Vec::with_capacity(self.candidates);
        let mut logs = Vec::with_capacity(self.candidates);
        for _ in 0..self.candidates {
            let w = decision.sample_world(rng);
            let (ll, n) = self.log_likelihood(&w, decision.seat, decision.totals, rng);
            if n == 0 {
                return None;
            }
            worlds.push(w);
            logs.push(ll);
        }
        Some(weighted(worlds, &logs))
    }
}

/// Worlds weighted by `exp(log - max)`, normalised.
pub fn weighted<D>(worlds: Vec<D>, logs: &[f64]) -> WeightedWorlds<D> {
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let raw: Vec<f64> = logs.iter().map(|&l| (l - top).exp()).collect();
    let total: f64 = raw.iter().sum();
    let weights: Vec<f64> = raw.iter().map(|w| w / total).collect();
    let mut acc = 0.0;
    let cumulative = weights
        .iter()
        .map(|w| {
            acc += w;
            acc
        })
        .collect();
    WeightedWorlds {
        worlds,
        weights,
        cumulative,
    }
}
