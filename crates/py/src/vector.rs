//! A batched environment: N matches of one configured game stepped at once in Rust, with the
//! GIL released and the envs split across threads. The learning seats' actions come in as
//! action ids; every other seat is played by a named bot inside Rust; finished matches restart
//! at once with the next seed. Observations, legal-action masks, rewards, terminations and the
//! seat to act are written straight into buffers allocated once (Python `bytearray`s, which the
//! Python side views as numpy arrays without copying), so a step creates no Python object per
//! env. The Python class `cardroom.vector.VecEnv` wraps [`PyVecEnvCore`] and documents the
//! semantics.
//!
//! Seeds: `reset(seed)` gives env i its own bot random stream (from `seed` and `i`) and the
//! match seed of its k-th episode from `seed`, `i` and `k` ([`match_seed`]); nothing else is
//! random, so a run is reproducible and does not depend on the thread count.

use crate::codec::Catalogue;
use crate::core::shared_catalogue;
use crate::factored;
use crate::obs::Layout;
use cards::{Card, GameRng};
use engine::{Bot, Deal, Decision, Game, Match, MatchSetup, Seat, Variants};
use games::registry::{self, GameVisitor};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

type Action<G> = <<G as Game>::Deal as Deal>::Action;

/// One env's bots: per seat, the bot (None for a learning seat).
type EnvBots<G> = Vec<Option<Box<dyn Bot<<G as Game>::Deal>>>>;

/// Flat action spaces larger than this get no dense mask: the legal actions come as a short
/// list of ids instead (`legal_ids`), or in the factored encoding.
pub const DENSE_MASK_LIMIT: usize = 100_000;

/// The match seed of episode `episode` of env `env` after `reset(seed)`: a SplitMix64 mix of
/// the three, so that nearby seeds and envs get unrelated deals.
pub fn match_seed(seed: u64, env: usize, episode: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((env as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9))
        .wrapping_add(episode.wrapping_mul(0x94D0_49BB_1331_11EB))
        .wrapping_add(0x2545_F491_4F6C_DD1D);
    for _ in 0..2 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
    }
    z
}

/// The seed of env `env`'s bot random stream after `reset(seed)`.
fn bot_seed(seed: u64, env: usize) -> u64 {
    match_seed(seed ^ 0x0B07_5EED_0B07_5EED, env, u64::MAX)
}

/// A fast multiplicative hasher for the action-to-id map (actions are a few small integers).
#[derive(Default, Clone, Copy)]
pub struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64)
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64)
    }
}

pub type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

/// The output buffers of a step, one row per env (a chunk of rows per thread).
pub struct Rows<'a> {
    pub obs: &'a mut [f32],
    /// Empty when the game has no dense mask.
    pub mask: &'a mut [u8],
    pub rewards: &'a mut [f64],
    pub terminated: &'a mut [u8],
    pub seat: &'a mut [i64],
    pub final_returns: &'a mut [f64],
}

/// The sizes of one row of each buffer.
#[derive(Clone, Copy)]
pub struct Shape {
    pub obs: usize,
    /// Observations per env: 1 (the seat to act) or one per learning seat.
    pub obs_rows: usize,
    pub mask: usize,
    pub learners: usize,
}

impl<'a> Rows<'a> {
    /// Splits the rows into chunks of `k` envs.
    fn chunks(self, k: usize, s: Shape) -> Vec<Rows<'a>> {
        let mut out = Vec::new();
        let Rows {
            mut obs,
            mut mask,
            mut rewards,
            mut terminated,
            mut seat,
            mut final_returns,
        } = self;
        while !seat.is_empty() {
            let n = k.min(seat.len());
            let (a, b) = std::mem::take(&mut obs).split_at_mut(n * s.obs * s.obs_rows);
            obs = b;
            let mk = (n * s.mask).min(mask.len());
            let (m, mb) = std::mem::take(&mut mask).split_at_mut(mk);
            mask = mb;
            let (r, rb) = std::mem::take(&mut rewards).split_at_mut(n * s.learners);
            rewards = rb;
            let (t, tb) = std::mem::take(&mut terminated).split_at_mut(n);
            terminated = tb;
            let (st, sb) = std::mem::take(&mut seat).split_at_mut(n);
            seat = sb;
            let (f, fb) = std::mem::take(&mut final_returns).split_at_mut(n * s.learners);
            final_returns = fb;
            out.push(Rows {
                obs: a,
                mask: m,
                rewards: r,
                terminated: t,
                seat: st,
                final_returns: f,
            });
        }
        out
    }
}

/// What a step needs from a configured batch, with the game type erased.
pub trait VecCore: Send + Sync {
    fn num_envs(&self) -> usize;
    /// Restarts every env from `seed` and writes each env's first decision.
    fn reset(&mut self, seed: u64, threads: usize, rows: Rows<'_>) -> Result<(), String>;
    /// Checks every env's action (an id legal for the seat to act), changing nothing.
    fn check(&self, actions: &[i64]) -> Result<(), String>;
    /// Applies the checked actions, plays the bots, restarts finished matches and writes the
    /// next decision of each env.
    fn step(&mut self, actions: &[i64], threads: usize, rows: Rows<'_>) -> Result<(), String>;
    fn legal_ids(&self, env: usize) -> Vec<u32>;
    /// What `seat` sees of env `env`'s match now (the same vector as `Match.observation`).
    fn observation(&self, env: usize, seat: Seat) -> Vec<f32>;
    fn record_json(&self, env: usize) -> String;
    fn current_match_seed(&self, env: usize) -> u64;
    fn action_text(&self, id: u32) -> Option<String>;
    /// Encodes each env's current observation `calls` times in a loop; returns seconds per call.
    fn bench_observation(&self, fast: bool, calls: usize) -> f64;
    /// Encodes `positions` random positions (seeded) for every seat with the fast path and the
    /// generic encoder; returns (positions compared, first mismatch as text).
    fn check_fast_observation(&self, positions: usize, seed: u64) -> (usize, Option<String>);
    fn has_fast_observation(&self) -> bool;
    /// The legal actions of each env now, in the factored encoding, concatenated, with one
    /// offset per env (`offsets[i]..offsets[i+1]`); None if the game has no factored encoding.
    fn factored_legal(&self) -> Option<(Vec<i8>, Vec<usize>)>;
    /// The action id of a factored row (None: not an action of this game's space).
    fn factored_id(&self, row: &[i8]) -> Option<u32>;
    /// Encodes every action of the space and decodes it back: (actions checked, the first
    /// that does not come back to its own id); None if the game has no factored encoding.
    fn factored_round_trip_all(&self) -> Option<(usize, Option<String>)>;
}

/// A fast observation encoder for one game type: writes exactly what [`Layout::encode`] writes.
pub(crate) type FastObs<G> = fn(&Offsets, &Match<G>, Seat, &mut [f32]);

/// The block offsets of a layout, and the card slots.
pub struct Offsets {
    pub f: usize,
    pub p: usize,
    pub slot: [u16; 64],
    pub hand: usize,
    pub seats: usize,
    pub seat_len: usize,
    pub trick: usize,
    pub leader: usize,
    pub last_trick: usize,
    pub facts: usize,
    pub scores: usize,
    pub turn: usize,
    pub kinds: usize,
    pub len: usize,
}

impl Offsets {
    pub fn new(layout: &Layout) -> Offsets {
        let blocks = layout.blocks();
        let at = |name: &str| blocks.iter().find(|b| b.0 == name).expect("block").1;
        let mut slot = [u16::MAX; 64];
        for (i, c) in layout.faces.iter().enumerate() {
            slot[c.id() as usize & 63] = i as u16;
        }
        let f = layout.faces.len();
        let p = layout.players;
        Offsets {
            f,
            p,
            slot,
            hand: at("hand"),
            seats: at("seats"),
            seat_len: blocks.iter().find(|b| b.0 == "seats").expect("seats").2 / p,
            trick: at("trick"),
            leader: at("leader"),
            last_trick: at("last_trick"),
            facts: at("facts"),
            scores: at("scores"),
            turn: at("turn"),
            kinds: at("kinds"),
            len: layout.len(),
        }
    }

    #[inline]
    pub fn card(&self, c: Card) -> usize {
        self.slot[c.id() as usize & 63] as usize
    }
}

/// The fast encoder of a game type, where there is one.
pub(crate) fn fast_obs_for<G: Game>() -> Option<FastObs<G>> {
    use std::any::Any;
    let hearts: FastObs<games::hearts::Hearts> = crate::fastobs::hearts;
    let any: &dyn Any = &hearts;
    any.downcast_ref::<FastObs<G>>().copied()
}

struct Slot<G: Game> {
    m: Match<G>,
    rng: GameRng,
    episode: u64,
    /// The returns of the learning seats after the last step (or at the match's start).
    last: Vec<f64>,
    legal: Vec<Action<G>>,
    legal_ids: Vec<u32>,
    /// Finished, waiting for `reset` (without autoreset only).
    done: bool,
    /// The deal's events, kept when the batch encodes information states.
    feed: Option<crate::history::Feed>,
}

impl<G: Game> Slot<G> {
    /// Applies an action, narrating it into the feed when one is kept.
    fn apply(&mut self, a: Action<G>) -> Result<(), engine::Illegal> {
        match self.feed.as_mut() {
            None => self.m.apply(a),
            Some(feed) => feed.apply(&mut self.m, a),
        }
    }
}

struct Typed<G: Game> {
    layout: Layout,
    /// The history part of an information state, when the batch encodes those.
    history: Option<crate::history::HistoryLayout>,
    offsets: Offsets,
    fast: Option<FastObs<G>>,
    use_fast: bool,
    cat: Arc<Catalogue<Action<G>>>,
    ids: Arc<FxMap<Action<G>, u32>>,
    /// The index of each seat among the learning seats (usize::MAX for a bot seat).
    learner: Vec<usize>,
    learners: usize,
    /// Per env, per seat: the bot (None for a learning seat). In a mutex only to make the
    /// batch `Sync`; `&mut self` methods take them out without locking.
    bots: std::sync::Mutex<Vec<EnvBots<G>>>,
    slots: Vec<Slot<G>>,
    seats: Vec<Seat>,
    autoreset: bool,
    setup: MatchSetup,
    seed: u64,
    sign: f64,
    shape: Shape,
    factored: bool,
    /// Worker threads besides the caller's, kept between steps.
    pool: Option<crate::pool::Pool>,
}

/// Everything to configure a batch.
pub struct Config {
    pub id: String,
    pub players: Option<usize>,
    pub variants: Vec<String>,
    pub num_envs: usize,
    pub seats: Vec<usize>,
    pub opponents: Vec<String>,
    pub deals: Option<u32>,
    pub dense_mask: bool,
    pub fast_obs: bool,
    /// Encode every learning seat's observation at each step (not only the seat to act's).
    pub all_seats_obs: bool,
    /// Restart finished matches at once (else a finished env waits for `reset`).
    pub autoreset: bool,
    /// Encode information states with history (`Match.information_state_tensor`) instead of
    /// observations.
    pub information_state: bool,
}

struct Build(Config);

impl GameVisitor for Build {
    type Output = Result<Box<dyn VecCore>, String>;
    fn visit<G: Game>(self) -> Self::Output {
        let c = self.0;
        let info = G::info();
        let players = c.players.unwrap_or(info.default_players);
        let variants = Variants::parse(info.variants, &c.variants).map_err(|e| e.to_string())?;
        let game = engine::new_game::<G>(players, &variants).map_err(|e| e.to_string())?;
        if c.seats.is_empty() {
            return Err("seats must name at least one learning seat".into());
        }
        let mut learner = vec![usize::MAX; players];
        for (j, &s) in c.seats.iter().enumerate() {
            if s >= players {
                return Err(format!("seat {s} does not exist: seats are 0 to {}", players - 1));
            }
            if learner[s] != usize::MAX {
                return Err(format!("seat {s} is named twice in seats"));
            }
            learner[s] = j;
        }
        if c.opponents.len() != players {
            return Err(format!("{} opponents named for {players} seats", c.opponents.len()));
        }
        let mut bots = Vec::with_capacity(c.num_envs);
        for _ in 0..c.num_envs {
            let mut row = Vec::with_capacity(players);
            for (s, name) in c.opponents.iter().enumerate() {
                row.push(if learner[s] == usize::MAX {
                    Some(bots::make_bot::<G>(&game, name)?)
                } else {
                    None
                });
            }
            bots.push(row);
        }
        let cat = shared_catalogue(&game, &variants);
        let ids = shared_ids(&cat, &variants);
        let layout = Layout::new(&game);
        let offsets = Offsets::new(&layout);
        let fast = fast_obs_for::<G>();
        let setup = MatchSetup {
            players,
            variants,
            seed: 0,
            deck: None,
            dealer: 0,
            deal_limit: c.deals,
        };
        let proto = Match::<G>::new(setup.clone()).map_err(|e| e.to_string())?;
        let dense = c.dense_mask && cat.len() <= DENSE_MASK_LIMIT;
        let slots = (0..c.num_envs)
            .map(|_| Slot {
                m: proto.clone(),
                rng: GameRng::from_seed(0),
                episode: 0,
                last: vec![0.0; c.seats.len()],
                legal: Vec::new(),
                legal_ids: Vec::new(),
                done: false,
                feed: None,
            })
            .collect();
        let history = c
            .information_state
            .then(|| crate::history::HistoryLayout::new(info.id, players, layout.faces.len()));
        Ok(Box::new(Typed {
            shape: Shape {
                obs: layout.len() + history.as_ref().map_or(0, |h| h.len()),
                obs_rows: if c.all_seats_obs { c.seats.len() } else { 1 },
                mask: if dense { cat.len() } else { 0 },
                learners: c.seats.len(),
            },
            use_fast: c.fast_obs && fast.is_some(),
            fast,
            offsets,
            layout,
            history,
            cat,
            ids,
            learner,
            learners: c.seats.len(),
            bots: std::sync::Mutex::new(bots),
            slots,
            seats: c.seats.clone(),
            autoreset: c.autoreset,
            setup,
            seed: 0,
            sign: if info.higher_is_better { 1.0 } else { -1.0 },
            factored: factored::supports(info.id),
            pool: None,
        }))
    }
}

/// The action-to-id map of a catalogue, built once per process for each (game, variants).
fn shared_ids<A>(cat: &Arc<Catalogue<A>>, variants: &Variants) -> Arc<FxMap<A, u32>>
where
    A: Copy + Eq + std::hash::Hash + Send + Sync + 'static,
{
    use std::sync::{Mutex, OnceLock};
    type Any = Arc<dyn std::any::Any + Send + Sync>;
    type Maps = Mutex<HashMap<(usize, Vec<String>), Any>>;
    static CACHE: OnceLock<Maps> = OnceLock::new();
    let mut given = variants.given_items();
    given.sort();
    // The catalogue is shared per (game, variants) and lives as long as the process.
    let key = (Arc::as_ptr(cat) as usize, given);
    let cache = CACHE.get_or_init(Default::default);
    if let Some(m) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        if let Ok(m) = m.clone().downcast::<FxMap<A, u32>>() {
            return m;
        }
    }
    let mut map: FxMap<A, u32> = FxMap::default();
    map.reserve(cat.actions.len());
    for (i, a) in cat.actions.iter().enumerate() {
        map.insert(*a, i as u32);
    }
    let map = Arc::new(map);
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, map.clone() as Any);
    map
}

pub fn build(c: Config) -> Result<Box<dyn VecCore>, String> {
    let id = c.id.clone();
    registry::visit(&id, Build(c))?
}

/// Per-thread scratch space.
struct Scratch {
    obs: Vec<f32>,
}

impl<G: Game> Typed<G> {
    fn returns(&self, m: &Match<G>, seat: Seat) -> f64 {
        self.sign * m.totals()[seat] as f64
    }

    fn encode(&self, slot: &Slot<G>, seat: Seat, out: &mut [f32], scratch: &mut Scratch) {
        let m = &slot.m;
        let n = self.layout.len();
        match self.fast {
            Some(f) if self.use_fast => f(&self.offsets, m, seat, &mut out[..n]),
            _ => {
                self.layout.encode(m, seat, &mut scratch.obs);
                out[..n].copy_from_slice(&scratch.obs);
            }
        }
        if let (Some(h), Some(feed)) = (&self.history, &slot.feed) {
            let rest = &mut out[n..];
            rest.fill(0.0);
            h.encode(&feed.said, seat, &|c| self.layout.card_slot(c), rest);
        }
    }

    /// Plays the bots of env `slot` until a learning seat is to act or the match is over;
    /// returns the learning seat to act.
    fn play_bots(
        learner: &[usize],
        bots: &mut [Option<Box<dyn Bot<G::Deal>>>],
        slot: &mut Slot<G>,
    ) -> Result<Option<Seat>, String> {
        loop {
            let Some(s) = slot.m.to_act() else {
                return Ok(None);
            };
            if learner[s] != usize::MAX {
                return Ok(Some(s));
            }
            slot.m.legal_actions(&mut slot.legal);
            let bot = bots[s].as_mut().expect("a bot for every other seat");
            let d = Decision::new(slot.m.deal(), &slot.legal, slot.m.totals()).ok_or("no seat to act")?;
            let a = bot.choose(&d, &mut slot.rng);
            slot.apply(a)
                .map_err(|e| format!("bot '{}' chose an illegal action '{a}': {e}", bot.name()))?;
        }
    }

    /// Starts episode `slot.episode` of env `i` and plays up to the first learning decision
    /// (skipping, with the next seeds, matches in which no learning seat ever acts).
    fn start(&self, i: usize, bots: &mut [Option<Box<dyn Bot<G::Deal>>>], slot: &mut Slot<G>) -> Result<Seat, String> {
        for _ in 0..1000 {
            slot.m.restart(match_seed(self.seed, i, slot.episode));
            if self.history.is_some() {
                slot.feed = Some(crate::history::Feed::opening(&slot.m));
            }
            for (s, &j) in self.learner.iter().enumerate() {
                if j != usize::MAX {
                    slot.last[j] = self.returns(&slot.m, s);
                }
            }
            if let Some(s) = Self::play_bots(&self.learner, bots, slot)? {
                return Ok(s);
            }
            slot.episode += 1;
        }
        Err(format!(
            "env {i}: 1000 matches in a row ended with no decision for a learning seat"
        ))
    }

    /// Writes the decision of `seat` in env `slot` into row `r` of `rows`.
    fn write(&self, slot: &mut Slot<G>, seat: Option<Seat>, rows: &mut Rows<'_>, r: usize, scratch: &mut Scratch) {
        let s = self.shape;
        let row = s.obs * s.obs_rows;
        let obs = &mut rows.obs[r * row..(r + 1) * row];
        if s.obs_rows == 1 {
            self.encode(slot, seat.unwrap_or(self.seats[0]), obs, scratch);
        } else {
            for (j, &q) in self.seats.iter().enumerate() {
                self.encode(slot, q, &mut obs[j * s.obs..(j + 1) * s.obs], scratch);
            }
        }
        slot.m.legal_actions(&mut slot.legal);
        slot.legal_ids.clear();
        for a in &slot.legal {
            if let Some(&id) = self.ids.get(a) {
                slot.legal_ids.push(id);
            }
        }
        if s.mask > 0 {
            let row = &mut rows.mask[r * s.mask..(r + 1) * s.mask];
            row.fill(0);
            for &id in &slot.legal_ids {
                row[id as usize] = 1;
            }
        }
        rows.seat[r] = seat.map_or(-1, |q| q as i64);
    }

    fn run_chunk(
        &self,
        first: usize,
        slots: &mut [Slot<G>],
        bots: &mut [EnvBots<G>],
        actions: Option<&[i64]>,
        mut rows: Rows<'_>,
    ) -> Result<(), String> {
        let mut scratch = Scratch { obs: Vec::new() };
        let l = self.learners;
        for (r, (slot, bots)) in slots.iter_mut().zip(bots.iter_mut()).enumerate() {
            let i = first + r;
            let seat = match actions {
                None => {
                    rows.rewards[r * l..(r + 1) * l].fill(0.0);
                    rows.final_returns[r * l..(r + 1) * l].fill(0.0);
                    rows.terminated[r] = 0;
                    slot.done = false;
                    Some(self.start(i, bots, slot)?)
                }
                Some(_) if slot.done => {
                    rows.rewards[r * l..(r + 1) * l].fill(0.0);
                    rows.final_returns[r * l..(r + 1) * l].fill(0.0);
                    rows.terminated[r] = 0;
                    None
                }
                Some(actions) => {
                    let a = self.cat.actions[actions[r] as usize];
                    slot.apply(a)
                        .map_err(|e| format!("env {i}: action {} ('{a}') failed: {e}", actions[r]))?;
                    let next = Self::play_bots(&self.learner, bots, slot)?;
                    for (s, &j) in self.learner.iter().enumerate() {
                        if j != usize::MAX {
                            let now = self.returns(&slot.m, s);
                            rows.rewards[r * l + j] = now - slot.last[j];
                            slot.last[j] = now;
                            rows.final_returns[r * l + j] = if next.is_none() { now } else { 0.0 };
                        }
                    }
                    match next {
                        Some(s) => {
                            rows.terminated[r] = 0;
                            Some(s)
                        }
                        None => {
                            rows.terminated[r] = 1;
                            slot.episode += 1;
                            if self.autoreset {
                                Some(self.start(i, bots, slot)?)
                            } else {
                                slot.done = true;
                                None
                            }
                        }
                    }
                }
            };
            self.write(slot, seat, &mut rows, r, &mut scratch);
        }
        Ok(())
    }

    /// Steps (or, without actions, restarts) every env. With several threads the envs are cut
    /// into small chunks that the threads take one at a time, so a thread that starts late (on
    /// a busy machine) only takes fewer chunks; each env's result never depends on which
    /// thread ran it.
    fn run(&mut self, actions: Option<&[i64]>, threads: usize, rows: Rows<'_>) -> Result<(), String> {
        let n = self.slots.len();
        let threads = threads.clamp(1, n.max(1));
        if threads > 1 && self.pool.as_ref().is_none_or(|p| p.workers() != threads - 1) {
            self.pool = Some(crate::pool::Pool::new(threads - 1));
        }
        let mut slots = std::mem::take(&mut self.slots);
        let mut bots = std::mem::take(self.bots.get_mut().unwrap_or_else(|e| e.into_inner()));
        let me = &*self;
        let result = if threads == 1 {
            me.run_chunk(0, &mut slots, &mut bots, actions, rows)
        } else {
            let k = (n / (threads * 8)).clamp(1, 64);
            let mut work: Vec<_> = slots
                .chunks_mut(k)
                .zip(bots.chunks_mut(k))
                .zip(rows.chunks(k, me.shape))
                .enumerate()
                .map(|(c, ((s, b), r))| (c * k, s, b, r))
                .collect();
            work.reverse();
            let queue = std::sync::Mutex::new(work);
            let drain = || -> Result<(), String> {
                let mut res = Ok(());
                loop {
                    let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop();
                    let Some((first, s, b, r)) = next else {
                        return res;
                    };
                    let acts = actions.map(|a| &a[first..first + s.len()]);
                    let out = me.run_chunk(first, s, b, acts, r);
                    if res.is_ok() {
                        res = out;
                    }
                }
            };
            let first_error = std::sync::Mutex::new(None::<String>);
            let job = || {
                if let Err(e) = drain() {
                    first_error.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(e);
                }
            };
            let ok = me.pool.as_ref().map_or_else(
                || {
                    job();
                    true
                },
                |p| p.run(&job),
            );
            match first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
                Some(e) => Err(e),
                None if !ok => Err("a step thread panicked".to_string()),
                None if !queue.lock().unwrap_or_else(|e| e.into_inner()).is_empty() => {
                    Err("a step thread stopped with work left".to_string())
                }
                None => Ok(()),
            }
        };
        self.slots = slots;
        *self.bots.get_mut().unwrap_or_else(|e| e.into_inner()) = bots;
        result
    }
}

impl<G: Game> VecCore for Typed<G> {
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    fn reset(&mut self, seed: u64, threads: usize, rows: Rows<'_>) -> Result<(), String> {
        self.seed = seed;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.episode = 0;
            slot.rng = GameRng::from_seed(bot_seed(seed, i));
        }
        self.run(None, threads, rows)
    }

    fn check(&self, actions: &[i64]) -> Result<(), String> {
        let n = self.cat.len();
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            if slot.done {
                continue;
            }
            let seat = slot.m.to_act().map_or(-1, |s| s as i64);
            if a < 0 || a as usize >= n {
                return Err(format!(
                    "env {i}: action {a} is outside 0..{n} (seat {seat} to act); nothing was applied"
                ));
            }
            if !slot.legal_ids.contains(&(a as u32)) {
                return Err(format!(
                    "env {i}: action {a} ('{}') is not legal for seat {seat} now (legal ids: {:?}); nothing was applied",
                    self.cat.actions[a as usize], slot.legal_ids
                ));
            }
        }
        Ok(())
    }

    fn step(&mut self, actions: &[i64], threads: usize, rows: Rows<'_>) -> Result<(), String> {
        self.run(Some(actions), threads, rows)
    }

    fn legal_ids(&self, env: usize) -> Vec<u32> {
        self.slots[env].legal_ids.clone()
    }

    fn observation(&self, env: usize, seat: Seat) -> Vec<f32> {
        let mut out = vec![0f32; self.shape.obs];
        let mut scratch = Scratch { obs: Vec::new() };
        self.encode(&self.slots[env], seat, &mut out, &mut scratch);
        out
    }

    fn record_json(&self, env: usize) -> String {
        self.slots[env].m.record().to_json()
    }

    fn current_match_seed(&self, env: usize) -> u64 {
        self.slots[env].m.setup().seed
    }

    fn action_text(&self, id: u32) -> Option<String> {
        self.cat.actions.get(id as usize).map(|a| a.to_string())
    }

    fn bench_observation(&self, fast: bool, calls: usize) -> f64 {
        let mut out = vec![0f32; self.layout.len()];
        let mut scratch = Scratch { obs: Vec::new() };
        let start = std::time::Instant::now();
        let mut done = 0;
        while done < calls {
            for slot in &self.slots {
                let Some(seat) = slot.m.to_act() else { continue };
                match self.fast {
                    Some(f) if fast => f(&self.offsets, &slot.m, seat, &mut out),
                    _ => {
                        self.layout.encode(&slot.m, seat, &mut scratch.obs);
                        out.copy_from_slice(&scratch.obs);
                    }
                }
                std::hint::black_box(&out);
                done += 1;
                if done >= calls {
                    break;
                }
            }
            if done == 0 {
                return f64::NAN;
            }
        }
        start.elapsed().as_secs_f64() / done as f64
    }

    fn has_fast_observation(&self) -> bool {
        self.fast.is_some()
    }

    fn check_fast_observation(&self, positions: usize, seed: u64) -> (usize, Option<String>) {
        let Some(fast) = self.fast else {
            return (0, Some("this game has no fast observation".into()));
        };
        let mut rng = GameRng::from_seed(seed);
        let mut m = Match::<G>::new(MatchSetup {
            seed,
            ..self.setup.clone()
        })
        .expect("the setup was checked");
        let mut legal = Vec::new();
        let mut generic = Vec::new();
        let mut quick = vec![0f32; self.shape.obs];
        let mut compared = 0;
        let mut episode = 0;
        while compared < positions {
            for seat in 0..self.setup.players {
                self.layout.encode(&m, seat, &mut generic);
                quick.fill(f32::NAN);
                fast(&self.offsets, &m, seat, &mut quick);
                if let Some(k) = (0..generic.len()).find(|&k| generic[k].to_bits() != quick[k].to_bits()) {
                    let block = self
                        .layout
                        .blocks()
                        .into_iter()
                        .rfind(|b| b.1 <= k)
                        .map(|b| format!("{} + {}", b.0, k - b.1))
                        .unwrap_or_default();
                    return (
                        compared,
                        Some(format!(
                            "match seed {} after {} actions, seat {seat}: index {k} ({block}): generic {} fast {}",
                            m.setup().seed,
                            m.log().len(),
                            generic[k],
                            quick[k]
                        )),
                    );
                }
            }
            compared += 1;
            if m.is_over() {
                episode += 1;
                m.restart(seed.wrapping_add(episode));
                continue;
            }
            m.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            m.apply(a).expect("legal actions apply");
        }
        (compared, None)
    }

    fn factored_id(&self, row: &[i8]) -> Option<u32> {
        let a: Action<G> = factored::decode_any(row)?;
        self.ids.get(&a).copied()
    }

    fn factored_round_trip_all(&self) -> Option<(usize, Option<String>)> {
        if !self.factored {
            return None;
        }
        let mut row = Vec::with_capacity(factored::WIDTH);
        for (id, a) in self.cat.actions.iter().enumerate() {
            row.clear();
            factored::encode_any(a, &mut row);
            let back = factored::decode_any::<Action<G>>(&row).and_then(|b| self.ids.get(&b).copied());
            if back != Some(id as u32) {
                return Some((id, Some(format!("action {id} ('{a}') came back as {back:?}"))));
            }
        }
        Some((self.cat.actions.len(), None))
    }

    fn factored_legal(&self) -> Option<(Vec<i8>, Vec<usize>)> {
        if !self.factored {
            return None;
        }
        let mut codes = Vec::new();
        let mut offsets = vec![0];
        for slot in &self.slots {
            for a in &slot.legal {
                factored::encode_any(a, &mut codes);
            }
            offsets.push(codes.len() / factored::WIDTH);
        }
        Some((codes, offsets))
    }
}

/// A buffer: a Python bytearray (never resized: a memoryview of it is held) and its address.
struct Buffer {
    bytes: Py<PyByteArray>,
    _view: PyObject,
    addr: usize,
    len: usize,
}

impl Buffer {
    fn new(py: Python<'_>, len: usize) -> PyResult<Buffer> {
        let b = PyByteArray::new(py, &vec![0u8; len.max(1)]);
        let view = py.import("builtins")?.getattr("memoryview")?.call1((&b,))?;
        let addr = b.data() as usize;
        if !addr.is_multiple_of(8) {
            return Err(PyValueError::new_err("a buffer is not 8-byte aligned"));
        }
        Ok(Buffer {
            bytes: b.unbind(),
            _view: view.unbind(),
            addr,
            len,
        })
    }

    /// # Safety
    /// The caller must be the only writer for the slice's lifetime (the VecEnv holds `&mut`).
    unsafe fn slice<'a, T>(&self) -> &'a mut [T] {
        std::slice::from_raw_parts_mut(self.addr as *mut T, self.len / std::mem::size_of::<T>())
    }
}

/// The Rust half of `cardroom.vector.VecEnv` (see that class for the semantics).
#[pyclass(name = "VecEnvCore", module = "cardroom._core")]
pub struct PyVecEnvCore {
    core: Box<dyn VecCore>,
    num_envs: usize,
    shape: Shape,
    num_actions: usize,
    threads: usize,
    seats: Vec<usize>,
    players: usize,
    actions: Buffer,
    obs: Buffer,
    mask: Buffer,
    rewards: Buffer,
    terminated: Buffer,
    seat: Buffer,
    final_returns: Buffer,
    ready: bool,
}

impl PyVecEnvCore {
    fn rows(&self) -> Rows<'static> {
        // SAFETY: the buffers live as long as `self` and only `&mut self` methods write them.
        unsafe {
            Rows {
                obs: self.obs.slice(),
                mask: if self.shape.mask > 0 {
                    self.mask.slice()
                } else {
                    &mut []
                },
                rewards: self.rewards.slice(),
                terminated: self.terminated.slice(),
                seat: self.seat.slice(),
                final_returns: self.final_returns.slice(),
            }
        }
    }

    fn check_env(&self, env: i64) -> PyResult<usize> {
        usize::try_from(env).ok().filter(|&e| e < self.num_envs).ok_or_else(|| {
            PyIndexError::new_err(format!("env {env} does not exist: envs are 0 to {}", self.num_envs - 1))
        })
    }
}

#[pymethods]
impl PyVecEnvCore {
    #[new]
    #[pyo3(signature = (game, num_envs, seats, opponents, players=None, variants=None, deals=None, threads=1, dense_mask=true, fast_observation=true, all_seats_observations=false, autoreset=true, information_state=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        seats: Vec<usize>,
        opponents: Vec<String>,
        players: Option<usize>,
        variants: Option<&Bound<'_, PyAny>>,
        deals: Option<u32>,
        threads: usize,
        dense_mask: bool,
        fast_observation: bool,
        all_seats_observations: bool,
        autoreset: bool,
        information_state: bool,
    ) -> PyResult<PyVecEnvCore> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        if threads == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        if deals == Some(0) {
            return Err(PyValueError::new_err(
                "deals must be at least 1 (None: the whole match)",
            ));
        }
        // Variants as everywhere in the package: a dict, or a list of `key=value`.
        let variants = crate::variant_items(variants)?;
        // The configured game (checks the id, seats and variants with clear messages).
        let g = crate::core::game(game, players, &variants).map_err(PyValueError::new_err)?;
        let config = Config {
            id: g.info().id.to_string(),
            players: Some(g.players()),
            variants,
            num_envs,
            seats: seats.clone(),
            opponents,
            deals,
            dense_mask,
            fast_obs: fast_observation,
            all_seats_obs: all_seats_observations,
            autoreset,
            information_state,
        };
        let core = py.allow_threads(|| build(config)).map_err(PyValueError::new_err)?;
        let num_actions = g.num_actions();
        let shape = Shape {
            obs: if information_state { g.info_len() } else { g.obs_len() },
            obs_rows: if all_seats_observations { seats.len() } else { 1 },
            mask: if dense_mask && num_actions <= DENSE_MASK_LIMIT {
                num_actions
            } else {
                0
            },
            learners: seats.len(),
        };
        let n = num_envs;
        Ok(PyVecEnvCore {
            core,
            num_envs: n,
            shape,
            num_actions,
            threads,
            seats,
            players: g.players(),
            actions: Buffer::new(py, n * 8)?,
            obs: Buffer::new(py, n * shape.obs_rows * shape.obs * 4)?,
            mask: Buffer::new(py, n * shape.mask)?,
            rewards: Buffer::new(py, n * shape.learners * 8)?,
            terminated: Buffer::new(py, n)?,
            seat: Buffer::new(py, n * 8)?,
            final_returns: Buffer::new(py, n * shape.learners * 8)?,
            ready: false,
        })
    }

    /// The buffers as bytearrays (the Python side views them with numpy): `actions` (int64,
    /// N), `obs` (float32, N x obs), `mask` (int8, N x num_actions; empty without a dense
    /// mask), `rewards` (float64, N x L), `terminated` (bool, N), `seat` (int64, N),
    /// `final_returns` (float64, N x L).
    fn buffers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("actions", self.actions.bytes.bind(py))?;
        d.set_item("obs", self.obs.bytes.bind(py))?;
        d.set_item("mask", self.mask.bytes.bind(py))?;
        d.set_item("rewards", self.rewards.bytes.bind(py))?;
        d.set_item("terminated", self.terminated.bytes.bind(py))?;
        d.set_item("seat", self.seat.bytes.bind(py))?;
        d.set_item("final_returns", self.final_returns.bytes.bind(py))?;
        Ok(d)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    #[getter]
    fn observation_size(&self) -> usize {
        self.shape.obs
    }

    /// Observations per env in the `obs` buffer: 1, or one per learning seat.
    #[getter]
    fn observation_rows(&self) -> usize {
        self.shape.obs_rows
    }

    #[getter]
    fn num_actions(&self) -> usize {
        self.num_actions
    }

    #[getter]
    fn dense_mask(&self) -> bool {
        self.shape.mask > 0
    }

    #[getter]
    fn seats(&self) -> Vec<usize> {
        self.seats.clone()
    }

    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    #[setter]
    fn set_threads(&mut self, threads: usize) -> PyResult<()> {
        if threads == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        self.threads = threads;
        Ok(())
    }

    #[getter]
    fn has_fast_observation(&self) -> bool {
        self.core.has_fast_observation()
    }

    /// Restarts every env (episode 0 of env i: `match_seed(seed, i, 0)`) and writes the first
    /// decisions into the buffers.
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        let rows = self.rows();
        let threads = self.threads;
        let core = &mut self.core;
        py.allow_threads(|| core.reset(seed, threads, rows))
            .map_err(pyo3::exceptions::PyRuntimeError::new_err)?;
        self.ready = true;
        Ok(())
    }

    /// Applies the actions in the `actions` buffer (one id per env, for the seat in `seat`),
    /// after checking all of them: an illegal one raises ValueError naming the env and the
    /// action, and nothing changes.
    fn step(&mut self, py: Python<'_>) -> PyResult<()> {
        if !self.ready {
            return Err(PyValueError::new_err("call reset() before step()"));
        }
        // SAFETY: the buffer lives as long as self; read only here.
        let actions: &[i64] = unsafe { self.actions.slice() };
        self.core.check(actions).map_err(PyValueError::new_err)?;
        let rows = self.rows();
        let threads = self.threads;
        let core = &mut self.core;
        py.allow_threads(|| core.step(actions, threads, rows))
            .map_err(pyo3::exceptions::PyRuntimeError::new_err)
    }

    /// The legal action ids of env `env` now (for the seat to act), in the game's order.
    fn legal_action_ids(&self, env: i64) -> PyResult<Vec<u32>> {
        Ok(self.core.legal_ids(self.check_env(env)?))
    }

    /// What `seat` sees of env `env`'s match now, as float32 bytes (the same vector as
    /// `Match.observation(seat)`), whichever seat is to act.
    fn observation<'py>(&self, py: Python<'py>, env: i64, seat: i64) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let env = self.check_env(env)?;
        let p = self.players;
        let seat = usize::try_from(seat)
            .ok()
            .filter(|&s| s < p)
            .ok_or_else(|| PyValueError::new_err(format!("seat {seat} does not exist: seats are 0 to {}", p - 1)))?;
        let v = self.core.observation(env, seat);
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        Ok(pyo3::types::PyBytes::new(py, &bytes))
    }

    /// The record of env `env`'s current match, as JSON text (`Match.from_record` takes it).
    fn record(&self, env: i64) -> PyResult<String> {
        Ok(self.core.record_json(self.check_env(env)?))
    }

    /// The seed of env `env`'s current match.
    fn match_seed(&self, env: i64) -> PyResult<u64> {
        Ok(self.core.current_match_seed(self.check_env(env)?))
    }

    /// The action text of an id.
    fn action_to_string(&self, id: u32) -> PyResult<String> {
        self.core
            .action_text(id)
            .ok_or_else(|| PyIndexError::new_err(format!("action id {id} is outside 0..{}", self.num_actions)))
    }

    /// Seconds per observation encoding (no Python in the loop), over the envs' current
    /// positions: `fast=True` the game's direct encoder, else the generic one from the scene.
    #[pyo3(signature = (fast, calls=100_000))]
    fn bench_observation(&self, py: Python<'_>, fast: bool, calls: usize) -> f64 {
        let core = &self.core;
        py.allow_threads(|| core.bench_observation(fast, calls))
    }

    /// Compares the fast encoder with the generic one at `positions` positions of random
    /// matches (every seat at each); returns (positions compared, first mismatch or None).
    #[pyo3(signature = (positions, seed=0))]
    fn check_fast_observation(&self, py: Python<'_>, positions: usize, seed: u64) -> (usize, Option<String>) {
        let core = &self.core;
        py.allow_threads(|| core.check_fast_observation(positions, seed))
    }

    /// The action id of a factored row (bytes of int8, `WIDTH` of them); ValueError if the row
    /// is not an action of the game's space.
    fn factored_to_id(&self, row: &[u8]) -> PyResult<u32> {
        let row: Vec<i8> = row.iter().map(|&b| b as i8).collect();
        self.core
            .factored_id(&row)
            .ok_or_else(|| PyValueError::new_err("this row is not an action of the game's space"))
    }

    /// Encodes every action of the space in the factored encoding and decodes it back:
    /// (actions checked, first failure or None); None if the game has no factored encoding.
    fn factored_round_trip_all(&self, py: Python<'_>) -> Option<(usize, Option<String>)> {
        let core = &self.core;
        py.allow_threads(|| core.factored_round_trip_all())
    }

    /// The legal actions of every env now in the factored encoding: (codes as bytes of int8,
    /// rows x WIDTH, and offsets: env i's rows are offsets[i]..offsets[i+1]); None if the game
    /// has none.
    fn factored_legal(&self) -> Option<(Vec<u8>, Vec<usize>)> {
        self.core
            .factored_legal()
            .map(|(codes, offsets)| (codes.iter().map(|&c| c as u8).collect(), offsets))
    }
}

/// The match seed of episode `episode` of env `env` after `reset(seed)`.
#[pyfunction]
#[pyo3(name = "vector_match_seed")]
pub fn py_match_seed(seed: u64, env: usize, episode: u64) -> u64 {
    match_seed(seed, env, episode)
}
