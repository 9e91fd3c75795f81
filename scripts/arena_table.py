"""The bots side by side in every game of skill and at the table sizes that matter (issue 28).

Runs `cardroom arena GAME --duplicate --json` for each row of `ROWS` and each pair of bots, and
prints the README's table: the paired difference per game (first bot minus second, with its 95%
interval; lower is better where the game counts points against you) and the games played.

Pairs: `hard` against `medium` everywhere; where the game reads the other players' moves
(`Deal::past_moves`: the trick games), `hard-infer` against `hard` and against `medium`. In
Hearts `hard` itself reads the others (by its fitted model), so there the reading pair is
`hard` against `hard-model` (the same search over uniform worlds), and `hard-model` is the one
set against `medium`. Games
whose `hard` is a lookahead or paired-rollout bot have no inference (`hard-infer` plays as
`hard` there), so only `hard` against `medium` is run. In Ziginette and Ace-Deuce-Jack `hard`
defers to the rule bot (the stakes follow the exact odds), so nothing is run.

Results go to a JSON-lines file as each run ends, and rows already there are skipped, so a run
can be stopped and resumed (`--out`). `--table` prints the table from the file without running.

Usage: python3 scripts/arena_table.py [--bin target/release/cardroom] [--out docs/arena.jsonl]
       [--only GAME[,GAME]] [--scale 1.0] [--table]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

# (game, players, deals per game or None for the whole match, games for `hard` vs `medium`)
ROWS = [
    ("hearts", 4, 1, 100),
    ("belote", 4, 1, 100),
    ("tribello", 3, 1, 60),
    ("solo", 4, 1, 100),
    ("auction-pinochle", 3, 1, 100),
    ("big-three", 3, 1, 100),
    ("khanhoo", 2, None, 100),
    ("khanhoo", 3, None, 100),
    ("khanhoo", 4, None, 100),
    ("three-thirteen", 2, None, 60),
    ("three-thirteen", 4, None, 60),
    ("three-thirteen", 8, None, 40),
    ("jewel", 2, 4, 60),
    ("jewel", 5, 4, 40),
    ("jewel", 9, 4, 24),
    ("panguingue", 2, 1, 100),
    ("panguingue", 6, 1, 50),
    ("panguingue", 10, 1, 24),
    ("ace-deuce-jack", 2, 5, 0),
    ("ziginette", 2, 5, 0),
]

# Banking games whose `hard` defers to the rule bot (every hand a fresh shuffle, the rule bot's
# stakes follow the exact odds): nothing to compare.
DEFERS = {"ace-deuce-jack", "ziginette"}

# Games whose deals replay the other players' moves, so `hard-infer` differs from `hard`.
INFERENCE = {"hearts", "belote", "tribello", "solo", "auction-pinochle", "big-three"}
SEED = 28
# Games that count points against you (a negative difference favours the first bot).
LOWER_IS_BETTER = {"hearts", "three-thirteen"}


# Where `hard` itself reads the other players (Hearts: by its fitted model of play), the bot
# without the reading is the one compared: (reading, not reading).
READING = {"hearts": ("hard", "hard-model")}


def reading(game):
    return READING.get(game, ("hard-infer", "hard"))


def columns(game):
    """The three pairs of the table's columns: `hard` against `medium`, reading the others
    against not, and the bot that is not `hard` of those two against `medium`."""
    with_, without = reading(game)
    other = with_ if with_ != "hard" else without
    return [("hard", "medium"), (with_, without), (other, "medium")]


def pairs(game):
    out = [("hard", "medium", 1.0)]
    if game in INFERENCE:
        # Both sides search in the reading pair: fewer games for the same time.
        out += [(a, b, 0.6) for a, b in columns(game)[1:]]
    return out


def key(game, players, a, b):
    return f"{game}/{players}/{a},{b}"


def run(binary, game, players, deals, games, a, b):
    cmd = [binary, "arena", game, "--bots", f"{a},{b}", "--duplicate", "--games", str(games),
           "--players", str(players), "--seed", str(SEED), "--json"]
    if deals is not None:
        cmd += ["--deals", str(deals)]
    start = time.time()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    result = json.loads(out)
    result["command"] = "cardroom " + " ".join(c for c in cmd[1:] if c != "--json")
    result["wall_s"] = round(time.time() - start, 1)
    return result


def load(path):
    done = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    done[r["key"]] = r
    return done


def fmt(x):
    return f"{x:+.2f}" if abs(x) < 100 else f"{x:+.1f}"


def table(done):
    print("| game | players | deals per game | `hard` - `medium` | reading the others - not (`hard-infer` - `hard`) | `hard-infer` - `medium` |")
    print("|---|---|---|---|---|---|")
    for game, players, deals, _ in ROWS:
        if game in DEFERS:
            print(f"| {game} | 2-12 | | `hard` plays as `medium` (exact odds) | | |")
            continue
        cells = []
        for i, (a, b) in enumerate(columns(game)):
            r = done.get(key(game, players, a, b))
            if r is None:
                cells.append("no inference" if game not in INFERENCE and i > 0 else "not run")
                continue
            d = r["paired_difference"]
            lo, hi = d["ci95"]
            sig = "" if lo is None or lo <= 0 <= hi else " *"
            named = "" if game not in READING or i == 0 else f"`{a}` - `{b}`, "
            cells.append(f"{fmt(d['first_minus_second'])} [{fmt(lo)}, {fmt(hi)}]{sig} ({named}{r['games']} games)")
        name = f"{game} (lower is better)" if game in LOWER_IS_BETTER else game
        print(f"| {name} | {players} | {deals or 'whole match'} | " + " | ".join(cells) + " |")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bin", default="target/release/cardroom")
    p.add_argument("--out", default="docs/arena.jsonl")
    p.add_argument("--only", default="")
    p.add_argument("--pairs", default="", help="only these pairs, e.g. hard,medium;hard-infer,hard")
    p.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    p.add_argument("--table", action="store_true")
    args = p.parse_args()
    done = load(args.out)
    if args.table:
        table(done)
        return
    only = set(filter(None, args.only.split(",")))
    wanted = set(filter(None, args.pairs.split(";")))
    for game, players, deals, games in ROWS:
        if (only and game not in only) or game in DEFERS:
            continue
        for a, b, share in pairs(game):
            k = key(game, players, a, b)
            if k in done or (wanted and f"{a},{b}" not in wanted):
                continue
            n = max(4, round(games * share * args.scale))
            r = run(args.bin, game, players, deals, n, a, b)
            r["key"] = k
            with open(args.out, "a") as f:
                f.write(json.dumps(r) + "\n")
            d = r["paired_difference"]
            print(f"{k}: {d['first_minus_second']:+.2f} {d['ci95']} in {r['wall_s']} s", file=sys.stderr, flush=True)
    table(load(args.out))


if __name__ == "__main__":
    main()
