//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012) for any game.
//!
//! Each iteration samples a world consistent with the deciding seat's view (through
//! [`Decision::sample_world`]: the bot never reads the true state), walks the tree choosing among
//! the children whose actions are legal in that world by UCB1 with availability counts, expands
//! one untried action, plays the deal out with the rollout policy, and credits every node on the
//! path with the outcome for the seat that chose its action. The most visited root action wins.
//!
//! With an opponent model ([`Ismcts::with_opponent_model`]) the other seats play the rollout bot
//! inside the tree as well, each from its own view of the sampled world, and the tree holds only
//! the searcher's decisions.

use crate::inference::Inference;
use cards::GameRng;
use engine::{Bot, Deal, Decision};
use std::time::{Duration, Instant};

/// How much searching a decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Iterations(u32),
    Time(Duration),
    /// Whichever runs out first.
    Capped(u32, Duration),
}

/// How rollouts choose actions.
pub enum Rollout<D: Deal> {
    Random,
    /// A bot playing every seat from its view of the sampled world.
    Bot(Box<dyn Bot<D>>),
}

/// The action `bot` chooses for the seat to act in `world`, from that seat's view.
pub(crate) fn bot_action<D: Deal>(
    bot: &mut dyn Bot<D>,
    world: &D,
    legal: &[D::Action],
    totals: &[i64],
    rng: &mut GameRng,
) -> D::Action {
    let decision = Decision::new(world, legal, totals).expect("a seat is to act");
    bot.choose(&decision, rng)
}

/// Plays `world` to the end, every seat choosing by `policy` from its own view.
pub(crate) fn play_out<D: Deal>(
    policy: &mut dyn Bot<D>,
    world: &mut D,
    legal: &mut Vec<D::Action>,
    totals: &[i64],
    rng: &mut GameRng,
) {
    while world.to_act().is_some() {
        world.legal_actions(legal);
        let a = bot_action(policy, world, legal, totals, rng);
        world.apply(a).expect("the policy chooses legal actions");
    }
}

struct Node<A> {
    action: Option<A>,
    /// The seat that chose `action`.
    player: usize,
    children: Vec<usize>,
    visits: u32,
    available: u32,
    reward: f64,
}

/// The ISMCTS bot.
pub struct Ismcts<D: Deal> {
    name: String,
    budget: Budget,
    exploration: f64,
    rollout: Rollout<D>,
    /// Decides where the game says searching does not help (see `Deal::search_helps`); the
    /// rollout bot does when this is `None`.
    guide: Option<Box<dyn Bot<D>>>,
    /// Other seats play the rollout bot inside the tree too, so the tree branches only on this
    /// seat's own decisions (an opponent model instead of opponents that see the sampled world).
    opponents_follow_rollout_bot: bool,
    higher_is_better: bool,
    /// Worlds weighted by the other seats' moves (policy-based inference) instead of uniform.
    inference: Option<Inference<D>>,
    /// How a played-out deal scores for each seat (see [`Scoring`]).
    scoring: Scoring,
    /// Whether a fixed budget ends early once its rest could not change the choice (on by
    /// default: the same move, sooner; off to count a whole budget's work, as benchmarks of the
    /// search's rate do).
    stop_when_settled: bool,
    /// Where set (with the opponent model), the other seats' public moves become edges of the
    /// tree, so the searcher's later decisions are told apart by what it has seen played (the
    /// queen of spades fallen or not) rather than pooled over every history its own plays allow;
    /// such a decision is searched only once it has been reached this many times, and the
    /// playout policy makes it before that (too few visits to rank its choices).
    observed_plays: Option<u32>,
    /// Iterations run by the last decision (for reports and benchmarks).
    pub last_iterations: u32,
}

/// How a deal played out in a simulation is credited to the seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Each seat's own score change (negated where lower is better), scaled to [0, 1] by the
    /// lowest and highest values met so far in this decision's simulations: the mean reward is
    /// then the seat's expected score, on one scale for every simulation.
    Points,
    /// Each seat's place within its own deal: the best seat 1, the worst 0, the others in
    /// proportion (each simulation on its own scale, so a deal where everyone did about equally
    /// counts like one with a large gap).
    Ranked,
    /// The seat's score change less the mean of the others' ([`crate::margin`]), oriented so
    /// that more is better, and scaled by the range met as [`Scoring::Points`] is: what the deal
    /// gained the seat on the table. It parts from `Points` where one seat's result moves the
    /// others' too, as a moon in Hearts does: shooting one is worth far more than a clean deal
    /// (the others take 26 each), and another player's moon costs what taking 13 points would.
    Margin,
}

impl Scoring {
    /// Seat `seat`'s credit for a played-out deal with these score changes, higher better: its
    /// own change, negated where lower is better ([`Scoring::Points`], unscaled), its margin
    /// over the others ([`Scoring::Margin`], unscaled), or its place in [0, 1]
    /// ([`Scoring::Ranked`]).
    pub fn reward(self, deltas: &[i64], seat: usize, higher_is_better: bool) -> f64 {
        let d = deltas[seat];
        match self {
            Scoring::Points if higher_is_better => d as f64,
            Scoring::Points => -d as f64,
            Scoring::Margin => crate::contract::margin(deltas, seat, higher_is_better),
            Scoring::Ranked => {
                let lo = deltas.iter().copied().min().unwrap_or(d);
                let hi = deltas.iter().copied().max().unwrap_or(d);
                if hi == lo {
                    0.5
                } else if higher_is_better {
                    (d - lo) as f64 / (hi - lo) as f64
                } else {
                    (hi - d) as f64 / (hi - lo) as f64
                }
            }
        }
    }
}

impl<D: Deal> Ismcts<D> {
    pub fn new(name: &str, budget: Budget, rollout: Rollout<D>, higher_is_better: bool) -> Ismcts<D> {
        Ismcts {
            name: name.to_string(),
            budget,
            exploration: 0.7,
            rollout,
            guide: None,
            opponents_follow_rollout_bot: false,
            higher_is_better,
            inference: None,
            scoring: Scoring::Points,
            stop_when_settled: true,
            observed_plays: None,
            last_iterations: 0,
        }
    }

    /// Whether a fixed budget stops once the rest of it could not change the most visited
    /// action (default on; the choice is the same either way).
    pub fn with_stop_when_settled(mut self, on: bool) -> Ismcts<D> {
        self.stop_when_settled = on;
        self
    }

    /// Makes the other seats' public moves (`Deal::move_is_public`) edges of the tree, a later
    /// decision of the searcher's searched once reached `threshold` times (`None`, the default:
    /// the tree branches on the searcher's own moves alone). It takes effect only with the
    /// opponent model and a rollout bot ([`Ismcts::with_opponent_model`]): the others' moves
    /// are the model's, never ranked by the tree.
    pub fn with_observed_plays(mut self, threshold: Option<u32>) -> Ismcts<D> {
        self.observed_plays = threshold;
        self
    }

    /// How simulations are credited (default [`Scoring::Points`]).
    pub fn with_scoring(mut self, scoring: Scoring) -> Ismcts<D> {
        self.scoring = scoring;
        self
    }

    /// Draws each iteration's world from a batch weighted by the likelihood of the other
    /// seats' moves ([`Inference`]), where the game can replay them.
    pub fn with_inference(mut self, inference: Option<Inference<D>>) -> Ismcts<D> {
        self.inference = inference;
        self
    }

    /// Lets the other seats play the rollout bot inside the tree as well (no effect with random
    /// rollouts).
    pub fn with_opponent_model(mut self, on: bool) -> Ismcts<D> {
        self.opponents_follow_rollout_bot = on;
        self
    }

    /// The bot that decides where searching does not help, whatever the rollouts use.
    pub fn with_guide(mut self, guide: Option<Box<dyn Bot<D>>>) -> Ismcts<D> {
        self.guide = guide;
        self
    }

    /// Each seat's result ([`Scoring::reward`]; `Points` and `Margin` rewards are scaled when
    /// read).
    fn rewards(&self, deltas: &[i64]) -> Vec<f64> {
        (0..deltas.len())
            .map(|seat| self.scoring.reward(deltas, seat, self.higher_is_better))
            .collect()
    }

    fn play_out(&mut self, world: &mut D, legal: &mut Vec<D::Action>, totals: &[i64], rng: &mut GameRng) {
        while world.to_act().is_some() {
            world.legal_actions(legal);
            let a = match &mut self.rollout {
                Rollout::Random => legal[rng.index(legal.len())],
                Rollout::Bot(bot) => bot_action(bot.as_mut(), world, legal, totals, rng),
            };
            world.apply(a).expect("rollout actions are legal");
        }
    }
}

/// The child of `node` for `actor`'s observed move `a`, made on first sight. Nothing ranks the
/// others' moves (the model makes them); the node's visits count how often the searcher's next
/// decision has been reached by this history.
fn observed_child<A: PartialEq + Copy>(nodes: &mut Vec<Node<A>>, node: usize, actor: usize, a: A) -> usize {
    if let Some(c) = nodes[node]
        .children
        .iter()
        .copied()
        .find(|&c| nodes[c].player == actor && nodes[c].action == Some(a))
    {
        return c;
    }
    let c = nodes.len();
    nodes.push(Node {
        action: Some(a),
        player: actor,
        children: Vec::new(),
        visits: 0,
        available: 0,
        reward: 0.0,
    });
    nodes[node].children.push(c);
    c
}

/// Whether the most visited of the root's children (those legal at the decision, as the final
/// choice counts them) leads every other by more than `remaining` visits, so that no run of the
/// remaining iterations could make another the most visited: the choice is made, and searching
/// on would change nothing but the time. An action not yet tried counts as 0 visits.
fn settled<A: PartialEq>(nodes: &[Node<A>], legal: &[A], remaining: u32) -> bool {
    // No child has more visits than the root, so nothing is settled in the first half of the
    // budget: skip the scan there (it runs before every iteration).
    if nodes[0].visits <= remaining {
        return false;
    }
    let (mut first, mut second) = (0u64, 0u64);
    for &c in &nodes[0].children {
        if !nodes[c].action.as_ref().is_some_and(|a| legal.contains(a)) {
            continue;
        }
        let v = u64::from(nodes[c].visits);
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    first > second + u64::from(remaining)
}

impl<D: Deal> Bot<D> for Ismcts<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        if decision.legal.len() == 1 {
            self.last_iterations = 0;
            return decision.legal[0];
        }
        if !decision.search_helps() {
            if let Some(guide) = &mut self.guide {
                self.last_iterations = 0;
                return guide.choose(decision, rng);
            }
            if let Rollout::Bot(bot) = &mut self.rollout {
                self.last_iterations = 0;
                return bot.choose(decision, rng);
            }
        }
        let mut nodes: Vec<Node<D::Action>> = vec![Node {
            action: None,
            player: decision.seat,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }];
        let start = Instant::now();
        let pool = match &mut self.inference {
            Some(inference) => inference.weighted_worlds(decision, rng),
            None => None,
        };
        // Observed plays need the others to follow the model inside the tree.
        let observed_plays = match self.rollout {
            Rollout::Bot(_) if self.opponents_follow_rollout_bot => self.observed_plays,
            _ => None,
        };
        let mut legal = Vec::new();
        let mut path = Vec::with_capacity(64);
        let mut iterations = 0u32;
        // The range of the rewards met so far, to read `Points` and `Margin` rewards on [0, 1].
        let (mut lo, mut hi) = match self.scoring {
            Scoring::Points | Scoring::Margin => (f64::INFINITY, f64::NEG_INFINITY),
            Scoring::Ranked => (0.0, 1.0),
        };
        loop {
            match self.budget {
                Budget::Iterations(n) if iterations >= n => break,
                Budget::Time(t) if iterations > 0 && start.elapsed() >= t => break,
                Budget::Capped(n, _) if iterations >= n => break,
                Budget::Capped(_, t) if iterations > 0 && start.elapsed() >= t => break,
                // The rest of a fixed budget cannot change the choice: stop (the same move, sooner).
                Budget::Iterations(n) | Budget::Capped(n, _)
                    if self.stop_when_settled && settled(&nodes, decision.legal, n - iterations) =>
                {
                    break
                }
                _ => {}
            }
            iterations += 1;
            let mut world = match &pool {
                Some(p) => p.draw(rng).clone(),
                None => decision.sample_world(rng),
            };
            let mut node = 0;
            path.clear();
            path.push(0);
            // Selection and expansion.
            while let Some(actor) = world.to_act() {
                world.legal_actions(&mut legal);
                if actor != decision.seat && self.opponents_follow_rollout_bot {
                    if let Rollout::Bot(bot) = &mut self.rollout {
                        let a = bot_action(bot.as_mut(), &world, &legal, decision.totals, rng);
                        let seen = observed_plays.is_some() && world.move_is_public();
                        world.apply(a).expect("the rollout bot chooses legal actions");
                        if seen {
                            node = observed_child(&mut nodes, node, actor, a);
                            path.push(node);
                        }
                        continue;
                    }
                }
                // Below the root, a decision reached too few times to rank its choices is left
                // to the playout policy.
                if observed_plays.is_some_and(|t| node != 0 && nodes[node].visits < t) {
                    break;
                }
                // One pass over the children: each whose action is legal in this world was
                // available for selection this time, whether or not the node expands now (the
                // availability count stands in for the parent's visits in UCB), and UCB1 ranks
                // them. Legal actions and children's actions are both unique, so the legal actions
                // without a child number `legal.len()` minus the legal children.
                let mut legal_children = 0;
                let mut best = None;
                let mut best_score = f64::NEG_INFINITY;
                for i in 0..nodes[node].children.len() {
                    let c = nodes[node].children[i];
                    let a = nodes[c].action.expect("children carry actions");
                    // A node's children below an observed play are the one seat's choices (the
                    // plays before fix who acts), so the seat check only guards.
                    if nodes[c].player != actor || !legal.contains(&a) {
                        continue;
                    }
                    legal_children += 1;
                    nodes[c].available += 1;
                    let n = &nodes[c];
                    let mean = n.reward / n.visits.max(1) as f64;
                    let value = if hi > lo { (mean - lo) / (hi - lo) } else { 0.5 };
                    let score = value + self.exploration * ((n.available as f64).ln() / n.visits.max(1) as f64).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = Some(c);
                    }
                }
                let untried = legal.len() - legal_children;
                if untried > 0 {
                    // Expand one, picked in legal order (no allocation: this runs at every step
                    // of every iteration).
                    let children = &nodes[node].children;
                    let is_untried = |a: &D::Action| {
                        !children
                            .iter()
                            .any(|&c| nodes[c].player == actor && nodes[c].action == Some(*a))
                    };
                    let pick = rng.index(untried);
                    let a = *legal
                        .iter()
                        .filter(|a| is_untried(a))
                        .nth(pick)
                        .expect("pick < untried");
                    world.apply(a).expect("legal in this world");
                    let child = nodes.len();
                    nodes.push(Node {
                        action: Some(a),
                        player: actor,
                        children: Vec::new(),
                        visits: 0,
                        available: 1,
                        reward: 0.0,
                    });
                    nodes[node].children.push(child);
                    path.push(child);
                    break;
                }
                let c = best.expect("a legal child exists");
                world
                    .apply(nodes[c].action.expect("children carry actions"))
                    .expect("legal in this world");
                node = c;
                path.push(c);
            }
            // Rollout and backpropagation.
            self.play_out(&mut world, &mut legal, decision.totals, rng);
            let rewards = world.outcome().map(|o| self.rewards(&o.deltas)).unwrap_or_default();
            for &r in &rewards {
                lo = lo.min(r);
                hi = hi.max(r);
            }
            let neutral = if hi >= lo { (lo + hi) / 2.0 } else { 0.5 };
            for &n in &path {
                nodes[n].visits += 1;
                nodes[n].reward += rewards.get(nodes[n].player).copied().unwrap_or(neutral);
            }
        }
        self.last_iterations = iterations;
        let root = &nodes[0];
        let best = root
            .children
            .iter()
            .filter(|&&c| nodes[c].action.is_some_and(|a| decision.legal.contains(&a)))
            .max_by_key(|&&c| (nodes[c].visits, std::cmp::Reverse(c)))
            .copied();
        best.and_then(|c| nodes[c].action).unwrap_or(decision.legal[0])
    }
}

#[cfg(test)]
mod tests {
    use super::{settled, Node, Scoring};

    /// A root with children for actions 0, 1 and 2 visited as given (the root's visits their sum).
    fn root(visits: [u32; 3]) -> Vec<Node<u8>> {
        let child = |a: u8, v: u32| Node {
            action: Some(a),
            player: 0,
            children: Vec::new(),
            visits: v,
            available: v,
            reward: 0.0,
        };
        let mut nodes = vec![Node {
            action: None,
            player: 0,
            children: vec![1, 2, 3],
            visits: visits.iter().sum(),
            available: 0,
            reward: 0.0,
        }];
        nodes.extend((0..3).map(|a| child(a, visits[a as usize])));
        nodes
    }

    #[test]
    fn a_search_is_settled_only_when_the_rest_could_not_overtake_its_leader() {
        let legal = [0u8, 1, 2];
        let nodes = root([60, 20, 10]);
        // 60 against 20: 39 iterations left cannot catch up, 40 could tie (and a tie is not a
        // lead), 41 could overtake.
        assert!(settled(&nodes, &legal, 39));
        assert!(!settled(&nodes, &legal, 40));
        assert!(!settled(&nodes, &legal, 41));
        // A child whose action is not legal at the decision is not a rival; an untried legal
        // action counts as none visited.
        assert!(settled(&nodes, &[0, 2], 49));
        assert!(!settled(&nodes, &[0, 2], 50));
        assert!(settled(&nodes, &[0, 2, 7], 49));
        // Two children level are never settled, however little is left.
        assert!(!settled(&root([30, 30, 0]), &legal, 0));
        // The leader can be the second child as well as the first.
        assert!(settled(&root([5, 40, 20]), &legal, 19));
        assert!(!settled(&root([5, 40, 20]), &legal, 20));
    }

    /// Hearts' deals, points taken (lower is better): a moon of seat 0's, a clean deal for seat 0,
    /// seat 0 taking 13, and another seat's moon.
    const MOON: [i64; 4] = [0, 26, 26, 26];
    const CLEAN: [i64; 4] = [0, 10, 13, 3];
    const THIRTEEN: [i64; 4] = [13, 0, 13, 0];
    const THEIR_MOON: [i64; 4] = [26, 0, 26, 26];

    #[test]
    fn points_count_a_moon_as_a_clean_deal_and_margins_do_not() {
        let points = |deltas: &[i64]| Scoring::Points.reward(deltas, 0, false);
        let margin = |deltas: &[i64]| Scoring::Margin.reward(deltas, 0, false);
        assert_eq!(points(&MOON), points(&CLEAN));
        assert_eq!(points(&THEIR_MOON), -26.0);
        // A moon gains 26 on each other player, a clean deal the 26 points shared among them.
        assert_eq!(margin(&MOON), 26.0);
        assert!((margin(&CLEAN) - 26.0 / 3.0).abs() < 1e-12);
        // Another player's moon costs what taking 13 of the points would.
        assert!((margin(&THEIR_MOON) - margin(&THIRTEEN)).abs() < 1e-12);
        assert!(margin(&THEIR_MOON) < 0.0);
        // Where lower is not better, the margin turns round.
        assert_eq!(Scoring::Margin.reward(&MOON, 0, true), -26.0);
    }
}
