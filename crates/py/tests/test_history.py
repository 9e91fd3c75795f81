"""The information state with history (`Match.information_state_tensor`): its shape, that it
holds every event a seat saw this deal (two histories that differ in anything the seat saw give
different tensors), that what the seat did not see never enters (the same actions in a world
sampled for the seat keep it equal until the seat sees something different), and the
public/private split of the observation."""

import random

import numpy as np
import pytest

import cardroom
from cardroom import Game


def random_walk(m, steps, rng):
    n = 0
    while not m.is_over() and n < steps:
        m.apply(rng.choice(m.legal_actions()))
        n += 1
    return n


def test_shape_and_layout(game_id):
    g = Game(game_id)
    m = g.new_match(1, deals=1)
    t = m.information_state_tensor(0)
    assert t.dtype == np.float32 and t.shape == g.information_state_shape
    layout = g.information_state_layout()
    assert [b[0] for b in layout[-2:]] == ["history_count", "history_events"]
    end = layout[-1][1] + layout[-1][2]
    assert end == g.information_state_shape[0]
    # The observation comes first, unchanged.
    n = g.observation_shape[0]
    assert np.array_equal(t[:n], m.observation(0))


def test_history_fits(game_id):
    """The rows hold every event a seat was told in whole random deals: nothing is cut."""
    for players in _sizes(game_id):
        g = Game(game_id, players=players)
        count_at = g.information_state_layout()[-2][1]
        most = 0
        for seed in range(6):
            m = g.new_match(seed, deals=1)
            m.information_state_tensor(0)
            rng = random.Random(seed)
            while not m.is_over():
                m.apply(rng.choice(m.legal_actions()))
                if rng.random() < 0.02 or m.is_over():
                    for s in range(players):
                        t = m.information_state_tensor(s)
                        assert t[count_at + 1] == 0.0, (game_id, players, seed, t[count_at])
                        most = max(most, int(t[count_at]))
        assert most * 5 <= _slots(g) * 4, (game_id, players, most, _slots(g))


def _sizes(game_id):
    info = next(g for g in cardroom.games() if g["id"] == game_id)
    return sorted({info["min_players"], info["default_players"], info["max_players"]})


def _slots(g):
    """L, the number of event rows: the events block's length over the row width."""
    names = dict((b[0], b[2]) for b in g.information_state_layout())
    kinds = len(Game.event_kinds()) + 1
    faces = len(g.cards())
    width = kinds + (g.players + 1) + faces + 5
    return names["history_events"] // width


def test_every_event_kind_is_named(game_id):
    """Random play of the game narrates only kinds listed in `Game.event_kinds()`."""
    g = Game(game_id)
    kinds = set(Game.event_kinds())
    for seed in range(6):
        m = g.new_match(seed, deals=2)
        m.information_state_tensor(0)
        rng = random.Random(seed)
        while not m.is_over():
            for line in m.information_state_string(m.current_player).split("\n")[:-1]:
                assert line.split(" ", 1)[0] in kinds, (game_id, line)
            m.apply(rng.choice(m.legal_actions()))


def test_different_histories_give_different_tensors(game_id):
    """Fuzz: over random histories, equal tensors always mean the same events seen and the same
    observation; different events seen always mean different tensors."""
    g = Game(game_id)
    seen = {}
    compared = 0
    for seed in range(8):
        m = g.new_match(seed, deals=1)
        rng = random.Random(seed)
        step = 0
        while not m.is_over() and step < 160:
            for s in range(g.players):
                t = m.information_state_tensor(s).tobytes()
                # What the seat was told (its history lines) and what it sees now.
                key = (m.information_state_string(s).rsplit("\n", 1)[0], m.observation(s).tobytes())
                before = seen.setdefault(t, key)
                assert before == key, (game_id, seed, step, s)
                compared += 1
            m.apply(rng.choice(m.legal_actions()))
            step += 1
    # Many distinct histories were met, and no two distinct ones shared a tensor.
    assert len(seen) > 20 and compared > 40, (len(seen), compared)


def test_hearts_queen_or_eight_of_clubs():
    """The issue's case: two Hearts histories, one where Q♣ was played and one where 8♣ was,
    identical observations today, differ in the information state."""
    g = Game("hearts")
    found = 0
    for seed in range(40):
        m = g.new_match(seed, deals=1)
        rng = random.Random(seed)
        while not m.is_over() and found < 3:
            legal = m.legal_actions()
            if m.view(0)["phase"] == "playing" and "QC" in legal and "8C" in legal:
                a, b = m.clone(), m.clone()
                a.apply("QC")
                b.apply("8C")
                # Play the trick out the same way in both until it is gathered.
                while a.current_player is not None and len(a.view(0)["trick"]["cards"]) > 0:
                    options = [x for x in a.legal_actions() if x in b.legal_actions()]
                    if not options:
                        break
                    x = rng.choice(options)
                    a.apply(x)
                    b.apply(x)
                for s in range(4):
                    assert not np.array_equal(a.information_state_tensor(s), b.information_state_tensor(s))
                found += 1
                break
            m.apply(rng.choice(legal))
    assert found >= 1


def test_unseen_cards_never_enter(game_id):
    """A world sampled for a seat has the same information state for it; the same actions
    played on in both keep it the same for as long as the seat's observation stays the same
    (what it sees later, such as a card it draws, may differ between the worlds)."""
    g = Game(game_id)
    checked = 0
    for seed in range(6):
        m = g.new_match(seed, deals=2)
        rng = random.Random(seed)
        random_walk(m, rng.randrange(0, 40), rng)
        if m.is_over():
            continue
        for seat in range(g.players):
            mine = m.information_state_tensor(seat)
            world = m.sample_world(seat, seed * 10 + seat)
            assert np.array_equal(world.information_state_tensor(seat), mine), (game_id, seed, seat)
            # Another seat's history in the world: what both were told, nothing of its own.
            other = (seat + 1) % g.players
            lines = world.information_state_string(other).split("\n")[:-1]
            assert set(lines) <= set(m.information_state_string(other).split("\n")[:-1])
            a, b = m.clone(), world
            for _ in range(60):
                if a.is_over() or b.is_over():
                    break
                options = [x for x in a.legal_actions() if x in set(b.legal_actions())]
                if not options:
                    break
                x = rng.choice(options)
                a.apply(x)
                b.apply(x)
                if not np.array_equal(a.observation(seat), b.observation(seat)):
                    break
                ta, tb = a.information_state_tensor(seat), b.information_state_tensor(seat)
                assert np.array_equal(ta, tb), (
                    game_id,
                    seed,
                    seat,
                    a.information_state_string(seat).split("\n")[-4:-1],
                    b.information_state_string(seat).split("\n")[-4:-1],
                )
                checked += 1
    assert checked > 0


def test_world_drawn_before_any_history_request_has_one():
    """A world sampled from a match that never kept a feed is drawn again to find its history,
    with the actions played in it since."""
    g = Game("belote")
    m = g.new_match(3, deals=1)
    random_walk(m, 12, random.Random(3))
    w = m.sample_world(1, 99)
    x = w.legal_actions()[0]
    w.apply(x)
    m2 = m.clone()
    m2.information_state_tensor(1)
    w2 = m2.sample_world(1, 99)
    w2.apply(x)
    assert np.array_equal(w.information_state_tensor(1), w2.information_state_tensor(1))


def test_public_and_private_observation(game_id):
    g = Game(game_id)
    m = g.new_match(2, deals=1)
    random_walk(m, 15, random.Random(2))
    for s in range(g.players):
        pub, priv, full = m.public_observation(s), m.private_observation(s), m.observation(s)
        assert pub.shape == full.shape == priv.shape
        # What everyone at the table sees (tricks, scores, whose turn) is all public.
        for name, at, length in g.observation_layout():
            if name in ("trick", "leader", "last_trick", "scores", "turn"):
                assert not priv[at : at + length].any(), (game_id, s, name)
        # What is public is the same in a world sampled for any seat.
        for t in range(g.players):
            assert np.array_equal(m.sample_world(t, 5 + t).public_observation(s), pub), (game_id, s, t)
    if game_id == "hearts":
        # Mid-deal, a spectator sees no hand.
        hand = dict((b[0], b) for b in g.observation_layout())["hand"]
        assert not m.public_observation(0)[hand[1] : hand[1] + hand[2]].any()
        assert m.private_observation(0)[hand[1] : hand[1] + hand[2]].sum() > 0


def test_pickles_and_worlds_pickle():
    import pickle

    m = Game("hearts").new_match(5, deals=1)
    random_walk(m, 9, random.Random(5))
    w = m.sample_world(2, 77)
    w.apply(w.legal_actions()[0])
    c = pickle.loads(pickle.dumps(w))
    for s in range(4):
        assert c.view(s) == w.view(s)
        assert np.array_equal(c.observation(s), w.observation(s))
    assert c.legal_actions() == w.legal_actions()
    assert np.array_equal(c.information_state_tensor(2), w.information_state_tensor(2))
    # A world of a world.
    ww = w.sample_world(2, 3)
    cc = pickle.loads(pickle.dumps(ww))
    assert cc.view(2) == ww.view(2) and cc.view(0) == ww.view(0)
    with pytest.raises(ValueError, match="pickled"):
        cardroom._core._restore("{}")


def test_bot_action_without_seed_advances():
    m = Game("hearts").new_match(1, deals=1)
    picks = {cardroom.bot_action(m, "random") for _ in range(40)}
    assert len(picks) > 1
    cardroom._core.seed_bots(9)
    a = [cardroom.bot_action(m, "random") for _ in range(10)]
    cardroom._core.seed_bots(9)
    assert a == [cardroom.bot_action(m, "random") for _ in range(10)]


def test_new_match_with_a_deck():
    g = Game("hearts")
    deck = g.cards()
    rng = random.Random(4)
    rng.shuffle(deck)
    m = g.new_match(0, deals=1, deck=deck)
    # Card i goes to seat (dealer + 1 + i) mod 4, the dealer being seat 0.
    assert sorted(m.view(1)["hand"]) == sorted(deck[0::4])
    again = g.new_match(123, deals=1, deck=deck)
    assert again.view(2) == m.view(2)
    with pytest.raises(ValueError, match="bad deck"):
        g.new_match(0, deck=deck[:-1])
    with pytest.raises(ValueError, match="bad deck"):
        g.new_match(0, deck=["ZZ"] + deck[1:])
