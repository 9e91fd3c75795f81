//! How long `hard` takes per decision: every seat plays `hard` for a few matches and the time of
//! each choice is recorded (mean, 99th percentile, slowest). The target is a move under
//! about half a second on the project's two-core machine.
//!
//! `cargo run --release -p games --example hard_timing -- [game ...]` (default: every game);
//! `HARD_TIMING_MATCHES` (default 4) and `HARD_TIMING_DEALS` (default 2) set the sample, and
//! `HARD_TIMING_BOT` another bot to time (`hard-infer`, say; default `hard`).

use cards::GameRng;
use engine::{Decision, Game, Match, MatchSetup, Variants};
use games::registry::{self, GameVisitor};
use std::time::Instant;

struct Timing {
    matches: u64,
    deals: u32,
    bot: String,
}

impl GameVisitor for Timing {
    type Output = ();
    fn visit<G: Game>(self) {
        let info = G::info();
        let v = Variants::defaults(info.variants);
        let mut times: Vec<f64> = Vec::new();
        for seed in 0..self.matches {
            let mut setup = MatchSetup::new(info.default_players, v.clone(), seed);
            setup.deal_limit = Some(self.deals);
            let mut m = Match::<G>::new(setup).expect("default setup");
            let mut hard = bots::make_bot(m.game(), &self.bot).expect("the bot exists");
            let mut rng = GameRng::from_seed(seed);
            let mut legal = Vec::new();
            while !m.is_over() {
                m.legal_actions(&mut legal);
                let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a seat to act");
                let start = Instant::now();
                let action = hard.choose(&decision, &mut rng);
                if legal.len() > 1 {
                    times.push(start.elapsed().as_secs_f64() * 1000.0);
                }
                m.apply(action).expect("hard chooses legal actions");
            }
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let n = times.len().max(1);
        let at = |q: f64| times.get(((n as f64 * q) as usize).min(n - 1)).copied().unwrap_or(0.0);
        println!(
            "{:<16} {:>6} choices  mean {:>7.2} ms  p99 {:>7.1} ms  max {:>7.1} ms",
            info.id,
            times.len(),
            times.iter().sum::<f64>() / n as f64,
            at(0.99),
            times.last().copied().unwrap_or(0.0)
        );
    }
}

fn main() {
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let (matches, deals) = (env("HARD_TIMING_MATCHES", 4), env("HARD_TIMING_DEALS", 2) as u32);
    let mut ids: Vec<String> = std::env::args().skip(1).collect();
    if ids.is_empty() {
        ids = registry::all().iter().map(|i| i.id.to_string()).collect();
    }
    for id in ids {
        let bot = std::env::var("HARD_TIMING_BOT").unwrap_or_else(|_| "hard".into());
        if let Err(e) = registry::visit(&id, Timing { matches, deals, bot }) {
            eprintln!("{e}");
        }
    }
}
