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
//! inside the tree as well, each from its own view of the sampled world, and the tree branches
//! only on the searcher's decisions. Where [`Ismcts::with_others_followed`] says so, the tree
//! also records the others' modelled moves (it never chooses among them): the searcher's later
//! decisions then sit under what the others played before them, as they will when it makes
//! them. Without that, one node per sequence of the searcher's own moves stands for every way
//! the others could have played in between, and a later move is planned blind to them.

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
    /// With the opponent model, the tree records the others' moves too (see the module notes).
    others_followed: bool,
    higher_is_better: bool,
    /// Worlds weighted by the other seats' moves (policy-based inference) instead of uniform.
    inference: Option<Inference<D>>,
    /// How a played-out deal scores for each seat (see [`Scoring`]).
    scoring: Scoring,
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
            others_followed: false,
            higher_is_better,
            inference: None,
            scoring: Scoring::Points,
            last_iterations: 0,
        }
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

    /// With the opponent model, lets the tree record the other seats' moves, so that the
    /// searcher's later decisions are told apart by what the others played before them. No
    /// game's `hard` uses it yet: in Hearts it measured +0.14 points per deal against
    /// `ismcts:2500`, inside the noise (README, "How strong the bots are").
    pub fn with_others_followed(mut self, on: bool) -> Ismcts<D> {
        self.others_followed = on;
        self
    }

    /// The bot that decides where searching does not help, whatever the rollouts use.
    pub fn with_guide(mut self, guide: Option<Box<dyn Bot<D>>>) -> Ismcts<D> {
        self.guide = guide;
        self
    }

    /// Each seat's result: its score change, higher better ([`Scoring::Points`], scaled when
    /// read), or its place in [0, 1] within the deal ([`Scoring::Ranked`]).
    fn rewards(&self, deltas: &[i64]) -> Vec<f64> {
        if self.scoring == Scoring::Points {
            let sign = if self.higher_is_better { 1.0 } else { -1.0 };
            return deltas.iter().map(|&d| sign * d as f64).collect();
        }
        let (lo, hi) = (
            deltas.iter().copied().min().unwrap_or(0),
            deltas.iter().copied().max().unwrap_or(0),
        );
        if hi == lo {
            return vec![0.5; deltas.len()];
        }
        let span = (hi - lo) as f64;
        deltas
            .iter()
            .map(|&d| {
                if self.higher_is_better {
                    (d - lo) as f64 / span
                } else {
                    (hi - d) as f64 / span
                }
            })
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
        let mut legal = Vec::new();
        let mut path = Vec::with_capacity(64);
        let mut iterations = 0u32;
        // The range of the rewards met so far, to read `Scoring::Points` rewards on [0, 1].
        let (mut lo, mut hi) = match self.scoring {
            Scoring::Points => (f64::INFINITY, f64::NEG_INFINITY),
            Scoring::Ranked => (0.0, 1.0),
        };
        loop {
            match self.budget {
                Budget::Iterations(n) if iterations >= n => break,
                Budget::Time(t) if iterations > 0 && start.elapsed() >= t => break,
                Budget::Capped(n, _) if iterations >= n => break,
                Budget::Capped(_, t) if iterations > 0 && start.elapsed() >= t => break,
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
                        world.apply(a).expect("the rollout bot chooses legal actions");
                        if self.others_followed {
                            // Follow (or record) the move; the walk goes on to the searcher's
                            // next decision, which expands or selects as usual.
                            let found = nodes[node]
                                .children
                                .iter()
                                .copied()
                                .find(|&c| nodes[c].action == Some(a));
                            node = found.unwrap_or_else(|| {
                                nodes.push(Node {
                                    action: Some(a),
                                    player: actor,
                                    children: Vec::new(),
                                    visits: 0,
                                    available: 0,
                                    reward: 0.0,
                                });
                                let c = nodes.len() - 1;
                                nodes[node].children.push(c);
                                c
                            });
                            path.push(node);
                        }
                        continue;
                    }
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
                    if !legal.contains(&a) {
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
                    let is_untried = |a: &D::Action| !children.iter().any(|&c| nodes[c].action == Some(*a));
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
    use super::*;
    use cards::CardCounts;
    use engine::{DealOutcome, Illegal, Seat};
    use std::fmt;
    use std::str::FromStr;

    /// A two-seat deal that rewards a searcher who plans its later move on what it will have
    /// seen. Seat 0 either takes a sure 8 or plays on; then seat 1 shows its hidden bit; then
    /// seat 0 names the bit shown, for 10 if right and 0 if wrong.
    #[derive(Clone, Debug, PartialEq)]
    struct Peek {
        hidden: u8,
        step: u8,
        sure: bool,
        shown: u8,
        named: u8,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    struct Pick(u8);

    impl fmt::Display for Pick {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl FromStr for Pick {
        type Err = String;
        fn from_str(s: &str) -> Result<Pick, String> {
            s.parse().map(Pick).map_err(|_| format!("not a pick: {s}"))
        }
    }

    impl Deal for Peek {
        type Action = Pick;
        type View = u8;

        fn to_act(&self) -> Option<Seat> {
            match self.step {
                0 | 2 => Some(0),
                1 => Some(1),
                _ => None,
            }
        }

        fn legal_actions(&self, out: &mut Vec<Pick>) {
            out.clear();
            if self.step < 3 {
                out.extend([Pick(0), Pick(1)]);
            }
        }

        fn apply(&mut self, action: Pick) -> Result<(), Illegal> {
            if self.step >= 3 || action.0 > 1 {
                return Err(Illegal::new("no such move"));
            }
            match self.step {
                0 if action.0 == 0 => {
                    self.sure = true;
                    self.step = 3;
                    return Ok(());
                }
                1 => self.shown = action.0,
                2 => self.named = action.0,
                _ => {}
            }
            self.step += 1;
            Ok(())
        }

        /// Seat 1 sees its bit; seat 0 sees the bit once shown.
        fn view(&self, seat: Seat) -> u8 {
            if seat == 1 {
                self.hidden
            } else {
                self.shown
            }
        }

        fn sample_world(&self, _seat: Seat, rng: &mut GameRng) -> Peek {
            let mut world = self.clone();
            if self.step < 2 {
                world.hidden = rng.index(2) as u8;
            }
            world
        }

        fn outcome(&self) -> Option<DealOutcome> {
            let reward = match (self.step, self.sure) {
                (3, true) => 8,
                (3, false) if self.named == self.shown => 10,
                (3, false) => 0,
                _ => return None,
            };
            Some(DealOutcome::new(vec![reward, -reward]))
        }

        fn cards(&self) -> CardCounts {
            CardCounts::new()
        }
    }

    /// Seat 1 shows its bit; seat 0, in rollouts, plays on and names 1 whatever was shown.
    struct Model;

    impl Bot<Peek> for Model {
        fn name(&self) -> &str {
            "model"
        }

        fn choose(&mut self, decision: &Decision<'_, Peek>, _rng: &mut GameRng) -> Pick {
            match decision.seat {
                1 => Pick(decision.view()),
                _ => Pick(1),
            }
        }
    }

    fn first_move(others_followed: bool) -> Pick {
        let deal = Peek {
            hidden: 1,
            step: 0,
            sure: false,
            shown: 0,
            named: 0,
        };
        let mut legal = Vec::new();
        deal.legal_actions(&mut legal);
        let decision = Decision::new(&deal, &legal, &[0, 0]).expect("seat 0 to act");
        let mut bot = Ismcts::new("t", Budget::Iterations(3000), Rollout::Bot(Box::new(Model)), true)
            .with_opponent_model(true)
            .with_others_followed(others_followed);
        bot.choose(&decision, &mut GameRng::from_seed(7))
    }

    #[test]
    fn a_later_move_is_planned_on_what_the_others_will_have_shown() {
        // Followed, the tree learns to name the bit it will have seen: playing on is worth 10.
        assert_eq!(first_move(true), Pick(1));
        // Not followed, one node stands for both bits and naming is a coin toss (5): the sure 8
        // wins. This is the blind spot the option removes.
        assert_eq!(first_move(false), Pick(0));
    }
}
