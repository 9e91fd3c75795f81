//! How Khanhoo matches end (decision KHA-3): for each table size and bot level, whole matches
//! with that bot in every seat, reporting hands per match (mean, median, 90th percentile,
//! longest), the share of hands someone went out of (the rest end in a stalemate at
//! `max_turns`), the mean number of discards in a hand, and the mean hand score.
//!
//! `cargo run --release -p games --example khanhoo_matches -- [matches] [bot ...]`
//! (default: 100 matches, `medium` and `hard`; seeds 0 to matches-1). Extra variants may be
//! given as `KHANHOO_VARIANTS="stalemate=void max_turns=200"`.

use cards::GameRng;
use engine::{Deal, Decision, Game, Match, MatchSetup, Variants};
use games::khanhoo::Khanhoo;

#[derive(Default)]
struct Tally {
    hands_per_match: Vec<u32>,
    hands: u32,
    outs: u32,
    discards: u64,
    hand_points: i64,
}

fn play(players: usize, bot: &str, matches: u64, variants: &[String]) -> Tally {
    let mut t = Tally::default();
    let given: Vec<&str> = variants.iter().map(String::as_str).collect();
    let v = Variants::parse(Khanhoo::info().variants, &given).expect("variants");
    for seed in 0..matches {
        let setup = MatchSetup::new(players, v.clone(), seed);
        let mut m = Match::<Khanhoo>::new(setup).expect("setup");
        let mut seats: Vec<_> = (0..players)
            .map(|_| bots::make_bot(m.game(), bot).expect("bot exists"))
            .collect();
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let mut legal = Vec::new();
        let mut hands = 0;
        while !m.is_over() {
            m.legal_actions(&mut legal);
            let seat = m.deal().to_act().expect("a seat to act");
            let action = {
                let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a seat to act");
                seats[seat].choose(&decision, &mut rng)
            };
            let mut after = m.deal().clone();
            after.apply(action).expect("legal");
            if after.to_act().is_none() {
                hands += 1;
                t.outs += after.went_out().is_some() as u32;
                t.discards += after.turns() as u64;
                t.hand_points += after.scores().iter().sum::<i64>();
            }
            m.apply(action).expect("legal");
        }
        t.hands += hands;
        t.hands_per_match.push(hands);
    }
    t
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let matches = args.first().and_then(|a| a.parse().ok()).unwrap_or(100u64);
    let mut bots: Vec<String> = args.iter().skip(1).cloned().collect();
    if bots.is_empty() {
        bots = vec!["medium".into(), "hard".into()];
    }
    let variants: Vec<String> = std::env::var("KHANHOO_VARIANTS")
        .map(|s| s.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    println!("{matches} matches per line; variants: {variants:?}");
    println!(
        "{:>7} {:>7} {:>11} {:>7} {:>5} {:>5} {:>8} {:>9} {:>11}",
        "players", "bot", "hands/match", "median", "p90", "max", "went out", "discards", "points/hand"
    );
    for players in [2, 3, 4] {
        for bot in &bots {
            let mut t = play(players, bot, matches, &variants);
            t.hands_per_match.sort();
            let n = t.hands_per_match.len();
            let at = |q: f64| t.hands_per_match[((n as f64 * q) as usize).min(n - 1)];
            let hands = t.hands.max(1) as f64;
            println!(
                "{:>7} {:>7} {:>11.2} {:>7} {:>5} {:>5} {:>7.1}% {:>9.1} {:>11.2}",
                players,
                bot,
                t.hands as f64 / n as f64,
                at(0.5),
                at(0.9),
                t.hands_per_match[n - 1],
                100.0 * t.outs as f64 / hands,
                t.discards as f64 / hands,
                t.hand_points as f64 / hands / players as f64,
            );
        }
    }
}
