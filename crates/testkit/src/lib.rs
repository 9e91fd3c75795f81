//! The conformance suite every game runs: one shared set of random-play checks, so that every
//! game is held to the same contract as the engine sees it, beside its own golden cases from the
//! rules, scripted deals and fixed-deal counts.
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
use engine::{Bot, Deal, Decision, Game, GameRecord, Match, MatchSetup, Narration, Present, Said, Variants, Viewer};
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
        let model = i < model_matches();
        play_and_check(m, cfg, &ctx, &mut rng, &mut texts, &mut report, None, model);
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
        true,
    );
    report.matches = 1;
    Ok(report)
}

/// How many matches of each conformance run get the table-model checks (scenes, feed,
/// descriptions at every step): `CARDROOM_MODEL_MATCHES`, default 4.
fn model_matches() -> usize {
    std::env::var("CARDROOM_MODEL_MATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4)
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

#[allow(clippy::too_many_arguments)]
fn play_and_check<G: Game>(
    mut m: Match<G>,
    cfg: &Conformance,
    ctx: &str,
    rng: &mut GameRng,
    texts: &mut BTreeSet<String>,
    report: &mut Report,
    script: Option<&[u8]>,
    check_model: bool,
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
    let mut model = ModelCheck::<G>::new(&m, check_model);
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

        // A move the deal calls public (`Deal::move_is_public`) may become an edge of a search
        // tree shared across sampled worlds, so every seat must tell any two legal moves apart.
        let public = deal.move_is_public();
        let mut views_after = Vec::new();
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
            if public {
                views_after.push((a, (0..cfg.players).map(|s| d.view(s)).collect::<Vec<_>>()));
            }
            texts.insert(text);
        }
        for (i, (a, views_a)) in views_after.iter().enumerate() {
            for (b, views_b) in &views_after[i + 1..] {
                if let Some(s) = (0..cfg.players).find(|&s| views_a[s] == views_b[s]) {
                    panic!("{at}: a public move, yet seat {s} cannot tell {a} from {b}");
                }
            }
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
                Ok(a) if legal.contains(&deal.canonical(a)) => {
                    // Another form of a legal move (other suits of the same ranks): it plays
                    // as that move does, or is refused without a change.
                    let mut d = deal.clone();
                    if d.apply(a).is_err() {
                        assert!(d == *deal, "{at}: refused action {a} changed the state");
                    }
                }
                Ok(a) => {
                    let mut d = deal.clone();
                    assert!(d.apply(a).is_err(), "{at}: illegal action {a} was accepted");
                    assert!(d == *deal, "{at}: refused action {a} changed the state");
                    report.illegal_checked += 1;
                }
                Err(e) => assert!(!e.is_empty(), "{at}: parse error for '{text}' has no message"),
            }
        }

        let scenes = model.check_before(deal, seat, &legal, &at);

        // Worlds sampled for each seat keep that seat's view (and the actor's legal actions).
        let mut worlds = Vec::with_capacity(cfg.players);
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
                // What search bots ask of a decision must be public: the same in every world.
                assert_eq!(
                    (world.search_helps(), world.bidding(), world.choosing_set(), world.move_is_public()),
                    (deal.search_helps(), deal.bidding(), deal.choosing_set(), deal.move_is_public()),
                    "{at}: a world sampled for the actor answers search_helps, bidding, choosing_set or move_is_public differently"
                );
            }
            report.worlds_sampled += 1;
            worlds.push(world);
        }
        model.check_scenes_in_worlds(deal, &scenes, &worlds, &at);

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
        let mut told = Narration::new();
        m.apply_narrated(action, &mut told)
            .unwrap_or_else(|e| panic!("{at}: chosen legal action {action} refused: {e}"));
        model.check_narration(deal, action, m.deal(), &worlds, &told.said, &at);
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

/// The table-model checks: scenes, descriptions and the feed show each viewer only what it may
/// see. A seat "has seen" a card once it appeared in one of its views; a spectator only what
/// every seat has seen.
struct ModelCheck<G: Game> {
    /// Off for most matches of a run: the model checks cost more than the rest together.
    on: bool,
    players: usize,
    seen: Vec<CardSet>,
    _game: std::marker::PhantomData<G>,
}

impl<G: Game> ModelCheck<G> {
    fn new(m: &Match<G>, on: bool) -> Self {
        let players = m.setup().players;
        let mut check = ModelCheck {
            on,
            players,
            seen: vec![CardSet::EMPTY; players],
            _game: std::marker::PhantomData,
        };
        let mut opening = Narration::new();
        m.narrate_opening(&mut opening);
        check.look(m.deal());
        // The match view adds what every seat saw before the deal: the draw for the dealer.
        for s in 0..players {
            check.seen[s] |= cards_shown(&m.view_json(s));
        }
        check.check_said(&opening.said, "at the opening");
        check
    }

    fn public(&self) -> CardSet {
        self.seen
            .iter()
            .fold(CardSet::FULL_52 | CardSet::single(Card::JOKER), |a, &b| a & b)
    }

    fn look(&mut self, deal: &G::Deal) {
        if !self.on {
            return;
        }
        for s in 0..self.players {
            self.seen[s] |= cards_shown(&deal.view(s));
        }
    }

    fn allowed(&self, viewer: Viewer) -> CardSet {
        match viewer {
            Viewer::Seat(s) => self.seen[s],
            Viewer::Spectator => self.public(),
        }
    }

    fn viewers(&self) -> impl Iterator<Item = Viewer> {
        (0..self.players).map(Viewer::Seat).chain([Viewer::Spectator])
    }

    /// Scenes and descriptions at a decision; returns the scenes, each seat's then the
    /// spectator's, for [`ModelCheck::check_scenes_in_worlds`] (none when the checks are off).
    /// `deal` was looked at already: it is the opening deal ([`ModelCheck::new`]) or the state
    /// the last action led to ([`ModelCheck::check_narration`]).
    fn check_before(
        &mut self,
        deal: &G::Deal,
        actor: usize,
        legal: &[<G::Deal as Deal>::Action],
        at: &str,
    ) -> Vec<engine::DealScene> {
        if !self.on {
            return Vec::new();
        }
        let scenes: Vec<_> = self.viewers().map(|viewer| deal.scene(viewer)).collect();
        for (viewer, scene) in self.viewers().zip(&scenes) {
            let shown = cards_shown(&scene.seats)
                | cards_shown(&scene.centre)
                | text_cards(&scene.title)
                | text_cards(&scene.prompt);
            let hidden = shown - self.allowed(viewer);
            assert!(
                hidden.is_empty(),
                "{at}: the scene for {viewer:?} shows unseen cards {hidden}"
            );
            let mut seats: Vec<usize> = scene.seats.iter().map(|s| s.seat).collect();
            seats.sort_unstable();
            assert_eq!(
                seats,
                (0..self.players).collect::<Vec<_>>(),
                "{at}: the scene for {viewer:?} must list every seat once"
            );
            assert!(!scene.prompt.is_empty(), "{at}: the scene for {viewer:?} has no prompt");
            assert_plain(&scene.title, at);
            assert_plain(&scene.prompt, at);
            for fact in &scene.centre.facts {
                assert_plain(&fact.label, at);
                assert_plain(&fact.value, at);
            }
            for pile in &scene.centre.piles {
                assert_plain(&pile.label, at);
            }
            for seat in &scene.seats {
                for text in seat
                    .marks
                    .iter()
                    .chain(&seat.notes)
                    .chain(&seat.status)
                    .chain(&seat.bid)
                {
                    assert_plain(text, at);
                }
                for group in &seat.groups {
                    assert_plain(&group.label, at);
                }
            }
        }
        let kinds = <G::Deal as Present>::ACTION_KINDS;
        for k in kinds {
            assert!(
                !k.help.is_empty() && !k.group.is_empty(),
                "{at}: action kind {} lacks help",
                k.name
            );
        }
        for &a in legal {
            let d = deal.describe(a);
            assert!(
                kinds.iter().any(|k| k.name == d.kind),
                "{at}: action {a} is described with kind '{}', not one of the game's",
                d.kind
            );
            assert!(!d.label.is_empty(), "{at}: action {a} has no label");
            assert_plain(&d.label, at);
            let shown = d.cards.iter().copied().collect::<CardSet>() | text_cards(&d.label);
            let hidden = shown - self.seen[actor];
            assert!(
                hidden.is_empty(),
                "{at}: the description of {a} shows unseen cards {hidden}"
            );
        }
        scenes
    }

    /// Scenes are the same in every world the viewer cannot tell apart: a seat's in worlds
    /// sampled for it, a spectator's in worlds sampled for any seat. `scenes` are the true
    /// deal's, as [`ModelCheck::check_before`] drew them.
    fn check_scenes_in_worlds(&self, deal: &G::Deal, scenes: &[engine::DealScene], worlds: &[G::Deal], at: &str) {
        if !self.on {
            return;
        }
        let spectator = &scenes[self.players];
        for (s, world) in worlds.iter().enumerate() {
            assert!(
                world.scene(Viewer::Seat(s)) == scenes[s],
                "{at}: seat {s}'s scene differs in a world sampled for it: it depends on hidden cards"
            );
            assert!(
                world.scene(Viewer::Spectator) == *spectator,
                "{at}: the spectator's scene differs in a world sampled for seat {s}"
            );
            if let Some(actor) = deal.to_act() {
                if actor == s {
                    let mut legal = Vec::new();
                    deal.legal_actions(&mut legal);
                    for a in legal {
                        assert_eq!(
                            world.describe(a),
                            deal.describe(a),
                            "{at}: the description of {a} depends on hidden cards"
                        );
                    }
                }
            }
        }
    }

    /// The feed after an action: each viewer is told only cards it has seen, and the same
    /// thing in every world it could not tell from the true one.
    fn check_narration(
        &mut self,
        before: &G::Deal,
        action: <G::Deal as Deal>::Action,
        now: &G::Deal,
        worlds: &[G::Deal],
        said: &[Said],
        at: &str,
    ) {
        if !self.on {
            return;
        }
        let mut after = before.clone();
        after.apply(action).expect("the action applied to the match");
        self.look(&after);
        // A deal that ended was followed by the next one, whose start was told too. (Otherwise
        // the match's deal is `after`, looked at once: the views' cards are most of these
        // checks' cost.)
        if *now != after {
            self.look(now);
        }
        self.check_said(said, at);
        // What the deal itself told (the match adds deal-end and deal-start lines, which
        // depend on the match, not on the worlds).
        let truth = narrate(before, action, &after);
        for (s, world) in worlds.iter().enumerate() {
            let mut world_after = world.clone();
            if world_after.apply(action).is_err() || world_after.view(s) != after.view(s) {
                continue;
            }
            let told = narrate(world, action, &world_after);
            for viewer in [Viewer::Seat(s), Viewer::Spectator] {
                assert_eq!(
                    for_viewer(&told, viewer),
                    for_viewer(&truth, viewer),
                    "{at}: after {action}, {viewer:?} is told something that depends on cards hidden from seat {s}"
                );
            }
        }
    }

    fn check_said(&self, said: &[Said], at: &str) {
        if !self.on {
            return;
        }
        for viewer in self.viewers() {
            for e in for_viewer(said, viewer) {
                let shown = e.cards.iter().copied().collect::<CardSet>() | text_cards(&e.text);
                let hidden = shown - self.allowed(viewer);
                assert!(
                    hidden.is_empty(),
                    "{at}: {viewer:?} is told '{}', naming unseen cards {hidden}",
                    e.text
                );
                let line = e.render(viewer, &engine::seat_name);
                assert!(!line.contains('@'), "{at}: a seat reference is left in '{line}'");
                assert_plain(&line, at);
            }
        }
    }
}

/// What `bot` chooses for the seat to act in `deal`, every total at zero and its random stream
/// seeded by `seed`: how a game's tests ask a bot about one position.
pub fn choice_of<D: Deal>(bot: &mut impl Bot<D>, deal: &D, players: usize, seed: u64) -> D::Action {
    let mut legal = Vec::new();
    deal.legal_actions(&mut legal);
    let totals = vec![0i64; players];
    let decision = Decision::new(deal, &legal, &totals).expect("a seat is to act");
    bot.choose(&decision, &mut GameRng::from_seed(seed))
}

/// What a deal tells of `action` taken in `before` (leading to `after`), with the end-of-deal
/// breakdown when `after` is over: the game's part of the feed, for golden tests.
pub fn narrate<D: Present>(before: &D, action: D::Action, after: &D) -> Vec<Said> {
    let mut out = Narration::new();
    before.narrate(action, after, &mut out);
    if after.to_act().is_none() {
        after.narrate_end(&mut out);
    }
    out.said
}

/// Applies `action` to `deal` (it must be legal) and returns what the deal told of it.
pub fn apply_told<D: Present>(deal: &mut D, action: D::Action) -> Vec<Said> {
    let before = deal.clone();
    deal.apply(action)
        .unwrap_or_else(|e| panic!("{action} was refused: {e}"));
    narrate(&before, action, deal)
}

/// The sentences `viewer` reads of `said`, seats named "seat N".
pub fn read(said: &[Said], viewer: Viewer) -> Vec<String> {
    for_viewer(said, viewer)
        .into_iter()
        .map(|e| e.render(viewer, &engine::seat_name))
        .collect()
}

fn for_viewer(said: &[Said], viewer: Viewer) -> Vec<&engine::Event> {
    said.iter()
        .filter(|s| s.audience.includes(viewer))
        .map(|s| &s.event)
        .collect()
}

/// Cards written in a sentence in the notation (`QS`, `TH`, `JK`), as whole words.
pub fn text_cards(text: &str) -> CardSet {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(Card::from_code)
        .collect()
}

/// Text for people: no Rust debug output, no template left unresolved.
fn assert_plain(text: &str, at: &str) {
    let bad = text
        .find(['{', '}', '[', ']', '"'])
        .map(|i| &text[i..=i])
        .or(["Some(", "None"].into_iter().find(|word| text.contains(word)));
    if let Some(bad) = bad {
        panic!("{at}: '{text}' is not plain text for a reader (it holds '{bad}')");
    }
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

/// The distinct cards that `value` (a view, a scene, any JSON) shows once written as JSON, in
/// its string values, not its keys: a string that is a card ("QS", " 10h "), and cards named in
/// text as [`text_cards`] reads them. It reads the strings as they are written, without
/// building the JSON tree, whose allocations were most of the leak checks' cost.
pub fn cards_shown<T: serde::Serialize + ?Sized>(value: &T) -> CardSet {
    let mut found = CardsInStrings::default();
    let mut writer = serde_json::Serializer::with_formatter(std::io::sink(), &mut found);
    value
        .serialize(&mut writer)
        .expect("values shown to players serialise as JSON");
    found.cards
}

/// A JSON formatter that writes nothing and gathers the cards in each string value.
#[derive(Default)]
struct CardsInStrings {
    cards: CardSet,
    in_key: bool,
    string: String,
}

impl CardsInStrings {
    fn read_string(&mut self) {
        let s = &self.string;
        // A card code, trimmed, is two or three characters ("10H").
        if s.trim().len() <= 3 {
            if let Ok(c) = s.parse::<Card>() {
                self.cards.insert(c);
            }
        }
        // Text that names cards (a hand laid out in words) shows them too.
        self.cards |= text_cards(s);
    }
}

impl serde_json::ser::Formatter for &mut CardsInStrings {
    fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, _: &mut W, _first: bool) -> std::io::Result<()> {
        self.in_key = true;
        Ok(())
    }

    fn end_object_key<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.in_key = false;
        Ok(())
    }

    fn begin_string<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.string.clear();
        Ok(())
    }

    fn write_string_fragment<W: ?Sized + std::io::Write>(&mut self, _: &mut W, fragment: &str) -> std::io::Result<()> {
        if !self.in_key {
            self.string.push_str(fragment);
        }
        Ok(())
    }

    fn write_char_escape<W: ?Sized + std::io::Write>(
        &mut self,
        _: &mut W,
        escape: serde_json::ser::CharEscape,
    ) -> std::io::Result<()> {
        use serde_json::ser::CharEscape;
        if !self.in_key {
            self.string.push(match escape {
                CharEscape::Quote => '"',
                CharEscape::ReverseSolidus => '\\',
                CharEscape::Solidus => '/',
                CharEscape::Backspace => '\u{8}',
                CharEscape::FormFeed => '\u{c}',
                CharEscape::LineFeed => '\n',
                CharEscape::CarriageReturn => '\r',
                CharEscape::Tab => '\t',
                CharEscape::AsciiControl(byte) => char::from(byte),
            });
        }
        Ok(())
    }

    fn end_string<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        if !self.in_key {
            self.read_string();
        }
        Ok(())
    }
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

/// Checks a game's `Deal::past_moves` (policy-based inference) on matches between rule bots: at
/// every decision, on the true deal, each position it rebuilds is one the deal really passed
/// through, in order, with the action really taken there, by another seat than the one asking;
/// and a world sampled for the asking seat rebuilds as many moves by the same seats. Returns
/// how many moves were rebuilt in all (so a caller can require some).
pub fn assert_past_moves_replay_history<G: Game>(players: usize, matches: u64, seed: u64) -> usize {
    assert_past_moves_replay_history_with::<G>(players, &[], matches, seed)
}

/// [`assert_past_moves_replay_history`] with these variants (`key=value` each).
pub fn assert_past_moves_replay_history_with<G: Game>(
    players: usize,
    variants: &[&str],
    matches: u64,
    seed: u64,
) -> usize {
    let v = Variants::parse(G::info().variants, variants).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::from_seed(seed);
    let mut legal = Vec::new();
    let mut rebuilt = 0;
    for k in 0..matches {
        let mut setup = MatchSetup::new(players, v.clone(), seed.wrapping_add(k));
        setup.deal_limit = Some(1);
        let mut m = Match::<G>::new(setup).unwrap_or_else(|e| panic!("{e}"));
        let mut bot = make_bot(m.game(), "medium").unwrap_or_else(|e| panic!("{e}"));
        let mut history: Vec<(G::Deal, <G::Deal as Deal>::Action)> = Vec::new();
        while let Some(seat) = m.to_act() {
            let deal = m.deal().clone();
            let mut past = Vec::new();
            deal.past_moves(seat, &mut past);
            let mut at = 0;
            for (state, action) in &past {
                assert_ne!(
                    state.to_act(),
                    Some(seat),
                    "{}: a move of the asking seat",
                    G::info().id
                );
                let found = history[at..].iter().position(|(s, a)| s == state && a == action);
                let i = found.unwrap_or_else(|| {
                    panic!(
                        "{} seed {}: a rebuilt position the deal never passed through",
                        G::info().id,
                        seed.wrapping_add(k)
                    )
                });
                at += i + 1;
            }
            let world = deal.sample_world(seat, &mut rng);
            let mut replayed = Vec::new();
            world.past_moves(seat, &mut replayed);
            let actors = |v: &[(G::Deal, <G::Deal as Deal>::Action)]| -> Vec<_> {
                v.iter().map(|(s, a)| (s.to_act(), *a)).collect()
            };
            assert_eq!(
                actors(&replayed),
                actors(&past),
                "{}: a sampled world replays other moves",
                G::info().id
            );
            rebuilt += past.len();
            m.legal_actions(&mut legal);
            let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a seat is to act");
            let action = bot.choose(&decision, &mut rng);
            if m.deals_completed() == 0 {
                history.push((deal, action));
            }
            m.apply(action).expect("legal");
        }
    }
    rebuilt
}

#[cfg(test)]
mod tests {
    use super::{assert_plain, cards_shown, text_cards};
    use cards::CardSet;
    use std::collections::BTreeMap;

    fn set(codes: &[&str]) -> CardSet {
        codes.iter().map(|c| c.parse::<cards::Card>().unwrap()).collect()
    }

    /// Only a card's own text names it in prose: "10H" and "jk" are how a player may type a
    /// card, not how a page shows one.
    #[test]
    fn text_names_cards_only_by_their_own_text() {
        assert_eq!(
            text_cards("plays QS, then 10H and TH; jk JK (AS/2C) KSS"),
            set(&["QS", "TH", "JK", "AS", "2C"])
        );
        let v = serde_json::json!({"hand": ["QS", " 10H "], "say": "led 7D", "n": 3, "t": "three"});
        assert_eq!(cards_shown(&v), set(&["QS", "TH", "7D"]));
    }

    #[test]
    fn plain_text_passes() {
        assert_plain("Seat 2 leads the queen of spades (QS); 3 to go", "here");
    }

    #[test]
    #[should_panic(expected = "here: 'bid Some(7)' is not plain text for a reader (it holds 'Some(')")]
    fn debug_output_is_not_plain_text() {
        assert_plain("bid Some(7)", "here");
    }

    #[test]
    #[should_panic(expected = "(it holds '[')")]
    fn a_bracket_is_not_plain_text() {
        assert_plain("hand: [QS]", "here");
    }

    /// Cards are read from string values as they are written, escapes undone, and never from
    /// keys: a map keyed by card codes shows none of them.
    #[test]
    fn cards_shown_reads_string_values_not_keys() {
        let v = serde_json::json!({
            "QS": "AH",
            "hand": [" 10h ", "KD", "x", 4],
            "note": "played QC\nthen JD\t(5S)",
            "quoted": "\"TS\"",
            "said": "as I said, no",
        });
        assert_eq!(cards_shown(&v), set(&["AH", "TH", "KD", "QC", "JD", "5S", "TS"]));
        let keyed: BTreeMap<&str, Vec<&str>> = [("9C", vec![]), ("JK", vec!["2D"])].into();
        assert_eq!(cards_shown(&keyed), set(&["2D"]));
        assert_eq!(cards_shown(&("3H", 7, Some("4H"))), set(&["3H", "4H"]));
        // Cards as views hold them, written by their own `Serialize`.
        let hand: Vec<cards::Card> = set(&["QS", "TD", "JK"]).iter().collect();
        assert_eq!(cards_shown(&vec![hand]), set(&["QS", "TD", "JK"]));
    }
}
