"""Where the queen of spades went, from the plays `scripts/ismcts_vs_hard.py --games-out FILE`
recorded: for each side (our bot's seats, ISMCTS's), how its seats came to take her, and how
often a seat played the ace or king of spades second or third to a spade trick while she was
still out (and not in its hand) and it held a spade that would have stayed under the trick, and
how often she then fell on that card; and, by the side whose seat held her after the exchange,
how often that seat took her itself, gave her to the other side or to its own side's other seat
(plays where she was played).

How she was taken, for the seat that took her:
- "played her and won": she was its own card and nothing beat her (led or followed);
- "dropped under a higher spade": another seat played her to a spade trick the taker won;
- "thrown on another suit": another seat, void in the suit led, threw her on the taker's trick.

Usage: python scripts/queen_report.py GAMES.json [GAMES.json ...]
(OpenSpiel's card names: rank 2-9, T, J, Q, K, A, then the suit letter.)
"""

from __future__ import annotations

import collections
import json
import sys

RANKS = "23456789TJQKA"
SIDES = {"ismcts": "ISMCTS", "hard": "our bot"}
HOW = ("played her and won", "dropped under a higher spade", "thrown on another suit")
DUCKABLE = "ace or king of spades second or third, a lower spade in hand that would have ducked"
FELL = "  ... and the queen fell on it"
HELD = "held the queen after the exchange, and she was played"
FATES = ("took her itself", "gave her to the other side", "gave her to its own side's other seat")
ROWS = ["took the queen"] + [f"took the queen: {how}" for how in HOW] + [DUCKABLE, FELL, HELD]
ROWS += [f"  ... {fate}" for fate in FATES]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def trick_winner(trick):
    led = trick[0][1][1]
    return max((m for m in trick if m[1][1] == led), key=lambda m: rank(m[1]))[0]


def study(play, counts):
    """Adds one play's events to `counts`, keyed by (side, what happened)."""
    ismcts = set(play["ismcts"])

    def side(p):
        return "ismcts" if p in ismcts else "hard"

    hands = {p: set(play["order"][p::4]) for p in range(4)}
    moves = [(p, card) for p, _, card in play["moves"]]
    passes, plays = moves[:12], moves[12:]
    # The script plays each pack as a first deal, whose passes go to the left.
    for p, card in passes:
        hands[p].discard(card)
        hands[(p + 1) % 4].add(card)
    holder = next(p for p in range(4) if "QS" in hands[p])
    gone = set()
    for t in range(len(plays) // 4):
        trick = plays[4 * t : 4 * t + 4]
        cards = [card for _, card in trick]
        winner = trick_winner(trick)
        if "QS" in cards:
            player = trick[cards.index("QS")][0]
            if player == winner:
                how = "played her and won"
            elif trick[0][1][1] == "S":
                how = "dropped under a higher spade"
            else:
                how = "thrown on another suit"
            counts[(side(winner), f"took the queen: {how}")] += 1
            counts[(side(winner), "took the queen")] += 1
            if winner == holder:
                fate = FATES[0]
            elif side(winner) != side(holder):
                fate = FATES[1]
            else:
                fate = FATES[2]
            counts[(side(holder), HELD)] += 1
            counts[(side(holder), f"  ... {fate}")] += 1
        if trick[0][1][1] == "S" and "QS" not in gone:
            for pos in (1, 2):
                p, card = trick[pos]
                if card not in ("AS", "KS") or "QS" in cards[: pos + 1] or "QS" in hands[p]:
                    continue
                high = max(rank(c) for c in cards[:pos] if c[1] == "S")
                could_duck = any(c[1] == "S" and rank(c) < high for c in hands[p] - gone)
                if could_duck:
                    counts[(side(p), DUCKABLE)] += 1
                    if "QS" in cards[pos + 1 :] and winner == p:
                        counts[(side(p), FELL)] += 1
        gone |= set(cards)


def main(paths):
    counts = collections.Counter()
    plays = 0
    for path in paths:
        with open(path) as f:
            for play in json.load(f)["plays"]:
                study(play, counts)
                plays += 1
    print(f"{plays} plays")
    for key in ROWS:
        row = ", ".join(f"{SIDES[s]} {counts[(s, key)]}" for s in ("hard", "ismcts"))
        print(f"{key}: {row}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
