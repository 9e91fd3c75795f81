"""Batched environments: many matches stepped at once in Rust.

>>> from cardroom.vector import VecEnv
>>> env = VecEnv("hearts", num_envs=256, seats=[0], opponents="random")
>>> obs, mask, info = env.reset(seed=1)
>>> actions = np.argmax(mask, axis=1)      # one action id per env (here the first legal one)
>>> obs, mask, rewards, terminated, info = env.step(actions)

:class:`VecEnv` keeps ``num_envs`` matches of one configured game. The learning seats
(``seats``) are played by you; every other seat by a built-in bot (``opponents``: ``random``,
``easy``, ``medium``, ``hard``... one name or one per seat), inside Rust, with the GIL released
and the envs split across ``threads``. Each env row is always at a decision of one learning
seat, ``info["seat"][i]``:

* ``step(actions)`` applies ``actions[i]`` (an action id of the game's fixed space) for the seat
  ``info["seat"][i]`` of env i, then plays the bots until a learning seat is to act again (it
  may be the same seat or, with several learning seats, another one), or the match ends.
* ``obs[i]`` (float32, ``Game.observation_shape``) is what ``info["seat"][i]`` sees (the same
  vector as ``Match.observation``); ``mask[i]`` (int8 over ``num_actions``) its legal actions.
  With ``all_seats_observations=True``, ``obs`` has shape ``(num_envs, len(seats), n)``: every
  learning seat's observation, in the order of ``seats``. With
  ``observation="information_state"``, each row is ``Match.information_state_tensor`` instead
  (``Game.information_state_shape``: the observation, then every event the seat was told this
  deal); the envs then narrate every action, which costs time.
* ``rewards[i, j]`` (float64, shape ``(num_envs, len(seats))``) is the change in learning seat
  ``seats[j]``'s return (its match total, negated where lower is better, as
  ``Match.returns()``) during this step: its own action and every bot move up to the next
  decision. Summed over an episode, a seat's rewards are its final return. (With several
  learning seats, a seat's reward for its decision is the sum of its column from that step up
  to its next decision.)
* ``terminated[i]`` is True when env i's match ended during this step (the whole match, or the
  ``deals`` limit). The env has then already restarted (auto-reset, Gymnasium's "same-step"
  mode): ``obs[i]``, ``mask[i]`` and ``info["seat"][i]`` are the first decision of the next
  match, and ``info["final_returns"][i]`` holds the returns of the match that ended (zero in
  rows that did not end). With ``autoreset=False`` a finished env stays finished
  (``info["seat"][i] == -1``, an all-zero mask, the final observation) and ignores its actions
  until ``reset()``.
* Seeds: ``reset(seed)`` gives env i the match seed ``vector_match_seed(seed, i, k)`` for its
  k-th match and a bot random stream of its own; nothing else is random, so equal seeds give
  equal runs, whatever ``threads`` is.
* An action that is not legal (or outside the space), or an ``actions`` array of the wrong
  shape or type, raises ``ValueError`` naming the env and the action, and nothing changes.

The arrays returned are views of buffers that the next ``step`` or ``reset`` overwrites (no
copy is made per step); copy what you keep, or pass ``copy=True``.

For spaces too large for a dense mask (Panguingue: about a million ids; more than 100,000),
``mask`` is None: use ``legal_action_ids(i)`` or, for Panguingue, ``factored_legal()``: the
legal actions as short int8 rows (kind, meld slot, card, two bags of cards; see
:meth:`VecEnv.factored_legal`).

Adapters: :class:`GymVectorEnv` (a ``gymnasium.vector.VectorEnv``, one learning seat),
:class:`ParallelEnv` (a PettingZoo ``ParallelEnv`` of one match whose agents are the learning
seats), and for Panguingue :class:`FactoredAECEnv` (PettingZoo AEC) and
:class:`FactoredParallelEnv`, whose actions are indices into the factored list of legal
actions.
"""

from __future__ import annotations

import os
from typing import Any, Dict, Optional, Sequence, Union

import numpy as np

from . import Game
from ._core import VecEnvCore, vector_match_seed

__all__ = [
    "VecEnv",
    "GymVectorEnv",
    "ParallelEnv",
    "FactoredParallelEnv",
    "FactoredAECEnv",
    "FACTORED_WIDTH",
    "vector_match_seed",
]

FACTORED_WIDTH = 83
"""Columns of a factored action row (see ``factored_legal``)."""


def _factored_rows(env, k):
    """Env 0's legal actions in the factored encoding, padded to ``k`` rows: (rows, mask, ids)."""
    codes, offsets = env._core.factored_legal()
    n = offsets[1]
    if n > k:
        raise RuntimeError(f"{n} legal actions: more than max_legal={k}")
    legal = np.zeros((k, FACTORED_WIDTH), dtype=np.int8)
    legal[:n] = np.frombuffer(codes, dtype=np.int8).reshape(n, FACTORED_WIDTH)
    mask = np.zeros(k, dtype=np.int8)
    mask[:n] = 1
    return legal, mask, env.legal_action_ids(0)


class VecEnv:
    """``num_envs`` matches of one game stepped together in Rust (see the module docstring).

    Arguments: ``game`` (id or name), ``num_envs``, ``seats`` (the learning seats, default
    ``[0]``), ``opponents`` (one bot name for every other seat, or a list with one per seat:
    the learning seats' entries are ignored), ``players``, ``variants``, ``deals`` (end each
    match after that many deals; default the whole match), ``threads`` (default
    ``min(2, cpu_count)``), ``dense_mask`` (default True where the space has at most 100,000
    ids), ``fast_observation`` (use the game's direct encoder where there is one: the same
    vector), ``all_seats_observations``, ``autoreset``, ``copy`` (return copies instead of
    views of the reused buffers)."""

    def __init__(
        self,
        game: str = "hearts",
        num_envs: int = 64,
        seats: Sequence[int] = (0,),
        opponents: Union[str, Sequence[str]] = "random",
        players: Optional[int] = None,
        variants: Optional[Dict[str, Any]] = None,
        deals: Optional[int] = None,
        threads: Optional[int] = None,
        dense_mask: bool = True,
        fast_observation: bool = True,
        all_seats_observations: bool = False,
        autoreset: bool = True,
        copy: bool = False,
        observation: str = "observation",
    ):
        if observation not in ("observation", "information_state"):
            raise ValueError("observation is 'observation' or 'information_state'")
        self.game = Game(game, players, variants)
        p = self.game.players
        if isinstance(seats, (int, np.integer)):
            seats = [int(seats)]
        self.seats = [int(s) for s in seats]
        if isinstance(opponents, str):
            opponents = [opponents] * p
        opponents = list(opponents)
        if len(opponents) != p:
            raise ValueError(f"{len(opponents)} opponents named for {p} seats")
        if threads is None:
            threads = max(1, min(2, os.cpu_count() or 1))
        self._core = VecEnvCore(
            self.game.id,
            int(num_envs),
            self.seats,
            opponents,
            players=p,
            variants=variants,
            deals=deals,
            threads=int(threads),
            dense_mask=dense_mask,
            fast_observation=fast_observation,
            all_seats_observations=all_seats_observations,
            autoreset=autoreset,
            information_state=observation == "information_state",
        )
        self.num_envs = int(num_envs)
        self.num_actions = self.game.num_actions
        self.observation_size = self._core.observation_size
        self.copy = copy
        n, obs, learners = self.num_envs, self.observation_size, len(self.seats)
        b = self._core.buffers()
        self._bufs = b
        self._actions = np.frombuffer(b["actions"], dtype=np.int64)[:n]
        if all_seats_observations:
            self._obs = np.frombuffer(b["obs"], dtype=np.float32)[: n * learners * obs].reshape(n, learners, obs)
        else:
            self._obs = np.frombuffer(b["obs"], dtype=np.float32)[: n * obs].reshape(n, obs)
        if self._core.dense_mask:
            self._mask = np.frombuffer(b["mask"], dtype=np.int8)[: n * self.num_actions].reshape(n, self.num_actions)
        else:
            self._mask = None
        self._rewards = np.frombuffer(b["rewards"], dtype=np.float64)[: n * learners].reshape(n, learners)
        self._terminated = np.frombuffer(b["terminated"], dtype=np.bool_)[:n]
        self._seat = np.frombuffer(b["seat"], dtype=np.int64)[:n]
        self._final = np.frombuffer(b["final_returns"], dtype=np.float64)[: n * learners].reshape(n, learners)
        self._reset_done = False

    @property
    def threads(self) -> int:
        return self._core.threads

    @threads.setter
    def threads(self, n: int):
        self._core.threads = int(n)

    @property
    def has_fast_observation(self) -> bool:
        return self._core.has_fast_observation

    def _out(self, a):
        if a is None:
            return None
        return a.copy() if self.copy else a

    def _info(self):
        return {"seat": self._out(self._seat), "final_returns": self._out(self._final)}

    def reset(self, seed: Optional[int] = None):
        """Restarts every env; returns ``(obs, mask, info)``. Without ``seed``, one is drawn
        from the operating system."""
        if seed is None:
            seed = int(np.random.SeedSequence().entropy) & (2**64 - 1)
        self._core.reset(int(seed) & (2**64 - 1))
        self._reset_done = True
        return self._out(self._obs), self._out(self._mask), self._info()

    def step(self, actions):
        """Applies one action id per env; returns ``(obs, mask, rewards, terminated, info)``."""
        if not self._reset_done:
            raise ValueError("call reset() before step()")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},): one action id per env, got shape {a.shape}")
        if a.dtype.kind not in "iu":
            if a.dtype.kind == "f" and np.all(np.isfinite(a)) and np.all(a == np.round(a)):
                a = a.astype(np.int64)
            else:
                raise ValueError(f"actions must be integer action ids, got dtype {a.dtype}")
        if a.dtype.kind == "u" and a.size and int(a.max()) >= 2**63:
            raise ValueError(f"action {int(a.max())} is outside 0..{self.num_actions}")
        self._actions[:] = a
        self._core.step()
        return (
            self._out(self._obs),
            self._out(self._mask),
            self._out(self._rewards),
            self._out(self._terminated),
            self._info(),
        )

    def legal_action_ids(self, env: int):
        """The legal action ids of env ``env`` now, in the game's order."""
        return self._core.legal_action_ids(env)

    def record(self, env: int) -> str:
        """The record of env ``env``'s current match as JSON text (``Match.from_record`` takes it)."""
        return self._core.record(env)

    def match_seed(self, env: int) -> int:
        """The seed of env ``env``'s current match."""
        return self._core.match_seed(env)

    def factored_legal(self):
        """The legal actions of every env now in the factored encoding (Panguingue): a list with
        one int8 array of shape ``(k_i, FACTORED_WIDTH)`` per env, its rows in the order of
        ``legal_action_ids(i)``. None for a game without one. Columns: kind (0 stay, 1 retire,
        2 force, 3 pass, 4 stock, 5 take on, 6 take meld, 7 take borrow, 8 meld, 9 lay, 10
        split, 11 borrow, 12 discard); meld slot 0-2 or -1; the single card (lay, discard) as its
        index in ``Game.cards()`` or -1; copies of each of the 40 cards in the first bag (the
        meld's or split's cards, or the borrowed cards); copies of each card in the second bag
        (the cards from hand of a borrow)."""
        r = self._core.factored_legal()
        if r is None:
            return None
        codes, offsets = r
        rows = np.frombuffer(codes, dtype=np.int8).reshape(-1, FACTORED_WIDTH)
        return [rows[offsets[i] : offsets[i + 1]] for i in range(self.num_envs)]

    def bench_observation(self, fast: bool = True, calls: int = 100_000) -> float:
        """Seconds per observation encoding, over the envs' current positions, with no Python
        in the loop: ``fast=True`` the game's direct encoder, else the generic one."""
        return self._core.bench_observation(fast, calls)

    def check_fast_observation(self, positions: int = 1000, seed: int = 0):
        """Compares the fast encoder with the generic one at ``positions`` positions of random
        matches, every seat at each; returns ``(positions, first mismatch or None)``."""
        return self._core.check_fast_observation(positions, seed)


def _gymnasium():
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv as _GymVectorEnv
    from gymnasium.vector.utils import batch_space

    return gymnasium, spaces, AutoresetMode, _GymVectorEnv, batch_space


def _make_gym_class():
    gymnasium, spaces, AutoresetMode, _GymVectorEnv, batch_space = _gymnasium()

    class GymVectorEnv(_GymVectorEnv):
        """A Gymnasium vector environment over :class:`VecEnv` with one learning seat.

        Observations are dicts of batched arrays ``observation`` (float32, ``(num_envs, n)``) and
        ``action_mask`` (int8, ``(num_envs, num_actions)``); actions are one id per env
        (``MultiDiscrete``); rewards are the learning seat's (shape ``(num_envs,)``). Autoreset is
        Gymnasium's same-step mode (``metadata["autoreset_mode"]``): a terminated env's
        observation is already the next match's first; ``info["final_returns"]`` has the finished
        match's return. ``truncations`` are always False (a ``deals`` limit ends the match: it
        is a termination). Illegal actions raise ``ValueError`` (nothing changes). Arrays are
        copied by default (``copy=False`` returns views of buffers the next step reuses)."""

        metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

        def __init__(
            self,
            game: str = "hearts",
            num_envs: int = 64,
            seat: int = 0,
            opponents: Union[str, Sequence[str]] = "random",
            players: Optional[int] = None,
            variants: Optional[Dict[str, Any]] = None,
            deals: Optional[int] = None,
            threads: Optional[int] = None,
            copy: bool = True,
        ):
            self.env = VecEnv(
                game,
                num_envs,
                seats=[seat],
                opponents=opponents,
                players=players,
                variants=variants,
                deals=deals,
                threads=threads,
                copy=copy,
            )
            if self.env._mask is None:
                raise ValueError(
                    f"{self.env.game.name} has {self.env.num_actions:,} action ids: too many for a dense mask "
                    "(use VecEnv.factored_legal or FactoredParallelEnv)"
                )
            self.num_envs = self.env.num_envs
            n = self.env.num_actions
            self.single_observation_space = spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.env.observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            self.single_action_space = spaces.Discrete(n)
            self.observation_space = batch_space(self.single_observation_space, self.num_envs)
            self.action_space = batch_space(self.single_action_space, self.num_envs)

        def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
            if seed is None:
                seed = int(np.random.SeedSequence().entropy) & (2**64 - 1)
            elif not isinstance(seed, (int, np.integer)):
                raise ValueError("GymVectorEnv.reset takes one int seed for all envs")
            obs, mask, info = self.env.reset(int(seed))
            return {"observation": obs, "action_mask": mask}, dict(info)

        def step(self, actions):
            obs, mask, rewards, terminated, info = self.env.step(actions)
            return (
                {"observation": obs, "action_mask": mask},
                rewards[:, 0],
                terminated,
                np.zeros(self.num_envs, dtype=np.bool_),
                dict(info, _final_returns=terminated.copy()),
            )

        def close_extras(self, **kwargs):
            pass

    return GymVectorEnv


def _make_parallel_class():
    from gymnasium import spaces
    from pettingzoo import ParallelEnv as _ParallelEnv

    class ParallelEnv(_ParallelEnv):
        """One match as a PettingZoo ``ParallelEnv``, built on :class:`VecEnv` (one env).

        The agents are the learning seats (``player_<seat>``; default every seat); the other
        seats are played by ``opponents`` in Rust. Each step, only the agent to act has a
        non-zero ``action_mask`` and only its action is used (the others' are ignored and may be
        omitted). Every agent's observation is its own view of the table (``Match.observation``);
        rewards are each agent's change in return since the last step, so they sum to the match
        returns. At the match's end every agent is terminated (``reset()`` starts the next)."""

        metadata = {"render_modes": [], "name": "cardroom_parallel_v0", "is_parallelizable": True}

        def __init__(
            self,
            game: str = "hearts",
            seats: Optional[Sequence[int]] = None,
            opponents: Union[str, Sequence[str]] = "random",
            players: Optional[int] = None,
            variants: Optional[Dict[str, Any]] = None,
            deals: Optional[int] = None,
        ):
            g = Game(game, players, variants)
            if seats is None:
                seats = range(g.players)
            self.env = VecEnv(
                game,
                1,
                seats=list(seats),
                opponents=opponents,
                players=players,
                variants=variants,
                deals=deals,
                threads=1,
                all_seats_observations=True,
                autoreset=False,
                copy=False,
                **self._extra_env_args(),
            )
            self.game = self.env.game
            self.metadata = dict(self.metadata, name=f"cardroom_{self.game.id.replace('-', '_')}_parallel_v0")
            self.possible_agents = [f"player_{s}" for s in self.env.seats]
            self.agents = []
            self._index = {a: j for j, a in enumerate(self.possible_agents)}
            self._setup_spaces()
            self._rng = np.random.default_rng()

        def _extra_env_args(self):
            return {}

        def _setup_spaces(self):
            n = self.env.num_actions
            space = spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.env.observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            self.observation_spaces = {a: space for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def _acting(self, seat):
            return f"player_{seat}" if seat >= 0 else None

        def _observations(self, acting):
            """Every agent's observation now, copied out of the env's buffers."""
            obs = self.env._obs[0].copy()
            mask = self.env._mask[0].copy()
            zeros = np.zeros_like(mask)
            return {
                a: {"observation": obs[j], "action_mask": mask if a == acting else zeros}
                for a, j in self._index.items()
            }

        def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
            """With ``seed``, the match seed is drawn from a generator seeded by it;
            ``options={"match_seed": S}`` is accepted as ``reset(seed=S)`` of the VecEnv."""
            if seed is not None:
                self._rng = np.random.default_rng(seed)
            vec_seed = int(self._rng.integers(0, 2**63 - 1))
            if options and "match_seed" in options:
                vec_seed = int(options["match_seed"])
            self.env.reset(vec_seed)
            self.agents = self.possible_agents[:]
            self._to_act = self._acting(int(self.env._seat[0]))
            infos = {a: {"to_act": self._to_act} for a in self.agents}
            return self._observations(self._to_act), infos

        def _action_for(self, actions, acting):
            if acting not in actions or actions[acting] is None:
                raise ValueError(f"{acting} is to act: its action is missing")
            return int(actions[acting])

        def step(self, actions):
            if not self.agents:
                raise ValueError("the match is over: call reset()")
            env = self.env
            # One env: the action goes straight into the env's buffer (the core checks it).
            env._actions[0] = self._action_for(actions, self._to_act)
            env._core.step()
            done = bool(env._terminated[0])
            agents = self.agents
            self._to_act = nxt = self._acting(int(env._seat[0]))
            observations = self._observations(nxt)
            rewards = env._rewards[0].tolist()
            rew = {a: rewards[self._index[a]] for a in agents}
            terms = {a: done for a in agents}
            truncs = {a: False for a in agents}
            infos = {a: {"to_act": nxt} for a in agents}
            if done:
                final = env._final[0].tolist()
                for a in agents:
                    infos[a]["final_return"] = final[self._index[a]]
                self.agents = []
            return observations, rew, terms, truncs, infos

        def render(self):
            return None

        def close(self):
            pass

    class FactoredParallelEnv(ParallelEnv):
        """:class:`ParallelEnv` with factored actions, for games whose flat space is too large
        for a dense mask (Panguingue). Each agent's observation has ``observation``,
        ``legal_actions`` (int8, ``(max_legal, FACTORED_WIDTH)``: the legal actions of the moment
        in the factored encoding, zero rows after the last) and ``action_mask`` (int8,
        ``(max_legal,)``: 1 for each listed action, all zero for an agent not to act). An action
        is an index into that list (``Discrete(max_legal)``). ``max_legal`` (default 1024; random
        play met at most 63 legal actions in a million positions) bounds the list; a position with
        more legal actions raises ``RuntimeError``."""

        def __init__(self, game: str = "panguingue", max_legal: int = 1024, **kwargs):
            self.max_legal = int(max_legal)
            super().__init__(game, **kwargs)
            if self.env.factored_legal() is None:
                raise ValueError(f"{self.game.name} has no factored action encoding")

        def _extra_env_args(self):
            return {"dense_mask": False}

        def _setup_spaces(self):
            k = self.max_legal
            space = spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.env.observation_size,), np.float32),
                    "legal_actions": spaces.Box(-1, 127, (k, FACTORED_WIDTH), np.int8),
                    "action_mask": spaces.Box(0, 1, (k,), np.int8),
                }
            )
            self.observation_spaces = {a: space for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(k) for a in self.possible_agents}

        def _observations(self, acting):
            k = self.max_legal
            legal, m, self._legal_ids = _factored_rows(self.env, k)
            none = np.zeros(k, dtype=np.int8)
            obs = self.env._obs[0].copy()
            return {
                a: {
                    "observation": obs[j],
                    "legal_actions": legal,
                    "action_mask": m if a == acting else none,
                }
                for a, j in self._index.items()
            }

        def _action_for(self, actions, acting):
            i = super()._action_for(actions, acting)
            if not 0 <= i < len(self._legal_ids):
                raise ValueError(f"{acting}: action index {i} is outside the {len(self._legal_ids)} legal actions")
            return self._legal_ids[i]

    return ParallelEnv, FactoredParallelEnv


def _make_factored_aec_class():
    from gymnasium import spaces
    from pettingzoo import AECEnv

    class FactoredAECEnv(AECEnv):
        """A PettingZoo AEC environment (every seat an agent, ``player_0``...) with factored
        actions, for games whose flat space is too large for a dense mask (Panguingue), built
        on :class:`VecEnv` (one env). Each observation is a dict: ``observation`` (float32,
        ``Game.observation_shape``), ``legal_actions`` (int8, ``(max_legal, FACTORED_WIDTH)``:
        the legal actions of the moment in the factored encoding, zero rows after the last;
        see :meth:`VecEnv.factored_legal`) and ``action_mask`` (int8, ``(max_legal,)``: 1 for
        each listed action, all zero for an agent not to act). An action is an index into that
        list (``Discrete(max_legal)``). Rewards are each seat's change in return after every
        step, so they sum to the match returns; ``deals`` ends an episode after that many deals.
        ``max_legal`` (default 1024; random play met at most 63 legal actions in a million
        positions) bounds the list: a position with more raises ``RuntimeError``. An index
        outside the list raises ``ValueError`` and changes nothing."""

        metadata = {"render_modes": [], "name": "cardroom_factored_v0", "is_parallelizable": False}

        def __init__(
            self,
            game: str = "panguingue",
            players: Optional[int] = None,
            variants: Optional[Dict[str, Any]] = None,
            deals: Optional[int] = None,
            max_legal: int = 1024,
        ):
            super().__init__()
            g = Game(game, players, variants)
            self.env = VecEnv(
                game,
                1,
                seats=list(range(g.players)),
                players=players,
                variants=variants,
                deals=deals,
                threads=1,
                dense_mask=False,
                autoreset=False,
                copy=False,
            )
            if self.env.factored_legal() is None:
                raise ValueError(f"{g.name} has no factored action encoding")
            self.game = self.env.game
            self.max_legal = k = int(max_legal)
            self.metadata = dict(self.metadata, name=f"cardroom_{self.game.id.replace('-', '_')}_factored_v0")
            self.possible_agents = [f"player_{i}" for i in range(self.game.players)]
            self._index = {a: i for i, a in enumerate(self.possible_agents)}
            space = spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, self.game.observation_shape, np.float32),
                    "legal_actions": spaces.Box(-1, 127, (k, FACTORED_WIDTH), np.int8),
                    "action_mask": spaces.Box(0, 1, (k,), np.int8),
                }
            )
            self.observation_spaces = {a: space for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(k) for a in self.possible_agents}
            self._rng = np.random.default_rng()
            self._none = np.zeros(k, dtype=np.int8)

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def _refresh(self):
            """The legal actions of the seat to act, in the factored encoding."""
            legal, mask, self._legal_ids = _factored_rows(self.env, self.max_legal)
            self._legal, self._mask = legal, mask
            seat = int(self.env._seat[0])
            if seat >= 0:
                self.agent_selection = self.possible_agents[seat]

        def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
            """With ``seed``, the match seed is drawn from a generator seeded by it (equal seeds,
            equal episodes); ``options={"match_seed": S}`` resets the VecEnv with seed S."""
            if seed is not None:
                self._rng = np.random.default_rng(seed)
            vec_seed = int(self._rng.integers(0, 2**63 - 1))
            if options and "match_seed" in options:
                vec_seed = int(options["match_seed"])
            self.env.reset(vec_seed)
            self.agents = self.possible_agents[:]
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self._refresh()

        def observe(self, agent):
            seat = self._index[agent]
            to_act = int(self.env._seat[0])
            if seat == to_act:
                obs = self.env._obs[0].copy()
                mask = self._mask
            else:
                obs = np.frombuffer(self.env._core.observation(0, seat), dtype=np.float32)
                mask = self._none
            return {"observation": obs, "legal_actions": self._legal, "action_mask": mask}

        def step(self, action):
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            i = int(action)
            if not 0 <= i < len(self._legal_ids):
                raise ValueError(f"{agent}: action index {i} is outside the {len(self._legal_ids)} legal actions")
            self._cumulative_rewards[agent] = 0.0
            env = self.env
            env._actions[0] = self._legal_ids[i]
            env._core.step()
            delta = env._rewards[0].tolist()
            for a in self.agents:
                self.rewards[a] = delta[self._index[a]]
            if env._terminated[0]:
                final = env._final[0].tolist()
                for a in self.agents:
                    self.terminations[a] = True
                    self.infos[a] = {"final_return": final[self._index[a]]}
            else:
                self._refresh()
            self._accumulate_rewards()

        def render(self):
            return None

        def close(self):
            pass

    return FactoredAECEnv


def __getattr__(name):
    # The adapters import gymnasium / pettingzoo only when asked for.
    if name == "GymVectorEnv":
        cls = _make_gym_class()
        globals()["GymVectorEnv"] = cls
        return cls
    if name in ("ParallelEnv", "FactoredParallelEnv"):
        par, fac = _make_parallel_class()
        globals()["ParallelEnv"] = par
        globals()["FactoredParallelEnv"] = fac
        return globals()[name]
    if name == "FactoredAECEnv":
        cls = _make_factored_aec_class()
        globals()["FactoredAECEnv"] = cls
        return cls
    raise AttributeError(f"module 'cardroom.vector' has no attribute {name!r}")
