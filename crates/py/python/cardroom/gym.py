"""A Gymnasium single-agent environment: one seat learns, the others are cardroom bots.

>>> from cardroom.gym import CardroomEnv
>>> e = CardroomEnv("belote", seat=0, opponents="medium", deals=1)   # deals=None: whole matches
>>> obs, info = e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(obs["action_mask"])[0]))

An episode is the whole match by default, as everywhere in cardroom (``deals=1``: one deal).
Observations are dicts with ``observation`` and ``action_mask`` (as in the PettingZoo
environment); ``observation="information_state"`` puts ``Match.information_state_tensor`` (the
observation and every event of the deal, in order) in place of ``Match.observation``; the reward is the change in the seat's return after its action and the bots'
replies. An illegal action raises ``ValueError`` and changes nothing; with
``illegal_action="penalty"`` it instead returns ``illegal_penalty`` as the reward, the same
observation and ``info["illegal"]`` (the reason), and the episode goes on (for agents and tools
that ignore the mask, such as Gymnasium's ``check_env``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import Game, bot_action

__all__ = ["CardroomEnv"]


class CardroomEnv(gymnasium.Env):
    def _obs_shape(self):
        if self.observation_kind == "information_state":
            return self.game.information_state_shape
        return self.game.observation_shape

    def _encode(self, seat):
        if self.observation_kind == "information_state":
            return self.match.information_state_tensor(seat)
        return self.match.observation(seat)

    """One seat of a cardroom game against named bots (see the module docstring).

    ``opponents`` is one bot name for every other seat or a list with one per seat (the
    learner's entry is ignored)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str = "hearts",
        seat: int = 0,
        opponents: Union[str, Sequence[str]] = "medium",
        players: Optional[int] = None,
        variants: Optional[Dict[str, Any]] = None,
        deals: Optional[int] = None,
        observation: str = "observation",
        render_mode: Optional[str] = None,
        illegal_action: str = "raise",
        illegal_penalty: float = -1.0,
    ):
        if illegal_action not in ("raise", "penalty"):
            raise ValueError("illegal_action is 'raise' or 'penalty'")
        if observation not in ("observation", "information_state"):
            raise ValueError("observation is 'observation' or 'information_state'")
        self.observation_kind = observation
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.game = Game(game, players, variants)
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat {seat} does not exist: seats are 0 to {self.game.players - 1}")
        self.seat = seat
        if isinstance(opponents, str):
            opponents = [opponents] * self.game.players
        if len(opponents) != self.game.players:
            raise ValueError(f"{len(opponents)} opponents named for {self.game.players} seats")
        self.opponents = list(opponents)
        self.deals = deals
        self.render_mode = render_mode
        n = self.game.num_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, self._obs_shape(), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self.match = None
        self._bot_seed = 0

    def _obs(self):
        mask = (
            self.match.action_mask()
            if self.match.current_player == self.seat
            else np.zeros(self.game.num_actions, dtype=np.int8)
        )
        return {"observation": self._encode(self.seat), "action_mask": mask}

    def _bots(self):
        while not self.match.is_over() and self.match.current_player != self.seat:
            bot = self.opponents[self.match.current_player]
            self._bot_seed += 1
            self.match.apply(bot_action(self.match, bot, seed=self._bot_seed))

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._bot_seed = match_seed
        self.match = self.game.new_match(match_seed, self.deals)
        self._bots()
        self._ret = float(self.match.returns()[self.seat])
        return self._obs(), {"legal_actions": self.match.legal_actions()}

    def step(self, action):
        try:
            self.match.apply(int(action))
        except ValueError as e:
            if self.illegal_action == "raise":
                raise
            info = {"legal_actions": self.match.legal_actions(), "illegal": str(e)}
            return self._obs(), self.illegal_penalty, False, False, info
        self._bots()
        ret = float(self.match.returns()[self.seat])
        reward, self._ret = ret - self._ret, ret
        terminated = self.match.is_over()
        info = {"legal_actions": self.match.legal_actions()}
        if terminated:
            info.update(totals=self.match.totals(), winners=self.match.winners())
        return self._obs(), reward, terminated, False, info

    def render(self):
        if self.render_mode == "ansi":
            return f"{self.game.name}: totals {self.match.totals()}, to act {self.match.current_player}"
        return None
