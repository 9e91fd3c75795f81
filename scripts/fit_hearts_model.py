"""Fits the Hearts play model (`games::hearts::ModelBot`, the bot named `model`) to recorded games.

The model is a conditional logit over the legal cards: each card gets a score, the sum of 16
features times one weight each, with one set of weights for each situation (leading, following
suit, void in the led suit), and the card is drawn with probability proportional to
exp(score). The features are computed here exactly as `model_values` in
`crates/games/src/hearts/bot.rs` computes them; `--check` confirms that the built package's
`model` bot draws its cards with the probabilities this script's weights give.

The games come from `scripts/ismcts_vs_hard.py --games-out FILE` (every play of every deal, with
who chose each move). The shipped weights were fitted to the plays of both sides, `hard` and
OpenSpiel's ISMCTS: a model of how two strong programs play, for `hard` to play the others by.

Usage:
  python scripts/fit_hearts_model.py GAMES.json [GAMES.json ...] [--sides ismcts,hard]
         [--hold-out GAMES.json ...] [--l2 0.001]
  python scripts/fit_hearts_model.py --check GAMES.json      (the built package against the weights)
Prints the agreement with the recorded cards (the model's likeliest card, and the rule bot's
card, on the held-out games) and the weight rows to paste into `MODEL_WEIGHTS`.
Needs numpy and the Python package (scripts/test-python.sh's venv has both).
"""

from __future__ import annotations

import argparse
import collections
import json

import numpy as np

import cardroom

RANKS = {r: i + 2 for i, r in enumerate("23456789TJQKA")}
NAMES = "23456789TJQKA"
FEATURES = 16

# The weights `model` ships with (rows: leading, following suit, void), for `--check`. The rule
# bot's pick when leading was fitted at 0.00770 (odds times 1.008) and is shipped as 0: the bot
# then need not work out the rule bot's lead at every simulated lead.
SHIPPED = [
    [0.09384, 0.36327, -0.06200, -0.52204, 0.07891, 0, 0, 0, 0, 0.10423, 1.26504, -3.53342, 0, 1.15129, -1.85453, -0.86991],
    [0.31648, 0, 0, -0.77208, 0.08224, -0.81764, -2.10482, 0.18058, 0.28442, -1.97739, 1.97739, 0, 0.39462, 0.09266, -1.60212, -0.09266],
    [1.23410, 0.31160, -0.00956, 2.07382, -0.22798, 0, 0, 0, 0, -2.16941, 3.42878, -3.15644, 0.34790, -0.64934, -1.19434, 1.61423],
]


def rank(card):
    return RANKS[card[0]]


def features(view, legal, rule_pick):
    """The situation (0 leading, 1 following suit, 2 void) and a row of features per legal card."""
    hand = view["hand"]
    trick = view["trick"]["cards"]
    played = set(trick)
    for won in view["won"]:
        played.update(won)
    held = set(hand)
    queen_elsewhere = "QS" not in played and "QS" not in held
    led = trick[0][1] if trick else None
    if not trick:
        situation = 0
    elif any(c[1] == led for c in legal):
        situation = 1
    else:
        situation = 2
    winning = max((rank(c) for c in trick if c[1] == led), default=0)
    points = sum(1 for c in trick if c[1] == "H") + (13 if "QS" in trick else 0)
    last = len(trick) == 3
    under = [c for c in legal if situation == 1 and rank(c) < winning]
    highest_under = max(under, key=rank) if under else None
    late = view["tricks_played"] / 13.0
    rows = []
    for c in legal:
        r, s = rank(c), c[1]
        unseen = [NAMES[x - 2] + s for x in range(2, 15) if NAMES[x - 2] + s not in played and NAMES[x - 2] + s not in held]
        above = sum(1 for u in unseen if rank(u) > r)
        below = sum(1 for u in unseen if rank(u) < r)
        wins = 1.0 if situation == 1 and r > winning else 0.0
        rows.append([
            r / 14.0,
            float(s == "H"),
            float(s == "S"),
            float(c == "QS"),
            float(c in ("AS", "KS")),
            wins,
            wins * points / 13.0,
            wins * float(last),
            float(c == highest_under),
            above / 12.0,
            below / 12.0,
            sum(1 for h in hand if h[1] == s) / 13.0,
            float(c == rule_pick),
            float(s == "S" and r < 12 and queen_elsewhere),
            late * r / 14.0,
            float(s == "S" and r > 12 and queen_elsewhere),
        ])
    return situation, np.array(rows)


def decisions(paths, sides):
    """(situation, features, index of the card played, index of the rule bot's card) for every
    play with a choice made by one of `sides`, replayed in cardroom from the recorded games."""
    for path in paths:
        with open(path) as f:
            record = json.load(f)
        for play in record["plays"]:
            m = cardroom.Game("hearts").new_match(1, deals=1, deck=play["order"])
            for _player, side, card in play["moves"]:
                view = m.view(m.current_player)
                legal = m.legal_actions()
                if side in sides and view["phase"] == "playing" and len(legal) > 1:
                    rule = cardroom.bot_action(m, "medium", seed=1)
                    situation, x = features(view, legal, rule)
                    yield situation, x, legal.index(card), legal.index(rule), m
                m.apply(card)


def softmax(z):
    e = np.exp(z - z.max())
    return e / e.sum()


def fit(data, situation, l2):
    """Newton's method on the mean log-likelihood with an L2 penalty (a concave problem)."""
    rows = [(x, y) for s, x, y, _ in data if s == situation]
    w = np.zeros(FEATURES)
    for _ in range(30):
        grad = -2 * l2 * w
        hess = -2 * l2 * np.eye(FEATURES)
        for x, y in rows:
            p = softmax(x @ w)
            mean = p @ x
            grad += (x[y] - mean) / len(rows)
            hess -= ((x * p[:, None]).T @ x - np.outer(mean, mean)) / len(rows)
        step = np.linalg.solve(hess - 1e-9 * np.eye(FEATURES), grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def report(data, weights, label):
    for situation, name in enumerate(("leading", "following", "void")):
        rows = [(x, y, r) for s, x, y, r in data if s == situation]
        if not rows:
            continue
        model = np.mean([np.argmax(x @ weights[situation]) == y for x, y, _ in rows])
        rule = np.mean([r == y for _, y, r in rows])
        ll = np.mean([np.log(softmax(x @ weights[situation])[y]) for x, y, _ in rows])
        print(f"{label} {name}: {len(rows)} plays, model's likeliest card {model:.3f}, rule bot {rule:.3f}, mean log-likelihood {ll:.3f}")


def check(paths, plays, draws):
    """The built `model` bot's draws against the probabilities the shipped weights give."""
    worst = []
    for situation, x, _, _, m in decisions(paths, ("ismcts", "hard")):
        p = softmax(x @ np.array(SHIPPED[situation]))
        legal = m.legal_actions()
        seen = collections.Counter(cardroom.bot_action(m, "model", seed=k) for k in range(draws))
        worst.append(max(abs(seen[c] / draws - p[i]) for i, c in enumerate(legal)))
        if len(worst) >= plays:
            break
    worst = np.array(worst)
    # One standard error of a frequency near 1/2 from `draws` draws is 0.5 / sqrt(draws).
    limit = 4 * 0.5 / np.sqrt(draws)
    print(f"{len(worst)} positions, {draws} draws each: largest gap {worst.max():.3f}, mean {worst.mean():.3f} (limit {limit:.3f})")
    return worst.max() <= limit


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="+")
    ap.add_argument("--sides", default="ismcts,hard")
    ap.add_argument("--hold-out", nargs="*", default=[])
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if args.check:
        raise SystemExit(0 if check(args.games, 200, 400) else 1)
    sides = tuple(args.sides.split(","))
    train = [d[:4] for d in decisions(args.games, sides)]
    weights = [fit(train, s, args.l2) for s in range(3)]
    report(train, weights, "fitted on")
    if args.hold_out:
        for side in sides:
            report([d[:4] for d in decisions(args.hold_out, (side,))], weights, f"held out, {side}:")
    print("const MODEL_WEIGHTS: [[f64; MODEL_FEATURES]; 3] = [")
    for w in weights:
        print("    [" + ", ".join(f"{v:.5f}" for v in w) + "],")
    print("];")


if __name__ == "__main__":
    main()
