//! Bots across every game: the search bot and the difficulty levels decide only from what their
//! seat may see, and always choose legal actions.

use engine::Game;
use games::registry::{self, GameVisitor};

struct ViewsOnly(&'static str);

impl GameVisitor for ViewsOnly {
    type Output = ();
    fn visit<G: Game>(self) {
        let players = G::info().default_players;
        let cheap = match G::info().id {
            // Solver-backed rule bots are slower: fewer matches.
            "khanhoo" | "three-thirteen" => 1,
            _ => 3,
        };
        testkit::assert_bot_uses_only_views::<G>(players, &[], self.0, cheap, 5);
    }
}

#[test]
fn search_bots_use_only_views_in_every_game() {
    for info in registry::all() {
        registry::visit(info.id, ViewsOnly("ismcts:24")).unwrap();
        // The shipped level: rule-bot rollouts, the opponent model and the guide (in Hearts the
        // fitted model in the rule bot's place, reading the others' plays).
        registry::visit(info.id, ViewsOnly("hard:24")).unwrap();
        // With worlds weighted by the other seats' moves (Hearts replays them; elsewhere the
        // same as `hard`): the candidates and the replayed history come from the view alone.
        registry::visit(info.id, ViewsOnly("hard-infer:24:8:1")).unwrap();
    }
    // Hearts' fitted model of play, alone and inside the search.
    registry::visit("hearts", ViewsOnly("model")).unwrap();
    registry::visit("hearts", ViewsOnly("hard-model:24")).unwrap();
    // Worlds weighted by the model's own odds of the others' plays.
    registry::visit("hearts", ViewsOnly("hard-model-infer:24:8")).unwrap();
    // The same, its tree branching on the plays it has seen (every later decision searched).
    registry::visit("hearts", ViewsOnly("hard-observe:24:0")).unwrap();
    // The rule bot's search, which Hearts' `hard` was.
    registry::visit("hearts", ViewsOnly("hard-rule:24")).unwrap();
}

#[test]
fn rule_bots_use_only_views_in_every_game() {
    for info in registry::all() {
        registry::visit(info.id, ViewsOnly("medium")).unwrap();
    }
}

struct HardPlays;

impl GameVisitor for HardPlays {
    type Output = ();
    fn visit<G: Game>(self) {
        // One short match with the hard bot in one seat: every choice must be legal (the
        // conformance run panics otherwise).
        let players = G::info().default_players;
        let mut names = vec!["hard:200"]; // the `hard` code path, with a debug-build budget
        names.extend(std::iter::repeat_n("random", players - 1));
        let deals = if matches!(G::info().id, "khanhoo" | "three-thirteen") {
            1
        } else {
            2
        };
        testkit::run::<G>(
            &testkit::Conformance::new(players, 1)
                .bots(&names)
                .deal_limit(deals)
                .seed(9),
        );
    }
}

#[test]
fn hard_bots_play_every_game() {
    for info in registry::all() {
        registry::visit(info.id, HardPlays).unwrap();
    }
}

#[test]
fn hard_budgets_parse_with_clear_errors() {
    use games::hearts::Hearts;
    let v = engine::Variants::defaults(Hearts::info().variants);
    let game = Hearts::new(4, &v).unwrap();
    assert!(bots::make_bot(&game, "hard:50").is_ok());
    assert!(bots::make_bot(&game, "hard-infer:50:10:0.5:0.1").is_ok());
    for bad in [
        "hard:0",
        "hard:many",
        "hardest",
        "hard-infer:50:10:0.5:1.5",
        "hard-infer:50:10:0.5:-0.1",
        "hard-infer:50:10:0.5:0.1:7",
        "hard-infer:50:0",
        "hard-model:0",
        "hard-model:x",
        "hard-modelling",
        "hard-model-infer:0",
        "hard-model-infer:50:0",
        "hard-model-infer:50:10:3",
        "hard-model-inferred",
        "hard-observe:0",
        "hard-observe:50:x",
        "hard-observe:50:-1",
        "hard-observe:50:10:3",
        "hard-observed",
    ] {
        let err = bots::make_bot(&game, bad).err().expect("refused");
        assert!(err.contains(bad), "{err}");
    }
    assert!(bots::make_bot(&game, "hard-model").is_ok());
    assert!(bots::make_bot(&game, "hard-model-infer:50:10").is_ok());
    assert!(bots::bot_names::<Hearts>().contains(&"hard-model"));
    assert!(bots::bot_names::<Hearts>().contains(&"hard-model-infer"));
    assert!(bots::make_bot(&game, "hard-observe:50:10").is_ok());
    assert!(bots::bot_names::<Hearts>().contains(&"hard-observe"));
    // Only a game with a fitted model has `hard-model`, and says so.
    let belote = engine::new_game::<games::belote::Belote>(
        4,
        &engine::Variants::defaults(games::belote::Belote::info().variants),
    )
    .unwrap();
    let err = bots::make_bot(&belote, "hard-model").err().expect("refused");
    assert!(err.contains("belote") && err.contains("hard-model"), "{err}");
    assert!(!bots::bot_names::<games::belote::Belote>().contains(&"hard-model"));
    let err = bots::make_bot(&belote, "hard-model-infer").err().expect("refused");
    assert!(err.contains("belote") && err.contains("hard-model-infer"), "{err}");
    let err = bots::make_bot(&belote, "hard-observe").err().expect("refused");
    assert!(err.contains("belote") && err.contains("hard-observe"), "{err}");
    assert_eq!(game.hard_iterations(), 10_000);
    // Panguingue's rollouts cost more at larger tables: fewer of them.
    let pan = |n: usize| {
        let v = engine::Variants::defaults(games::panguingue::Panguingue::info().variants);
        engine::new_game::<games::panguingue::Panguingue>(n, &v)
            .unwrap()
            .hard_iterations()
    };
    assert_eq!((pan(4), pan(8), pan(15)), (2000, 2000, 1066));
}

/// Where a game says searching does not help (every Ziginette decision), `hard` decides exactly
/// as `medium` does. (Jewel's, Three Thirteen's and Khanhoo's `hard` are their own lookahead
/// bots.)
struct HardDefers;

impl GameVisitor for HardDefers {
    type Output = usize;
    fn visit<G: Game>(self) -> usize {
        use cards::GameRng;
        use engine::{Decision, Match, MatchSetup, Variants};
        let v = Variants::defaults(G::info().variants);
        let mut checked = 0;
        for seed in 0..4 {
            let mut m = Match::<G>::new(MatchSetup::new(G::info().default_players, v.clone(), seed)).unwrap();
            let mut legal = Vec::new();
            let mut rng = GameRng::from_seed(seed);
            for _ in 0..40 {
                if m.is_over() {
                    break;
                }
                m.legal_actions(&mut legal);
                let decision = Decision::new(m.deal(), &legal, m.totals()).unwrap();
                if !decision.search_helps() {
                    let mut hard = bots::make_bot(m.game(), "hard").unwrap();
                    let mut medium = bots::make_bot(m.game(), "medium").unwrap();
                    let stream = rng.fork();
                    assert_eq!(
                        hard.choose(&decision, &mut stream.clone()),
                        medium.choose(&decision, &mut stream.clone()),
                        "{} seed {seed}",
                        G::info().id
                    );
                    checked += 1;
                }
                let a = legal[rng.index(legal.len())];
                m.apply(a).unwrap();
            }
        }
        checked
    }
}

#[test]
fn hard_decides_as_the_rule_bot_where_search_does_not_help() {
    assert!(
        registry::visit("ziginette", HardDefers).unwrap() > 0,
        "ziginette: no decision checked"
    );
}

/// Panguingue's `hard` (paired rollouts) decides from the view alone, like every other bot.
#[test]
fn panguingue_hard_uses_only_views() {
    testkit::assert_bot_uses_only_views::<games::panguingue::Panguingue>(4, &[], "hard:12", 1, 9);
}

/// The rummy games' `hard` (one draw of lookahead) beats their rule bots, seat for seat, on a
/// fixed set of deals (the arena measures the margin; this guards the direction).
#[test]
fn lookahead_bots_beat_the_rule_bots() {
    use games::khanhoo::Khanhoo;
    use games::three_thirteen::ThreeThirteen;
    let hard_seat = |k: u64, s: usize| s == (k % 3) as usize;
    // Three Thirteen: deadwood, lower is better; six-round matches.
    let d = testkit::duel_against::<ThreeThirteen>(3, &["rounds=6"], "hard", "medium", 6, hard_seat);
    assert!(d.bot_mean < d.random_mean, "{d:?}");
    // Khanhoo: points, higher is better; a game to 30.
    let d = testkit::duel_against::<Khanhoo>(3, &["target=30"], "hard", "medium", 6, hard_seat);
    assert!(d.bot_mean > d.random_mean, "{d:?}");
    // Jewel: points, zero-sum; three deals a match at three players.
    let d = testkit::duel_against::<games::jewel::Jewel>(3, &[], "hard", "medium", 12, hard_seat);
    assert!(d.bot_mean > d.random_mean, "{d:?}");
}

/// The games that replay the others' moves for inference rebuild only positions their deals
/// really passed through.
#[test]
fn past_moves_replay_the_history() {
    assert!(testkit::assert_past_moves_replay_history::<games::hearts::Hearts>(4, 3, 1) > 100);
    assert!(testkit::assert_past_moves_replay_history::<games::tribello::Tribello>(3, 3, 1) > 100);
    assert!(testkit::assert_past_moves_replay_history::<games::belote::Belote>(4, 3, 1) > 100);
    assert!(testkit::assert_past_moves_replay_history::<games::solo::Solo>(4, 3, 1) > 100);
    assert!(testkit::assert_past_moves_replay_history::<games::pinochle::AuctionPinochle>(3, 6, 1) > 100);
    assert!(testkit::assert_past_moves_replay_history::<games::big_three::BigThree>(3, 3, 1) > 100);
    // Variants that move the turn, the first lead or what is public.
    assert!(
        testkit::assert_past_moves_replay_history_with::<games::belote::Belote>(
            4,
            &["direction=counter-clockwise", "auto_declare=false"],
            3,
            2
        ) > 100
    );
    assert!(testkit::assert_past_moves_replay_history_with::<games::solo::Solo>(4, &["call_ace_rule=any"], 3, 2) > 100);
    assert!(
        testkit::assert_past_moves_replay_history_with::<games::pinochle::AuctionPinochle>(
            3,
            &["first_lead=dealer-left", "must_head=always"],
            6,
            2
        ) > 100
    );
    assert!(
        testkit::assert_past_moves_replay_history_with::<games::big_three::BigThree>(
            3,
            &["direction=counter-clockwise", "show_widow=true", "pass_is_final=false"],
            3,
            2
        ) > 100
    );
    // Games without `past_moves` rebuild nothing, and their worlds stay uniform.
    assert_eq!(
        testkit::assert_past_moves_replay_history::<games::ace_deuce_jack::AceDeuceJack>(4, 1, 1),
        0
    );
}

/// The inference reads a bot that states its odds (Hearts' `model`) by those odds with the floor
/// mixed in, and a bot that only picks (the rule bot) by the soft policy of its pick.
#[test]
fn the_inference_reads_stated_odds_and_picks_alike() {
    use bots::SoftPolicy;
    use engine::{Bot, Decision};
    use games::hearts::{Hearts, ModelBot, RuleBot};
    let policy = SoftPolicy::new(1.0, 0.05);
    let mut m = one_deal::<Hearts>(4, 5);
    let mut rng = cards::GameRng::from_seed(5);
    let mut legal = Vec::new();
    let mut read = 0;
    while !m.is_over() {
        m.legal_actions(&mut legal);
        let deal = m.deal().clone();
        let decision = Decision::new(&deal, &legal, m.totals()).unwrap();
        let n = legal.len() as f64;
        // The rule bot picks without drawing: its pick is the soft policy's favourite.
        let pick = RuleBot.choose(&decision, &mut rng);
        for &a in &legal {
            let soft = policy.probability(pick == a, legal.len());
            let by_model = policy.likelihood(&mut ModelBot, &deal, &legal, m.totals(), a, &mut rng);
            let by_rule = policy.likelihood(&mut RuleBot, &deal, &legal, m.totals(), a, &mut rng);
            if legal.len() > 1 {
                assert_eq!(by_rule, soft, "{a:?}");
            }
            match ModelBot.odds(&decision, a) {
                Some(p) => {
                    read += 1;
                    assert!((by_model - (0.95 * p + 0.05 / n)).abs() < 1e-12, "{a:?}");
                }
                // Passes are the rule bot's picks: read as its soft policy.
                None if legal.len() > 1 => assert_eq!(by_model, soft, "{a:?}"),
                None => {}
            }
        }
        m.apply(pick).unwrap();
    }
    assert!(read > 100, "{read} plays read by the model's odds");
}

/// A one-deal match of `G` with the default variants.
fn one_deal<G: Game>(players: usize, seed: u64) -> engine::Match<G> {
    let variants = engine::Variants::defaults(G::info().variants);
    let mut setup = engine::MatchSetup::new(players, variants, seed);
    setup.deal_limit = Some(1);
    engine::Match::<G>::new(setup).unwrap()
}

/// Bots `x` and `y` asked the same decisions through one deal of `G` (played by `x`) from the same
/// generators: the moves compared and those where they chose differently.
fn compare_choices<G: Game>(
    m: &mut engine::Match<G>,
    x: &mut dyn engine::Bot<G::Deal>,
    y: &mut dyn engine::Bot<G::Deal>,
    seed: u64,
) -> (usize, usize) {
    use engine::Decision;
    let mut rng = cards::GameRng::from_seed(seed);
    let mut legal = Vec::new();
    let (mut moves, mut differ) = (0, 0);
    while !m.is_over() {
        m.legal_actions(&mut legal);
        let deal = m.deal().clone();
        let decision = Decision::new(&deal, &legal, m.totals()).unwrap();
        let s = rng.next_u64();
        let first = x.choose(&decision, &mut cards::GameRng::from_seed(s));
        let second = y.choose(&decision, &mut cards::GameRng::from_seed(s));
        differ += usize::from(first != second);
        m.apply(first).unwrap();
        moves += 1;
    }
    (moves, differ)
}

/// The tree branches on the others' plays only where the game says every seat sees them: in
/// Belote, which claims no move public, searching every later decision from its first visit
/// (threshold 0) with observed plays on chooses exactly as without; in Hearts, whose plays are
/// public, the same setting changes choices.
#[test]
fn observed_plays_branch_only_on_public_moves() {
    use bots::{Budget, Ismcts, Rollout};
    use games::belote::Belote;
    use games::hearts::Hearts;
    let mut m = one_deal::<Belote>(4, 5);
    let search = |observed: Option<u32>, m: &engine::Match<Belote>| {
        let rule = m.game().bot("rule").unwrap();
        Ismcts::new("t", Budget::Iterations(200), Rollout::Bot(rule), true)
            .with_opponent_model(true)
            .with_observed_plays(observed)
    };
    let (mut x, mut y) = (search(None, &m), search(Some(0), &m));
    let (moves, differ) = compare_choices(&mut m, &mut x, &mut y, 5);
    assert!(moves > 32, "{moves} moves");
    assert_eq!(differ, 0, "Belote: observed plays changed {differ} of {moves} choices");
    let mut m = one_deal::<Hearts>(4, 5);
    let mut x = bots::make_bot(m.game(), "hard-model-infer:400").unwrap();
    let mut y = bots::make_bot(m.game(), "hard-observe:400:0").unwrap();
    let (moves, differ) = compare_choices(&mut m, x.as_mut(), y.as_mut(), 5);
    assert!(differ > 0, "Hearts: observed plays changed none of {moves} choices");
}

/// Bots `a` and `b` make the same choices, move by move through one deal of `G` from the same
/// generators; returns the moves compared.
fn decide_alike<G: Game>(players: usize, a: &str, b: &str, seed: u64) -> usize {
    let mut m = one_deal::<G>(players, seed);
    let (mut x, mut y) = (
        bots::make_bot(m.game(), a).unwrap(),
        bots::make_bot(m.game(), b).unwrap(),
    );
    let (moves, differ) = compare_choices(&mut m, x.as_mut(), y.as_mut(), seed);
    assert_eq!(
        differ,
        0,
        "{}: {a} and {b} differ at {differ} of {moves} moves",
        G::info().id
    );
    moves
}

/// Hearts' `hard` is `hard-observe` (the model for the others and the playouts, worlds read by its
/// odds, the tree branching on the plays seen), and `hard-rule` is the rule bot's search that is
/// `hard` in every other game.
#[test]
fn hearts_hard_is_the_model_reading_search_and_hard_rule_the_rule_search() {
    use engine::Variants;
    use games::belote::Belote;
    use games::hearts::Hearts;
    assert!(decide_alike::<Hearts>(4, "hard:40", "hard-observe:40:30", 3) > 52);
    assert!(decide_alike::<Belote>(4, "hard-rule:40", "hard:40", 3) > 32);
    let game = Hearts::new(4, &Variants::defaults(Hearts::info().variants)).unwrap();
    assert_eq!(bots::make_bot(&game, "hard").unwrap().name(), "hard");
    // `hard` takes one setting in Hearts; other games list no `hard-rule` (it is their `hard`)
    // but accept the name.
    let err = bots::make_bot(&game, "hard:40:10").err().expect("refused");
    assert!(
        err.contains("hard:40:10") && err.contains("write hard:ITERATIONS"),
        "{err}"
    );
    assert!(bots::bot_names::<Hearts>().contains(&"hard-rule"));
    assert!(!bots::bot_names::<Belote>().contains(&"hard-rule"));
}

/// A search that stops once the rest of its budget could not change the most visited action
/// chooses what the whole budget would have, move by move, and it does stop short.
struct SettledStops;

impl GameVisitor for SettledStops {
    type Output = ();
    fn visit<G: Game>(self) {
        use bots::{Budget, Ismcts, Rollout};
        use engine::{Bot, Decision};
        const BUDGET: u32 = 300;
        let higher = G::info().higher_is_better;
        let search = |stop: bool, m: &engine::Match<G>| {
            let rollout = m.game().bot("rule").map_or(Rollout::Random, Rollout::Bot);
            Ismcts::<G::Deal>::new("t", Budget::Iterations(BUDGET), rollout, higher)
                .with_opponent_model(true)
                .with_stop_when_settled(stop)
        };
        let (mut choices, mut stopped_short) = (0, 0);
        for seed in 0..3 {
            let mut m = one_deal::<G>(G::info().default_players, seed);
            let (mut early, mut whole) = (search(true, &m), search(false, &m));
            let mut rng = cards::GameRng::from_seed(seed);
            let mut legal = Vec::new();
            while !m.is_over() && choices < 60 {
                m.legal_actions(&mut legal);
                let deal = m.deal().clone();
                let decision = Decision::new(&deal, &legal, m.totals()).unwrap();
                let s = rng.next_u64();
                let a = early.choose(&decision, &mut cards::GameRng::from_seed(s));
                let b = whole.choose(&decision, &mut cards::GameRng::from_seed(s));
                assert_eq!(a, b, "{}: stopping early changed a choice", G::info().id);
                if whole.last_iterations == BUDGET {
                    choices += 1;
                    assert!(early.last_iterations <= BUDGET);
                    stopped_short += usize::from(early.last_iterations < BUDGET);
                }
                m.apply(a).unwrap();
            }
        }
        assert!(choices >= 20, "{}: only {choices} searched choices", G::info().id);
        assert!(
            stopped_short > 0,
            "{}: never stopped short in {choices} choices",
            G::info().id
        );
    }
}

#[test]
fn stopping_a_settled_search_changes_no_choice() {
    for id in ["hearts", "belote", "tribello", "big-three"] {
        registry::visit(id, SettledStops).unwrap();
    }
}
