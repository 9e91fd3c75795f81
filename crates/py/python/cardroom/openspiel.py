"""cardroom games as OpenSpiel (pyspiel) Python games.

>>> import pyspiel
>>> from cardroom import openspiel
>>> openspiel.register_all()     # registers cardroom_<id> and python_cardroom_<id> for every game
>>> game = pyspiel.load_game("cardroom_hearts(omnibus=true,deals=1)")

**Chance.** A match is dealt from a 64-bit seed, drawn by eight chance nodes of 256 equally
likely outcomes each (one byte each, the first the most significant), so every one of the
2^64 seeds the engine deals from is reachable and none is more likely than another: a learner
cannot memorise the deals. With ``chance_seeds=N`` (N > 0) a single chance node picks one of
N seeds instead, for tabular methods that want a small world.

**Parameters**: ``players``, ``deals`` (0, the default, plays the whole match as the engine,
PettingZoo and Gymnasium do; 1 is one deal), ``chance_seeds`` (0: the 64-bit seed), every
variant of the game that takes booleans, integers or words by its own key (``omnibus=true``,
``moon_mode=shooter-chooses``, ``end_score=50``), with the engine's default, and ``variants``
(``"key:value;key:value"``) for any variant, including those that take both numbers and words
or free text (``max_turns``, ``pass_cycle``), which OpenSpiel's game strings cannot carry by
themselves.

**Information.** ``information_state_tensor`` is ``Match.information_state_tensor``: the
observation and every event the seat was told this deal, in order, so two histories that
differ in anything the seat saw differ; ``information_state_string`` is the same history as
text with the seat's view. ``observation_tensor`` is ``Match.observation`` (the present, no
memory) and ``observation_string`` the seat's view. ``resample_from_infostate`` draws a world
with cardroom's sampler, from a seed made of the state's history, the player and how many
worlds this state has drawn, so OpenSpiel's ISMCTS is reproducible from its own seed.

**Utility.** Returns are the match returns (totals, negated where a lower total is better);
rewards are their change with each action (non-zero when a deal ends), so they sum to them.
The game type says zero-sum where every deal's changes sum to zero, else general-sum; the
utility bounds are the game's own (``Game.utility_bounds``).

**Serialization** goes through OpenSpiel's own history replay (``serialize_game_and_state``,
``random_sim_test(serialize=True)``), and states pickle.
"""

from __future__ import annotations

import hashlib
import json
import sys

import numpy as np
import pyspiel

from . import GAME_IDS, Game, games
from .bounds import utility_bounds

__all__ = ["CardroomGame", "CardroomState", "register", "register_all", "short_name"]

_INFO = {g["id"]: g for g in games()}
SEED_BYTES = 8
"""Chance nodes that draw the 64-bit seed, one byte each."""
_RESERVED = ("players", "deals", "chance_seeds", "variants")


def short_name(game_id: str, prefix: str = "python_cardroom_") -> str:
    """The name a game is registered under: ``python_cardroom_<id>`` (OpenSpiel's convention
    for Python games) with ``_`` for ``-``; ``cardroom_<id>`` is registered too."""
    return prefix + game_id.replace("-", "_")


_BY_NAME = {}
for _gid in _INFO:
    _BY_NAME[short_name(_gid)] = _gid
    _BY_NAME[short_name(_gid, "cardroom_")] = _gid


def _variant_list(text: str):
    """``key:value;key:value`` (the form a game string can carry) or ``key=value,...``."""
    items = [v.strip() for v in str(text).replace(";", ",").split(",") if v.strip()]
    return [v if "=" in v else v.replace(":", "=", 1) for v in items]


def _typed(variant):
    """A variant's default as the OpenSpiel parameter type its game string carries (a boolean,
    an integer, or a word), or None for a variant that takes both numbers and words, or free
    text (``max_turns=auto`` or ``300``, ``pass_cycle``): OpenSpiel reads ``300`` in a game
    string as an integer, so such a variant could not be written back. Those are set with
    ``variants="key:value;key:value"``."""
    default, hint = variant["default"], variant["values"]
    if hint == "true or false":
        return default == "true"
    if hint.startswith("an integer"):
        return int(default)
    if hint.startswith("one of "):
        words = [w.strip() for w in hint[len("one of ") :].split(",")]
        if all(w.lstrip("-").isdigit() for w in words):
            return int(default)
        if not any(w.lstrip("-").isdigit() for w in words):
            return default
    return None


def _spec(game_id: str):
    info = _INFO[game_id]
    spec = {"players": info["default_players"], "deals": 0, "chance_seeds": 0, "variants": ""}
    for v in info["variants"]:
        typed = _typed(v)
        if v["key"] not in _RESERVED and typed is not None:
            spec[v["key"]] = typed
    return spec


def _game_type(game_id: str, name: str) -> pyspiel.GameType:
    info = _INFO[game_id]
    zero_sum = info["zero_sum"]
    return pyspiel.GameType(
        short_name=name,
        long_name=f"cardroom {info['name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=info["max_players"],
        min_num_players=info["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_spec(game_id),
    )


class _Config:
    """What a configured game needs, built once per (name, parameters)."""

    def __init__(self, game_id, params):
        full = _spec(game_id)
        full.update(params)
        variants = _variant_list(full["variants"])
        spec = _spec(game_id)
        for key, value in full.items():
            if key in _RESERVED or key not in spec:
                continue
            if value != spec[key]:
                text = ("true" if value else "false") if isinstance(value, bool) else str(value)
                variants.append(f"{key}={text}")
        self.cardroom = Game(game_id, int(full["players"]), variants)
        deals = int(full["deals"])
        if deals < 0:
            raise ValueError("deals must be 0 (the whole match) or more")
        self.deals = deals or None
        self.chance_seeds = int(full["chance_seeds"])
        if self.chance_seeds < 0:
            raise ValueError("chance_seeds must be 0 (a 64-bit seed) or more")
        self.chance_nodes = 1 if self.chance_seeds else SEED_BYTES
        self.outcomes = self.chance_seeds or 256
        lo, hi = utility_bounds(self.cardroom, self.deals or 0)
        self.min_utility, self.max_utility = lo, hi


_CONFIGS = {}


def _config(game) -> _Config:
    """The configuration of a pyspiel game object (read from its type and parameters: a game
    handed back by pyspiel is a new Python wrapper without the attributes set here)."""
    name = game.get_type().short_name
    params = game.get_parameters()
    key = (name, tuple(sorted((k, str(v)) for k, v in params.items())))
    c = _CONFIGS.get(key)
    if c is None:
        c = _CONFIGS[key] = _Config(_BY_NAME[name], params)
    return c


class CardroomGame(pyspiel.Game):
    """A configured cardroom game for OpenSpiel."""

    def __init__(self, game_id: str, params=None, name=None):
        name = name or short_name(game_id)
        game_type = _game_type(game_id, name)
        params = dict(params or {})
        cfg = _Config(game_id, params)
        zero_sum = _INFO[game_id]["zero_sum"]
        info = pyspiel.GameInfo(
            num_distinct_actions=cfg.cardroom.num_actions,
            max_chance_outcomes=cfg.outcomes,
            num_players=cfg.cardroom.players,
            min_utility=float(cfg.min_utility),
            max_utility=float(cfg.max_utility),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=100_000,
        )
        super().__init__(game_type, info, params)

    @property
    def config(self):
        return _config(self)

    def new_initial_state(self):
        return CardroomState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return CardroomObserver(self, perfect_recall)


class CardroomState(pyspiel.State):
    """Before the chance nodes, no match; after them, a cardroom ``Match``."""

    def __init__(self, game, match=None, seed_bytes=()):
        super().__init__(game)
        self._g = _config(game)
        self.match = match
        self._seed_bytes = list(seed_bytes)
        self._worlds = 0
        self._before = None

    def current_player(self):
        if self.match is None:
            return pyspiel.PlayerId.CHANCE
        if self.match.is_over():
            return pyspiel.PlayerId.TERMINAL
        return self.match.current_player

    def _legal_actions(self, player):
        return sorted(self.match.legal_action_ids())

    def chance_outcomes(self):
        n = self._g.outcomes
        p = 1.0 / n
        return [(s, p) for s in range(n)]

    def _apply_action(self, action):
        if self.match is not None:
            before = self.match.returns()
            self.match.apply(int(action))
            self._before = before
            return
        if not 0 <= action < self._g.outcomes:
            raise ValueError(f"chance outcome {action} is outside 0..{self._g.outcomes - 1}")
        self._seed_bytes.append(int(action))
        if len(self._seed_bytes) == self._g.chance_nodes:
            seed = 0
            for b in self._seed_bytes:
                seed = seed * self._g.outcomes + b
            self.match = self._g.cardroom.new_match(seed, self._g.deals)

    def _action_to_string(self, player, action):
        if self.match is None:
            if self._g.chance_seeds:
                return f"seed {action}"
            return f"seed byte {len(self._seed_bytes) + 1} of {SEED_BYTES}: {action}"
        return self._g.cardroom.action_to_string(action)

    def is_terminal(self):
        return self.match is not None and self.match.is_over()

    def returns(self):
        """The match returns so far (the totals, negated where lower is better): a whole match
        moves them at the end of every deal."""
        if self.match is None:
            return [0.0] * self._g.cardroom.players
        return [float(x) for x in self.match.returns()]

    def rewards(self):
        """What the last action changed in the returns (non-zero when it ended a deal), so
        that an episode's rewards sum to its returns."""
        if self.match is None or self._before is None:
            return [0.0] * self._g.cardroom.players
        return [float(a - b) for a, b in zip(self.match.returns(), self._before)]

    def information_state_string(self, player=None):
        if player is None:
            player = self.current_player()
        if self.match is None:
            return "the deal is not made yet"
        return self.match.information_state_string(player)

    def observation_string(self, player=None):
        if player is None:
            player = self.current_player()
        if self.match is None:
            return "the deal is not made yet"
        return json.dumps(self.match.view(player), sort_keys=True)

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A world the player cannot tell from this one, drawn by cardroom's sampler. The seed
        comes from the player's information state (never the deal's seed), the player and a count
        of the worlds this state has drawn (not from ``probability_sampler``, which OpenSpiel's ISMCTS seeds from the OS),
        so a search is repeatable from its own random state."""
        if self.match is None:
            return self.clone()
        self._worlds += 1
        # Only what the player knows seeds the world: the full history holds the chance
        # outcomes (the deal's seed), which must not shape what the player's search sees.
        text = f"{self.information_state_string(player_id)}|{player_id}|{self._worlds}".encode()
        seed = int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")
        return CardroomState(self.get_game(), self.match.sample_world(player_id, seed), self._seed_bytes)

    def clone(self):
        c = CardroomState(
            self.get_game(), None if self.match is None else self.match.clone(), self._seed_bytes
        )
        c._worlds = self._worlds
        c._before = self._before
        return c

    def __str__(self):
        if self.match is None:
            return f"(dealing: {len(self._seed_bytes)} of {self._g.chance_nodes} chance outcomes drawn)"
        return (
            f"{self._g.cardroom.id} actions={self.match.actions_taken} "
            f"to_act={self.match.current_player} totals={self.match.totals()}"
        )

    # Pickling: the game by its string, the state by its history (OpenSpiel's own replay).
    def __reduce__(self):
        return (_state_from_history, (str(self.get_game()), self.history()))


def _state_from_history(game_string, history):
    state = pyspiel.load_game(game_string).new_initial_state()
    for a in history:
        state.apply_action(a)
    return state


class CardroomObserver:
    """Observation tensors: ``Match.observation`` or, with perfect recall,
    ``Match.information_state_tensor``; strings: the view or the history."""

    def __init__(self, game: CardroomGame, perfect_recall: bool):
        cfg = _config(game)
        self.perfect_recall = perfect_recall
        shape = cfg.cardroom.information_state_shape if perfect_recall else cfg.cardroom.observation_shape
        self.tensor = np.zeros(shape[0], np.float32)
        self.dict = {"information_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: CardroomState, player: int):
        if state.match is None:
            self.tensor.fill(0.0)
        elif self.perfect_recall:
            self.tensor[:] = state.match.information_state_tensor(player)
        else:
            self.tensor[:] = state.match.observation(player)

    def string_from(self, state: CardroomState, player: int):
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


_registered = set()


def register(game_id: str) -> str:
    """Registers one game with pyspiel under ``python_cardroom_<id>`` and ``cardroom_<id>``;
    returns the first name."""
    gid = Game(game_id).id
    for prefix in ("python_cardroom_", "cardroom_"):
        name = short_name(gid, prefix)
        if name in _registered:
            continue
        # A class per name, as OpenSpiel's own Python games register, kept as an attribute of
        # this module so that pickle finds it: pyspiel keeps the factory until after the
        # interpreter is finalized, and a class (unlike a plain function) is never freed there.
        cls_name = ("Py" if prefix.startswith("python") else "") + "Cardroom" + gid.title().replace("-", "") + "Game"
        cls = type(
            cls_name,
            (CardroomGame,),
            {
                "__init__": lambda self, params=None, _id=gid, _n=name: CardroomGame.__init__(self, _id, params, _n),
                "__module__": __name__,
            },
        )
        setattr(sys.modules[__name__], cls_name, cls)
        pyspiel.register_game(_game_type(gid, name), cls)
        _registered.add(name)
    return short_name(gid)


def register_all():
    """Registers every game; returns their ``python_cardroom_<id>`` names."""
    return [register(g) for g in GAME_IDS]
