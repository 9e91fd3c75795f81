//! The game-generic core behind the Python classes: a configured game with its action space and
//! observation layout ([`AnyGame`]), and a match of it ([`AnyMatch`]), both with the game type
//! erased after [`games::registry::visit`] picked it.

use crate::codec::{catalogue, faces, Catalogue};
use crate::obs::Layout;
use cards::GameRng;
use engine::{new_game, Deal, Game, GameRecord, Match, MatchSetup, Present, Seat, Variants};
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
    fn kinds(&self) -> Vec<&'static str>;
    fn faces(&self) -> Vec<String>;
    fn new_match(self: Arc<Self>, seed: u64, deals: Option<u32>) -> Result<Box<dyn AnyMatch>, String>;
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
    fn totals(&self) -> Vec<i64>;
    fn winners(&self) -> Vec<Seat>;
    fn deals_completed(&self) -> u32;
    fn actions_taken(&self) -> usize;
    fn record(&self) -> Result<GameRecord, String>;
    fn sample_world(&self, seat: Seat, seed: u64) -> Box<dyn AnyMatch>;
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
    fn kinds(&self) -> Vec<&'static str> {
        self.layout.kinds.clone()
    }
    fn faces(&self) -> Vec<String> {
        faces(&self.game).iter().map(|c| c.to_string()).collect()
    }
    fn new_match(self: Arc<Self>, seed: u64, deals: Option<u32>) -> Result<Box<dyn AnyMatch>, String> {
        let setup = MatchSetup {
            players: self.game.players(),
            variants: self.variants.clone(),
            seed,
            deck: None,
            dealer: 0,
            deal_limit: deals,
        };
        let m = Match::<G>::new(setup).map_err(|e| e.to_string())?;
        Ok(Box::new(TypedMatch {
            m,
            g: self,
            sampled: false,
        }))
    }
    fn from_record(self: Arc<Self>, record: &GameRecord) -> Result<Box<dyn AnyMatch>, String> {
        let m = Match::<G>::from_record(record).map_err(|e| e.to_string())?;
        Ok(Box::new(TypedMatch {
            m,
            g: self,
            sampled: false,
        }))
    }
}

pub struct TypedMatch<G: Game> {
    m: Match<G>,
    g: Arc<TypedGame<G>>,
    sampled: bool,
}

impl<G: Game> AnyMatch for TypedMatch<G> {
    fn game(&self) -> Arc<dyn AnyGame> {
        self.g.clone()
    }
    fn clone_box(&self) -> Box<dyn AnyMatch> {
        Box::new(TypedMatch {
            m: self.m.clone(),
            g: self.g.clone(),
            sampled: self.sampled,
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
        self.m.apply_text(text)
    }
    fn apply_id(&mut self, id: i64) -> Result<(), String> {
        let n = self.g.cat.len();
        let a = usize::try_from(id)
            .ok()
            .and_then(|i| self.g.cat.actions.get(i))
            .ok_or_else(|| format!("action id {id} is outside 0..{n}"))?;
        self.m
            .apply(*a)
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
        self.g.layout.encode(&self.m, seat, out)
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
        if self.sampled {
            return Err("a sampled world has no record: it was not reached by play from a seed".into());
        }
        Ok(self.m.record())
    }
    fn sample_world(&self, seat: Seat, seed: u64) -> Box<dyn AnyMatch> {
        let mut rng = GameRng::from_seed(seed);
        Box::new(TypedMatch {
            m: self.m.sample_world(seat, &mut rng),
            g: self.g.clone(),
            sampled: true,
        })
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
            self.m.apply(a).expect("legal actions apply");
            n += 1;
        }
        n
    }
    fn is_sampled(&self) -> bool {
        self.sampled
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
        Ok(Arc::new(TypedGame {
            given: variants.given_items(),
            game,
            variants,
            cat,
            layout,
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
