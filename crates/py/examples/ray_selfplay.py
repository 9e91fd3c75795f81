"""Self-play spread over a Ray cluster: each task runs `cardroom.simulate` (whole games in Rust,
several threads, no GIL) and the driver gathers the per-seat results.

Local (starts a Ray instance on this machine):

    python examples/ray_selfplay.py --game hearts --games 2000 --tasks 8 --bots medium

A real cluster: start Ray on the head node (`ray start --head --port=6379`) and on each worker
(`ray start --address=HEAD:6379`), install this package on every node (`pip install ./crates/py`
or a wheel built with `maturin build --release`), then run this script on the head with
`--address auto` (or set RAY_ADDRESS). Each task asks Ray for `--threads` CPUs and runs that
many simulation threads, so Ray packs tasks onto nodes by their cores.

Training with RLlib on the PettingZoo environment (sketch)::

    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.tune.registry import register_env
    from cardroom.pettingzoo import env as cardroom_env
    register_env("hearts", lambda cfg: PettingZooEnv(cardroom_env("hearts", deals=1)))
    # then a PPOConfig().environment("hearts").multi_agent(...) with an action-masking model
    # (RLlib's ActionMaskingTorchRLModule reads obs["action_mask"]).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import ray

import cardroom


@ray.remote
def play_chunk(game: str, games: int, bots, seed: int, threads: int, deals):
    """One task: `games` matches from `seed` on, with `threads` threads."""
    r = cardroom.simulate(game, games, bots=bots, seed=seed, threads=threads, deals=deals)
    return {k: r[k] for k in ("totals", "wins", "decisions", "elapsed_s")}


def run(game="hearts", games=400, tasks=4, bots="random", seed=0, threads=1, deals=None, address=None):
    """Splits `games` matches into `tasks` Ray tasks and gathers them; returns a summary dict."""
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    per = [games // tasks + (1 if t < games % tasks else 0) for t in range(tasks)]
    starts = np.cumsum([0] + per[:-1])
    start = time.perf_counter()
    refs = [
        play_chunk.options(num_cpus=threads).remote(game, n, bots, seed + int(s), threads, deals)
        for n, s in zip(per, starts)
        if n > 0
    ]
    parts = ray.get(refs)
    wall = time.perf_counter() - start
    totals = np.concatenate([p["totals"] for p in parts])
    wins = np.concatenate([p["wins"] for p in parts])
    decisions = int(sum(p["decisions"].sum() for p in parts))
    return {
        "game": game,
        "games": int(totals.shape[0]),
        "tasks": len(parts),
        "mean_total": totals.mean(axis=0).round(3).tolist(),
        "win_rate": wins.mean(axis=0).round(4).tolist(),
        "decisions": decisions,
        "wall_s": round(wall, 3),
        "decisions_per_s": round(decisions / wall) if wall > 0 else None,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="hearts")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--tasks", type=int, default=4)
    ap.add_argument("--threads", type=int, default=1, help="simulation threads (and Ray CPUs) per task")
    ap.add_argument("--bots", default="random", help="one bot name, or a comma-separated list per seat")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--deals", type=int, default=None)
    ap.add_argument("--address", default=None, help="a Ray cluster address ('auto' on a cluster node)")
    ap.add_argument("--num-cpus", type=int, default=None, help="CPUs for a local Ray instance")
    a = ap.parse_args(argv)
    bots = a.bots.split(",") if "," in a.bots else a.bots
    if a.address is None and a.num_cpus is not None:
        ray.init(num_cpus=a.num_cpus, include_dashboard=False, log_to_driver=False)
    print(json.dumps(run(a.game, a.games, a.tasks, bots, a.seed, a.threads, a.deals, a.address)))


if __name__ == "__main__":
    main()
