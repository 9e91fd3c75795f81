//! The game-generic core behind the Python classes: a configured game with its action space and
//! observation layout ([`AnyGame`]), and a match of it ([`AnyMatch`]), both with the game type
//! erased after [`games::registry::visit`] picked it.

use crate::codec::{catalogue, faces, Catalogue};
use crate::history::{Feed, HistoryLayout};
use crate::obs::Layout;
use cards::{Card, GameRng};
use engine::{new_game, Deal, Game, GameRecord, Match, MatchSetup, Present, Seat, Variants, Viewer};
use games::registry::{self, GameVisitor};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

type Action<G> = <<G as Game>::Deal as Deal>::Action;

/// A configured game (rules, seats, variants) with its fixed action space and observation layout.
pub trait AnyGame: Send + Sync {
    fn info(&self) -> &'static engine::GameInfo;
    fn players(&self) -> usize;
    /// The variants as `key=value` for every key (defaults included).
    fn variants(&self) -> Vec<(String, String)>;
    /// Only the variants given when configuring it, as `key=value`.
    fn given_variants(&self) -> Vec<String>;
    fn num_actions(&self) -> usize;
    fn action_text(&self, id: u32) -> Option<String>;
    fn action_id(&self, text: &str) -> Result<u32, String>;
    fn obs_len(&self) -> usize;
    fn obs_blocks(&self) -> Vec<(String, usize, usize)>;
    /// The information state's length: the observation, then the history blocks.
    fn info_len(&self) -> usize;
    fn info_blocks(&self) -> Vec<(String, usize, usize)>;
    fn kinds(&self) -> Vec<&'static str>;
    fn faces(&self) -> Vec<String>;
    /// A new match; `deck` (top first) sets the first deal's pack order instead of a shuffle.
    fn new_match(
        self: Arc<Self>,
        seed: u64,
        deals: Option<u32>,
        deck: Option<Vec<Card>>,
    ) -> Result<Box<dyn AnyMatch>, String>;
    fn from_record(self: Arc<Self>, record: &GameRecord) -> Result<Box<dyn AnyMatch>, String>;
}

/// A match of a configured game.
pub trait AnyMatch: Send + Sync {
    fn game(&self) -> Arc<dyn AnyGame>;
    fn clone_box(&self) -> Box<dyn AnyMatch>;
    fn to_act(&self) -> Option<Seat>;
    fn is_over(&self) -> bool;
    fn legal_texts(&self) -> Vec<String>;
    /// The ids of the legal actions, in the order of [`AnyMatch::legal_texts`].
    fn legal_ids(&self) -> Result<Vec<u32>, String>;
    fn apply_text(&mut self, text: &str) -> Result<(), String>;
    fn apply_id(&mut self, id: i64) -> Result<(), String>;
    fn view_json(&self, seat: Seat) -> serde_json::Value;
    /// The table model as `viewer` sees it (a seat, or a spectator: public cards only).
    fn scene_json(&self, viewer: engine::Viewer) -> serde_json::Value;
    fn observation(&self, seat: Seat, out: &mut Vec<f32>);
    /// The observation as a spectator would have it, from `seat`'s place (same layout).
    fn public_observation(&self, seat: Seat, out: &mut Vec<f32>);
    /// The information state with history (see [`crate::history`]).
    fn information_state(&mut self, seat: Seat, out: &mut Vec<f32>) -> Result<(), String>;
    /// The seat's events of this deal as it reads them.
    fn history_lines(&mut self, seat: Seat) -> Result<Vec<String>, String>;
    /// What pickling keeps: the record, or for a sampled world how it was drawn (JSON).
    fn pickle_state(&self) -> Result<String, String>;
    /// Starts keeping the current deal's events (as an information state request does).
    fn enable_feed(&mut self) -> Result<(), String>;
    fn feed(&self) -> Option<Feed>;
    fn totals(&self) -> Vec<i64>;
    fn winners(&self) -> Vec<Seat>;
    fn deals_completed(&self) -> u32;
    fn actions_taken(&self) -> usize;
    fn record(&self) -> Result<GameRecord, String>;
    fn sample_world(&self, seat: Seat, seed: u64) -> Result<Box<dyn AnyMatch>, String>;
    fn bot_action(&self, bot: &str, seed: u64) -> Result<String, String>;
    /// Plays uniformly random legal actions to the end of the match (or `max_actions`);
    /// returns how many were played.
    fn play_random(&mut self, seed: u64, max_actions: u64) -> u64;
    fn is_sampled(&self) -> bool;
}

pub struct TypedGame<G: Game> {
    game: G,
    variants: Variants,
    given: Vec<String>,
    cat: Arc<Catalogue<Action<G>>>,
    layout: Layout,
    history: HistoryLayout,
    /// The game's fast observation encoder, where it has one (the same vector, tested).
    fast: Option<(crate::vector::FastObs<G>, crate::vector::Offsets)>,
}

impl<G: Game> AnyGame for TypedGame<G> {
    fn info(&self) -> &'static engine::GameInfo {
        G::info()
    }
    fn players(&self) -> usize {
        self.game.players()
    }
    fn variants(&self) -> Vec<(String, String)> {
        self.variants
            .all()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }
    fn given_variants(&self) -> Vec<String> {
        self.given.clone()
    }
    fn num_actions(&self) -> usize {
        self.cat.len()
    }
    fn action_text(&self, id: u32) -> Option<String> {
        self.cat.actions.get(id as usize).map(|a| a.to_string())
    }
    fn action_id(&self, text: &str) -> Result<u32, String> {
        let a: Action<G> = text.parse()?;
        self.cat
            .id(&a)
            .ok_or_else(|| format!("'{a}' is an action of {} but outside its action space", G::info().name))
    }
    fn obs_len(&self) -> usize {
        self.layout.len()
    }
    fn obs_blocks(&self) -> Vec<(String, usize, usize)> {
        self.layout.blocks()
    }
    fn info_len(&self) -> usize {
        self.layout.len() + self.history.len()
    }
    fn info_blocks(&self) -> Vec<(String, usize, usize)> {
        let o = self.layout.len();
        let mut v = self.layout.blocks();
        v.extend(self.history.blocks().into_iter().map(|(n, at, l)| (n, o + at, l)));
        v
    }
    fn kinds(&self) -> Vec<&'static str> {
        self.layout.kinds.clone()
    }
    fn faces(&self) -> Vec<String> {
        faces(&self.game).iter().map(|c| c.to_string()).collect()
    }
    fn new_match(
        self: Arc<Self>,
        seed: u64,
        deals: Option<u32>,
        deck: Option<Vec<Card>>,
    ) -> Result<Box<dyn AnyMatch>, String> {
        let setup = MatchSetup {
            players: self.game.players(),
            variants: self.variants.clone(),
            seed,
            deck,
            dealer: 0,
            deal_limit: deals,
        };
        let m = Match::<G>::new(setup).map_err(|e| e.to_string().replace("bad --deck", "bad deck"))?;
        Ok(Box::new(TypedMatch::new(m, self)))
    }
    fn from_record(self: Arc<Self>, record: &GameRecord) -> Result<Box<dyn AnyMatch>, String> {
        let m = Match::<G>::from_record(record).map_err(|e| e.to_string())?;
        Ok(Box::new(TypedMatch::new(m, self)))
    }
}

pub struct TypedMatch<G: Game> {
    m: Match<G>,
    g: Arc<TypedGame<G>>,
    /// Set for a sampled world: how it was drawn, so that it pickles.
    world: Option<Arc<WorldOrigin>>,
    /// The current deal's events, kept once an information state was asked for.
    feed: Option<Feed>,
}

/// How a sampled world was drawn: from which match (a copy), for which seat, with
/// which seed, and how many actions that match had taken (later ones were played in the world).
pub struct WorldOrigin {
    /// A copy of the match it was drawn from (pickled only when the world is: worlds are drawn
    /// by the thousand in a search, and a copy costs far less than a record).
    parent: Box<dyn AnyMatch>,
    seat: Seat,
    seed: u64,
    base: usize,
}

impl<G: Game> TypedMatch<G> {
    fn new(m: Match<G>, g: Arc<TypedGame<G>>) -> TypedMatch<G> {
        TypedMatch {
            m,
            g,
            world: None,
            feed: None,
        }
    }

    /// Applies an action, narrating it into the feed when one is kept.
    fn apply_action(&mut self, a: Action<G>) -> Result<(), engine::Illegal> {
        match self.feed.as_mut() {
            None => self.m.apply(a),
            Some(feed) => feed.apply(&mut self.m, a),
        }
    }

    fn ensure_feed(&mut self) -> Result<&Feed, String> {
        if self.feed.is_none() {
            self.feed = Some(match &self.world {
                None => Feed::replay(&self.m),
                // A world drawn from a match that kept no feed: draw it again from that match
                // with its feed, and play the world's own actions narrated.
                Some(w) => {
                    let mut parent = w.parent.clone_box();
                    parent.enable_feed()?;
                    let mut again = parent.sample_world(w.seat, w.seed)?;
                    for a in &self.m.log()[w.base..] {
                        again.apply_text(&a.to_string())?;
                    }
                    again.feed().ok_or("a world drawn again kept no feed")?
                }
            });
        }
        Ok(self.feed.as_ref().expect("just set"))
    }
}

impl<G: Game> AnyMatch for TypedMatch<G> {
    fn game(&self) -> Arc<dyn AnyGame> {
        self.g.clone()
    }
    fn clone_box(&self) -> Box<dyn AnyMatch> {
        Box::new(TypedMatch {
            m: self.m.clone(),
            g: self.g.clone(),
            world: self.world.clone(),
            feed: self.feed.clone(),
        })
    }
    fn to_act(&self) -> Option<Seat> {
        self.m.to_act()
    }
    fn is_over(&self) -> bool {
        self.m.is_over()
    }
    fn legal_texts(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.m.legal_actions(&mut v);
        v.iter().map(|a| a.to_string()).collect()
    }
    fn legal_ids(&self) -> Result<Vec<u32>, String> {
        let mut v = Vec::new();
        self.m.legal_actions(&mut v);
        let mut ids = Vec::with_capacity(v.len());
        for a in &v {
            match self.g.cat.id(a) {
                Some(id) => ids.push(id),
                // The documented gap of an open-ended space (Ziginette's bets beyond eight times
                // the table maximum): playable as text only.
                None if self.g.cat.open_ended => {}
                None => {
                    return Err(format!(
                        "legal action '{a}' of {} is outside its action space (please report this)",
                        G::info().id
                    ))
                }
            }
        }
        Ok(ids)
    }
    fn apply_text(&mut self, text: &str) -> Result<(), String> {
        if self.feed.is_none() {
            return self.m.apply_text(text);
        }
        let a = self.m.parse_action(text)?;
        self.apply_action(a).map_err(|e| format!("illegal action '{a}': {e}"))
    }
    fn apply_id(&mut self, id: i64) -> Result<(), String> {
        let n = self.g.cat.len();
        let a = usize::try_from(id)
            .ok()
            .and_then(|i| self.g.cat.actions.get(i))
            .ok_or_else(|| format!("action id {id} is outside 0..{n}"))?;
        let a = *a;
        self.apply_action(a)
            .map_err(|e| format!("illegal action '{a}' (id {id}): {e}"))
    }
    fn view_json(&self, seat: Seat) -> serde_json::Value {
        self.m.view_json(seat)
    }
    fn scene_json(&self, viewer: engine::Viewer) -> serde_json::Value {
        let m = &self.m;
        let info = G::info();
        let part = m.deal().scene(viewer);
        let scene = engine::Scene {
            title: part.title,
            seats: part.seats,
            centre: part.centre,
            scores: engine::Scoreboard {
                unit: info.unit.to_string(),
                higher_is_better: info.higher_is_better,
                totals: m.totals().to_vec(),
                deals_completed: m.deals_completed(),
                deal: part.deal_scores,
                target: part.target,
                history: m.deal_deltas().to_vec(),
                teams: m.deal().teams(),
            },
            prompt: if m.is_over() { String::new() } else { part.prompt },
            to_act: m.to_act(),
            pick: m
                .deal()
                .picking()
                .filter(|_| m.to_act().is_some_and(|s| viewer.is(s)) && !m.is_over()),
        };
        serde_json::to_value(scene).expect("scenes serialise")
    }
    fn observation(&self, seat: Seat, out: &mut Vec<f32>) {
        match &self.g.fast {
            Some((fast, offsets)) => {
                out.clear();
                out.resize(self.g.layout.len(), 0.0);
                fast(offsets, &self.m, seat, out);
            }
            None => self.g.layout.encode(&self.m, seat, out),
        }
    }
    fn public_observation(&self, seat: Seat, out: &mut Vec<f32>) {
        self.g.layout.encode_as(&self.m, seat, Viewer::Spectator, out)
    }
    fn information_state(&mut self, seat: Seat, out: &mut Vec<f32>) -> Result<(), String> {
        let g = self.g.clone();
        self.ensure_feed()?;
        self.observation(seat, out);
        let o = out.len();
        out.resize(o + g.history.len(), 0.0);
        let feed = self.feed.as_ref().expect("feed_for made it");
        g.history
            .encode(&feed.said, seat, &|c| g.layout.card_slot(c), &mut out[o..]);
        Ok(())
    }
    fn history_lines(&mut self, seat: Seat) -> Result<Vec<String>, String> {
        let feed = self.ensure_feed()?;
        Ok(HistoryLayout::lines(&feed.said, seat))
    }
    fn enable_feed(&mut self) -> Result<(), String> {
        self.ensure_feed().map(|_| ())
    }
    fn feed(&self) -> Option<Feed> {
        self.feed.clone()
    }
    fn pickle_state(&self) -> Result<String, String> {
        let v = match &self.world {
            None => serde_json::json!({ "record": self.m.record().to_json() }),
            Some(w) => {
                let actions: Vec<String> = self.m.log()[w.base..].iter().map(|a| a.to_string()).collect();
                serde_json::json!({
                    "world_of": w.parent.pickle_state()?,
                    "seat": w.seat,
                    "seed": w.seed,
                    "actions": actions,
                })
            }
        };
        Ok(v.to_string())
    }
    fn totals(&self) -> Vec<i64> {
        self.m.totals().to_vec()
    }
    fn winners(&self) -> Vec<Seat> {
        if self.m.is_over() {
            self.m.winners()
        } else {
            Vec::new()
        }
    }
    fn deals_completed(&self) -> u32 {
        self.m.deals_completed()
    }
    fn actions_taken(&self) -> usize {
        self.m.log().len()
    }
    fn record(&self) -> Result<GameRecord, String> {
        if self.world.is_some() {
            return Err("a sampled world has no record: it was not reached by play from a seed".into());
        }
        Ok(self.m.record())
    }
    fn sample_world(&self, seat: Seat, seed: u64) -> Result<Box<dyn AnyMatch>, String> {
        let mut rng = GameRng::from_seed(seed);
        let feed = self.feed.as_ref().map(|f| f.for_world(seat));
        Ok(Box::new(TypedMatch {
            m: self.m.sample_world(seat, &mut rng),
            g: self.g.clone(),
            world: Some(Arc::new(WorldOrigin {
                parent: self.clone_box(),
                seat,
                seed,
                base: self.m.log().len(),
            })),
            feed,
        }))
    }
    fn bot_action(&self, bot: &str, seed: u64) -> Result<String, String> {
        let mut b = bots::make_bot::<G>(&self.g.game, bot)?;
        let mut legal = Vec::new();
        self.m.legal_actions(&mut legal);
        let d = engine::Decision::new(self.m.deal(), &legal, self.m.totals())
            .filter(|_| !legal.is_empty())
            .ok_or("the match is over: no seat is to act")?;
        let mut rng = GameRng::from_seed(seed);
        Ok(b.choose(&d, &mut rng).to_string())
    }
    fn play_random(&mut self, seed: u64, max_actions: u64) -> u64 {
        let mut rng = GameRng::from_seed(seed);
        let mut legal = Vec::new();
        let mut n = 0;
        while n < max_actions && self.m.to_act().is_some() {
            self.m.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            self.apply_action(a).expect("legal actions apply");
            n += 1;
        }
        n
    }
    fn is_sampled(&self) -> bool {
        self.world.is_some()
    }
}

struct Build<'a> {
    players: Option<usize>,
    variants: &'a [String],
}

impl GameVisitor for Build<'_> {
    type Output = Result<Arc<dyn AnyGame>, String>;
    fn visit<G: Game>(self) -> Self::Output {
        let info = G::info();
        let players = self.players.unwrap_or(info.default_players);
        let variants = Variants::parse(info.variants, self.variants).map_err(|e| e.to_string())?;
        let game = new_game::<G>(players, &variants).map_err(|e| e.to_string())?;
        let cat = shared_catalogue(&game, &variants);
        let layout = Layout::new(&game);
        let history = HistoryLayout::new(info.id, players, layout.faces.len());
        let fast = crate::vector::fast_obs_for::<G>().map(|f| (f, crate::vector::Offsets::new(&layout)));
        Ok(Arc::new(TypedGame {
            fast,
            given: variants.given_items(),
            game,
            variants,
            cat,
            layout,
            history,
        }))
    }
}

/// The action space depends on the variants but not on the seat count: configurations that
/// differ only in seats share one (Panguingue's is about a million actions).
pub fn shared_catalogue<G: Game>(game: &G, variants: &Variants) -> Arc<Catalogue<Action<G>>> {
    type Any = Arc<dyn std::any::Any + Send + Sync>;
    type Catalogues = Mutex<HashMap<(String, Vec<String>), Any>>;
    static CACHE: OnceLock<Catalogues> = OnceLock::new();
    let mut given = variants.given_items();
    given.sort();
    let key = (G::info().id.to_string(), given);
    let cache = CACHE.get_or_init(Default::default);
    if let Some(c) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        if let Ok(c) = c.clone().downcast::<Catalogue<Action<G>>>() {
            return c;
        }
    }
    let c = Arc::new(catalogue(game, variants));
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, c.clone() as Any);
    c
}

type Key = (String, usize, Vec<String>);

/// A configured game, built once per process for each (game, seats, variants): action spaces
/// can be large (Panguingue's), and every match of a game shares one.
pub fn game(id: &str, players: Option<usize>, variants: &[String]) -> Result<Arc<dyn AnyGame>, String> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<dyn AnyGame>>>> = OnceLock::new();
    let info = registry::resolve(id)?;
    let players = players.unwrap_or(info.default_players);
    // The key: the variants as parsed (so `a=1` and `a=01` or reordered lists share one).
    let parsed = Variants::parse(info.variants, variants).map_err(|e| e.to_string())?;
    let mut given = parsed.given_items();
    given.sort();
    let key = (info.id.to_string(), players, given);
    let cache = CACHE.get_or_init(Default::default);
    if let Some(g) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(g.clone());
    }
    let g = registry::visit(
        info.id,
        Build {
            players: Some(players),
            variants,
        },
    )??;
    cache.lock().unwrap_or_else(|e| e.into_inner()).insert(key, g.clone());
    Ok(g)
}

/// The match a record describes, every action replayed and checked.
pub fn from_record(record: &GameRecord) -> Result<Box<dyn AnyMatch>, String> {
    let g = game(&record.game, Some(record.players), &record.variants)?;
    if g.info().id != record.game {
        return Err(format!(
            "this record names '{}': records use the game's id ('{}')",
            record.game,
            g.info().id
        ));
    }
    g.from_record(record)
}

/// Rebuilds a match from what [`AnyMatch::pickle_state`] wrote: a record replayed, or a world
/// drawn again from its (rebuilt) match with the same seat and seed, then its own actions.
pub fn restore(state: &str) -> Result<Box<dyn AnyMatch>, String> {
    let v: serde_json::Value = serde_json::from_str(state).map_err(|e| format!("not a pickled cardroom match: {e}"))?;
    if let Some(r) = v.get("record").and_then(|r| r.as_str()) {
        let record = GameRecord::from_json(r)?;
        return from_record(&record);
    }
    let bad = || "not a pickled cardroom match: it has neither a record nor a world's origin".to_string();
    let parent = v.get("world_of").and_then(|p| p.as_str()).ok_or_else(bad)?;
    let seat = v.get("seat").and_then(|s| s.as_u64()).ok_or_else(bad)? as usize;
    let seed = v.get("seed").and_then(|s| s.as_u64()).ok_or_else(bad)?;
    let parent = restore(parent)?;
    if seat >= parent.game().players() {
        return Err(format!("a pickled world names seat {seat}, which does not exist"));
    }
    let mut world = parent.sample_world(seat, seed)?;
    for a in v.get("actions").and_then(|a| a.as_array()).ok_or_else(bad)? {
        let text = a.as_str().ok_or_else(bad)?;
        world.apply_text(text)?;
    }
    Ok(world)
}
