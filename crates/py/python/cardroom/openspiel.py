"""cardroom games as OpenSpiel (pyspiel) Python games.

>>> import pyspiel
>>> from cardroom import openspiel
>>> openspiel.register_all()            # registers python_cardroom_<id> for every game
>>> game = pyspiel.load_game("python_cardroom_hearts", {"deals": 1})

Each game starts with one chance node whose outcome picks the match seed among ``chance_seeds``
(default 4096) equally likely seeds; cardroom deals every card from that seed, so the rest of
the game has no chance nodes. Parameters: ``players``, ``deals`` (default 1: one deal per
episode; 0 for the whole match), ``chance_seeds``, ``variants`` (``"key=value,key=value"``).
Actions are the game's fixed action ids (``num_distinct_actions`` = ``Game.num_actions``);
returns are the match returns (totals, negated where lower is better). The information state
string is the seat's view (JSON) with the number of actions taken, and
``resample_from_infostate`` draws a world from that view with cardroom's own sampler, so
OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``) runs on every game.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from . import GAME_IDS, Game, games

__all__ = ["CardroomGame", "CardroomState", "register", "register_all", "short_name"]

_INFO = {g["id"]: g for g in games()}
_BY_NAME = {"python_cardroom_" + g.replace("-", "_"): g for g in _INFO}


def short_name(game_id: str) -> str:
    """The name a game is registered under: ``python_cardroom_<id>`` with ``_`` for ``-``."""
    return "python_cardroom_" + game_id.replace("-", "_")


def _variant_list(text: str):
    return [v.strip() for v in text.split(",") if v.strip()]


def _game_type(game_id: str) -> pyspiel.GameType:
    info = _INFO[game_id]
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"cardroom {info['name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info["max_players"],
        min_num_players=info["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": info["default_players"],
            "deals": 1,
            "chance_seeds": 4096,
            "variants": "",
        },
    )


class CardroomGame(pyspiel.Game):
    """A configured cardroom game for OpenSpiel."""

    def __init__(self, game_id: str, params=None):
        game_type = _game_type(game_id)
        params = dict(params or {})
        full = dict(game_type.parameter_specification)
        full.update(params)
        cardroom = Game(game_id, int(full["players"]), _variant_list(str(full["variants"])))
        chance_seeds = int(full["chance_seeds"])
        if chance_seeds < 1:
            raise ValueError("chance_seeds must be at least 1")
        info = pyspiel.GameInfo(
            num_distinct_actions=cardroom.num_actions,
            max_chance_outcomes=chance_seeds,
            num_players=cardroom.players,
            min_utility=-1e9,
            max_utility=1e9,
            utility_sum=None,
            max_game_length=100_000,
        )
        super().__init__(game_type, info, params)

    @property
    def config(self):
        """(cardroom Game, deals, chance_seeds). Read from the C++ side's type and parameters:
        a game handed back by pyspiel (``load_game``) is a new Python wrapper without the
        attributes set here."""
        return _config(self)

    def new_initial_state(self):
        return CardroomState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return CardroomObserver(self, iig_obs_type)


_CONFIGS = {}


class _Config:
    def __init__(self, cardroom, deals, chance_seeds):
        self.cardroom, self.deals, self.chance_seeds = cardroom, deals, chance_seeds


def _config(game) -> _Config:
    name = game.get_type().short_name
    params = game.get_parameters()
    key = (name, tuple(sorted((k, str(v)) for k, v in params.items())))
    c = _CONFIGS.get(key)
    if c is None:
        gid = _BY_NAME[name]
        full = dict(_game_type(gid).parameter_specification)
        full.update(params)
        cardroom = Game(gid, int(full["players"]), _variant_list(str(full["variants"])))
        c = _Config(cardroom, int(full["deals"]) or None, int(full["chance_seeds"]))
        _CONFIGS[key] = c
    return c


class CardroomState(pyspiel.State):
    """A state: before the chance node, no match; after it, a cardroom ``Match``."""

    def __init__(self, game, match=None, config=None):
        super().__init__(game)
        self._game = game
        self._g = config or _config(game)
        self.match = match

    def current_player(self):
        if self.match is None:
            return pyspiel.PlayerId.CHANCE
        if self.match.is_over():
            return pyspiel.PlayerId.TERMINAL
        return self.match.current_player

    def _legal_actions(self, player):
        return sorted(self.match.legal_action_ids())

    def chance_outcomes(self):
        n = self._g.chance_seeds
        p = 1.0 / n
        return [(s, p) for s in range(n)]

    def _apply_action(self, action):
        if self.match is None:
            self.match = self._g.cardroom.new_match(int(action), self._g.deals)
        else:
            self.match.apply(int(action))

    def _action_to_string(self, player, action):
        if self.match is None:
            return f"seed {action}"
        return self._g.cardroom.action_to_string(action)

    def is_terminal(self):
        return self.match is not None and self.match.is_over()

    def returns(self):
        if self.match is None:
            return [0.0] * self._g.cardroom.players
        return [float(x) for x in self.match.returns()]

    def information_state_string(self, player=None):
        if player is None:
            player = self.current_player()
        if self.match is None:
            return "start"
        return json.dumps(self.match.view(player), sort_keys=True) + f"|{self.match.actions_taken}"

    def observation_string(self, player=None):
        return self.information_state_string(player)

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A world the player cannot tell from this one, drawn by cardroom's sampler."""
        if self.match is None:
            return self.clone()
        seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        return CardroomState(self._game, self.match.sample_world(player_id, seed), self._g)

    def clone(self):
        return CardroomState(self._game, None if self.match is None else self.match.clone(), self._g)

    def __str__(self):
        if self.match is None:
            return "(deal not made)"
        return f"{self._g.cardroom.id} actions={self.match.actions_taken} totals={self.match.totals()}"


class CardroomObserver:
    """The observation tensor is ``Match.observation(player)``; the string is the view."""

    def __init__(self, game: CardroomGame, iig_obs_type=None):
        n = _config(game).cardroom.observation_shape[0]
        self.tensor = np.zeros(n, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardroomState, player: int):
        if state.match is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.match.observation(player)

    def string_from(self, state: CardroomState, player: int):
        return state.observation_string(player)


_registered = set()
_CLASSES = {}


def register(game_id: str) -> str:
    """Registers one game with pyspiel; returns its short name."""
    from . import Game as _G

    gid = _G(game_id).id
    name = short_name(gid)
    if name not in _registered:
        # A class per game, as OpenSpiel's own Python games register: pyspiel keeps the factory
        # until after the interpreter is finalized, and a class (unlike a plain function, which
        # crashes the exit) is never freed there.
        cls = type(
            "Cardroom" + gid.title().replace("-", "") + "Game",
            (CardroomGame,),
            {"__init__": lambda self, params=None, _id=gid: CardroomGame.__init__(self, _id, params)},
        )
        _CLASSES[gid] = cls
        pyspiel.register_game(_game_type(gid), cls)
        _registered.add(name)
    return name


def register_all():
    """Registers every game; returns their short names."""
    return [register(g) for g in GAME_IDS]
