"""Random games per second in OpenSpiel, through its C++ game loop (pyspiel.evaluate_bots with
uniform random bots).

Usage: python openspiel_rate.py GAME GAMES
GAME is an OpenSpiel game string, e.g. "hearts(qs_breaks_hearts=false)" or "dou_dizhu".
Prints one JSON object: {"game": GAME, "games": N, "elapsed_s": T, "games_per_s": R}.
"""
import json
import sys
import time

import pyspiel

name = sys.argv[1]
games = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
game = pyspiel.load_game(name)
bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(game.num_players())]
for i in range(200):  # warm-up
    pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
start = time.perf_counter()
for i in range(games):
    pyspiel.evaluate_bots(game.new_initial_state(), bots, 10_000 + i)
elapsed = time.perf_counter() - start
print(json.dumps({"game": name, "games": games, "elapsed_s": elapsed, "games_per_s": games / elapsed}))
