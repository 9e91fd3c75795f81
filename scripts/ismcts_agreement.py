"""How predictable OpenSpiel's ISMCTS is in Hearts, and how close `hard`'s model of play comes.

`hard` reads the other players' plays by the odds its fitted model (`model`) gives them, so its
reading can only be as sharp as those plays are predictable. ISMCTS's own search is random: asked
twice in the same position it may choose different cards. This script replays the plays that
`scripts/ismcts_vs_hard.py --games-out FILE` recorded and, at ISMCTS's decisions with a choice
(about half of them, drawn at random), asks a fresh ISMCTS (the script's settings: 2,500
simulations, UCT c 18.2, random rollouts) twice more. With the recorded card that makes three
independent draws from ISMCTS's choice in that position, and it prints, by situation (leading,
following suit, void in the suit led):

- how often two of the draws agree: an unbiased estimate of the sum over cards of p(card)^2,
  which is a floor on how often the best possible predictor of ISMCTS's card (one that knew its
  odds exactly and named the likeliest card) would be right;
- how often the model's likeliest card is the card drawn.

OpenSpiel's ISMCTS does not repeat its choices from the same seed in another process, so a rerun
gives other draws: the figures agree within sampling noise, not digit for digit.

Usage: python scripts/ismcts_agreement.py [--decisions 1500] [--simulations 2500] [--uct-c 18.2]
       GAMES.json [GAMES.json ...]
Needs open_spiel, numpy and the Python package (scripts/test-python.sh's venv has them).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import sys

import numpy as np

import cardroom

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit_hearts_model as fit  # noqa: E402  (the model's features and shipped weights)
from ismcts_vs_hard import SIMULATIONS, UCT_C, ismcts_bot, openspiel_deal  # noqa: E402

SITUATIONS = ("leading", "following", "void")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="+")
    ap.add_argument("--decisions", type=int, default=1500)
    ap.add_argument("--simulations", type=int, default=SIMULATIONS)
    ap.add_argument("--uct-c", type=float, default=UCT_C)
    args = ap.parse_args()
    rng = random.Random(5)
    # Per situation and over "all": decisions, agreeing pairs of draws, draws of the model's card.
    n = collections.Counter()
    pairs_agree = collections.Counter()
    model_right = collections.Counter()
    weights = [np.array(w) for w in fit.SHIPPED]
    for path in args.games:
        with open(path) as f:
            plays = json.load(f)["plays"]
        for play in plays:
            if n["all"] >= args.decisions:
                break
            state = openspiel_deal(play["order"])
            m = cardroom.Game("hearts").new_match(1, deals=1, deck=play["order"])
            for _player, side, card in play["moves"]:
                legal = m.legal_actions()
                if side == "ismcts" and len(legal) > 1 and rng.random() < 0.5 and n["all"] < args.decisions:
                    view = m.view(m.current_player)
                    situation, x = fit.features(view, legal, cardroom.bot_action(m, "medium", seed=1))
                    bot, _evaluator = ismcts_bot(rng.randrange(1 << 30), args.uct_c, args.simulations)
                    draws = [card] + [state.action_to_string(bot.step(state)) for _ in range(2)]
                    likeliest = legal[int(np.argmax(x @ weights[situation]))]
                    for name in (SITUATIONS[situation], "all"):
                        n[name] += 1
                        pairs_agree[name] += (draws[0] == draws[1]) + (draws[0] == draws[2]) + (draws[1] == draws[2])
                        model_right[name] += sum(d == likeliest for d in draws)
                state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == card))
                m.apply(card)
    print(f"{n['all']} ISMCTS decisions with a choice, three draws each (the recorded card and two fresh searches)")
    for name in SITUATIONS + ("all",):
        if n[name]:
            print(
                f"{name}: {n[name]} decisions; two draws agree {pairs_agree[name] / (3 * n[name]):.3f}; "
                f"the model's likeliest card drawn {model_right[name] / (3 * n[name]):.3f}"
            )


if __name__ == "__main__":
    main()
