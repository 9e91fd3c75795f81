"""cardroom's `hard` bot against OpenSpiel's C++ ISMCTS in Hearts, head to head, on this machine.

Each deal is played twice with the same cards: ISMCTS in seats 0 and 2 and `hard` in 1 and 3,
then the other way round, so the cards each side held are the same (duplicate scoring). Both
engines play the deal in lockstep: ISMCTS decides in OpenSpiel's own Hearts
(`hearts(qs_breaks_hearts=false)`, the rules cardroom plays: pass left on the first deal, no
points on the first trick, hearts broken by a heart, moon adds 26 to the others), `hard` decides
in cardroom, and every move is applied to both. OpenSpiel's player p sits in cardroom's seat
p + 1 (cardroom's dealer is seat 0, so its first passer is seat 1, as OpenSpiel's is player 0).
ISMCTS's seats pass with cardroom's rule bot (`medium`): OpenSpiel 2.0.2's C++ ISMCTS crashes
with a segmentation fault in its own Hearts once another player has passed (its resampling in
the pass phase). By default our bot's seats pass with the rule bot too, so that only the play of
the cards is compared; `--passes own` lets our bot pass for itself (its time per move then
counts its three picks), comparing the whole deal as each program can play it. `--games-out FILE`
keeps every play (the pack, which OpenSpiel players ISMCTS held, each move with who chose it)
for studies such as `scripts/queen_report.py`.

Printed: `hard`'s lead in points per deal (the ISMCTS seats' mean points minus the `hard`
seats', over both plays of a deal), with a 95% interval over deals, each side's time per
move (mean and 99th percentile), how many moons each side shot, and where the points went: how
often each side's seats took the queen of spades and how many hearts they took per play. The
issue's target: `hard` ahead by at least 3 points per deal at no more time per move than ISMCTS.

Usage: python scripts/ismcts_vs_hard.py [--deals 150] [--simulations 2500] [--uct-c 18.2]
       [--bot hard] [--seed 1] [--passes rule|own] [--leads-out FILE] [--games-out FILE]
Needs the Python package and open_spiel (scripts/test-python.sh's venv has both:
target/pyenv/bin/python scripts/ismcts_vs_hard.py).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time

import numpy as np
import pyspiel

import cardroom

OPENSPIEL_HEARTS = "hearts(qs_breaks_hearts=false)"
# The ISMCTS the issue names: 2,500 simulations, UCT c 18.2, random rollouts.
SIMULATIONS = 2500
UCT_C = 18.2


def openspiel_deal(order):
    """OpenSpiel's Hearts after the chance moves: passing left, the pack `order` dealt round the
    table (OpenSpiel's player i mod 4 gets card i)."""
    state = pyspiel.load_game(OPENSPIEL_HEARTS).new_initial_state()
    state.apply_action(next(a for a, _ in state.chance_outcomes() if state.action_to_string(a) == "Left"))
    for card in order:
        ids = {state.action_to_string(a): a for a, _ in state.chance_outcomes()}
        state.apply_action(ids[card])
    return state


def ismcts_bot(seed, uct_c=UCT_C, simulations=SIMULATIONS):
    """OpenSpiel's C++ ISMCTS with random rollouts, and its evaluator: the bot keeps a bare
    pointer to the evaluator, so the caller must keep both alive together."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(
        seed,
        evaluator,
        uct_c,
        simulations,
        -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,
        False,
    )
    return bot, evaluator


def play_deal(order, ismcts_players, args, seed, times, record):
    """Plays one deal from the pack `order` (dealt round the table: OpenSpiel's player i mod 4,
    cardroom's seat (1 + i) mod 4, gets card i); returns the points per OpenSpiel player. Each
    move is appended to `record` as [OpenSpiel player, who chose it ("ismcts", "hard" or "rule"
    for a pass by the rule bot), card]."""
    state = openspiel_deal(order)
    m = cardroom.Game("hearts").new_match(seed, deals=1, deck=order)
    bot, _evaluator = ismcts_bot(seed, args.uct_c, args.simulations)
    step = 0
    while not state.is_terminal():
        p = state.current_player()
        assert m.current_player == (p + 1) % 4, (p, m.current_player)
        start = time.perf_counter()
        if m.view(m.current_player)["phase"] == "passing" and (args.passes == "rule" or p in ismcts_players):
            # The rule bot passes for ISMCTS (OpenSpiel 2.0.2's C++ ISMCTS crashes, a segmentation
            # fault in its Hearts' resampling, once another player has passed), and for our bot
            # too unless `--passes own`.
            card = cardroom.bot_action(m, "medium", seed=seed * 1000 + step)
            side = None
        elif p in ismcts_players:
            card = state.action_to_string(bot.step(state))
            side = "ismcts"
        else:
            card = cardroom.bot_action(m, args.bot, seed=seed * 1000 + step)
            side = "hard"
        if side:
            times[side].append(time.perf_counter() - start)
        ids = {state.action_to_string(a): a for a in state.legal_actions()}
        record.append([p, side or "rule", card])
        state.apply_action(ids[card])
        m.apply(card)
        step += 1
    assert m.is_over()
    totals = m.totals()
    won = m.view(0)["won"]
    taken = [won[(p + 1) % 4] for p in range(4)]
    return [totals[(p + 1) % 4] for p in range(4)], taken


def write_leads(args, leads, times):
    """Each deal's lead so far, with both sides' move times (seconds), for pairing runs."""
    with open(args.leads_out + ".tmp", "w") as f:
        json.dump({"bot": args.bot, "seed": args.seed, "leads": leads, "times": times}, f)
    os.replace(args.leads_out + ".tmp", args.leads_out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--simulations", type=int, default=SIMULATIONS)
    ap.add_argument("--uct-c", type=float, default=UCT_C)
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--passes",
        choices=["rule", "own"],
        default="rule",
        help="who passes for our bot: the rule bot, as for ISMCTS (only the play is compared), or the bot itself",
    )
    ap.add_argument(
        "--leads-out",
        help="write each deal's lead and both sides' move times here (JSON, rewritten after every deal), "
        "to pair runs on the same deals",
    )
    ap.add_argument(
        "--games-out",
        help="write every play's deal and moves here (JSON), for scripts/queen_report.py and other studies",
    )
    args = ap.parse_args()
    rng = np.random.RandomState(args.seed)
    s = pyspiel.load_game(OPENSPIEL_HEARTS).new_initial_state()
    s.apply_action(1)
    cards = [s.action_to_string(a) for a, _ in s.chance_outcomes()]
    leads, times, games = [], {"ismcts": [], "hard": []}, []
    moons = {"ismcts": 0, "hard": 0}
    # Where the points went: how often each side took the queen, and how many hearts.
    queens = {"ismcts": 0, "hard": 0}
    hearts = {"ismcts": 0, "hard": 0}
    for d in range(args.deals):
        order = [cards[i] for i in rng.permutation(52)]
        seed = args.seed * 100_000 + d
        plays = [{"deal": d, "ismcts": seats, "order": order, "moves": []} for seats in ([0, 2], [1, 3])]
        a, a_taken = play_deal(order, {0, 2}, args, seed, times, plays[0]["moves"])
        b, b_taken = play_deal(order, {1, 3}, args, seed, times, plays[1]["moves"])
        games.extend(plays)
        for taken, ismcts in ((a_taken, {0, 2}), (b_taken, {1, 3})):
            for p, cards_won in enumerate(taken):
                side = "ismcts" if p in ismcts else "hard"
                queens[side] += "QS" in cards_won
                hearts[side] += sum(1 for c in cards_won if c.endswith("H"))
        ismcts_points = (a[0] + a[2] + b[1] + b[3]) / 4
        hard_points = (a[1] + a[3] + b[0] + b[2]) / 4
        leads.append(ismcts_points - hard_points)
        # A moon: one player took every point (0 for them, 26 for each of the others).
        for points, ismcts in ((a, {0, 2}), (b, {1, 3})):
            if sorted(points) == [0, 26, 26, 26]:
                moons["ismcts" if points.index(0) in ismcts else "hard"] += 1
        if args.leads_out:
            # Rewritten after every deal, so that a run cut short keeps the deals it finished.
            write_leads(args, leads, times)
        if (d + 1) % 10 == 0:
            print(f"  {d + 1} deals: {args.bot} ahead by {statistics.mean(leads):+.2f} points per deal", flush=True)
    mean = statistics.mean(leads)
    half = 1.96 * statistics.stdev(leads) / math.sqrt(len(leads)) if len(leads) > 1 else float("nan")

    def ms(xs):
        xs = sorted(xs)
        return f"{1000 * statistics.mean(xs):.0f} ms mean, {1000 * xs[int(0.99 * (len(xs) - 1))]:.0f} ms p99 ({len(xs)} moves)"

    print(
        f"{args.deals} deals, each played twice with the seats swapped, {args.bot}'s passes by "
        f"{'itself' if args.passes == 'own' else 'the rule bot'}: {args.bot} ahead of OpenSpiel's ISMCTS "
        f"({args.simulations} simulations, UCT c {args.uct_c}, random rollouts) by {mean:+.2f} points per deal "
        f"[{mean - half:+.2f}, {mean + half:+.2f}]"
    )
    print(f"time per move: {args.bot} {ms(times['hard'])}; ISMCTS {ms(times['ismcts'])}")
    if args.games_out:
        with open(args.games_out, "w") as f:
            json.dump({"bot": args.bot, "seed": args.seed, "plays": games}, f)
    print(f"moons shot in {2 * args.deals} plays: {args.bot} {moons['hard']}, ISMCTS {moons['ismcts']}")
    print(
        f"queen of spades taken in {2 * args.deals} plays: {args.bot}'s seats {queens['hard']}, ISMCTS's {queens['ismcts']}; "
        f"hearts per play: {args.bot}'s seats {hearts['hard'] / (2 * args.deals):.2f}, "
        f"ISMCTS's {hearts['ismcts'] / (2 * args.deals):.2f} (of 13)"
    )


if __name__ == "__main__":
    main()
