//! The Python extension `cardroom._core`: every cardroom game as a `Game` and a `Match`, bots,
//! and `simulate`, which plays whole games in Rust on several threads with the GIL released.
//! The Python package `cardroom` (in `python/`) adds the PettingZoo, Gymnasium and OpenSpiel
//! wrappers on top.

pub mod codec;
pub mod core;
pub mod factored;
pub mod fastobs;
pub mod history;
pub mod obs;
pub mod pool;
pub mod vector;

use crate::core::{AnyGame, AnyMatch};
use engine::GameRecord;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::sync::Arc;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// `np.frombuffer(bytes, dtype).reshape(shape)`, copied so that it is writable.
fn numpy_array<'py>(py: Python<'py>, bytes: &[u8], dtype: &str, shape: &[usize]) -> PyResult<Bound<'py, PyAny>> {
    let np = py.import("numpy")?;
    let b = PyBytes::new(py, bytes);
    let a = np.call_method1("frombuffer", (b, dtype))?;
    let a = a.call_method1("reshape", (shape.to_vec(),))?;
    a.call_method0("copy")
}

fn f32_array<'py>(py: Python<'py>, v: &[f32]) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    numpy_array(py, &bytes, "<f4", &[v.len()])
}

fn json_to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

/// Variants given as a dict (`{"moon_mode": "shooter-chooses"}`) or a list of `key=value`.
pub(crate) fn variant_items(variants: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(v) = variants else {
        return Ok(Vec::new());
    };
    if v.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(d) = v.downcast::<PyDict>() {
        let mut out = Vec::new();
        for (k, val) in d.iter() {
            let k: String = k.str()?.extract()?;
            let val: String = if let Ok(b) = val.extract::<bool>() {
                b.to_string()
            } else {
                val.str()?.extract()?
            };
            out.push(format!("{k}={val}"));
        }
        return Ok(out);
    }
    if let Ok(s) = v.extract::<String>() {
        return Ok(vec![s]);
    }
    v.extract::<Vec<String>>()
        .map_err(|_| PyTypeError::new_err("variants must be a dict {key: value} or a list of 'key=value'"))
}

/// What pickling a `Game` keeps: the class and its arguments (id, players, variants).
type Reduced = (PyObject, (String, usize, Vec<String>));

/// A configured game: rules, seat count and variants, with a fixed action space and a fixed
/// observation shape.
///
/// `Game(id, players=None, variants=None)`: `id` is a game id or name (`"hearts"`,
/// `"Auction Pinochle"`); `players` defaults to the game's usual count; `variants` is a dict
/// such as `{"moon_mode": "shooter-chooses"}`. Unknown games, bad seat counts and bad variants
/// raise `ValueError` naming the problem.
#[pyclass(name = "Game", module = "cardroom", frozen)]
#[derive(Clone)]
pub struct PyGame {
    inner: Arc<dyn AnyGame>,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (id, players=None, variants=None))]
    fn new(id: &str, players: Option<usize>, variants: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        let items = variant_items(variants)?;
        let inner = core::game(id, players, &items).map_err(value_error)?;
        Ok(PyGame { inner })
    }

    /// The game's id (`"hearts"`).
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.info().id
    }

    /// The game's name (`"Hearts"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.info().name
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// Every variant key with its value (defaults included).
    #[getter]
    fn variants(&self) -> Vec<(String, String)> {
        self.inner.variants()
    }

    /// Whether a higher total is better (False for Hearts, Jewel, Three Thirteen...).
    #[getter]
    fn higher_is_better(&self) -> bool {
        self.inner.info().higher_is_better
    }

    /// Whether every deal's score changes sum to zero (house included).
    #[getter]
    fn zero_sum(&self) -> bool {
        self.inner.info().zero_sum
    }

    /// The unit of the totals: "points" or "chips".
    #[getter]
    fn unit(&self) -> &'static str {
        self.inner.info().unit
    }

    /// The size of the fixed action space: ids run from 0 to `num_actions - 1`.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The shape of `Match.observation(seat)`: `(n,)`.
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.inner.obs_len(),)
    }

    /// The observation's blocks as `(name, offset, length)` (see the package README).
    fn observation_layout(&self) -> Vec<(String, usize, usize)> {
        self.inner.obs_blocks()
    }

    /// The shape of `Match.information_state_tensor(seat)`: `(n,)`.
    #[getter]
    fn information_state_shape(&self) -> (usize,) {
        (self.inner.info_len(),)
    }

    /// The information state's blocks as `(name, offset, length)`: the observation's, then
    /// `history_count` and `history_events` (see the package README).
    fn information_state_layout(&self) -> Vec<(String, usize, usize)> {
        self.inner.info_blocks()
    }

    /// The kinds of event an information state's rows name, in their one-hot order (one more
    /// slot follows them for any other kind).
    #[staticmethod]
    fn event_kinds() -> Vec<&'static str> {
        history::KINDS.to_vec()
    }

    /// The game's kinds of action, in the order of the observation's `kinds` block.
    fn action_kinds(&self) -> Vec<&'static str> {
        self.inner.kinds()
    }

    /// The distinct cards of the pack in the order the observation counts them.
    fn cards(&self) -> Vec<String> {
        self.inner.faces()
    }

    /// The action text of an id (`0 <= id < num_actions`, else `IndexError`).
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        u32::try_from(action)
            .ok()
            .and_then(|i| self.inner.action_text(i))
            .ok_or_else(|| {
                PyIndexError::new_err(format!("action id {action} is outside 0..{}", self.inner.num_actions()))
            })
    }

    /// The id of an action text; `ValueError` for text that is not an action of the game.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        self.inner.action_id(text).map_err(value_error)
    }

    /// A new match: by default the whole match, to the game's own end. `seed` fixes every
    /// deal (and nothing else is random); `deals` ends the match after that many deals, as
    /// `--deals` does (`deals=1`: one deal). `deck`, a list of cards (`["2C", "KH", ...]`, top
    /// first, the whole pack), deals the first deal in that order instead of shuffling (later
    /// deals are shuffled from `seed`); a deck that is not the game's pack raises ValueError.
    #[pyo3(signature = (seed=0, deals=None, deck=None))]
    fn new_match(&self, seed: u64, deals: Option<u32>, deck: Option<Vec<String>>) -> PyResult<PyMatch> {
        let deck = match deck {
            None => None,
            Some(cards) => Some(
                cards
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        c.trim()
                            .parse::<cards::Card>()
                            .map_err(|e| value_error(format!("bad deck: card {i} ({c:?}): {e}")))
                    })
                    .collect::<PyResult<Vec<_>>>()?,
            ),
        };
        let inner = self.inner.clone().new_match(seed, deals, deck).map_err(value_error)?;
        Ok(PyMatch { inner })
    }

    /// The rules page, as `cardroom rules` prints it.
    fn rules(&self) -> PyResult<String> {
        tables::rules_text(self.inner.info().id).map_err(value_error)
    }

    fn __repr__(&self) -> String {
        let given = self.inner.given_variants();
        format!(
            "Game({:?}, players={}, variants={{{}}})",
            self.inner.info().id,
            self.inner.players(),
            given
                .iter()
                .filter_map(|kv| kv.split_once('='))
                .map(|(k, v)| format!("{k:?}: {v:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyGame>()
            .is_ok_and(|o| Arc::ptr_eq(&self.inner, &o.get().inner))
    }

    fn __hash__(&self) -> u64 {
        Arc::as_ptr(&self.inner) as *const () as usize as u64
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced> {
        let cls = py.import("cardroom")?.getattr("Game")?.unbind();
        Ok((
            cls,
            (
                self.inner.info().id.to_string(),
                self.inner.players(),
                self.inner.given_variants(),
            ),
        ))
    }
}

/// One match of a configured game: deals one after another until the game's end (or the deal
/// limit). Exactly one seat acts at a time.
#[pyclass(name = "Match", module = "cardroom")]
pub struct PyMatch {
    inner: Box<dyn AnyMatch>,
}

impl PyMatch {
    fn check_seat(&self, seat: i64) -> PyResult<usize> {
        let p = self.inner.game().players();
        usize::try_from(seat)
            .ok()
            .filter(|&s| s < p)
            .ok_or_else(|| value_error(format!("seat {seat} does not exist: seats are 0 to {}", p - 1)))
    }
}

#[pymethods]
impl PyMatch {
    /// The configured game.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            inner: self.inner.game(),
        }
    }

    /// The seat to act, or None once the match is over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.inner.to_act()
    }

    /// The legal actions as notation strings, sorted as the game sorts them.
    fn legal_actions(&self) -> Vec<String> {
        self.inner.legal_texts()
    }

    /// The legal actions as ids of the game's action space, in the order of `legal_actions()`
    /// (Ziginette only: bets above eight times the table maximum, after more than three raises of
    /// the limits, have no id and are left out; they stay playable as text).
    fn legal_action_ids(&self) -> PyResult<Vec<u32>> {
        self.inner
            .legal_ids()
            .map_err(pyo3::exceptions::PyRuntimeError::new_err)
    }

    /// An int8 array of length `game.num_actions`: 1 for each legal action.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.inner.game().num_actions();
        let mut m = vec![0u8; n];
        for id in self.legal_action_ids()? {
            m[id as usize] = 1;
        }
        numpy_array(py, &m, "i1", &[n])
    }

    /// Applies an action given as notation text or as an id. An illegal or unknown action
    /// raises ValueError with the reason and changes nothing.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(text) = action.extract::<String>() {
            return self.inner.apply_text(&text).map_err(value_error);
        }
        match action.extract::<i64>() {
            Ok(id) => self.inner.apply_id(id).map_err(value_error),
            Err(_) if action.is_instance_of::<pyo3::types::PyInt>() => Err(value_error(format!(
                "action id {action} is outside 0..{}",
                self.inner.game().num_actions()
            ))),
            Err(_) => Err(PyTypeError::new_err("an action is a notation string or an integer id")),
        }
    }

    /// What `seat` may see, as a dict (the engine's JSON view, with the match totals).
    fn view<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.check_seat(seat)?;
        json_to_py(py, &self.inner.view_json(seat))
    }

    /// The table as `seat` sees it (`None`: as a spectator, public cards only): seats with
    /// their marks, hands (others' as counts), face-up groups, bids and status; the centre
    /// (trick, last trick, piles, facts); the scoreboard; the prompt. What front ends draw.
    #[pyo3(signature = (seat=None))]
    fn scene<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = match seat {
            Some(s) => engine::Viewer::Seat(self.check_seat(s)?),
            None => engine::Viewer::Spectator,
        };
        json_to_py(py, &self.inner.scene_json(viewer))
    }

    /// What `seat` may see as a float32 vector of shape `game.observation_shape` (layout in
    /// `game.observation_layout()` and the README). Never encodes a card hidden from `seat`.
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.check_seat(seat)?;
        let mut v = Vec::new();
        self.inner.observation(seat, &mut v);
        f32_array(py, &v)
    }

    /// The information state with history, a float32 vector of shape
    /// `game.information_state_shape`: the observation, then every event `seat` was told this
    /// deal, in order (layout in `game.information_state_layout()` and the README). Two
    /// histories that differ in anything the seat saw give different tensors; what it did not
    /// see never enters. In a world sampled for one seat, another seat's history holds what
    /// both were told before the sampling, then its own events in that world.
    fn information_state_tensor<'py>(&mut self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.check_seat(seat)?;
        let mut v = Vec::new();
        self.inner.information_state(seat, &mut v).map_err(value_error)?;
        f32_array(py, &v)
    }

    /// The information state as text: the seat's events this deal as it reads them, one line
    /// each, then its view (JSON).
    fn information_state_string(&mut self, seat: i64) -> PyResult<String> {
        let seat = self.check_seat(seat)?;
        let mut lines = self.inner.history_lines(seat).map_err(value_error)?;
        lines.push(self.inner.view_json(seat).to_string());
        Ok(lines.join("\n"))
    }

    /// The public part of `seat`'s observation: what a spectator sees, encoded from `seat`'s
    /// place in the observation's layout (its hand and the kinds block are zero).
    fn public_observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.check_seat(seat)?;
        let mut v = Vec::new();
        self.inner.public_observation(seat, &mut v);
        f32_array(py, &v)
    }

    /// The private part of `seat`'s observation: `observation(seat) - public_observation(seat)`,
    /// non-zero only where the seat sees more than a spectator (its hand, cards shown to it
    /// alone, its choices).
    fn private_observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.check_seat(seat)?;
        let (mut all, mut public) = (Vec::new(), Vec::new());
        self.inner.observation(seat, &mut all);
        self.inner.public_observation(seat, &mut public);
        for (a, p) in all.iter_mut().zip(&public) {
            *a -= p;
        }
        f32_array(py, &all)
    }

    /// Whether the match is over.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The match totals per seat, as the game keeps them (points or chips).
    fn totals(&self) -> Vec<i64> {
        self.inner.totals()
    }

    /// Per-seat returns, higher always better: the totals, negated for games where a lower
    /// total is better (Hearts, Jewel, Three Thirteen...). A float64 array.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let sign = if self.inner.game().info().higher_is_better {
            1.0
        } else {
            -1.0
        };
        let v: Vec<u8> = self
            .inner
            .totals()
            .iter()
            .flat_map(|&t| (sign * t as f64).to_le_bytes())
            .collect();
        numpy_array(py, &v, "<f8", &[self.inner.game().players()])
    }

    /// The winners once the match is over (all seats sharing the best total), else [].
    fn winners(&self) -> Vec<usize> {
        self.inner.winners()
    }

    /// Deals completed so far.
    #[getter]
    fn deals_completed(&self) -> u32 {
        self.inner.deals_completed()
    }

    /// Actions applied so far.
    #[getter]
    fn actions_taken(&self) -> usize {
        self.inner.actions_taken()
    }

    /// An independent copy.
    fn clone(&self) -> PyMatch {
        PyMatch {
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> PyMatch {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyMatch {
        self.clone()
    }

    /// A determinization: a full match that `seat` cannot tell apart from this one (its view,
    /// observation and information state are the same), the cards hidden from it redrawn
    /// consistently with everything it has seen, and the later deals' packs reseeded. Seeded, so
    /// it is reproducible. A sampled world has no `record()`, but it pickles (as the match it
    /// came from, the seat and the seed, and the actions played in it since).
    fn sample_world(&self, seat: i64, seed: u64) -> PyResult<PyMatch> {
        let seat = self.check_seat(seat)?;
        Ok(PyMatch {
            inner: self.inner.sample_world(seat, seed).map_err(value_error)?,
        })
    }

    /// The replayable record as a dict: `game`, `players`, `variants`, `seed`, `deck`,
    /// `dealer`, `deals`, `actions` (the same as the engine's `{"cmd":"log"}`).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let r = self.inner.record().map_err(value_error)?;
        py.import("json")?.call_method1("loads", (r.to_json(),))
    }

    /// Rebuilds a match from a record (a dict as `record()` gives, or its JSON text), replaying
    /// and checking every action. A corrupt record raises ValueError naming the problem.
    #[staticmethod]
    fn from_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<PyMatch> {
        let text: String = match record.extract::<String>() {
            Ok(s) => s,
            Err(_) => py
                .import("json")?
                .call_method1("dumps", (record,))
                .map_err(|e| value_error(format!("not a valid game record: {e}")))?
                .extract()?,
        };
        let r = GameRecord::from_json(&text).map_err(value_error)?;
        let inner = py.allow_threads(|| core::from_record(&r)).map_err(value_error)?;
        Ok(PyMatch { inner })
    }

    /// Plays uniformly random legal actions (in Rust) until the match is over or `max_actions`
    /// were played; returns how many were played.
    #[pyo3(signature = (seed, max_actions=u64::MAX))]
    fn play_random(&mut self, py: Python<'_>, seed: u64, max_actions: u64) -> u64 {
        let inner = &mut self.inner;
        py.allow_threads(|| inner.play_random(seed, max_actions))
    }

    /// Pickling goes through the record (a match is rebuilt by replay); a sampled world through
    /// the match it was drawn from, its seat and seed, and the actions played in it since.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        let state = self.inner.pickle_state().map_err(value_error)?;
        let f = py.import("cardroom._core")?.getattr("_restore")?.unbind();
        Ok((f, (state,)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<cardroom.Match {} deals_completed={} actions={} to_act={:?}>",
            self.inner.game().info().id,
            self.inner.deals_completed(),
            self.inner.actions_taken(),
            self.inner.to_act()
        )
    }
}

/// The seed of the next `bot_action` called without one: a generator seeded from the OS
/// source when the module loads, advanced by every such call (splitmix64).
static BOT_SEEDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn next_bot_seed() -> u64 {
    let x = BOT_SEEDS
        .fetch_add(0x9E37_79B9_7F4A_7C15, std::sync::atomic::Ordering::Relaxed)
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Seeds the generator that `bot_action` draws from when called without a seed, so that a
/// run of such calls repeats.
#[pyfunction]
fn seed_bots(seed: u64) {
    BOT_SEEDS.store(seed, std::sync::atomic::Ordering::Relaxed);
}

/// Rebuilds a pickled match (see `Match.__reduce__`).
#[pyfunction]
fn _restore(py: Python<'_>, state: &str) -> PyResult<PyMatch> {
    let inner = py.allow_threads(|| core::restore(state)).map_err(value_error)?;
    Ok(PyMatch { inner })
}

/// The action a bot would take for the seat to act, as notation text (not applied). Bots:
/// `random`, `easy`, `medium`, `hard`, `hard:N`, `ismcts:N`, `rule` and the game's own (see
/// `games()`). A bot sees only the acting seat's view and worlds sampled from it. `seed` fixes
/// its random choices; without one, it draws from the module's generator, which every such
/// call advances (seeded from the OS at import; `seed_bots(n)` sets it).
#[pyfunction]
#[pyo3(signature = (game_match, bot, seed=None))]
fn bot_action(py: Python<'_>, game_match: &PyMatch, bot: &str, seed: Option<u64>) -> PyResult<String> {
    let seed = seed.unwrap_or_else(next_bot_seed);
    let m = &game_match.inner;
    py.allow_threads(|| m.bot_action(bot, seed)).map_err(value_error)
}

/// The games as dicts: `id`, `name`, `min_players`, `max_players`, `default_players`,
/// `higher_is_better`, `zero_sum`, `unit`, `variants` (each `key`, `default`, `values`, `doc`) and
/// `bots`.
#[pyfunction]
#[pyo3(name = "games")]
fn list_games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for info in ::games::registry::all() {
        let d = PyDict::new(py);
        d.set_item("id", info.id)?;
        d.set_item("name", info.name)?;
        d.set_item("min_players", info.min_players)?;
        d.set_item("max_players", info.max_players)?;
        d.set_item("default_players", info.default_players)?;
        d.set_item("higher_is_better", info.higher_is_better)?;
        d.set_item("zero_sum", info.zero_sum)?;
        d.set_item("unit", info.unit)?;
        let vs = PyList::empty(py);
        for v in info.variants {
            let vd = PyDict::new(py);
            vd.set_item("key", v.key)?;
            vd.set_item("default", v.default)?;
            vd.set_item("values", v.values_hint())?;
            vd.set_item("doc", v.doc)?;
            // Words for players: a short name, one sentence, and one name per choice.
            vd.set_item("label", v.label)?;
            vd.set_item("explain", v.explain)?;
            vd.set_item("choice_labels", v.choice_labels.to_vec())?;
            // {"key": "omnibus", "values": ["true"]}: the variant applies only then (None: always).
            match v.applies_when {
                Some(when) => {
                    let w = PyDict::new(py);
                    w.set_item("key", when.key)?;
                    w.set_item("values", when.values.to_vec())?;
                    vd.set_item("applies_when", w)?;
                }
                None => vd.set_item("applies_when", py.None())?,
            }
            vs.append(vd)?;
        }
        d.set_item("variants", vs)?;
        d.set_item("bots", tables::bot_names(info.id).map_err(value_error)?)?;
        list.append(d)?;
    }
    Ok(list)
}

struct SimResult {
    totals: Vec<i64>,
    winners: Vec<usize>,
    decisions: u64,
}

/// Plays `games` whole matches between bots in Rust, on `threads` threads with the GIL
/// released. Match g uses seed `seed + g` (as `cardroom sim` does), so results do not depend on
/// the thread count. `bots` is one name for every seat or a list with one per seat.
///
/// Returns a dict of numpy arrays: `totals` (int64, games x players), `returns` (float64, the
/// same with the sign flipped where lower is better), `wins` (float64, games x players: 1/k for
/// each of k winners), `decisions` (int64, per game), plus `elapsed_s` and `players`.
#[pyfunction]
#[pyo3(signature = (game, games, bots=None, seed=0, threads=1, players=None, variants=None, deals=None))]
#[allow(clippy::too_many_arguments)]
fn simulate<'py>(
    py: Python<'py>,
    game: &str,
    games: u64,
    bots: Option<&Bound<'py, PyAny>>,
    seed: u64,
    threads: usize,
    players: Option<usize>,
    variants: Option<&Bound<'py, PyAny>>,
    deals: Option<u32>,
) -> PyResult<Bound<'py, PyDict>> {
    let items = variant_items(variants)?;
    let g = core::game(game, players, &items).map_err(value_error)?;
    let players = g.players();
    let names: Vec<String> = match bots {
        None => vec!["random".to_string(); players],
        Some(b) => match b.extract::<String>() {
            Ok(name) => vec![name; players],
            Err(_) => b
                .extract::<Vec<String>>()
                .map_err(|_| PyTypeError::new_err("bots is a bot name or a list of names, one per seat"))?,
        },
    };
    if names.len() != players {
        return Err(value_error(format!("{} bots named for {players} seats", names.len())));
    }
    if threads == 0 {
        return Err(value_error("threads must be at least 1"));
    }
    let opts = tables::TableOptions {
        players: Some(players),
        seed,
        variants: items,
        deck: None,
        dealer: 0,
        deals,
        bots: names.into_iter().map(Some).collect(),
    };
    let id = g.info().id;
    // Check the options (bot names...) once, with the GIL held, for a clear error.
    tables::open_table(id, &opts).map_err(value_error)?;
    let threads = threads.min(games.max(1) as usize);
    let start = std::time::Instant::now();
    let results: Result<Vec<(u64, SimResult)>, String> = py.allow_threads(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let opts = opts.clone();
                    scope.spawn(move || -> Result<Vec<(u64, SimResult)>, String> {
                        let mut out = Vec::new();
                        let mut table: Option<Box<dyn engine::DynTable>> = None;
                        let mut gi = t as u64;
                        while gi < games {
                            let s = seed.wrapping_add(gi);
                            match table.as_mut() {
                                Some(tb) => tables::restart_table(tb.as_mut(), s),
                                None => {
                                    let o = tables::TableOptions {
                                        seed: s,
                                        ..opts.clone()
                                    };
                                    table = Some(tables::open_table(id, &o)?);
                                }
                            }
                            let tb = table.as_mut().expect("opened");
                            tb.run_bots()?;
                            out.push((
                                gi,
                                SimResult {
                                    totals: tb.totals(),
                                    winners: tb.winners(),
                                    decisions: tb.decisions(),
                                },
                            ));
                            gi += threads as u64;
                        }
                        Ok(out)
                    })
                })
                .collect();
            let mut all = Vec::new();
            for h in handles {
                all.extend(h.join().map_err(|_| "a simulation thread panicked".to_string())??);
            }
            Ok(all)
        })
    });
    let mut results = results.map_err(pyo3::exceptions::PyRuntimeError::new_err)?;
    let elapsed = start.elapsed().as_secs_f64();
    results.sort_by_key(|r| r.0);
    let n = results.len();
    let sign = if g.info().higher_is_better { 1.0 } else { -1.0 };
    let mut totals = Vec::with_capacity(n * players * 8);
    let mut returns = Vec::with_capacity(n * players * 8);
    let mut wins = Vec::with_capacity(n * players * 8);
    let mut decisions = Vec::with_capacity(n * 8);
    for (_, r) in &results {
        for s in 0..players {
            totals.extend(r.totals[s].to_le_bytes());
            returns.extend((sign * r.totals[s] as f64).to_le_bytes());
            let w = if r.winners.contains(&s) {
                1.0 / r.winners.len() as f64
            } else {
                0.0
            };
            wins.extend(w.to_le_bytes());
        }
        decisions.extend((r.decisions as i64).to_le_bytes());
    }
    let d = PyDict::new(py);
    d.set_item("totals", numpy_array(py, &totals, "<i8", &[n, players])?)?;
    d.set_item("returns", numpy_array(py, &returns, "<f8", &[n, players])?)?;
    d.set_item("wins", numpy_array(py, &wins, "<f8", &[n, players])?)?;
    d.set_item("decisions", numpy_array(py, &decisions, "<i8", &[n])?)?;
    d.set_item("elapsed_s", elapsed)?;
    d.set_item("players", players)?;
    d.set_item("game", id)?;
    Ok(d)
}

/// The Python module `cardroom._core`.
#[pymodule]
#[pyo3(name = "_core")]
fn cardroom_core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyMatch>()?;
    m.add_function(wrap_pyfunction!(list_games, m)?)?;
    m.add_function(wrap_pyfunction!(bot_action, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_class::<vector::PyVecEnvCore>()?;
    m.add_function(wrap_pyfunction!(vector::py_match_seed, m)?)?;
    m.add_function(wrap_pyfunction!(seed_bots, m)?)?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    // The generator behind unseeded bot_action calls starts from the OS's random source.
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(std::process::id() as u64);
    BOT_SEEDS.store(h.finish(), std::sync::atomic::Ordering::Relaxed);
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
