"""cardroom.vector.VecEnv against OpenSpiel's Python loop, side by side in one run.

1. Hearts, every decision with its observation and legal mask:
   * pyspiel: `hearts(qs_breaks_hearts=false)` (C++) driven from Python, as an RL loop over
     it does: at each decision the observation, `state.legal_actions_mask()`, a random legal
     action applied; chance nodes sampled. OpenSpiel's Hearts has no `observation_tensor`
     (it raises "unimplemented"): its tensor is the information state (5088 floats), read
     either as `state.information_state_tensor()` (a Python list) or through the observer API
     (`make_observation(game, IIGObservationType(perfect_recall=True)).set_from(state,
     player)`, written into a numpy buffer: the faster, and the baseline of the ratios).
   * cardroom `VecEnv("hearts", num_envs, seats=[0], opponents="random")`: learner steps per
     second (the three other seats played by the random bot in Rust), on 1 and 2 threads; and
     with `seats=[0, 1, 2, 3]` (every decision a learner step, with observation and mask, as in
     the pyspiel loop). The actions are random legal ones picked in numpy (argmax of the mask
     plus noise), which is counted in the time.
2. Observation encoding, microseconds per call: cardroom's generic encoder (from the table
   model) and its fast Hearts encoder (the same vector), timed in a Rust loop; pyspiel's
   `state.information_state_tensor()` and the observer's `set_from(state, player)` timed from
   Python (so they include the call from Python).
3. Panguingue (`--panguingue`): the PettingZoo AEC environment (`cardroom.pettingzoo.env`, a
   1 MB action mask per observation) against `cardroom.vector.FactoredAECEnv` (the same loop,
   the legal actions listed in the factored encoding) and `FactoredParallelEnv` (every agent's
   observation at every step), random legal actions, steps per second.

Usage: python bench/bench_vector.py [--seconds 3] [--envs 256] [--panguingue] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import time

import numpy as np

import cardroom
from cardroom.vector import VecEnv

OPENSPIEL_HEARTS = "hearts(qs_breaks_hearts=false)"


def pyspiel_loop(seconds, observer):
    """observer False: `state.information_state_tensor()` (a Python list; OpenSpiel's Hearts
    has no `observation_tensor`); True: the observer API, `make_observation(game)` with perfect
    recall, `set_from(state, player)` writing the same tensor into a numpy buffer."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(OPENSPIEL_HEARTS)
    obs_api = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    rng = random.Random(1)
    steps = 0
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            if observer:
                obs_api.set_from(state, state.current_player())
                obs = obs_api.tensor
            else:
                obs = state.information_state_tensor()
            mask = state.legal_actions_mask()
            legal = [a for a, m in enumerate(mask) if m]
            state.apply_action(rng.choice(legal))
            steps += 1
            del obs
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            r1 = resource.getrusage(resource.RUSAGE_SELF)
            return steps / elapsed, (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) / elapsed


def vec_steps(seconds, envs, threads, seats, fast=True):
    env = VecEnv("hearts", num_envs=envs, seats=seats, opponents="random", threads=threads, fast_observation=fast)
    obs, mask, info = env.reset(seed=1)
    rng = np.random.default_rng(0)
    # random positive int8 noise: the argmax of mask * noise is a random legal action
    noise = rng.integers(1, 127, (32, envs, env.num_actions), dtype=np.int8)
    # warm up
    for t in range(20):
        obs, mask, rew, term, info = env.step(np.argmax(mask * noise[t % 32], axis=1))
    steps = 0
    t = 0
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    while True:
        for _ in range(50):
            obs, mask, rew, term, info = env.step(np.argmax(mask * noise[t % 32], axis=1))
            t += 1
        steps += 50 * envs
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            r1 = resource.getrusage(resource.RUSAGE_SELF)
            cpu = r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime
            # steps per wall second, and the CPUs the process got (CPU seconds per wall second)
            return steps / elapsed, cpu / elapsed


def encode_times(calls=200_000):
    env = VecEnv("hearts", num_envs=64, opponents="random", threads=1)
    obs, mask, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    # move the envs into the middle of their deals
    for _ in range(6):
        obs, mask, *_ = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in mask]))
    generic = env.bench_observation(fast=False, calls=calls // 4)
    fast = env.bench_observation(fast=True, calls=calls)
    return generic * 1e6, fast * 1e6


def pyspiel_encode_times(calls=50_000):
    import pyspiel
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(OPENSPIEL_HEARTS)
    rng = random.Random(2)
    states = []
    while len(states) < 64:
        s = game.new_initial_state()
        k = rng.randrange(10, 50)
        while not s.is_terminal() and k > 0:
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                k -= 1
        if not s.is_terminal() and not s.is_chance_node():
            states.append(s)
    n = 0
    start = time.perf_counter()
    while n < calls:
        for s in states:
            s.information_state_tensor()
        n += len(states)
    tensor = (time.perf_counter() - start) / n
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    n = 0
    start = time.perf_counter()
    while n < calls:
        for s in states:
            obs.set_from(s, s.current_player())
        n += len(states)
    observer = (time.perf_counter() - start) / n
    return tensor * 1e6, observer * 1e6, len(states[0].information_state_tensor())


def rates(steps, start, r0):
    """(steps per wall second, CPUs the process got)."""
    elapsed = time.perf_counter() - start
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    return steps / elapsed, (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) / elapsed


def panguingue_aec(seconds):
    from cardroom.pettingzoo import env as aec_env

    e = aec_env("panguingue", deals=1)
    e.reset(seed=1)
    rng = np.random.default_rng(0)
    steps = 0
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    while True:
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            if steps % 50 == 0 and time.perf_counter() - start >= seconds:
                return rates(steps, start, r0)
        e.reset()


def panguingue_factored_aec(seconds):
    from cardroom.vector import FactoredAECEnv

    e = FactoredAECEnv("panguingue", deals=1)
    e.reset(seed=1)
    rng = np.random.default_rng(0)
    steps = 0
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    while True:
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.integers(int(obs["action_mask"].sum()))))
            steps += 1
            if steps % 50 == 0 and time.perf_counter() - start >= seconds:
                return rates(steps, start, r0)
        e.reset()


def panguingue_factored(seconds):
    from cardroom.vector import FactoredParallelEnv

    e = FactoredParallelEnv("panguingue", deals=1)
    obs, infos = e.reset(seed=1)
    rng = np.random.default_rng(0)
    steps = 0
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    while True:
        while e.agents:
            acting = infos[e.agents[0]]["to_act"]
            k = int(obs[acting]["action_mask"].sum())
            obs, rew, term, trunc, infos = e.step({acting: int(rng.integers(k))})
            steps += 1
        if time.perf_counter() - start >= seconds:
            return rates(steps, start, r0)
        obs, infos = e.reset()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--panguingue", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-pyspiel", action="store_true", help="cardroom only (where open_spiel is not installed)")
    a = ap.parse_args()
    s = a.seconds
    res = {"cpus": os.cpu_count(), "envs": a.envs}
    if a.no_pyspiel:
        res["pyspiel_python_loop_list"] = res["pyspiel_python_loop"] = (float("nan"), None)
    else:
        res["pyspiel_python_loop_list"] = pyspiel_loop(s, observer=False)
        res["pyspiel_python_loop"] = pyspiel_loop(s, observer=True)
    res["vec_1_thread"] = vec_steps(s, a.envs, 1, [0])
    res["vec_2_threads"] = vec_steps(s, a.envs, 2, [0])
    res["vec_all_seats_1_thread"] = vec_steps(s, a.envs, 1, [0, 1, 2, 3])
    res["vec_all_seats_2_threads"] = vec_steps(s, a.envs, 2, [0, 1, 2, 3])
    res["vec_generic_obs_2_threads"] = vec_steps(s, a.envs, 2, [0], fast=False)
    res["encode_generic_us"], res["encode_fast_us"] = encode_times()
    if a.no_pyspiel:
        res["pyspiel_observation_tensor_us"] = res["pyspiel_observer_set_from_us"] = float("nan")
        res["pyspiel_obs_len"] = 0
    else:
        res["pyspiel_observation_tensor_us"], res["pyspiel_observer_set_from_us"], res["pyspiel_obs_len"] = (
            pyspiel_encode_times()
        )
    if a.panguingue:
        res["panguingue_aec"] = panguingue_aec(max(s, 5.0))
        res["panguingue_factored_aec"] = panguingue_factored_aec(s)
        res["panguingue_factored_parallel"] = panguingue_factored(s)
    if a.json:
        print(json.dumps(res))
        return
    base = res["pyspiel_python_loop"][0]
    print(f"Hearts, random legal actions, observation + mask at every step; {res['cpus']} CPUs, num_envs={a.envs}")
    rows = [
        ("pyspiel loop: information_state_tensor() + mask", res["pyspiel_python_loop_list"]),
        ("pyspiel loop: observer set_from + mask (baseline)", res["pyspiel_python_loop"]),
        ("VecEnv seats=[0], 1 thread (learner steps)", res["vec_1_thread"]),
        ("VecEnv seats=[0], 2 threads (learner steps)", res["vec_2_threads"]),
        ("VecEnv seats=[0,1,2,3], 1 thread (every decision)", res["vec_all_seats_1_thread"]),
        ("VecEnv seats=[0,1,2,3], 2 threads (every decision)", res["vec_all_seats_2_threads"]),
        ("VecEnv seats=[0], 2 threads, generic observation", res["vec_generic_obs_2_threads"]),
    ]
    for name, v in rows:
        v, cpus = v if isinstance(v, tuple) else (v, None)
        got = f"  (the process had {cpus:.2f} CPUs: {v / cpus:,.0f} per CPU-second)" if cpus else ""
        print(f"  {name:<55} {v:>11,.0f} steps/s {v / base:6.1f}x{got}")
    print("Observation encoding, microseconds per call")
    print(f"  cardroom generic (Scene), Rust loop      {res['encode_generic_us']:8.3f}")
    print(f"  cardroom fast Hearts encoder, Rust loop  {res['encode_fast_us']:8.3f}")
    n = res["pyspiel_obs_len"]
    print(f"  pyspiel information_state_tensor()       {res['pyspiel_observation_tensor_us']:8.3f}  (from Python, a list of {n})")
    print(f"  pyspiel observer set_from(state, p)      {res['pyspiel_observer_set_from_us']:8.3f}  (from Python, into numpy)")
    if a.panguingue:
        print("Panguingue, random legal actions, every seat an agent")
        aec, ac = res["panguingue_aec"]
        print(f"  PettingZoo AEC, cardroom.pettingzoo (dense 1 MB mask) {aec:>9,.0f} steps/s  (the process had {ac:.2f} CPUs)")
        for name, key in [
            ("FactoredAECEnv (AEC, factored actions)", "panguingue_factored_aec"),
            ("FactoredParallelEnv (parallel, factored)", "panguingue_factored_parallel"),
        ]:
            fac, fc = res[key]
            print(
                f"  {name:<52} {fac:>9,.0f} steps/s  (the process had {fc:.2f} CPUs): "
                f"{fac / aec:.1f}x per wall second, {(fac / fc) / (aec / ac):.1f}x per CPU-second"
            )


if __name__ == "__main__":
    main()
