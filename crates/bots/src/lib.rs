//! Bots that work for every game, the difficulty levels, and the factory that names all bots
//! of a game.
//!
//! Game-specific rule-based bots live with their game (`games::<game>::bot`) and are reached
//! through [`engine::Game::bot`]; this crate adds the game-independent ones:
//! * `random`: uniformly random legal actions;
//! * `ismcts` ([`Ismcts`]): information-set MCTS over worlds sampled from the seat's view;
//! * difficulty levels: `easy` (the game's rule bot with 30% random moves), `medium` (the rule
//!   bot), `hard` (ISMCTS with rule-bot rollouts where the game has a rule bot, the other seats
//!   playing the rule bot inside the tree too, and the rule bot deciding where the game says
//!   searching does not help; where the seat bids for a contract, [`ContractSearch`] plays
//!   each bid out instead and compares margins over the other seats; where it picks a set one
//!   action at a time, as Hearts' pass, [`SetSearch`] plays out whole sets); a game may instead name
//!   paired rollouts or a bot of its own ([`engine::HardSearch`]). Where the game has a fitted
//!   model of play (Hearts), `hard` puts the model in the rule bot's place for the other seats
//!   and the playouts, weights its worlds by the model's odds of the others' moves
//!   ([`Inference`]), and credits a played-out deal by the seat's margin over the others
//!   ([`Scoring::Margin`]), and branches its tree on the others' plays as well as its own
//!   ([`Ismcts::with_observed_plays`]); the rule bot's search is then `hard-rule`.

mod contract;
mod inference;
mod ismcts;
mod paired;
mod policy;
mod set_choice;

pub use contract::{margin, ContractSearch};
pub use inference::{weighted, Inference, WeightedWorlds};
pub use ismcts::{Budget, Ismcts, Rollout, Scoring};
pub use paired::PairedRollouts;
pub use policy::SoftPolicy;
pub use set_choice::SetSearch;

use cards::GameRng;
use engine::{Bot, Deal, Decision, Game};
use std::time::Duration;

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<D: Deal> Bot<D> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        decision.legal[rng.index(decision.legal.len())]
    }
}

/// Another bot that plays a uniformly random legal action with some probability.
pub struct Noisy<D: Deal> {
    inner: Box<dyn Bot<D>>,
    noise: f64,
    name: String,
}

impl<D: Deal> Bot<D> for Noisy<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        if rng.chance(self.noise) {
            decision.legal[rng.index(decision.legal.len())]
        } else {
            self.inner.choose(decision, rng)
        }
    }
}

/// Candidate worlds weighted per decision by `hard-infer`.
pub const INFER_CANDIDATES: usize = 200;

/// The soft policy `hard-infer` reads the other seats' moves with.
pub const INFER_POLICY: SoftPolicy = SoftPolicy {
    temperature: 1.0,
    floor: 0.05,
};

/// How `hard-infer` reads the other players' moves (policy-based inference, issue 28):
/// `candidates` worlds sampled per decision, each weighted by the likelihood of the others'
/// moves under the rule bot's soft policy at `temperature`; inside the search the simulated
/// players (the others in the tree, every seat in the rollouts) make a random legal move with
/// probability `noise` instead of the rule bot's, so the search does not count on opponents who
/// play exactly as the rule bot would.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InferenceSettings {
    pub candidates: usize,
    pub temperature: f64,
    pub noise: f64,
}

/// `hard-infer`'s default settings.
pub const INFER_DEFAULTS: InferenceSettings = InferenceSettings {
    candidates: INFER_CANDIDATES,
    temperature: INFER_POLICY.temperature,
    noise: 0.0,
};

/// Rollouts `hard` spends on each pick of a set ([`SetSearch`]) per iteration of its tree search:
/// `hard-rule`'s 10,000 iterations in Hearts give 20,000 playouts a pick, about 0.1 s.
pub const SET_ROLLOUTS_PER_ITERATION: u32 = 2;

/// The same for the searches that play a fitted model (Hearts' `hard`): its 14,000 iterations a
/// play give 14,000 playouts a pick. The model's playouts cost about one and a half of the rule
/// bot's, and the pass had taken two thirds of the bot's time in a deal; against our
/// `ismcts:2500` twice the iterations a play had measured ahead (README, "Twice the
/// iterations").
pub const MODEL_SET_ROLLOUTS_PER_ITERATION: u32 = 1;

/// The `hard` family: the game's own kind of search (`Game::hard_search`), and for the tree
/// search rule-bot rollouts, the opponent model, the rule bot as guide, bids weighed by playing
/// each out ([`ContractSearch`]), and worlds read from the other seats' moves where `inference`
/// says so (games without `Deal::past_moves` get uniform worlds: the inference reads nothing).
fn hard_bot<G: Game>(
    game: &G,
    label: &str,
    iterations: u32,
    scoring: Scoring,
    inference: Option<InferenceSettings>,
    model: &str,
    observed_plays: Option<u32>,
) -> Result<Box<dyn Bot<G::Deal>>, String> {
    let rule = || game.bot("rule");
    let higher = G::info().higher_is_better;
    match G::hard_search() {
        engine::HardSearch::PairedRollouts => {
            if let Some(policy) = rule() {
                return Ok(Box::new(PairedRollouts::new(label, iterations, policy, higher)));
            }
        }
        // A game's own lookahead bot has no iteration budget: `hard:N` plays it too.
        engine::HardSearch::GameBot(bot) => {
            return game
                .bot(bot)
                .ok_or_else(|| format!("{} names '{bot}' as its hard bot but has none", G::info().id));
        }
        engine::HardSearch::Tree => {}
    }
    let set_rollouts_per_iteration = if model == "model" {
        MODEL_SET_ROLLOUTS_PER_ITERATION
    } else {
        SET_ROLLOUTS_PER_ITERATION
    };
    let noise = inference.map_or(0.0, |s| s.noise);
    // The other players and the playouts follow `model` (the rule bot, or the game's fitted
    // model of play for `hard-model`); the guide, where searching does not help, stays the rule
    // bot.
    let model = || game.bot(model).or_else(rule);
    let rollout = match model() {
        Some(bot) if G::rule_bot_suits_rollouts() && noise > 0.0 => Rollout::Bot(Box::new(Noisy {
            inner: bot,
            noise,
            name: "noisy rule bot".into(),
        })),
        Some(bot) if G::rule_bot_suits_rollouts() => Rollout::Bot(bot),
        _ => Rollout::Random,
    };
    // The other players' moves are read with the same model the search plays them by.
    let reader = inference.and_then(|s| {
        model().map(|bot| Inference::new(bot, s.candidates, SoftPolicy::new(s.temperature, INFER_POLICY.floor)))
    });
    let tree: Box<dyn Bot<G::Deal>> = Box::new(
        Ismcts::new(label, Budget::Iterations(iterations), rollout, higher)
            .with_guide(rule())
            .with_opponent_model(true)
            .with_scoring(scoring)
            .with_inference(reader)
            .with_observed_plays(observed_plays),
    );
    // Bids are weighed by playing each out with the rule bot, and sets picked one action at a
    // time (Hearts' pass) by playing out whole sets (where rollouts are cheap enough).
    Ok(match (rule(), model()) {
        (Some(bidding), Some(picking)) if G::rule_bot_suits_rollouts() => Box::new(SetSearch::new(
            Box::new(ContractSearch::new(tree, bidding, iterations, higher)),
            picking,
            iterations.saturating_mul(set_rollouts_per_iteration),
            scoring,
            higher,
        )),
        _ => tree,
    })
}

/// How the searches that play a game's fitted model of play (`hard-model`, `hard-model-infer`,
/// and so Hearts' `hard`) credit a played-out deal: by the seat's margin over the others, since
/// in Hearts, the one game with a model, a moon is the best deal a player can have and crediting
/// own points counts it as no better than a clean one. It measured ahead of crediting points
/// against OpenSpiel's ISMCTS and against `medium`, each by less than its noise (README,
/// "Crediting margins").
const MODEL_SCORING: Scoring = Scoring::Margin;

/// `hard-model`'s default iterations, and so Hearts' `hard`'s: 14,000 there, 1.4 times the rule
/// bot's search's, with one playout a pick of the pass per iteration
/// ([`MODEL_SET_ROLLOUTS_PER_ITERATION`]) where the rule bot's search takes two. A deal's
/// searching then costs about a third more than at the 7,000 iterations (and 14,000 playouts a
/// pick) it had before, still under OpenSpiel's ISMCTS's time a move.
fn model_iterations<G: Game>(game: &G) -> u32 {
    game.hard_iterations() / 5 * 7
}

/// The `hard-model` bots need the game's fitted model of play (Hearts has one).
fn require_model<G: Game>(game: &G, bot: &str) -> Result<(), String> {
    match game.bot("model") {
        Some(_) => Ok(()),
        None => Err(format!(
            "{} has no fitted model of play: '{bot}' is for Hearts",
            G::info().id
        )),
    }
}

/// How many times `hard-observe` (Hearts' `hard`) must reach one of its later decisions, by one
/// history of plays seen, before it searches it rather than letting the model play it: 30, the
/// one value measured (README, "The searcher's own later plays").
pub const OBSERVED_PLAYS_THRESHOLD: u32 = 30;

/// The searches that play a game's fitted model and read the other seats' moves by its odds,
/// from `rest`: `hard-model-infer[:N[:C]]` (C candidate worlds), `hard-observe[:N[:T]]`, which
/// also branches its tree on the others' plays (a later decision searched once reached T
/// times), and `hard[:N]` in a game with a fitted model, which is `hard-observe`.
fn model_infer<G: Game>(game: &G, name: &str, label: &str, rest: &str) -> Result<Box<dyn Bot<G::Deal>>, String> {
    require_model(game, label)?;
    let (form, most) = match label {
        "hard-model-infer" => ("ITERATIONS:CANDIDATES", 2),
        "hard-observe" => ("ITERATIONS:THRESHOLD", 2),
        _ => ("ITERATIONS", 1),
    };
    let bad = || format!("bad settings in '{name}': write {label}:{form}");
    let parts = settings(name, rest, most, &bad)?;
    let iterations = setting(&parts, 0, |&n: &u32| n > 0, model_iterations(game), &bad)?;
    let (candidates, observed_plays) = if label == "hard-model-infer" {
        (setting(&parts, 1, |&n: &usize| n > 0, INFER_CANDIDATES, &bad)?, None)
    } else {
        let threshold = setting(&parts, 1, |_: &u32| true, OBSERVED_PLAYS_THRESHOLD, &bad)?;
        (INFER_CANDIDATES, Some(threshold))
    };
    let settings = InferenceSettings {
        candidates,
        temperature: INFER_POLICY.temperature,
        noise: 0.0,
    };
    hard_bot(
        game,
        label,
        iterations,
        MODEL_SCORING,
        Some(settings),
        "model",
        observed_plays,
    )
}

/// The `:`-separated settings after a bot's name (none for the bare name, at most `most`), or
/// why the name is not a bot's.
fn settings<'a>(name: &str, rest: &'a str, most: usize, bad: &dyn Fn() -> String) -> Result<Vec<&'a str>, String> {
    let parts: Vec<&str> = match rest.strip_prefix(':') {
        Some(r) => r.split(':').collect(),
        None if rest.is_empty() => Vec::new(),
        None => return Err(format!("unknown bot '{name}'")),
    };
    if parts.len() > most {
        return Err(bad());
    }
    Ok(parts)
}

/// Setting `i`, parsed and accepted by `ok`, or `default` where it is not given.
fn setting<T: std::str::FromStr>(
    parts: &[&str],
    i: usize,
    ok: impl Fn(&T) -> bool,
    default: T,
    bad: &dyn Fn() -> String,
) -> Result<T, String> {
    match parts.get(i) {
        Some(p) => p.parse().ok().filter(|v| ok(v)).ok_or_else(bad),
        None => Ok(default),
    }
}

/// Every bot name available for game `G`.
pub fn bot_names<G: Game>() -> Vec<&'static str> {
    let mut names = vec!["random", "easy", "medium", "hard", "hard-infer", "ismcts"];
    // Where `hard` reads the others by a fitted model, the rule bot's search is named too.
    if G::bot_names().contains(&"model") {
        names.extend(["hard-rule", "hard-model", "hard-model-infer", "hard-observe"]);
    }
    names.extend_from_slice(G::bot_names());
    names
}

/// Makes the named bot for `game`, or explains which names exist. `ismcts:N` sets the
/// iterations of a plain (random-rollout) ISMCTS bot.
pub fn make_bot<G: Game>(game: &G, name: &str) -> Result<Box<dyn Bot<G::Deal>>, String> {
    let name = name.trim().to_ascii_lowercase();
    let rule = || game.bot("rule");
    let higher = G::info().higher_is_better;
    match name.as_str() {
        "random" => return Ok(Box::new(RandomBot)),
        "medium" => return Ok(rule().unwrap_or_else(|| Box::new(RandomBot))),
        "easy" => {
            let inner = rule().unwrap_or_else(|| Box::new(RandomBot));
            return Ok(Box::new(Noisy {
                inner,
                noise: 0.3,
                name: "easy".into(),
            }));
        }
        _ => {}
    }
    // `hard-infer[:N[:C[:T[:E]]]]`: `hard`'s tree search with N iterations over worlds weighted by
    // the other seats' moves, from C candidates at soft-policy temperature T, simulated players
    // moving at random with probability E (defaults 200, 1 and 0). Games without
    // `Deal::past_moves` search uniform worlds, as `hard`.
    if let Some(rest) = name.strip_prefix("hard-infer") {
        let bad = || format!("bad settings in '{name}': write hard-infer:ITERATIONS:CANDIDATES:TEMPERATURE:NOISE");
        let parts = settings(&name, rest, 4, &bad)?;
        let defaults = INFER_DEFAULTS;
        let iterations = setting(&parts, 0, |&n: &u32| n > 0, game.hard_iterations(), &bad)?;
        let settings = InferenceSettings {
            candidates: setting(&parts, 1, |&n: &usize| n > 0, defaults.candidates, &bad)?,
            temperature: setting(&parts, 2, |&t: &f64| t > 0.0, defaults.temperature, &bad)?,
            noise: setting(&parts, 3, |e: &f64| (0.0..1.0).contains(e), defaults.noise, &bad)?,
        };
        return hard_bot(
            game,
            "hard-infer",
            iterations,
            Scoring::Points,
            Some(settings),
            "rule",
            None,
        );
    }
    // `hard-model-infer[:N[:C]]`: `hard-model` over worlds weighted by the other seats' moves,
    // read by the model's own odds, from C candidates (default 200). `hard-observe[:N[:T]]`: the
    // same, its tree branching on the others' plays too (a later decision searched once reached
    // T times, default 30). The second is Hearts' `hard`.
    if let Some(rest) = name.strip_prefix("hard-model-infer") {
        return model_infer(game, &name, "hard-model-infer", rest);
    }
    if let Some(rest) = name.strip_prefix("hard-observe") {
        return model_infer(game, &name, "hard-observe", rest);
    }
    // `hard[:N]`: where the game has a fitted model of play (Hearts), `hard-observe`, which
    // measured ahead of `hard-model-infer`, and that of the rule bot's search, against
    // OpenSpiel's ISMCTS (README, "How strong the bots are"); elsewhere `hard-rule`. `hard-rule[:N]` is the rule bot's search over uniform
    // worlds (reading the other players by the rule bot measured no better: `hard-infer`);
    // `hard-ranked[:N]` credits simulations by place within the deal, as `hard` did before it
    // counted points (kept to compare); `hard-model[:N]` plays the game's fitted model of play
    // for the other players and the playouts instead of the rule bot, over uniform worlds.
    // Longer names first, since `hard` starts them all.
    let family = [
        ("hard-ranked", Scoring::Ranked, "rule"),
        ("hard-model", MODEL_SCORING, "model"),
        ("hard-rule", Scoring::Points, "rule"),
        ("hard", Scoring::Points, "rule"),
    ];
    if let Some((label, rest, scoring, model)) = family
        .into_iter()
        .find_map(|(label, scoring, model)| name.strip_prefix(label).map(|rest| (label, rest, scoring, model)))
    {
        if label == "hard" && game.bot("model").is_some() {
            return model_infer(game, &name, "hard", rest);
        }
        let default = if model == "model" {
            require_model(game, label)?;
            model_iterations(game)
        } else {
            game.hard_iterations()
        };
        let bad = || format!("bad budget in '{name}': write {label}:2000");
        let parts = settings(&name, rest, 1, &bad)?;
        let iterations = setting(&parts, 0, |&n: &u32| n > 0, default, &bad)?;
        return hard_bot(game, label, iterations, scoring, None, model, None);
    }
    if let Some(rest) = name.strip_prefix("ismcts") {
        let budget = match rest.strip_prefix(':') {
            None if rest.is_empty() => Budget::Iterations(1000),
            Some(n) if n.ends_with("ms") => Budget::Time(Duration::from_millis(
                n.trim_end_matches("ms")
                    .parse()
                    .map_err(|_| format!("bad budget in '{name}'"))?,
            )),
            Some(n) => Budget::Iterations(
                n.parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("bad budget in '{name}': write ismcts:500 or ismcts:200ms"))?,
            ),
            None => return Err(format!("unknown bot '{name}'")),
        };
        return Ok(Box::new(Ismcts::new("ismcts", budget, Rollout::Random, higher)));
    }
    game.bot(&name).ok_or_else(|| {
        format!(
            "unknown bot '{name}' for {}: choose from {}",
            G::info().id,
            bot_names::<G>().join(", ")
        )
    })
}
