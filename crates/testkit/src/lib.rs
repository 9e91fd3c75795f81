//! The conformance suite every game runs (DESIGN.md section 4).
//!
//! [`run`] plays many random matches and, after every step, checks what must hold for any
//! game: legal actions exist until the end, are sorted and unique, all apply, and their text
//! round-trips; other action texts are refused with the state unchanged; cards are conserved;
//! deals are zero-sum where the game says so; worlds sampled for any seat keep that seat's view
//! (so a view cannot depend on cards hidden from the seat) and its legal actions; and replaying
//! the log, in full or cut short, reproduces the match. Failures panic with the match seed and
//! the step, so they can be reproduced with `cardroom engine`.

use bots::make_bot;
use cards::{Card, CardSet, GameRng};
use engine::{Bot, Deal, Decision, Game, GameRecord, Match, MatchSetup, Variants};
use std::collections::BTreeSet;

/// What to play.
#[derive(Clone, Debug)]
pub struct Conformance {
    pub players: usize,
    pub variants: Vec<String>,
    /// Complete matches to play.
    pub matches: usize,
    pub seed: u64,
    /// Stop each match after this many deals (None: play to the game's own end).
    pub deal_limit: Option<u32>,
    /// Bots choosing the moves, by name, cycled over seats; empty means uniform random.
    pub bots: Vec<String>,
}

impl Conformance {
    pub fn new(players: usize, matches: usize) -> Conformance {
        Conformance {
            players,
            variants: Vec::new(),
            matches,
            seed: 1,
            deal_limit: None,
            bots: Vec::new(),
        }
    }

    pub fn variants(mut self, items: &[&str]) -> Conformance {
        self.variants = items.iter().map(|s| s.to_string()).collect();
        self
    }

    pub fn seed(mut self, seed: u64) -> Conformance {
        self.seed = seed;
        self
    }

    pub fn deal_limit(mut self, deals: u32) -> Conformance {
        self.deal_limit = Some(deals);
        self
    }

    pub fn bots(mut self, names: &[&str]) -> Conformance {
        self.bots = names.iter().map(|s| s.to_string()).collect();
        self
    }
}

/// What a conformance run covered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub matches: usize,
    pub deals: u64,
    pub decisions: u64,
    pub illegal_checked: u64,
    pub worlds_sampled: u64,
}

/// Runs the suite for game `G`; panics with a reproducible description on the first failure.
pub fn run<G: Game>(cfg: &Conformance) -> Report {
    let info = G::info();
    let variants = Variants::parse(info.variants, &cfg.variants).unwrap_or_else(|e| panic!("{}: {e}", info.id));
    let mut report = Report::default();
    let mut rng = GameRng::from_seed(cfg.seed ^ 0x5EED_C0DE);
    let mut texts = candidate_texts();
    for i in 0..cfg.matches {
        let seed = cfg.seed.wrapping_add(i as u64);
        let mut setup = MatchSetup::new(cfg.players, variants.clone(), seed);
        setup.dealer = i % cfg.players;
        setup.deal_limit = cfg.deal_limit;
        let m = Match::<G>::new(setup).unwrap_or_else(|e| panic!("{}: cannot start: {e}", info.id));
        let ctx = format!(
            "{} players={} variants={:?} seed={seed} dealer={}",
            info.id,
            cfg.players,
            cfg.variants,
            i % cfg.players
        );
        play_and_check(m, cfg, &ctx, &mut rng, &mut texts, &mut report, None);
        report.matches += 1;
    }
    report
}

/// One match of `G` whose moves come from `script`: each byte picks a legal action (its value
/// modulo the number of them), and the checks of [`run`] are made at every step. When the
/// bytes run out the match is left unfinished and its replay checked. This is how a fuzzer
/// drives arbitrary action sequences. Setup errors are returned, not panicked.
pub fn run_scripted<G: Game>(players: usize, variants: &[String], seed: u64, script: &[u8]) -> Result<Report, String> {
    let info = G::info();
    let parsed = Variants::parse(info.variants, variants).map_err(|e| e.to_string())?;
    let mut setup = MatchSetup::new(players, parsed, seed);
    setup.dealer = (seed as usize) % players.max(1);
    let m = Match::<G>::new(setup).map_err(|e| e.to_string())?;
    let cfg = Conformance {
        variants: variants.to_vec(),
        ..Conformance::new(players, 1)
    };
    let ctx = format!(
        "{} players={players} variants={variants:?} seed={seed} (scripted)",
        info.id
    );
    let mut rng = GameRng::from_seed(seed ^ 0x5EED_C0DE);
    let mut report = Report::default();
    play_and_check(
        m,
        &cfg,
        &ctx,
        &mut rng,
        &mut candidate_texts(),
        &mut report,
        Some(script),
    );
    report.matches = 1;
    Ok(report)
}

/// Card codes, malformed words and anything the game has shown as legal so far.
fn candidate_texts() -> BTreeSet<String> {
    let mut t: BTreeSet<String> = (0..64u8).filter_map(Card::from_id).map(|c| c.to_string()).collect();
    for junk in [
        "", " ", "zz", "QX", "1H", "pass", "{}", "moon", "99", "-1", "bid 7", "ÄS",
    ] {
        t.insert(junk.to_string());
    }
    t
}

fn play_and_check<G: Game>(
    mut m: Match<G>,
    cfg: &Conformance,
    ctx: &str,
    rng: &mut GameRng,
    texts: &mut BTreeSet<String>,
    report: &mut Report,
    script: Option<&[u8]>,
) {
    let mut script = script.map(|s| s.iter());
    let deck = m.game().deck().counts();
    let mut bots: Vec<Box<dyn Bot<G::Deal>>> = cfg
        .bots
        .iter()
        .map(|n| make_bot(m.game(), n).unwrap_or_else(|e| panic!("{ctx}: {e}")))
        .collect();
    let mut legal = Vec::new();
    let mut probe = Vec::new();
    let replay_at = rng.below(200) as usize;
    let mut steps = 0usize;
    while !m.is_over() {
        let at = format!("{ctx} step={steps}");
        let deal = m.deal().clone();
        let deal = &deal;
        let seat = m
            .to_act()
            .unwrap_or_else(|| panic!("{at}: match not over but no seat to act"));
        assert_eq!(deal.cards(), deck, "{at}: cards not conserved");
        assert!(
            deal.outcome().is_none(),
            "{at}: a deal with a seat to act has an outcome (Match skips outcomes then)"
        );
        m.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "{at}: no legal action for seat {seat}");
        assert!(
            legal.windows(2).all(|w| w[0] < w[1]),
            "{at}: legal actions not sorted and unique: {legal:?}"
        );

        for &a in &legal {
            let text = a.to_string();
            assert_eq!(
                text.parse::<<G::Deal as Deal>::Action>(),
                Ok(a),
                "{at}: action text '{text}' does not round-trip"
            );
            assert!(
                text.chars().count() <= engine::MAX_ACTION_LEN,
                "{at}: action text '{text}' is longer than front ends accept"
            );
            let mut d = deal.clone();
            d.apply(a)
                .unwrap_or_else(|e| panic!("{at}: legal action {a} refused: {e}"));
            texts.insert(text);
        }

        // Other texts: malformed ones fail to parse, well-formed illegal ones are refused, and
        // neither changes anything.
        for _ in 0..6 {
            let text = texts
                .iter()
                .nth(rng.index(texts.len()))
                .expect("texts are not empty")
                .clone();
            match text.parse::<<G::Deal as Deal>::Action>() {
                Ok(a) if legal.contains(&a) => {}
                Ok(a) => {
                    let mut d = deal.clone();
                    assert!(d.apply(a).is_err(), "{at}: illegal action {a} was accepted");
                    assert!(d == *deal, "{at}: refused action {a} changed the state");
                    report.illegal_checked += 1;
                }
                Err(e) => assert!(!e.is_empty(), "{at}: parse error for '{text}' has no message"),
            }
        }

        // Worlds sampled for each seat keep that seat's view (and the actor's legal actions).
        for s in 0..cfg.players {
            let world = deal.sample_world(s, rng);
            assert!(
                world.view(s) == deal.view(s),
                "{at}: a world sampled for seat {s} changes its view"
            );
            assert_eq!(
                world.cards(),
                deck,
                "{at}: a world sampled for seat {s} does not conserve cards"
            );
            if s == seat {
                world.legal_actions(&mut probe);
                assert_eq!(
                    probe, legal,
                    "{at}: a world sampled for the actor changes its legal actions"
                );
            }
            report.worlds_sampled += 1;
        }

        if steps == replay_at {
            check_replay(&m, &at);
            let before = m.clone();
            assert!(m.apply_text("not an action").is_err(), "{at}: malformed text accepted");
            assert!(m == before, "{at}: a malformed action changed the match");
        }

        let action = if let Some(bytes) = script.as_mut() {
            match bytes.next() {
                Some(&b) => legal[b as usize % legal.len()],
                None => {
                    check_replay(&m, &format!("{ctx} where the script ends"));
                    return;
                }
            }
        } else if bots.is_empty() {
            legal[rng.index(legal.len())]
        } else {
            let n = bots.len();
            let bot = &mut bots[seat % n];
            let decision = Decision::new(deal, &legal, m.totals()).expect("a seat is to act");
            bot.choose(&decision, rng)
        };
        let deals_before = m.deals_completed();
        m.apply(action)
            .unwrap_or_else(|e| panic!("{at}: chosen legal action {action} refused: {e}"));
        if m.deals_completed() > deals_before {
            report.deals += 1;
            let deltas = m.deal_deltas().last().expect("a deal was recorded");
            assert_eq!(deltas.len(), cfg.players, "{at}: a deal outcome must score every seat");
            if m.game().is_zero_sum() {
                let house = m.deal_house().last().copied().unwrap_or(0);
                assert_eq!(
                    deltas.iter().sum::<i64>() + house,
                    0,
                    "{at}: deal is not zero-sum: {deltas:?}, house {house}"
                );
                assert_eq!(m.ledger().balance(), 0, "{at}: the ledger does not balance");
            }
        }
        steps += 1;
        report.decisions += 1;
    }
    assert!(m.to_act().is_none(), "{ctx}: finished match still has a seat to act");
    m.legal_actions(&mut legal);
    assert!(legal.is_empty(), "{ctx}: finished match still lists legal actions");
    assert!(!m.winners().is_empty(), "{ctx}: finished match has no winner");
    check_replay(&m, &format!("{ctx} at the end"));
}

/// Replaying the record (also through JSON) reproduces the match exactly.
fn check_replay<G: Game>(m: &Match<G>, at: &str) {
    let record = m.record();
    let text = record.to_json();
    let parsed = GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{at}: record does not parse back: {e}"));
    assert_eq!(parsed, record, "{at}: record JSON does not round-trip");
    let replayed = Match::<G>::from_record(&parsed).unwrap_or_else(|e| panic!("{at}: replay failed: {e}"));
    assert!(replayed == *m, "{at}: replay does not reproduce the match");
}

/// The distinct cards in a JSON value's string leaves (for tests asserting what a view shows).
pub fn cards_in_json(v: &serde_json::Value) -> CardSet {
    let mut out = CardSet::EMPTY;
    match v {
        serde_json::Value::String(s) => {
            if let Ok(c) = s.parse::<Card>() {
                out.insert(c);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| out |= cards_in_json(x)),
        serde_json::Value::Object(o) => o.values().for_each(|x| out |= cards_in_json(x)),
        _ => {}
    }
    out
}

/// How bots did against uniformly random players (or another bot) over many matches.
#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    pub matches: u64,
    /// Mean final total of a bot seat, and of a random (or other-bot) seat.
    pub bot_mean: f64,
    pub random_mean: f64,
    /// Matches won by the bots alone (no random seat among the winners).
    pub bot_wins: u64,
}

/// Plays `matches` matches of `G` with the bot `name` in the seats `is_bot(match, seat)` picks
/// (rotate them so no seat is favoured) and uniformly random players elsewhere.
pub fn duel<G: Game>(
    players: usize,
    variants: &[&str],
    name: &str,
    matches: u64,
    is_bot: impl Fn(u64, usize) -> bool,
) -> Duel {
    duel_against::<G>(players, variants, name, "random", matches, is_bot)
}

/// [`duel`] with the bot `other` in the remaining seats.
pub fn duel_against<G: Game>(
    players: usize,
    variants: &[&str],
    name: &str,
    other: &str,
    matches: u64,
    is_bot: impl Fn(u64, usize) -> bool,
) -> Duel {
    let v = Variants::parse(G::info().variants, variants).unwrap_or_else(|e| panic!("{e}"));
    let game = engine::new_game::<G>(players, &v).unwrap_or_else(|e| panic!("{e}"));
    let (mut bot_sum, mut bot_n, mut rnd_sum, mut rnd_n, mut wins) = (0i64, 0u64, 0i64, 0u64, 0u64);
    let mut legal = Vec::new();
    for k in 0..matches {
        let mut bots: Vec<Box<dyn Bot<G::Deal>>> = (0..players)
            .map(|s| {
                let who = if is_bot(k, s) { name } else { other };
                make_bot(&game, who).unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        let mut m = Match::<G>::new(MatchSetup::new(players, v.clone(), k)).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = GameRng::from_seed(k ^ 0xD0E1);
        while let Some(seat) = m.to_act() {
            m.legal_actions(&mut legal);
            let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a seat is to act");
            let action = bots[seat].choose(&decision, &mut rng);
            m.apply(action)
                .unwrap_or_else(|e| panic!("bot chose an illegal action: {e}"));
        }
        for (s, &t) in m.totals().iter().enumerate() {
            if is_bot(k, s) {
                bot_sum += t;
                bot_n += 1;
            } else {
                rnd_sum += t;
                rnd_n += 1;
            }
        }
        let winners = m.winners();
        wins += (!winners.is_empty() && winners.iter().all(|&w| is_bot(k, w))) as u64;
    }
    Duel {
        matches,
        bot_mean: bot_sum as f64 / bot_n.max(1) as f64,
        random_mean: rnd_sum as f64 / rnd_n.max(1) as f64,
        bot_wins: wins,
    }
}

/// Checks that the bot `name` decides from what its seat may see: at many points of random
/// matches, the bot's choice from the true state equals its choice from a world sampled for the
/// acting seat (same view, other hidden cards), given the same random stream. A bot or sampler
/// that read hidden cards would, sooner or later, choose differently.
pub fn assert_bot_uses_only_views<G: Game>(players: usize, variants: &[&str], name: &str, matches: u64, seed: u64) {
    let v = Variants::parse(G::info().variants, variants).unwrap_or_else(|e| panic!("{e}"));
    let game = engine::new_game::<G>(players, &v).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::from_seed(seed);
    let mut legal = Vec::new();
    let mut checked = 0;
    for k in 0..matches {
        let mut m = Match::<G>::new(MatchSetup::new(players, v.clone(), seed.wrapping_add(k)))
            .unwrap_or_else(|e| panic!("{e}"));
        let mut step = 0u64;
        while let Some(seat) = m.to_act() {
            m.legal_actions(&mut legal);
            if step % 7 == 3 && legal.len() > 1 {
                let truth = m.deal().clone();
                let world = truth.sample_world(seat, &mut rng);
                let stream = rng.fork();
                let pick = |d: &G::Deal| {
                    let mut bot = make_bot(&game, name).unwrap_or_else(|e| panic!("{e}"));
                    let decision = Decision::new(d, &legal, m.totals()).expect("a seat is to act");
                    bot.choose(&decision, &mut stream.clone())
                };
                let (a, b) = (pick(&truth), pick(&world));
                assert_eq!(
                    a,
                    b,
                    "{} seed {} step {step}: bot '{name}' chose differently in a world its seat cannot tell apart",
                    G::info().id,
                    seed.wrapping_add(k)
                );
                checked += 1;
            }
            m.apply(legal[rng.index(legal.len())]).expect("legal");
            step += 1;
            if step > 400 {
                break;
            }
        }
    }
    assert!(checked > 0, "no decision was checked");
}
