//! Hearts speed: random single-deal playouts, legal-move generation, cloning and world
//! sampling. Run with `cargo bench -p games --bench hearts`.

use cards::{DeckSpec, GameRng};
use engine::{Deal, Game, Variants};
use games::hearts::{Hearts, HeartsConfig, HeartsDeal};

fn main() {
    divan::main();
}

/// Shuffles a fresh pack and deals it, as the engine does at the start of every deal.
fn fresh_deal(rng: &mut GameRng, deal_number: u32) -> HeartsDeal {
    static CONFIG: std::sync::OnceLock<HeartsConfig> = std::sync::OnceLock::new();
    let config = *CONFIG.get_or_init(HeartsConfig::default);
    let mut order = DeckSpec::Standard52 { packs: 1 }.cards();
    rng.shuffle(&mut order);
    HeartsDeal::new(config, 0, deal_number, &order)
}

/// Shuffle, deal, pass (three of four deals) and play 13 tricks with uniformly random legal
/// actions through the generic `Deal` interface, as a search playout would.
#[divan::bench]
fn random_playout(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(1);
    let mut legal = Vec::with_capacity(16);
    let mut n = 0u32;
    bencher.bench_local(|| {
        n = n.wrapping_add(1);
        let mut deal = fresh_deal(&mut rng, n % 4);
        while deal.to_act().is_some() {
            deal.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            deal.apply(a).expect("legal");
        }
        divan::black_box(deal.scores())
    });
}

/// Legal actions at every decision of a deal (states prepared outside the timing).
#[divan::bench]
fn legal_actions_whole_deal(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(2);
    let mut states = Vec::new();
    let mut deal = fresh_deal(&mut rng, 0);
    let mut legal = Vec::with_capacity(16);
    while deal.to_act().is_some() {
        states.push(deal.clone());
        deal.legal_actions(&mut legal);
        deal.apply(legal[rng.index(legal.len())]).expect("legal");
    }
    bencher
        .counter(divan::counter::ItemsCount::new(states.len()))
        .bench_local(|| {
            for s in &states {
                s.legal_actions(&mut legal);
                divan::black_box(&legal);
            }
        });
}

#[divan::bench]
fn clone_state(bencher: divan::Bencher) {
    let deal = fresh_deal(&mut GameRng::from_seed(3), 0);
    bencher.bench_local(|| divan::black_box(&deal).clone());
}

/// A world for a search bot, mid-deal (after the pass and five tricks).
#[divan::bench]
fn sample_world_mid_deal(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(4);
    let mut deal = fresh_deal(&mut rng, 0);
    let mut legal = Vec::new();
    for _ in 0..32 {
        deal.legal_actions(&mut legal);
        deal.apply(legal[rng.index(legal.len())]).expect("legal");
    }
    let seat = deal.to_act().expect("mid-deal");
    bencher.bench_local(|| deal.sample_world(seat, &mut rng));
}

/// A full match through the engine's `Match` (dealer rotation, totals, log) with random moves.
#[divan::bench]
fn random_match(bencher: divan::Bencher) {
    let mut seed = 0;
    let mut legal = Vec::new();
    let mut rng = GameRng::from_seed(5);
    bencher.bench_local(|| {
        seed += 1;
        let setup = engine::MatchSetup::new(4, Variants::defaults(Hearts::info().variants), seed);
        let mut m = engine::Match::<Hearts>::new(setup).expect("valid setup");
        while !m.is_over() {
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).expect("legal");
        }
        divan::black_box(m.totals().len())
    });
}

/// Shuffling and dealing alone, the fixed cost inside every playout.
#[divan::bench]
fn shuffle_and_deal(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(6);
    bencher.bench_local(|| fresh_deal(&mut rng, 0));
}

/// The random source alone: 52 draws, as one shuffle makes.
#[divan::bench]
fn rng_52_draws(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(7);
    bencher.bench_local(|| {
        let mut acc = 0;
        for i in 1..=52 {
            acc ^= rng.below(i);
        }
        acc
    });
}

/// One deal (the pass, then 13 tricks) played by a bot at every seat through `Bot::choose`, as
/// `hard`'s playouts play it: the view, the legal cards and the bot's pick.
fn bot_playout(bencher: divan::Bencher, mut bot: impl engine::Bot<HeartsDeal>) {
    use engine::Decision;
    let mut rng = GameRng::from_seed(8);
    let mut legal = Vec::with_capacity(16);
    let mut n = 0u32;
    bencher.bench_local(|| {
        n = n.wrapping_add(1);
        let mut deal = fresh_deal(&mut rng, n % 4);
        while deal.to_act().is_some() {
            deal.legal_actions(&mut legal);
            let decision = Decision::new(&deal, &legal, &[0; 4]).expect("a seat to act");
            let a = bot.choose(&decision, &mut rng);
            deal.apply(a).expect("legal");
        }
        divan::black_box(deal.scores())
    });
}

/// [`bot_playout`] with the fitted model of play (`hard`'s playouts).
#[divan::bench]
fn model_playout(bencher: divan::Bencher) {
    bot_playout(bencher, games::hearts::ModelBot);
}

/// [`bot_playout`] with the rule bot (`hard-rule`'s playouts).
#[divan::bench]
fn rule_playout(bencher: divan::Bencher) {
    bot_playout(bencher, games::hearts::RuleBot);
}
