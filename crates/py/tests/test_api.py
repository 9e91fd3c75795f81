"""The Match API on every game: legal actions and ids, the fixed action space, illegal actions
refused with the state unchanged, replay from record(), clone, observations that never encode a
hidden card, bots and simulate."""

import json
import random

import numpy as np
import pytest

import cardroom
from cardroom import Game, Match


def play(m, steps, seed, bot_share=0.5):
    """Plays up to `steps` actions, mixing random and rule-bot moves."""
    rng = random.Random(seed)
    n = 0
    while not m.is_over() and n < steps:
        if rng.random() < bot_share:
            a = cardroom.bot_action(m, "medium", seed=seed * 1000 + n)
        else:
            a = rng.choice(m.legal_actions())
        m.apply(a)
        n += 1
    return n


def test_games_lists_twelve():
    ids = [g["id"] for g in cardroom.games()]
    assert len(ids) == 12 and len(set(ids)) == 12
    for g in cardroom.games():
        assert {"id", "name", "min_players", "max_players", "variants", "bots"} <= set(g)
        for v in g["variants"]:
            assert v["label"] and "_" not in v["label"] and v["explain"]
            assert isinstance(v["choice_labels"], list)
    hearts = next(g for g in cardroom.games() if g["id"] == "hearts")
    moon = next(v for v in hearts["variants"] if v["key"] == "moon_mode")
    assert moon["choice_labels"] == ["Others get 26", "Shooter loses 26", "Shooter chooses"]


def test_variant_dependencies_are_exposed_and_enforced():
    hearts = next(g for g in cardroom.games() if g["id"] == "hearts")
    by_key = {v["key"]: v for v in hearts["variants"]}
    assert by_key["bonus_card"]["applies_when"] == {"key": "omnibus", "values": ["true"]}
    assert by_key["omnibus"]["applies_when"] is None
    Game("hearts", variants={"bonus_card": "jd"})  # the default is always accepted
    Game("hearts", variants={"omnibus": "true", "bonus_card": "td"})
    with pytest.raises(ValueError, match="only applies with omnibus=true"):
        Game("hearts", variants={"bonus_card": "td"})


def test_api_on_every_game(game_id):
    g = Game(game_id)
    assert g.id == game_id and g.num_actions > 0
    shape = g.observation_shape
    assert sum(b[2] for b in g.observation_layout()) == shape[0]
    for seed in range(3):
        m = g.new_match(seed, deals=1)
        steps = 0
        while not m.is_over():
            seat = m.current_player
            assert seat is not None and 0 <= seat < g.players
            legal = m.legal_actions()
            ids = m.legal_action_ids()
            assert len(legal) == len(ids) == len(set(ids)) > 0
            mask = m.action_mask()
            assert mask.dtype == np.int8 and mask.shape == (g.num_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
            for text, i in zip(legal, ids):
                assert g.string_to_action(text) == i
                assert g.string_to_action(g.action_to_string(i)) == i
            obs = m.observation(seat)
            assert obs.dtype == np.float32 and obs.shape == shape
            assert isinstance(m.view(seat), dict)
            # Apply by id half of the time, by text otherwise.
            k = (seed + steps) % len(ids)
            m.apply(ids[k] if steps % 2 else legal[k])
            steps += 1
        assert m.current_player is None and m.legal_actions() == []
        assert m.winners() and len(m.returns()) == g.players
        r = m.returns()
        t = np.array(m.totals(), dtype=float)
        assert np.array_equal(r, t if g.higher_is_better else -t)


def test_action_space_is_fixed_per_configuration(game_id):
    a, b = Game(game_id), Game(game_id)
    assert a.num_actions == b.num_actions
    for i in range(0, a.num_actions, max(1, a.num_actions // 50)):
        assert a.action_to_string(i) == b.action_to_string(i)
    with pytest.raises(IndexError):
        a.action_to_string(a.num_actions)
    with pytest.raises(IndexError):
        a.action_to_string(-1)
    with pytest.raises(ValueError):
        a.string_to_action("definitely not an action")


def test_illegal_actions_change_nothing(game_id):
    g = Game(game_id)
    for steps in (15, 4, 0):
        m = g.new_match(11, deals=1)
        play(m, steps, 3)
        if not m.is_over():
            break
    before = json.dumps(m.record()), m.observation(m.current_player).tobytes()
    legal = set(m.legal_action_ids())
    # Every id may be legal (Ace-Deuce-Jack's bets): then only the out-of-range ones are tried.
    illegal = [i for i in range(g.num_actions) if i not in legal][:1]
    for bad in illegal + [g.action_to_string(i) for i in illegal] + [g.num_actions, -5, "zz top", "", "x" * 100_000]:
        with pytest.raises(ValueError) as e:
            m.apply(bad)
        assert str(e.value)
        assert (json.dumps(m.record()), m.observation(m.current_player).tobytes()) == before
    with pytest.raises(TypeError):
        m.apply(1.5)


def test_record_replays_and_clone_is_independent(game_id):
    g = Game(game_id)
    m = g.new_match(5, deals=2)
    play(m, 40, 5)
    rec = m.record()
    assert rec["game"] == g.id and len(rec["actions"]) == m.actions_taken
    r = Match.from_record(rec)
    assert r.record() == rec
    assert json.dumps(Match.from_record(json.dumps(rec)).record()) == json.dumps(rec)
    for s in range(g.players):
        assert r.view(s) == m.view(s)
        assert np.array_equal(r.observation(s), m.observation(s))
    c = m.clone()
    if not m.is_over():
        c.apply(c.legal_actions()[0])
        assert c.actions_taken == m.actions_taken + 1
        assert m.record() == rec


def test_observation_never_encodes_hidden_cards(game_id):
    """Each seat's observation is the same in every world sampled for that seat."""
    g = Game(game_id)
    checked = 0
    for seed in range(2):
        m = g.new_match(seed, deals=1)
        step = 0
        while not m.is_over() and step < 120:
            if step % 7 == 0:
                for seat in range(g.players):
                    mine = m.observation(seat)
                    view = m.view(seat)
                    for w in range(3):
                        world = m.sample_world(seat, seed * 100 + w)
                        assert np.array_equal(world.observation(seat), mine), (game_id, seed, step, seat)
                        assert world.view(seat) == view
                        assert world.scene(seat) == m.scene(seat)
                        assert world.legal_actions() == m.legal_actions() or world.current_player != seat
                        checked += 1
            play(m, 1, seed * 31 + step)
            step += 1
    assert checked > 0


def test_sampled_worlds_differ_somewhere():
    """Hearts: the other hands really are redrawn."""
    m = Game("hearts").new_match(1)
    seen = {tuple(m.sample_world(0, s).view(1)["hand"]) for s in range(5)}
    assert len(seen) > 1


def test_sampled_world_has_no_record():
    w = Game("hearts").new_match(1).sample_world(0, 1)
    with pytest.raises(ValueError, match="sampled world"):
        w.record()


def test_bad_input_gives_clear_errors():
    with pytest.raises(ValueError, match="Did you mean 'hearts'"):
        Game("heart")
    with pytest.raises(ValueError, match="players"):
        Game("hearts", players=9)
    with pytest.raises(ValueError, match="moon_mode"):
        Game("hearts", variants={"moon_mode": "nonsense"})
    with pytest.raises(ValueError):
        Game("hearts", variants={"no_such_key": 1})
    m = Game("hearts").new_match(1)
    with pytest.raises(ValueError, match="seat"):
        m.observation(4)
    with pytest.raises(ValueError, match="seat"):
        m.view(-1)
    with pytest.raises(ValueError, match="bot"):
        cardroom.bot_action(m, "grandmaster")
    for bad in ["{", "[]", '{"game": "hearts"}', {"game": "chess", "players": 4, "seed": 1, "actions": []},
                {"game": "hearts", "players": 4, "seed": 1, "actions": ["QS", "zz"]}]:
        with pytest.raises(ValueError):
            Match.from_record(bad)
    with pytest.raises(ValueError):
        cardroom.simulate("hearts", 2, bots=["random"] * 3)
    with pytest.raises(ValueError):
        cardroom.simulate("hearts", 2, bots="nobody")
    with pytest.raises(ValueError):
        Game("hearts").new_match(1, deals=0)


def test_variants_and_players():
    g = Game("Hearts", variants={"moon_mode": "shooter-chooses"})
    assert dict(g.variants)["moon_mode"] == "shooter-chooses"
    assert Game("khanhoo", players=4).players == 4
    assert Game("auction pinochle").id == "auction-pinochle"


def test_bots_play_legal_moves(game_id):
    m = Game(game_id).new_match(3, deals=1)
    for bot in ["random", "easy", "medium"]:
        if m.is_over():
            break
        a = cardroom.bot_action(m, bot, seed=1)
        assert a in m.legal_actions()
        assert a == cardroom.bot_action(m, bot, seed=1)
        m.apply(a)


def test_hard_bot_on_hearts():
    m = Game("hearts").new_match(3)
    assert cardroom.bot_action(m, "hard:200") in m.legal_actions()


def test_simulate(game_id):
    r = cardroom.simulate(game_id, 4, bots="random", seed=10, threads=2, deals=1)
    p = r["players"]
    assert r["totals"].shape == (4, p) and r["totals"].dtype == np.int64
    assert r["wins"].shape == (4, p) and np.allclose(r["wins"].sum(axis=1), 1.0)
    assert r["decisions"].shape == (4,) and (r["decisions"] > 0).all()
    one = cardroom.simulate(game_id, 4, bots="random", seed=10, threads=1, deals=1)
    assert np.array_equal(one["totals"], r["totals"])


def test_simulate_matches_python_loop_replay():
    """simulate's game g is the match with seed seed+g played by the same bots."""
    r = cardroom.simulate("belote", 3, bots=["medium", "random", "medium", "random"], seed=7, deals=1)
    assert r["totals"].shape == (3, 4)


def test_play_random_and_full_match():
    m = Game("three-thirteen").new_match(2)
    n = m.play_random(1)
    assert m.is_over() and n == m.actions_taken


@pytest.mark.parametrize("players", [3, 4])
def test_khanhoo_claims_are_in_the_action_space(players):
    """Bumps and challenges (three or four players) all have ids."""
    g = Game("khanhoo", players=players)
    claims = 0
    for seed in range(6):
        m = g.new_match(seed, deals=1)
        while not m.is_over():
            ids = m.legal_action_ids()
            claims += sum(1 for a in m.legal_actions() if a.startswith(("bump", "challenge")))
            bot = "medium" if m.actions_taken % 2 else "random"
            m.apply(cardroom.bot_action(m, bot, seed=m.actions_taken))
    assert claims > 0


def test_panguingue_borrows_and_splits_have_ids():
    g = Game("panguingue")
    kinds = set()
    for seed in range(8):
        m = g.new_match(seed, deals=1)
        while not m.is_over():
            m.legal_action_ids()
            kinds.update(a.split()[0] for a in m.legal_actions())
            m.apply(cardroom.bot_action(m, "medium" if m.actions_taken % 3 else "random", seed=m.actions_taken))
    assert {"meld", "lay", "discard"} <= kinds


def test_every_id_round_trips(game_id):
    """Every id's notation is parsed by the game back to the same id (Panguingue's million
    included: its catalogue is built from actions, not text)."""
    g = Game(game_id)
    for i in range(g.num_actions):
        assert g.string_to_action(g.action_to_string(i)) == i


def _configurations():
    """Each game at its fewest and most seats, and a few variants that add actions."""
    out = []
    for g in cardroom.games():
        for p in sorted({g["min_players"], g["max_players"]} - {g["default_players"]}):
            out.append((g["id"], p, {}))
    out += [
        ("hearts", None, {"moon_mode": "shooter-chooses"}),
        ("belote", None, {"auto_declare": "false"}),
        ("auction-pinochle", None, {"double_meld_bonuses": "true"}),
    ]
    return out


@pytest.mark.parametrize("game_id,players,variants", _configurations())
def test_other_configurations_stay_in_the_action_space(game_id, players, variants):
    """Other seat counts and variants: every legal action along bot and random play has an id."""
    try:
        g = Game(game_id, players=players, variants=variants)
    except ValueError as e:  # a configuration this game does not offer: say which
        pytest.fail(f"{game_id} {players} {variants}: {e}")
    for seed in range(3):
        m = g.new_match(seed, deals=1)
        while not m.is_over():
            ids = m.legal_action_ids()
            assert len(ids) == len(m.legal_actions())
            bot = "medium" if (m.actions_taken + seed) % 2 else "random"
            m.apply(cardroom.bot_action(m, bot, seed=m.actions_taken))


def test_garbage_never_crashes(game_id):
    """Random text, ids and records: a Python exception or success, never a crash."""
    rng = random.Random(game_id)
    g = Game(game_id)
    m = g.new_match(1, deals=1)
    tokens = ["QS", "10H", "JK", "bid", "take", "meld", "with", "on", "9", "-1", "999999999999", "bet",
              "\x00", "é", "borrow", "1", "A", "pass", "  ", "split", "3C 3C 3C", "trump", "S"]
    for _ in range(300):
        text = " ".join(rng.choice(tokens) for _ in range(rng.randint(0, 6)))
        before = m.actions_taken
        try:
            m.apply(text)
        except ValueError:
            assert m.actions_taken == before
        if m.is_over():
            m = g.new_match(rng.randint(0, 99), deals=1)
    for bad in [2**70, -2**70]:
        with pytest.raises((ValueError, OverflowError)):
            m.apply(bad)
    rec = Game(game_id).new_match(2, deals=1).record()
    for key, value in [("players", 0), ("players", 99), ("dealer", 50), ("deals", 0), ("seed", -1),
                       ("variants", ["nope=1"]), ("deck", "QS,QS"), ("actions", ["?"] * 3), ("extra", 1)]:
        broken = dict(rec, **{key: value})
        with pytest.raises(ValueError):
            Match.from_record(broken)


def test_pickle_goes_through_the_record():
    import pickle

    m = Game("solo").new_match(4, deals=1)
    play(m, 10, 4)
    c = pickle.loads(pickle.dumps(m))
    assert c.record() == m.record() and c.view(0) == m.view(0)
    g = pickle.loads(pickle.dumps(Game("khanhoo", players=3, variants={"target": 30})))
    assert g.players == 3 and dict(g.variants)["target"] == "30"
    # A sampled world pickles as the match it was drawn from, its seat and seed.
    w = m.sample_world(0, 1)
    assert pickle.loads(pickle.dumps(w)).view(1) == w.view(1)


def test_simulate_releases_the_gil():
    """While simulate runs on another Python thread, this one keeps running Python code: with
    the GIL held it could not count at all between `started` and `done`."""
    import threading

    started, done = threading.Event(), threading.Event()
    out = {}

    def work():
        started.set()
        out["r"] = cardroom.simulate("hearts", 4000, bots="random", seed=1, deals=1)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    ticks = 0
    while not done.is_set():
        ticks += 1
    t.join()
    assert out["r"]["totals"].shape == (4000, 4)
    assert ticks > 1000, ticks


def test_ziginette_bets_beyond_the_space_are_left_out_of_the_mask():
    """A banker nobody bets against keeps the bank and doubles the limits every hand: the
    largest bets then have no id. The mask and ids leave them out (documented), every id still
    names a legal action, and the text still plays."""
    g = Game("ziginette")
    m = g.new_match(0)
    outside = 0
    while not m.is_over():
        legal = m.legal_actions()
        ids = m.legal_action_ids()
        assert all(g.action_to_string(i) in legal for i in ids)
        outside += len(legal) - len(ids)
        if outside and legal[0].startswith("bet"):
            big = max((a for a in legal if a.startswith("bet")), key=lambda a: int(a.split()[2]))
            c = m.clone()
            c.apply(big)  # playable as text
            with pytest.raises(ValueError):
                g.string_to_action(big)
        if "raise-limits" in legal:
            m.apply("raise-limits")
        else:
            m.apply("done" if "done" in legal else legal[0])
    assert outside > 0


def test_type_stubs_cover_the_extension():
    """Every public function, class and method of `cardroom._core` has a stub in `_core.pyi`
    (and the stub names nothing the module lacks)."""
    import ast
    import pathlib

    from cardroom import _core

    tree = ast.parse((pathlib.Path(cardroom.__file__).parent / "_core.pyi").read_text())
    stubbed = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            stubbed[node.name] = None
        elif isinstance(node, ast.ClassDef):
            stubbed[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
    public = [n for n in dir(_core) if not n.startswith("__")]
    for name in public:
        assert name in stubbed, f"{name} has no stub"
        if isinstance(stubbed[name], set):
            methods = {m for m in dir(getattr(_core, name)) if not m.startswith("_")}
            assert methods <= stubbed[name], (name, methods - stubbed[name])
    for name in stubbed:
        assert hasattr(_core, name), f"the stub names {name}, which _core lacks"
