//! Big Three speed: random single-deal playouts (deal, bidding, play to the first player out)
//! and legal-move generation. Run with `cargo bench -p games --bench big_three`.

use cards::{DeckSpec, GameRng};
use engine::Deal;
use games::big_three::{BigThreeConfig, BigThreeDeal};

fn main() {
    divan::main();
}

fn fresh(rng: &mut GameRng) -> BigThreeDeal {
    static CONFIG: std::sync::OnceLock<BigThreeConfig> = std::sync::OnceLock::new();
    let mut order = DeckSpec::Standard52 { packs: 1 }.cards();
    rng.shuffle(&mut order);
    BigThreeDeal::new(*CONFIG.get_or_init(BigThreeConfig::default), 0, 0, &order)
}

#[divan::bench]
fn random_playout(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(1);
    let mut legal = Vec::with_capacity(128);
    bencher.bench_local(|| {
        let mut d = fresh(&mut rng);
        while d.to_act().is_some() {
            d.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            d.apply(a).expect("legal");
        }
        divan::black_box(d.deltas())
    });
}

/// Legal actions at every decision of one random deal (states prepared outside the timing).
#[divan::bench]
fn legal_actions_whole_deal(bencher: divan::Bencher) {
    let mut rng = GameRng::from_seed(2);
    let mut d = fresh(&mut rng);
    let mut states = Vec::new();
    let mut legal = Vec::with_capacity(128);
    while d.to_act().is_some() {
        states.push(d.clone());
        d.legal_actions(&mut legal);
        d.apply(legal[rng.index(legal.len())]).expect("legal");
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
