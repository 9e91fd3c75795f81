"""Utility bounds (`cardroom.utility_bounds`), worked out from each game's rules, hold in
thousands of simulated deals and whole matches, with random players and the rule bot."""

import math

import numpy as np
import pytest

import cardroom
from cardroom import Game, utility_bounds

SIZES = {"panguingue": [2, 6, 10], "ziginette": [2, 4], "jewel": [2, 5], "ace-deuce-jack": [2, 4], "khanhoo": [2, 4]}


@pytest.mark.parametrize("bots", ["random", "medium"])
def test_one_deal_stays_within_bounds(game_id, bots):
    for players in SIZES.get(game_id, [None]):
        g = Game(game_id, players=players)
        lo, hi = utility_bounds(g, 1)
        assert math.isfinite(lo) and math.isfinite(hi) and lo <= 0 <= hi, (game_id, lo, hi)
        n = 1500 if bots == "random" else 200
        r = cardroom.simulate(game_id, n, bots=bots, players=g.players, deals=1, threads=2, seed=11)
        assert r["returns"].min() >= lo and r["returns"].max() <= hi, (game_id, players, lo, hi)


def test_whole_matches_stay_within_bounds(game_id):
    g = Game(game_id)
    lo, hi = utility_bounds(g, 0)
    r = cardroom.simulate(game_id, 60, bots="random", threads=2, seed=5)
    assert r["returns"].min() >= lo and r["returns"].max() <= hi, (game_id, lo, hi)
    # A cut match is inside both the whole match's bounds and D deals'.
    lo3, hi3 = utility_bounds(g, 3)
    assert lo <= lo3 and hi3 <= hi
    r = cardroom.simulate(game_id, 200, bots="random", threads=2, seed=6, deals=3)
    assert r["returns"].min() >= lo3 and r["returns"].max() <= hi3, (game_id, lo3, hi3)


def test_worked_values():
    assert utility_bounds(Game("hearts"), 1) == (-26.0, 0.0)
    assert utility_bounds(Game("hearts"), 0) == (-126.0, 0.0)
    assert utility_bounds(Game("hearts", variants={"omnibus": True}), 1) == (-26.0, 10.0)
    assert utility_bounds(Game("hearts", variants={"moon_mode": "subtract-from-shooter"}), 0) == (-126.0, math.inf)
    assert utility_bounds(Game("belote"), 1) == (0.0, 820.0)
    assert utility_bounds(Game("big-three"), 0) == (-60.0, 60.0)
    assert utility_bounds(Game("ace-deuce-jack"), 1) == (-30.0, 30.0)
    assert utility_bounds(Game("three-thirteen"), 0) == (-880.0, 0.0)
    assert utility_bounds(Game("khanhoo", variants={"tie_break": "shared"}), 0) == (0.0, 83.0)
    assert utility_bounds(Game("khanhoo"), 0)[1] == math.inf
