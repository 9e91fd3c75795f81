"""PettingZoo AEC environments for every cardroom game.

>>> from cardroom.pettingzoo import env
>>> e = env("hearts", deals=1)
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Agents are ``player_0`` ... ``player_{P-1}`` (seat numbers). Each observation is a dict with
``observation`` (float32, ``Game.observation_shape``: what that seat may see, never a hidden
card) and ``action_mask`` (int8 over the game's fixed action space, all zero for an agent that
is not to act). Rewards are the change in each seat's return (its total, negated where lower is
better) after every step, so an episode's rewards sum to the match returns. ``deals`` ends an
episode after that many deals (default: the whole match, as everywhere in cardroom).
``observation="information_state"`` gives ``Match.information_state_tensor`` instead (the
observation and every event of the deal the seat was told, in order).
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import Game

__all__ = ["CardroomAECEnv", "env", "raw_env"]


class CardroomAECEnv(AECEnv):
    """One cardroom game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "cardroom_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "hearts",
        players: Optional[int] = None,
        variants: Optional[Dict[str, Any]] = None,
        deals: Optional[int] = None,
        observation: str = "observation",
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self.game = Game(game, players, variants)
        self.deals = deals
        if observation not in ("observation", "information_state"):
            raise ValueError("observation is 'observation' or 'information_state'")
        self.observation_kind = observation
        obs_shape = (
            self.game.information_state_shape if observation == "information_state" else self.game.observation_shape
        )
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"cardroom_{self.game.id.replace('-', '_')}_v0")
        n = self.game.num_actions
        self.possible_agents = [f"player_{i}" for i in range(self.game.players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, obs_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.match = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        """Starts a new match: with ``seed``, the match seed is drawn from a generator seeded by
        it (so equal seeds give equal episodes); ``options={"match_seed": S}`` picks it directly."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        match_seed = int(self._rng.integers(0, 2**63 - 1))
        if options and "match_seed" in options:
            match_seed = int(options["match_seed"])
        self.match = self.game.new_match(match_seed, self.deals)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._returns = self.match.returns()
        self._select()

    def _select(self):
        seat = self.match.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection]["legal_actions"] = self.match.legal_actions()

    def observe(self, agent):
        seat = self._index[agent]
        if self.observation_kind == "information_state":
            obs = self.match.information_state_tensor(seat)
        else:
            obs = self.match.observation(seat)
        if self.match.current_player == seat:
            mask = self.match.action_mask()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.match.apply(int(action))
        returns = self.match.returns()
        delta = returns - self._returns
        self._returns = returns
        for a in self.agents:
            self.rewards[a] = float(delta[self._index[a]])
        if self.match.is_over():
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"totals": self.match.totals(), "winners": self.match.winners()}
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        seat = self.match.current_player
        text = f"{self.game.name}: to act {seat}, totals {self.match.totals()}"
        if seat is not None:
            text += f", legal {self.match.legal_actions()[:12]}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def raw_env(game: str = "hearts", **kwargs) -> CardroomAECEnv:
    """The environment without PettingZoo's wrappers."""
    return CardroomAECEnv(game, **kwargs)


def env(game: str = "hearts", **kwargs):
    """The environment for ``game`` (an id or name), with PettingZoo's order-enforcing wrapper.
    Keyword arguments: ``players``, ``variants``, ``deals`` (default: the whole match),
    ``observation`` (``"observation"`` or ``"information_state"``), ``render_mode``."""
    from pettingzoo.utils import wrappers

    e = raw_env(game, **kwargs)
    return wrappers.OrderEnforcingWrapper(e)
