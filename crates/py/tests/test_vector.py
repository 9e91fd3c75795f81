"""cardroom.vector: the batched environment in Rust and its Gymnasium and PettingZoo adapters."""

import json

import numpy as np
import pytest

import cardroom
from cardroom.vector import FACTORED_WIDTH, VecEnv, vector_match_seed


def first_legal(mask):
    return np.argmax(mask, axis=1).astype(np.int64)


def random_legal(mask, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)


def run(env, steps, seed, action_seed=0):
    """Steps with random legal actions; returns copies of everything seen."""
    rng = np.random.default_rng(action_seed)
    obs, mask, info = env.reset(seed=seed)
    seen = [(obs.copy(), mask.copy(), info["seat"].copy())]
    for _ in range(steps):
        obs, mask, rew, term, info = env.step(random_legal(mask, rng))
        seen.append((obs.copy(), mask.copy(), info["seat"].copy(), rew.copy(), term.copy(), info["final_returns"].copy()))
    return seen


def same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            assert np.array_equal(u, v)


def test_reproducible_and_independent_of_threads():
    kw = dict(num_envs=6, seats=[0], opponents="random", deals=1)
    a = run(VecEnv("hearts", threads=1, **kw), 60, seed=5)
    b = run(VecEnv("hearts", threads=1, **kw), 60, seed=5)
    c = run(VecEnv("hearts", threads=2, **kw), 60, seed=5)
    d = run(VecEnv("hearts", threads=4, **kw), 60, seed=5)
    same(a, b)
    same(a, c)
    same(a, d)
    e = run(VecEnv("hearts", threads=2, **kw), 60, seed=6)
    assert not all(np.array_equal(x[0], y[0]) for x, y in zip(a, e))


def test_reset_seed_gives_the_documented_match_seeds():
    env = VecEnv("belote", num_envs=3, threads=1)
    env.reset(seed=11)
    assert [env.match_seed(i) for i in range(3)] == [vector_match_seed(11, i, 0) for i in range(3)]


@pytest.mark.parametrize("game,seats,opponents", [
    ("hearts", [0], "random"),
    ("hearts", [1, 3], "easy"),
    ("belote", [2], "medium"),
    ("solo", [0], "random"),
    ("khanhoo", [0], "random"),
])
def test_masks_and_observations_match_a_replayed_match(game, seats, opponents):
    env = VecEnv(game, num_envs=4, seats=seats, opponents=opponents, deals=1, threads=2)
    rng = np.random.default_rng(1)
    obs, mask, info = env.reset(seed=3)
    for step in range(40):
        for i in range(env.num_envs):
            m = cardroom.Match.from_record(env.record(i))
            seat = int(info["seat"][i])
            assert m.current_player == seat and seat in seats
            assert np.array_equal(m.action_mask(), mask[i])
            assert env.legal_action_ids(i) == m.legal_action_ids()
            assert np.array_equal(m.observation(seat), obs[i])
        obs, mask, rew, term, info = env.step(random_legal(mask, rng))


def test_rewards_sum_to_the_episode_return_and_autoreset():
    env = VecEnv("hearts", num_envs=4, seats=[0, 2], opponents="random", deals=1, threads=2)
    rng = np.random.default_rng(2)
    obs, mask, info = env.reset(seed=9)
    seeds = [env.match_seed(i) for i in range(4)]
    acc = np.zeros((4, 2))
    episodes = 0
    for _ in range(200):
        obs, mask, rew, term, info = env.step(random_legal(mask, rng))
        acc += rew
        for i in np.flatnonzero(term):
            # The match that ended, replayed from its seed, has these returns.
            final = info["final_returns"][i]
            np.testing.assert_array_equal(acc[i], final)
            assert env.match_seed(i) != seeds[i]  # restarted with the next seed
            seeds[i] = env.match_seed(i)
            acc[i] = 0
            episodes += 1
            assert int(info["seat"][i]) in (0, 2)
            assert mask[i].any()
        assert not info["final_returns"][~term].any()
    assert episodes >= 4


@pytest.mark.parametrize("game,seats", [("ace-deuce-jack", [0]), ("hearts", [0, 2]), ("three-thirteen", [1])])
def test_episode_rewards_sum_to_the_replayed_match_returns(game, seats):
    # Without autoreset the finished match stays: its record, replayed, has those returns.
    env = VecEnv(game, num_envs=2, seats=seats, opponents="random", autoreset=False, threads=1)
    rng = np.random.default_rng(4)
    obs, mask, info = env.reset(seed=1)
    acc = np.zeros((2, len(seats)))
    ended = np.zeros(2, dtype=bool)
    for _ in range(5000):
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
        obs, mask, rew, term, info = env.step(acts)
        acc += rew
        for i in np.flatnonzero(term):
            m = cardroom.Match.from_record(env.record(i))
            assert m.is_over()
            want = m.returns()[seats]
            np.testing.assert_array_equal(info["final_returns"][i], want)
            np.testing.assert_array_equal(acc[i], want)
        ended |= term
        if ended.all():
            break
    assert ended.all()


def test_bad_inputs_raise_and_change_nothing():
    env = VecEnv("hearts", num_envs=3, seats=[0], opponents="random", threads=1)
    with pytest.raises(ValueError, match="reset"):
        env.step(np.zeros(3, dtype=np.int64))
    obs, mask, info = env.reset(seed=1)
    before = (obs.copy(), mask.copy(), [env.record(i) for i in range(3)])
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="shape"):
        env.step(0)
    with pytest.raises(ValueError, match="integer"):
        env.step(np.full(3, 0.5))
    good = first_legal(mask)
    bad = good.copy()
    bad[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match=rf"env 1: action {bad[1]} \('.*'\) is not legal"):
        env.step(bad)
    out = good.copy()
    out[2] = 999
    with pytest.raises(ValueError, match="env 2: action 999 is outside 0..54"):
        env.step(out)
    out[2] = -1
    with pytest.raises(ValueError, match="env 2: action -1"):
        env.step(out)
    assert np.array_equal(before[0], obs) and np.array_equal(before[1], mask)
    assert [env.record(i) for i in range(3)] == before[2]
    env.step(good)  # still steps


def test_bad_configuration():
    with pytest.raises(ValueError, match="seat 4 does not exist"):
        VecEnv("hearts", num_envs=2, seats=[4])
    with pytest.raises(ValueError, match="unknown bot|bot"):
        VecEnv("hearts", num_envs=2, opponents="nobody")
    with pytest.raises(ValueError, match="num_envs"):
        VecEnv("hearts", num_envs=0)
    with pytest.raises(ValueError, match="opponents"):
        VecEnv("hearts", num_envs=1, opponents=["random"] * 3)
    with pytest.raises(ValueError):
        VecEnv("no-such-game", num_envs=1)


def test_all_seats_observations_and_no_autoreset():
    env = VecEnv("hearts", num_envs=2, seats=[0, 1, 2, 3], all_seats_observations=True, autoreset=False, deals=1)
    obs, mask, info = env.reset(seed=4)
    assert obs.shape == (2, 4, 1131)
    rng = np.random.default_rng(0)
    ended = np.zeros(2, dtype=bool)
    for _ in range(100):
        m = [cardroom.Match.from_record(env.record(i)) for i in range(2)]
        for i in range(2):
            for j in range(4):
                assert np.array_equal(obs[i, j], m[i].observation(j))
        acts = np.array([rng.choice(np.flatnonzero(x)) if x.any() else 0 for x in mask])
        obs, mask, rew, term, info = env.step(acts)
        ended |= term
        assert (info["seat"][ended] == -1).all() and not mask[ended].any()
    assert ended.all()


def test_fast_hearts_observation_equals_the_generic_one():
    env = VecEnv("hearts", num_envs=1)
    assert env.has_fast_observation
    for seed in range(3):
        n, mismatch = env.check_fast_observation(2000, seed=seed)
        assert mismatch is None, mismatch
        assert n == 2000
    omni = VecEnv("hearts", num_envs=1, variants={"omnibus": "true", "moon_mode": "shooter-chooses"})
    n, mismatch = omni.check_fast_observation(3000, seed=7)
    assert mismatch is None, mismatch


def test_fast_and_generic_observations_give_identical_runs():
    a = run(VecEnv("hearts", num_envs=3, fast_observation=True, threads=1), 80, seed=2)
    b = run(VecEnv("hearts", num_envs=3, fast_observation=False, threads=1), 80, seed=2)
    same(a, b)


def test_every_game_steps(game_id):
    env = VecEnv(game_id, num_envs=2, deals=1, threads=2)
    obs, mask, info = env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(30):
        if mask is None:
            acts = np.array([rng.choice(env.legal_action_ids(i)) for i in range(2)])
        else:
            acts = random_legal(mask, rng)
        obs, mask, rew, term, info = env.step(acts)
    assert obs.shape == (2,) + env.game.observation_shape


def test_gymnasium_vector_adapter():
    from cardroom.vector import GymVectorEnv

    env = GymVectorEnv("hearts", num_envs=4, seat=2, opponents="random", deals=1)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    total = np.zeros(4)
    done = 0
    for _ in range(100):
        acts = random_legal(obs["action_mask"], rng)
        assert env.action_space.contains(acts)
        obs, rew, term, trunc, info = env.step(acts)
        assert env.observation_space.contains(obs)
        assert rew.shape == (4,) and term.shape == (4,) and not trunc.any()
        total += rew
        for i in np.flatnonzero(term):
            assert total[i] == info["final_returns"][i, 0]
            total[i] = 0
            done += 1
    assert done > 0
    obs2, _ = GymVectorEnv("hearts", num_envs=4, seat=2, opponents="random", deals=1).reset(seed=3)
    obs3, _ = env.reset(seed=3)
    assert np.array_equal(obs2["observation"], obs3["observation"])
    env.close()


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("game,seats", [("hearts", None), ("belote", [0, 2]), ("khanhoo", [1])])
def test_pettingzoo_parallel_api(game, seats):
    from pettingzoo.test import parallel_api_test

    from cardroom.vector import ParallelEnv

    parallel_api_test(ParallelEnv(game, seats=seats, deals=1), num_cycles=400)


def test_pettingzoo_parallel_rewards_sum_to_returns():
    from cardroom.vector import ParallelEnv

    env = ParallelEnv("hearts", deals=1)
    obs, infos = env.reset(seed=5)
    total = {a: 0.0 for a in env.possible_agents}
    while env.agents:
        acting = next(a for a in env.agents if obs[a]["action_mask"].any())
        actions = {acting: int(np.flatnonzero(obs[acting]["action_mask"])[0])}
        obs, rew, term, trunc, infos = env.step(actions)
        for a, r in rew.items():
            total[a] += r
    for a in env.possible_agents:
        assert total[a] == infos[a]["final_return"]


# Item 4: factored actions for large spaces.


def test_panguingue_has_no_dense_mask_and_factored_rows_round_trip():
    env = VecEnv("panguingue", num_envs=3, threads=2, deals=1)
    obs, mask, info = env.reset(seed=1)
    assert mask is None
    game = env.game
    cards = game.cards()
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(150):
        rows = env.factored_legal()
        for i in range(3):
            ids = env.legal_action_ids(i)
            assert rows[i].shape == (len(ids), FACTORED_WIDTH)
            for row, aid in zip(rows[i], ids):
                assert env._core.factored_to_id(row.tobytes()) == aid
                assert_row_describes(row, game.action_to_string(aid), cards)
                checked += 1
        acts = np.array([rng.choice(env.legal_action_ids(i)) for i in range(3)])
        obs, mask, rew, term, info = env.step(acts)
    assert checked > 500


def test_every_panguingue_action_round_trips_through_the_factored_encoding():
    env = VecEnv("panguingue", num_envs=1)
    n, failure = env._core.factored_round_trip_all()
    assert failure is None, failure
    assert n == env.num_actions > 1_000_000 - 10_000
    assert VecEnv("hearts", num_envs=1)._core.factored_round_trip_all() is None


KINDS = ["stay", "retire", "force", "pass", "stock", "take on", "take meld", "take borrow", "meld", "lay",
         "split", "borrow", "discard"]


def assert_row_describes(row, text, cards):
    """The row's kind and cards agree with the action's text."""
    kind = KINDS[row[0]]
    assert text.startswith(kind), (text, kind)
    if kind in ("stay", "retire", "force", "pass", "stock"):
        assert text == kind
    words = [w for w in text[len(kind):].split() if w not in ("with", "on")]
    named = [w for w in words if not w.isdigit()]
    numbers = [int(w) for w in words if w.isdigit()]
    assert numbers == ([row[1] + 1] if row[1] >= 0 else []), (text, row[1])
    listed = [cards[i] for i in range(40) for _ in range(row[3 + i])]
    listed += [cards[i] for i in range(40) for _ in range(row[43 + i])]
    if row[2] >= 0:
        listed.append(cards[row[2]])
    assert sorted(named) == sorted(listed), (text, listed)


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_factored_parallel_api():
    from pettingzoo.test import parallel_api_test

    from cardroom.vector import FactoredParallelEnv

    parallel_api_test(FactoredParallelEnv("panguingue", deals=1), num_cycles=300)


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_factored_aec_api():
    from pettingzoo.test import api_test
    from pettingzoo.utils import parallel_to_aec

    from cardroom.vector import FactoredParallelEnv

    api_test(parallel_to_aec(FactoredParallelEnv("panguingue", deals=1)), num_cycles=300)


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_factored_aec_env_api_and_seed_tests():
    from pettingzoo.test import api_test, seed_test

    from cardroom.vector import FactoredAECEnv

    api_test(FactoredAECEnv("panguingue", deals=1), num_cycles=400)
    seed_test(lambda: FactoredAECEnv("panguingue", deals=1), num_cycles=200)


def test_factored_aec_env_plays_to_the_end_and_rewards_sum_to_returns():
    from cardroom.vector import FactoredAECEnv

    e = FactoredAECEnv("panguingue", deals=1)
    e.reset(seed=4)
    total = {a: 0.0 for a in e.possible_agents}
    final = {}
    rng = np.random.default_rng(0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            final[agent] = info["final_return"]
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        # every listed row is an action of the game
        ids = e.env.legal_action_ids(0)
        assert len(legal) == len(ids)
        for row, aid in zip(obs["legal_actions"][: len(ids)], ids):
            assert e.env._core.factored_to_id(row.tobytes()) == aid
        with pytest.raises(ValueError, match="outside"):
            e.step(len(legal))
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 10
    assert set(final) == set(e.possible_agents)
    for a in e.possible_agents:
        assert total[a] == final[a]
    # observations of agents not to act are their own views
    e.reset(seed=5)
    m = cardroom.Match.from_record(e.env.record(0))
    for a, i in e._index.items():
        assert np.array_equal(e.observe(a)["observation"], m.observation(i))


def test_information_state_rows_match_the_match():
    """With observation="information_state", each row is the seat's information state tensor,
    as `Match.information_state_tensor` gives it for the same match replayed from its record."""
    from cardroom.vector import VecEnv

    g = cardroom.Game("belote")
    env = VecEnv("belote", num_envs=6, seats=[0, 2], opponents="random", deals=1, observation="information_state")
    assert env.observation_size == g.information_state_shape[0]
    obs, mask, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(30):
        for i in range(6):
            seat = int(info["seat"][i])
            m = cardroom.Match.from_record(env.record(i))
            assert np.array_equal(obs[i], m.information_state_tensor(seat)), (i, seat)
            checked += 1
        actions = np.array([rng.choice(np.flatnonzero(mask[i])) for i in range(6)])
        obs, mask, rewards, terminated, info = env.step(actions)
    assert checked == 180
    with pytest.raises(ValueError, match="information_state"):
        VecEnv("belote", observation="history")


def test_variants_are_read_as_everywhere_else():
    """A dict with Python booleans, or a list of key=value, configures the batch as `Game` does."""
    for variants in ({"omnibus": True}, ["omnibus=true"]):
        env = VecEnv("hearts", num_envs=2, variants=variants)
        assert env.observation_size == cardroom.Game("hearts", variants=variants).observation_shape[0]
        env.reset(seed=1)
        assert json.loads(env.record(0))["variants"] == ["omnibus=true"]
    with pytest.raises(ValueError, match="omnibus"):
        VecEnv("hearts", num_envs=1, variants={"omnibus": "perhaps"})
