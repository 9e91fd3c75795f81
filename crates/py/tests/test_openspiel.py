"""OpenSpiel: every game registers with pyspiel; OpenSpiel's random simulation test runs on all
of them, and its ISMCTS bot plays Hearts, Belote and Panguingue through the registration."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from cardroom import openspiel

openspiel.register_all()


def test_registered():
    names = set(pyspiel.registered_names())
    for gid in openspiel.GAME_IDS:
        assert openspiel.short_name(gid) in names


def test_random_sim_test(game_id):
    game = pyspiel.load_game(openspiel.short_name(game_id), {"deals": 1})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", ["hearts", "belote", "panguingue"])
def test_ismcts_bot(game_id):
    game = pyspiel.load_game(openspiel.short_name(game_id), {"deals": 1})
    rs = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=12, random_state=rs)
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(4):
        if state.is_terminal():
            break
        a = bot.step(state)
        assert a in state.legal_actions()
        state.apply_action(a)
    # The rest at random, to the end of the deal.
    while not state.is_terminal():
        state.apply_action(int(rs.choice(state.legal_actions())))
    assert len(state.returns()) == game.num_players()


def test_observation_tensor_and_resample():
    game = pyspiel.load_game(openspiel.short_name("belote"), {"deals": 1})
    state = game.new_initial_state()
    state.apply_action(1)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    world = state.resample_from_infostate(p, None)
    assert world.information_state_string(p) == state.information_state_string(p)
    assert world.legal_actions() == state.legal_actions()


def test_parameters():
    game = pyspiel.load_game(openspiel.short_name("khanhoo"), {"players": 4, "deals": 1, "chance_seeds": 8})
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 8
