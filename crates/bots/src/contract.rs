//! `hard`'s bids: at a decision where the seat bids for a contract ([`engine::Deal::bidding`]),
//! each candidate bid (and passing) is played out on the same worlds sampled from the seat's
//! view with the same rollout stream, every seat then played by the rule bot (the rest of the
//! auction included), and the bid whose mean margin is best wins. The margin is the seat's
//! score change less the mean of the other seats' (so a contract that scores for both sides is
//! worth only what it gains on the opponents; a thrown-in deal is worth 0). The tree search
//! scores a deal by the seats' order within it (best 1, worst 0), which counts a contract made
//! by one point as fully as a big one and a failed one as no worse than a deal thrown in: in
//! Belote that made `hard` take every deal. Other decisions go to the inner bot.

use crate::ismcts::play_out;
use cards::GameRng;
use engine::{Bot, Deal, Decision};

/// At most this many bids are weighed (passing and the lowest bids, as auctions sort them).
const CANDIDATES: usize = 8;

pub struct ContractSearch<D: Deal> {
    inner: Box<dyn Bot<D>>,
    policy: Box<dyn Bot<D>>,
    rollouts: u32,
    higher_is_better: bool,
}

impl<D: Deal> ContractSearch<D> {
    /// `rollouts` playouts per bidding decision in all, split evenly over the candidates.
    pub fn new(inner: Box<dyn Bot<D>>, policy: Box<dyn Bot<D>>, rollouts: u32, higher_is_better: bool) -> Self {
        ContractSearch {
            inner,
            policy,
            rollouts,
            higher_is_better,
        }
    }
}

/// The seat's score change less the mean of the others', oriented so that more is better.
pub fn margin(deltas: &[i64], seat: usize, higher_is_better: bool) -> f64 {
    let others = deltas.len().saturating_sub(1).max(1) as f64;
    let rest: i64 = deltas
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &d)| d)
        .sum();
    let m = deltas[seat] as f64 - rest as f64 / others;
    if higher_is_better {
        m
    } else {
        -m
    }
}

impl<D: Deal> Bot<D> for ContractSearch<D> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        if !decision.bidding() || decision.legal.len() < 2 {
            return self.inner.choose(decision, rng);
        }
        let candidates = &decision.legal[..decision.legal.len().min(CANDIDATES)];
        let worlds = (self.rollouts as usize / candidates.len()).max(1);
        let mut sums = vec![0.0f64; candidates.len()];
        let mut legal = Vec::new();
        for _ in 0..worlds {
            let world = decision.sample_world(rng);
            let stream = rng.fork();
            for (i, &a) in candidates.iter().enumerate() {
                let mut w = world.clone();
                w.apply(a).expect("legal in every sampled world");
                let mut r = stream.clone();
                play_out(self.policy.as_mut(), &mut w, &mut legal, decision.totals, &mut r);
                let deltas = w.outcome().map(|o| o.deltas).unwrap_or_default();
                if !deltas.is_empty() {
                    sums[i] += margin(&deltas, decision.seat, self.higher_is_better);
                }
            }
        }
        let best = (0..candidates.len())
            .max_by(|&x, &y| sums[x].total_cmp(&sums[y]).then(y.cmp(&x)))
            .expect("candidates are not empty");
        candidates[best]
    }
}

#[cfg(test)]
mod tests {
    use super::margin;

    #[test]
    fn the_margin_is_what_a_seat_gains_on_the_others() {
        // Belote: a contract made 90 to 72 is worth 18 to each taker, -18 to each defender.
        let made = [90, 72, 90, 72];
        assert_eq!(margin(&made, 0, true), 90.0 - (72.0 + 90.0 + 72.0) / 3.0);
        assert!(margin(&made, 0, true) > 0.0 && margin(&made, 1, true) < 0.0);
        // A deal thrown in is worth nothing to anyone.
        assert_eq!(margin(&[0, 0, 0, 0], 2, true), 0.0);
        // Lower is better (Hearts): taking fewer points than the others is a gain.
        assert!(margin(&[2, 10, 7, 7], 0, false) > 0.0);
    }
}
