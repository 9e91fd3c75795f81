//! Panguingue speed at eight players: random playouts of one deal (with random going-on-top
//! choices, and with everyone staying in, which plays the deal to someone going out) and
//! legal-move generation. Run with `cargo bench -p games --bench panguingue`.

use cards::GameRng;
use engine::{Deal, Game, Variants};
use games::panguingue::{PanAction, PanDeal, Panguingue, Step};

fn main() {
    divan::main();
}

const PLAYERS: usize = 8;

fn fresh(rng: &mut GameRng) -> PanDeal {
    static GAME: std::sync::OnceLock<Panguingue> = std::sync::OnceLock::new();
    let game = GAME.get_or_init(|| {
        engine::new_game::<Panguingue>(PLAYERS, &Variants::defaults(Panguingue::info().variants)).expect("8 players")
    });
    let mut order = game.deck().cards();
    rng.shuffle(&mut order);
    PanDeal::new(game.config, PLAYERS, 0, &order, rng.next_u64())
}

fn playout(rng: &mut GameRng, legal: &mut Vec<PanAction>, all_stay: bool) -> PanDeal {
    let mut d = fresh(rng);
    while d.to_act().is_some() {
        let a = if all_stay && d.step() == Step::OnTop {
            PanAction::Stay
        } else {
            d.legal_actions(legal);
            legal[rng.index(legal.len())]
        };
        d.apply(a).expect("legal");
    }
    d
}

#[divan::bench]
fn random_playout(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(1);
    let mut legal = Vec::with_capacity(256);
    bencher.bench_local(|| divan::black_box(playout(&mut rng, &mut legal, false)));
}

#[divan::bench]
fn random_playout_everyone_stays(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(1);
    let mut legal = Vec::with_capacity(256);
    bencher.bench_local(|| divan::black_box(playout(&mut rng, &mut legal, true)));
}

/// Legal actions at every decision of one deal where everyone stays (states prepared outside
/// the timing).
#[divan::bench]
fn legal_actions_whole_deal(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(2);
    let mut d = fresh(&mut rng);
    let mut states = Vec::new();
    let mut legal = Vec::with_capacity(256);
    while d.to_act().is_some() {
        states.push(d.clone());
        d.legal_actions(&mut legal);
        let a = if d.step() == Step::OnTop {
            PanAction::Stay
        } else {
            legal[rng.index(legal.len())]
        };
        d.apply(a).expect("legal");
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
