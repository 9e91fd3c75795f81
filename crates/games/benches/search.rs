//! ISMCTS iterations per second per game, from a decision early in a deal (random rollouts, the
//! `ismcts` bot; `hard` uses rule-bot rollouts and is slower). Run with
//! `cargo bench -p games --bench search`.

use bots::{Budget, Ismcts, Rollout};
use cards::GameRng;
use engine::{Bot, Decision, Game, Match, MatchSetup, Variants};

fn main() {
    divan::main();
}

const ITERATIONS: u32 = 200;

/// A match of `G` a few decisions in, with the decision to search.
fn position<G: Game>(steps: usize) -> Match<G> {
    let info = G::info();
    let v = Variants::defaults(info.variants);
    let mut m = Match::<G>::new(MatchSetup::new(info.default_players, v, 3)).expect("valid setup");
    let mut rng = GameRng::from_seed(4);
    let mut legal = Vec::new();
    for _ in 0..steps {
        m.legal_actions(&mut legal);
        m.apply(legal[rng.index(legal.len())]).expect("legal");
    }
    // Move on to a real choice.
    loop {
        m.legal_actions(&mut legal);
        if legal.len() > 1 {
            return m;
        }
        m.apply(legal[0]).expect("legal");
    }
}

fn search<G: Game>(bencher: divan::Bencher, steps: usize) {
    let m = position::<G>(steps);
    let mut legal = Vec::new();
    m.legal_actions(&mut legal);
    let mut bot = Ismcts::<G::Deal>::new(
        "ismcts",
        Budget::Iterations(ITERATIONS),
        Rollout::Random,
        G::info().higher_is_better,
    );
    let mut rng = GameRng::from_seed(5);
    bencher
        .counter(divan::counter::ItemsCount::new(ITERATIONS))
        .bench_local(|| {
            let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a decision");
            bot.choose(&decision, &mut rng)
        });
}

#[divan::bench]
fn hearts(b: divan::Bencher) {
    search::<games::hearts::Hearts>(b, 14);
}

#[divan::bench]
fn belote(b: divan::Bencher) {
    search::<games::belote::Belote>(b, 3);
}

#[divan::bench]
fn tribello(b: divan::Bencher) {
    search::<games::tribello::Tribello>(b, 5);
}

#[divan::bench]
fn solo(b: divan::Bencher) {
    search::<games::solo::Solo>(b, 2);
}

#[divan::bench]
fn auction_pinochle(b: divan::Bencher) {
    search::<games::pinochle::AuctionPinochle>(b, 1);
}

#[divan::bench]
fn big_three(b: divan::Bencher) {
    search::<games::big_three::BigThree>(b, 3);
}

#[divan::bench]
fn khanhoo(b: divan::Bencher) {
    search::<games::khanhoo::Khanhoo>(b, 4);
}

#[divan::bench]
fn three_thirteen(b: divan::Bencher) {
    search::<games::three_thirteen::ThreeThirteen>(b, 4);
}

#[divan::bench]
fn ziginette(b: divan::Bencher) {
    search::<games::ziginette::Ziginette>(b, 2);
}

#[divan::bench]
fn jewel(b: divan::Bencher) {
    search::<games::jewel::Jewel>(b, 3);
}

#[divan::bench]
fn panguingue(b: divan::Bencher) {
    search::<games::panguingue::Panguingue>(b, 12);
}
