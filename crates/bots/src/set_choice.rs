//! Weighing whole sets where a seat picks several actions one after another (Hearts' pass):
//! flat Monte Carlo over every set of the remaining picks, each played out in the same sampled
//! worlds with the same rollout stream (common random numbers), the weaker half of the sets
//! dropped after each round (sequential halving), so that the budget goes to the close calls.

use crate::ismcts::{play_out, Scoring};
use cards::GameRng;
use engine::{Bot, Deal, Decision};

/// Wraps another bot: where the seat is choosing a set ([`engine::Deal::choosing_set`]), weighs
/// every set of its remaining picks by about `rollouts` playouts in all (never fewer than one
/// world for each set still in the running per round), every seat played by `policy`, each
/// playout credited to the seat by `scoring` (as the inner tree credits its simulations), and
/// picks a card of the best set; elsewhere the inner bot decides.
pub struct SetSearch<D: Deal> {
    inner: Box<dyn Bot<D>>,
    policy: Box<dyn Bot<D>>,
    rollouts: u32,
    scoring: Scoring,
    higher_is_better: bool,
}

impl<D: Deal> SetSearch<D> {
    pub fn new(
        inner: Box<dyn Bot<D>>,
        policy: Box<dyn Bot<D>>,
        rollouts: u32,
        scoring: Scoring,
        higher_is_better: bool,
    ) -> SetSearch<D> {
        SetSearch {
            inner,
            policy,
            rollouts,
            scoring,
            higher_is_better,
        }
    }
}

/// How many picks the seat still makes in a row, this one included (the same in every world:
/// whose turn it is is public).
fn picks_left<D: Deal>(world: &D, seat: usize) -> usize {
    let mut w = world.clone();
    let mut legal = Vec::new();
    let mut picks = 0;
    while w.to_act() == Some(seat) && w.choosing_set() && picks < 8 {
        w.legal_actions(&mut legal);
        let Some(&a) = legal.first() else { break };
        if w.apply(a).is_err() {
            break;
        }
        picks += 1;
    }
    picks.max(1)
}

/// Every set of `k` indices below `n`, in increasing order.
fn index_sets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut set: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(set.clone());
        let Some(i) = (0..k).rev().find(|&i| set[i] < n - k + i) else {
            return out;
        };
        set[i] += 1;
        for j in i + 1..k {
            set[j] = set[j - 1] + 1;
        }
    }
}

impl<D: Deal> Bot<D> for SetSearch<D> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        let actions = decision.legal;
        if actions.len() == 1 || !decision.choosing_set() || !decision.search_helps() {
            return self.inner.choose(decision, rng);
        }
        let seat = decision.seat;
        let k = picks_left(&decision.sample_world(rng), seat).min(actions.len());
        let sets = index_sets(actions.len(), k);
        let mut alive: Vec<usize> = (0..sets.len()).collect();
        let mut sums = vec![0.0f64; sets.len()];
        let rounds = (sets.len() as f64).log2().ceil().max(1.0) as u32;
        let per_round = (self.rollouts / rounds).max(1) as usize;
        let mut legal = Vec::new();
        for _ in 0..rounds {
            if alive.len() == 1 {
                break;
            }
            let worlds = (per_round / alive.len()).max(1);
            for _ in 0..worlds {
                let world = decision.sample_world(rng);
                let stream = rng.fork();
                for &s in &alive {
                    let mut w = world.clone();
                    // A game may narrow the later picks by the earlier ones: a set it refuses
                    // is dropped.
                    if sets[s].iter().any(|&i| w.apply(actions[i]).is_err()) {
                        sums[s] = f64::NEG_INFINITY;
                        continue;
                    }
                    let mut r = stream.clone();
                    play_out(self.policy.as_mut(), &mut w, &mut legal, decision.totals, &mut r);
                    if let Some(o) = w.outcome() {
                        sums[s] += self.scoring.reward(&o.deltas, seat, self.higher_is_better);
                    }
                }
            }
            // Every set still alive has met the same worlds: the sums compare them fairly.
            alive.sort_by(|&x, &y| sums[y].total_cmp(&sums[x]).then(x.cmp(&y)));
            alive.truncate(alive.len().div_ceil(2));
        }
        actions[sets[alive[0]][0]]
    }
}

#[cfg(test)]
mod tests {
    use super::index_sets;

    #[test]
    fn index_sets_are_every_combination_once_in_order() {
        assert_eq!(
            index_sets(4, 2),
            vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]
        );
        assert_eq!(index_sets(13, 3).len(), 286);
        assert_eq!(index_sets(3, 3), vec![vec![0, 1, 2]]);
        assert_eq!(index_sets(5, 1).len(), 5);
        assert!(index_sets(2, 3).is_empty());
    }
}
