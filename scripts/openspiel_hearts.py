"""Random single-deal Hearts games per second in OpenSpiel (its C++ game loop).

Usage: python openspiel_hearts.py GAMES
Prints one JSON object: {"games": N, "elapsed_s": T, "games_per_s": R}.
"""
import json
import sys
import time

import pyspiel

games = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
game = pyspiel.load_game("hearts")
bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(4)]
for i in range(200):  # warm-up
    pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
start = time.perf_counter()
for i in range(games):
    pyspiel.evaluate_bots(game.new_initial_state(), bots, 10_000 + i)
elapsed = time.perf_counter() - start
print(json.dumps({"games": games, "elapsed_s": elapsed, "games_per_s": games / elapsed}))
