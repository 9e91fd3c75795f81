//! ISMCTS iterations per second per game, from a decision early in a deal (random rollouts, the
//! `ismcts` bot; `hard` uses rule-bot rollouts and is slower), and the time of one `hard`
//! decision where `hard` is a lookahead bot. Run with `cargo bench -p games --bench search`.

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
    )
    // Every iteration of the budget runs, so that the count is the work done.
    .with_stop_when_settled(false);
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

/// `hard` in the rummy games is a lookahead bot rather than a search: the time of one decision
/// (a draw that weighs the discard against a blind draw, and a discard), measured in positions
/// a few turns into a deal with full hands.
mod lookahead {
    use super::*;

    /// Plays random moves from `m` until `wanted` holds for the legal actions.
    fn advance<G: Game>(m: &mut Match<G>, wanted: impl Fn(&[<G::Deal as engine::Deal>::Action]) -> bool) {
        let mut rng = GameRng::from_seed(6);
        let mut legal = Vec::new();
        loop {
            m.legal_actions(&mut legal);
            if wanted(&legal) {
                return;
            }
            m.apply(legal[rng.index(legal.len())]).expect("legal");
        }
    }

    fn decide<G: Game>(bencher: divan::Bencher, m: &Match<G>) {
        let mut legal = Vec::new();
        m.legal_actions(&mut legal);
        let mut bot = bots::make_bot(m.game(), "hard").expect("hard exists");
        let mut rng = GameRng::from_seed(5);
        bencher.bench_local(|| {
            let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a decision");
            bot.choose(&decision, &mut rng)
        });
    }

    /// Three Thirteen's last round (13 cards, kings wild), 4 players.
    fn three_thirteen_last_round() -> Match<games::three_thirteen::ThreeThirteen> {
        let v = Variants::parse(
            games::three_thirteen::ThreeThirteen::info().variants,
            &["rounds=11".to_string()],
        )
        .expect("valid");
        let mut setup = MatchSetup::new(4, v, 3);
        setup.deal_limit = None;
        let mut m = Match::new(setup).expect("valid setup");
        let mut rng = GameRng::from_seed(7);
        let mut legal = Vec::new();
        while m.deals_completed() < 10 {
            m.legal_actions(&mut legal);
            m.apply(legal[rng.index(legal.len())]).expect("legal");
        }
        m
    }

    #[divan::bench]
    fn three_thirteen_13_cards_draw(b: divan::Bencher) {
        use games::three_thirteen::TtAction;
        let mut m = three_thirteen_last_round();
        advance(&mut m, |l| l.contains(&TtAction::Stock) && l.contains(&TtAction::Take));
        decide(b, &m);
    }

    #[divan::bench]
    fn three_thirteen_13_cards_discard(b: divan::Bencher) {
        use games::three_thirteen::TtAction;
        let mut m = three_thirteen_last_round();
        advance(&mut m, |l| l.iter().any(|a| matches!(a, TtAction::Discard(_))));
        decide(b, &m);
    }

    #[divan::bench]
    fn khanhoo_draw(b: divan::Bencher) {
        use games::khanhoo::KhanhooAction;
        let mut m = position::<games::khanhoo::Khanhoo>(6);
        advance(&mut m, |l| {
            l.contains(&KhanhooAction::Stock) && l.contains(&KhanhooAction::Take)
        });
        decide(b, &m);
    }

    #[divan::bench]
    fn khanhoo_discard(b: divan::Bencher) {
        use games::khanhoo::KhanhooAction;
        let mut m = position::<games::khanhoo::Khanhoo>(6);
        advance(&mut m, |l| l.iter().all(|a| matches!(a, KhanhooAction::Discard(_))));
        decide(b, &m);
    }

    #[divan::bench]
    fn jewel_draw(b: divan::Bencher) {
        use games::jewel::state::JewelAction;
        let mut m = position::<games::jewel::Jewel>(6);
        advance(&mut m, |l| {
            l.contains(&JewelAction::Stock) && l.contains(&JewelAction::Take)
        });
        decide(b, &m);
    }

    #[divan::bench]
    fn jewel_discard(b: divan::Bencher) {
        use games::jewel::state::JewelAction;
        let mut m = position::<games::jewel::Jewel>(6);
        advance(&mut m, |l| l.iter().any(|a| matches!(a, JewelAction::Discard(_))));
        decide(b, &m);
    }
}

/// The shipped `hard` level where it searches: rule-bot rollouts and the opponent model (tree
/// games), or paired rule-bot rollouts (Panguingue); in Hearts the fitted model in the rule
/// bot's place and 200 candidate worlds weighted by its odds (`hearts_rule`: the rule bot's
/// search, `hard-rule`); counted in the budget's iterations (rollouts), so the time of a move is
/// about the game's `hard_iterations` (Hearts' `hard`: 14,000) divided by this rate. The tree
/// search stops once the rest of its budget could not change its choice, so the rate counts
/// iterations it may not have run: it is the budget's rate, as a move's time is.
mod hard {
    use super::*;

    fn hard<G: Game>(bencher: divan::Bencher, steps: usize, iterations: u32) {
        search::<G>(bencher, steps, iterations, "hard");
    }

    fn search<G: Game>(bencher: divan::Bencher, steps: usize, iterations: u32, name: &str) {
        let m = position::<G>(steps);
        let mut legal = Vec::new();
        m.legal_actions(&mut legal);
        let mut bot = bots::make_bot(m.game(), &format!("{name}:{iterations}")).expect("the bot exists");
        let mut rng = GameRng::from_seed(5);
        bencher
            .counter(divan::counter::ItemsCount::new(iterations))
            .bench_local(|| {
                let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a decision");
                bot.choose(&decision, &mut rng)
            });
    }

    #[divan::bench]
    fn hearts(b: divan::Bencher) {
        hard::<games::hearts::Hearts>(b, 14, 500);
    }

    #[divan::bench]
    fn hearts_rule(b: divan::Bencher) {
        search::<games::hearts::Hearts>(b, 14, 500, "hard-rule");
    }

    #[divan::bench]
    fn belote(b: divan::Bencher) {
        hard::<games::belote::Belote>(b, 12, 500);
    }

    #[divan::bench]
    fn tribello(b: divan::Bencher) {
        hard::<games::tribello::Tribello>(b, 5, 500);
    }

    #[divan::bench]
    fn solo(b: divan::Bencher) {
        hard::<games::solo::Solo>(b, 8, 500);
    }

    #[divan::bench]
    fn auction_pinochle(b: divan::Bencher) {
        hard::<games::pinochle::AuctionPinochle>(b, 1, 500);
    }

    #[divan::bench]
    fn big_three(b: divan::Bencher) {
        hard::<games::big_three::BigThree>(b, 3, 200);
    }

    #[divan::bench]
    fn panguingue(b: divan::Bencher) {
        hard::<games::panguingue::Panguingue>(b, 12, 100);
    }
}
