//! Flat Monte Carlo over the root actions with common random numbers: every sampled world is
//! played out after each legal action with the same rollout stream, so the actions are compared
//! on the same luck. In long, high-variance deals (Panguingue) this separates actions with far
//! fewer rollouts than independent samples would.

use crate::ismcts::play_out;
use cards::GameRng;
use engine::{Bot, Deal, Decision};

/// The paired-rollout bot: `rollouts` playouts per decision in all, split evenly over the legal
/// actions, every seat played by `policy` (which also decides where search does not help).
pub struct PairedRollouts<D: Deal> {
    name: String,
    rollouts: u32,
    policy: Box<dyn Bot<D>>,
    higher_is_better: bool,
}

impl<D: Deal> PairedRollouts<D> {
    pub fn new(name: &str, rollouts: u32, policy: Box<dyn Bot<D>>, higher_is_better: bool) -> PairedRollouts<D> {
        PairedRollouts {
            name: name.to_string(),
            rollouts,
            policy,
            higher_is_better,
        }
    }
}

impl<D: Deal> Bot<D> for PairedRollouts<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        let actions = decision.legal;
        if actions.len() == 1 || !decision.search_helps() {
            return self.policy.choose(decision, rng);
        }
        let worlds = (self.rollouts as usize / actions.len()).max(1);
        let sign = if self.higher_is_better { 1.0 } else { -1.0 };
        let mut sums = vec![0.0f64; actions.len()];
        let mut legal = Vec::new();
        for _ in 0..worlds {
            let world = decision.sample_world(rng);
            let stream = rng.fork();
            for (i, &a) in actions.iter().enumerate() {
                let mut w = world.clone();
                w.apply(a).expect("legal in every sampled world");
                let mut r = stream.clone();
                play_out(self.policy.as_mut(), &mut w, &mut legal, decision.totals, &mut r);
                let result = w.outcome().map_or(0, |o| o.deltas[decision.seat]);
                sums[i] += sign * result as f64;
            }
        }
        let best = (0..actions.len())
            .max_by(|&x, &y| sums[x].total_cmp(&sums[y]).then(y.cmp(&x)))
            .expect("actions are not empty");
        actions[best]
    }
}
