"""cardroom against OpenSpiel (pyspiel) on random Hearts, on this machine, in one run.

1. Random playouts driven from Python: a loop that asks for the legal actions, picks one with
   `random.choice` and applies it, until the deal is over: `cardroom.Match` (one deal,
   `deals=1`) against pyspiel's C++ Hearts (`hearts(qs_breaks_hearts=false)`, one hand; its chance nodes sampled in
   the same loop).
2. Whole games in native loops: `cardroom.simulate(..., bots="random")` on 1 and 2 threads
   against `pyspiel.evaluate_bots` with uniform random bots (OpenSpiel's C++ loop).

Usage: python bench/bench_openspiel.py [--seconds 3] [--json]
The two Hearts differ (cardroom passes one card per decision, three per player, and checks
every rule of the full game), so decisions per second are printed alongside deals per second.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

import pyspiel

import cardroom

# OpenSpiel's Hearts with the rule cardroom plays (the queen of spades does not break hearts), as
# scripts/compare-openspiel.sh measures it.
OPENSPIEL_HEARTS = "hearts(qs_breaks_hearts=false)"


def timed(fn, seconds):
    """Runs fn() (which returns (deals, decisions)) until `seconds` have passed."""
    deals = decisions = 0
    start = time.perf_counter()
    while True:
        d, n = fn()
        deals += d
        decisions += n
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return deals / elapsed, decisions / elapsed


def cardroom_python_loop(seconds):
    game = cardroom.Game("hearts")
    rng = random.Random(1)
    seed = [0]

    def one():
        m = game.new_match(seed[0], deals=1)
        seed[0] += 1
        n = 0
        while not m.is_over():
            m.apply(rng.choice(m.legal_action_ids()))
            n += 1
        return 1, n

    return timed(one, seconds)


def openspiel_python_loop(seconds):
    game = pyspiel.load_game(OPENSPIEL_HEARTS)
    rng = random.Random(1)

    def one():
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        return 1, n

    return timed(one, seconds)


def cardroom_simulate(seconds, threads):
    games = 2000
    while True:
        r = cardroom.simulate("hearts", games, bots="random", seed=0, threads=threads, deals=1)
        if r["elapsed_s"] >= seconds or games > 50_000_000:
            return games / r["elapsed_s"], int(r["decisions"].sum()) / r["elapsed_s"]
        games = int(games * max(2.0, 1.2 * seconds / max(r["elapsed_s"], 1e-3)))


def openspiel_evaluate_bots(seconds):
    game = pyspiel.load_game(OPENSPIEL_HEARTS)
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(4)]
    games = 200
    while True:
        start = time.perf_counter()
        for s in range(games):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, s)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            # OpenSpiel's hand has 52 plays and 12 passing decisions by its 4 players, plus chance.
            return games / elapsed, None
        games = int(games * max(2.0, 1.2 * seconds / max(elapsed, 1e-3)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    s = a.seconds
    res = {"cpus": os.cpu_count()}
    res["python_loop_cardroom"] = cardroom_python_loop(s)
    res["python_loop_openspiel"] = openspiel_python_loop(s)
    res["native_cardroom_1_thread"] = cardroom_simulate(s, 1)
    res["native_cardroom_2_threads"] = cardroom_simulate(s, 2)
    res["native_openspiel_evaluate_bots"] = openspiel_evaluate_bots(s)
    ratio_py = res["python_loop_cardroom"][0] / res["python_loop_openspiel"][0]
    ratio_native = res["native_cardroom_1_thread"][0] / res["native_openspiel_evaluate_bots"][0]
    scale = res["native_cardroom_2_threads"][0] / res["native_cardroom_1_thread"][0]
    if a.json:
        print(json.dumps(dict(res, ratio_python_loop=ratio_py, ratio_native=ratio_native, thread_scaling_2=scale)))
        return
    print(f"Random Hearts, one deal per game, {res['cpus']} CPUs")
    rows = [
        ("Python loop: cardroom Match", res["python_loop_cardroom"]),
        ("Python loop: pyspiel hearts", res["python_loop_openspiel"]),
        ("cardroom.simulate, 1 thread", res["native_cardroom_1_thread"]),
        ("cardroom.simulate, 2 threads", res["native_cardroom_2_threads"]),
        ("pyspiel.evaluate_bots (C++ loop)", res["native_openspiel_evaluate_bots"]),
    ]
    for name, (deals, dec) in rows:
        d = f"{dec:,.0f} decisions/s" if dec else ""
        print(f"  {name:<34} {deals:>12,.0f} deals/s  {d}")
    print(f"  Python loop: cardroom / pyspiel = {ratio_py:.2f}x")
    print(f"  simulate (1 thread) / evaluate_bots = {ratio_native:.2f}x; 2 threads / 1 thread = {scale:.2f}x")


if __name__ == "__main__":
    main()
