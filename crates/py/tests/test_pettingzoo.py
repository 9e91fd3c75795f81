"""PettingZoo's API test on every game, its seed test, and the Gymnasium wrapper."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import cardroom
from cardroom.gym import CardroomEnv
from cardroom.pettingzoo import env


@pytest.mark.filterwarnings("ignore:Observation")
def test_api_test(game_id):
    api_test(env(game_id, deals=1), num_cycles=300)


def test_seed_test(game_id):
    seed_test(lambda: env(game_id, deals=1), num_cycles=300)


def test_rewards_sum_to_returns():
    e = env("hearts", deals=1)
    e.reset(seed=3)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    returns = e.unwrapped.match.returns()
    assert [total[a] for a in e.possible_agents] == list(returns)


def test_gym_single_agent(game_id):
    e = CardroomEnv(game_id, seat=0, opponents="random", deals=1)
    obs, info = e.reset(seed=1)
    assert e.observation_space.contains(obs)
    done, steps = False, 0
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, done, truncated, info = e.step(action)
        steps += 1
    assert steps > 0 or e.match.is_over()
    assert "totals" in info


def test_gym_refuses_illegal_action():
    e = CardroomEnv("belote", opponents="medium", deals=1)
    obs, _ = e.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        e.step(bad)


@pytest.mark.filterwarnings("ignore:.*Box observation space")
def test_gymnasium_env_checker():
    from gymnasium.utils.env_checker import check_env

    check_env(CardroomEnv("hearts", opponents="random", illegal_action="penalty", deals=1), skip_render_check=True)


def test_gym_penalty_mode():
    e = CardroomEnv("belote", opponents="medium", illegal_action="penalty", illegal_penalty=-2, deals=1)
    obs, _ = e.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, term, trunc, info = e.step(bad)
    assert reward == -2 and not term and "illegal" in info
    assert np.array_equal(obs2["observation"], obs["observation"])


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("game_id", ["hearts", "auction-pinochle"])
def test_information_state_observations(game_id):
    """Both environments can observe the information state with history instead."""
    api_test(env(game_id, deals=1, observation="information_state"), num_cycles=200)
    g = cardroom.Game(game_id)
    e = CardroomEnv(game_id, opponents="random", deals=1, observation="information_state")
    obs, _ = e.reset(seed=2)
    assert obs["observation"].shape == g.information_state_shape
    assert e.observation_space.contains(obs)
    with pytest.raises(ValueError, match="information_state"):
        CardroomEnv(game_id, observation="history")


def test_default_is_the_whole_match():
    """One default everywhere: an episode is the whole match unless `deals` says otherwise."""
    e = CardroomEnv("ace-deuce-jack", opponents="random")
    e.reset(seed=1)
    assert e.deals is None and env("hearts").unwrapped.deals is None
    assert "deals" not in cardroom.Game("hearts").new_match(1).record()
