"""OpenSpiel: every game registers with pyspiel (under ``python_cardroom_<id>`` and
``cardroom_<id>``, with its variants as parameters); OpenSpiel's random simulation test runs on
all of them, serialization included; chance draws a 64-bit seed; the information state tensor
has the history; ISMCTS plays through the registration, repeatably from its own seed."""

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts

import cardroom
from cardroom import openspiel

openspiel.register_all()


def deal(game, seed_bytes=(1, 2, 3, 4, 5, 6, 7, 8)):
    state = game.new_initial_state()
    for b in seed_bytes:
        assert state.is_chance_node()
        state.apply_action(b)
    return state


def test_registered():
    names = set(pyspiel.registered_names())
    for gid in openspiel.GAME_IDS:
        assert openspiel.short_name(gid) in names
        assert openspiel.short_name(gid, "cardroom_") in names


def test_random_sim_test_with_serialization(game_id):
    game = pyspiel.load_game(openspiel.short_name(game_id), {"deals": 1})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_serialize_round_trip_and_pickle():
    game = pyspiel.load_game("cardroom_belote(deals=1)")
    state = deal(game)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.history() == state.history()
    assert state2.information_state_tensor(1) == state.information_state_tensor(1)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_chance_draws_a_64_bit_seed():
    game = pyspiel.load_game("cardroom_hearts(deals=1)")
    assert game.max_chance_outcomes() == 256
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 256
    bytes_ = [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0]
    state = deal(game, bytes_)
    seed = int.from_bytes(bytes(bytes_), "big")
    direct = cardroom.Game("hearts").new_match(seed, deals=1)
    for p in range(4):
        assert state.observation_tensor(p) == list(direct.observation(p))
    # Different seeds, different deals; every seat-0 hand of 200 random deals is new.
    rng = np.random.RandomState(0)
    hands = {tuple(deal(game, rng.randint(0, 256, 8)).observation_tensor(0)[:52]) for _ in range(200)}
    assert len(hands) == 200


def test_small_world_with_chance_seeds():
    game = pyspiel.load_game(openspiel.short_name("khanhoo"), {"players": 4, "deals": 1, "chance_seeds": 8})
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 8
    state.apply_action(3)
    assert not state.is_chance_node()


def test_variants_in_the_game_string():
    game = pyspiel.load_game("cardroom_hearts(omnibus=true,deals=1)")
    variants = dict(openspiel._config(game).cardroom.variants)
    assert variants["omnibus"] == "true"
    assert game.get_parameters()["omnibus"] is True
    # Variants that take numbers and words go in `variants`, and survive serialization.
    game = pyspiel.load_game("cardroom_khanhoo(players=4,deals=1,variants=max_turns:300;stalemate:void)")
    v = dict(openspiel._config(game).cardroom.variants)
    assert v["max_turns"] == "300" and v["stalemate"] == "void"
    assert str(pyspiel.load_game(str(game))) == str(game)
    state = deal(game)
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert dict(openspiel._config(game2).cardroom.variants)["max_turns"] == "300"
    with pytest.raises(Exception, match="moon_mode"):
        pyspiel.load_game("cardroom_hearts", {"moon_mode": "nonsense"})


def test_game_type_and_utility():
    for gid in openspiel.GAME_IDS:
        info = next(g for g in cardroom.games() if g["id"] == gid)
        game = pyspiel.load_game(openspiel.short_name(gid), {"deals": 1})
        t = game.get_type()
        expected = pyspiel.GameType.Utility.ZERO_SUM if info["zero_sum"] else pyspiel.GameType.Utility.GENERAL_SUM
        assert t.utility == expected, gid
        assert t.provides_information_state_tensor
        assert game.min_utility() > -1e6 and game.max_utility() < 1e6, gid
        assert game.min_utility() < game.max_utility()


def test_information_state_tensor_has_the_history():
    """Two Hearts histories that differ in one card played to a trick: the observation (the
    present) may agree once the trick is gathered, the information state never does."""
    game = pyspiel.load_game("cardroom_hearts(deals=1,variants=pass_cycle:N)")
    rng = np.random.RandomState(1)
    state = None
    for _ in range(200):
        state = deal(game, rng.randint(0, 256, 8))
        while not state.is_terminal():
            legal = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
            if "QC" in legal and "8C" in legal:
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal():
            break
    assert not state.is_terminal(), "no position with both clubs to play in 200 deals"
    ids = {state.action_to_string(state.current_player(), a): a for a in state.legal_actions()}
    a, b = state.clone(), state.clone()
    a.apply_action(ids["QC"])
    b.apply_action(ids["8C"])
    for p in range(4):
        assert a.information_state_tensor(p) != b.information_state_tensor(p)
        assert a.information_state_string(p) != b.information_state_string(p)
    assert len(a.information_state_tensor(0)) == game.information_state_tensor_size()
    assert game.information_state_tensor_size() > game.observation_tensor_size()


def test_rl_environment_uses_the_information_state():
    env = rl_environment.Environment("cardroom_hearts(deals=1)")
    ts = env.reset()
    size = env.observation_spec()["info_state"][0]
    assert size == pyspiel.load_game("cardroom_hearts(deals=1)").information_state_tensor_size()
    steps = 0
    while not ts.last():
        p = ts.observations["current_player"]
        ts = env.step([ts.observations["legal_actions"][p][0]])
        steps += 1
    assert steps > 52 and len(ts.rewards) == 4


@pytest.mark.parametrize("game_id", ["hearts", "belote", "panguingue"])
def test_ismcts_bot(game_id):
    game = pyspiel.load_game(openspiel.short_name(game_id), {"deals": 1})
    rs = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=12, random_state=rs)
    state = deal(game)
    for _ in range(4):
        if state.is_terminal():
            break
        a = bot.step(state)
        assert a in state.legal_actions()
        state.apply_action(a)
    while not state.is_terminal():
        state.apply_action(int(rs.choice(state.legal_actions())))
    assert len(state.returns()) == game.num_players()


def test_ismcts_is_repeatable_from_its_seed():
    game = pyspiel.load_game("cardroom_hearts(deals=1)")

    def run(seed):
        rs = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=30, random_state=rs)
        state = deal(game)
        moves = []
        for _ in range(14):
            a = bot.step(state)
            moves.append(a)
            state.apply_action(a)
        return moves

    assert run(3) == run(3)


def test_observation_tensor_and_resample():
    game = pyspiel.load_game(openspiel.short_name("belote"), {"deals": 1})
    state = deal(game)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    world = state.resample_from_infostate(p, None)
    assert world.information_state_string(p) == state.information_state_string(p)
    assert world.information_state_tensor(p) == state.information_state_tensor(p)
    assert world.observation_tensor(p) == state.observation_tensor(p)
    assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", ["hearts", "big-three", "ace-deuce-jack"])
def test_whole_matches(game_id):
    """The default episode is the whole match: returns move at each deal's end, rewards carry
    each change, and OpenSpiel's checks (rewards summing to returns, bounds) hold."""
    game = pyspiel.load_game(openspiel.short_name(game_id, "cardroom_"))
    assert game.get_parameters()["deals"] == 0
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_head_to_head_script_plays_a_deal_both_ways():
    """`scripts/ismcts_vs_hard.py` (issue 28's measure against OpenSpiel's ISMCTS) plays a deal
    twice with the seats swapped, with our bot's passes by the rule bot or by itself: each side
    times its 26 plays a deal in each of the two plays, and our side its 6 pass picks too when it
    passes for itself (ISMCTS's passes are always the rule bot's, untimed)."""
    import pathlib
    import subprocess
    import sys

    script = pathlib.Path(__file__).resolve().parents[3] / "scripts" / "ismcts_vs_hard.py"
    for passes, who, ours in (("rule", "the rule bot", 52), ("own", "itself", 64)):
        out = subprocess.run(
            [sys.executable, str(script), "--deals", "1", "--simulations", "20", "--bot", "medium", "--passes", passes],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout
        assert f"1 deals, each played twice with the seats swapped, medium's passes by {who}:" in out, out
        assert "queen of spades taken in 2 plays" in out, out
        timing = next(line for line in out.splitlines() if line.startswith("time per move"))
        assert f"p99 ({ours} moves); ISMCTS" in timing and timing.endswith("p99 (52 moves)"), timing


def record_one_deal(scripts, tmp_path):
    """One deal of `ismcts_vs_hard.py` (`medium` passing for itself, a 20-simulation ISMCTS),
    played both ways and recorded with `--games-out`; returns the file's path."""
    import subprocess
    import sys

    games = tmp_path / "games.json"
    subprocess.run(
        [sys.executable, str(scripts / "ismcts_vs_hard.py"), "--deals", "1", "--simulations", "20"]
        + ["--bot", "medium", "--passes", "own", "--games-out", str(games)],
        capture_output=True,
        check=True,
        timeout=120,
    )
    return games


def test_queen_report_reads_the_recorded_plays(tmp_path):
    """`ismcts_vs_hard.py --games-out` records each play's deal and its 64 moves (12 pass picks,
    52 cards), and `scripts/queen_report.py` reads them back: the queen is taken exactly once a
    play, by one side or the other, in one of the three ways it tells apart."""
    import json
    import pathlib
    import subprocess
    import sys

    scripts = pathlib.Path(__file__).resolve().parents[3] / "scripts"
    games = record_one_deal(scripts, tmp_path)
    plays = json.loads(games.read_text())["plays"]
    assert [p["ismcts"] for p in plays] == [[0, 2], [1, 3]]
    assert all(len(p["moves"]) == 64 and len(p["order"]) == 52 for p in plays)
    # OpenSpiel's players 0 to 3 pass in turn; ISMCTS's (0 and 2 in the first play) by the rule bot.
    assert [who for _, who, _ in plays[0]["moves"][:12]] == ["rule"] * 3 + ["hard"] * 3 + ["rule"] * 3 + ["hard"] * 3
    out = subprocess.run(
        [sys.executable, str(scripts / "queen_report.py"), str(games)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    lines = dict(line.rsplit(": ", 1) for line in out.splitlines()[1:])
    assert out.startswith("2 plays"), out

    def total(row):
        ours, theirs = (int(part.rsplit(" ", 1)[1]) for part in lines[row].split(", "))
        return ours + theirs

    assert total("took the queen") == 2, out
    ways = ("played her and won", "dropped under a higher spade", "thrown on another suit")
    assert sum(total(f"took the queen: {w}") for w in ways) == 2, out


def test_ismcts_agreement_reads_the_recorded_plays(tmp_path):
    """`scripts/ismcts_agreement.py` replays a recorded deal in both engines in step and, at
    ISMCTS's decisions with a choice, counts three draws each: it stops at `--decisions`, the
    situations' counts add up to the total, and each rate is a count of the 3 n draws (or pairs)."""
    import pathlib
    import re
    import subprocess
    import sys

    scripts = pathlib.Path(__file__).resolve().parents[3] / "scripts"
    games = record_one_deal(scripts, tmp_path)

    def run(decisions):
        return subprocess.run(
            [sys.executable, str(scripts / "ismcts_agreement.py"), "--decisions", str(decisions)]
            + ["--simulations", "20", str(games)],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout

    out = run(12)
    assert out.startswith("12 ISMCTS decisions with a choice"), out
    rows = {
        name: (int(k), float(agree), float(model))
        for name, k, agree, model in re.findall(
            r"^(\w+): (\d+) decisions; two draws agree ([\d.]+); the model's likeliest card drawn ([\d.]+)$",
            out,
            re.M,
        )
    }
    assert rows["all"][0] == 12 and sum(k for name, (k, _, _) in rows.items() if name != "all") == 12, out
    for k, agree, model in rows.values():
        assert any(abs(agree - j / (3 * k)) < 5e-4 for j in range(3 * k + 1)), out
        assert any(abs(model - j / (3 * k)) < 5e-4 for j in range(3 * k + 1)), out
    # Without a limit it reads the whole file: at least the 12 above, fewer than ISMCTS's 52 cards
    # in the two plays (the last trick's card is forced, and only about half are drawn).
    everything = int(run(10_000).split(" ", 1)[0])
    assert 12 <= everything < 52, everything


def test_queen_report_counts_each_way_the_queen_is_taken(tmp_path):
    """`scripts/queen_report.py` on five hand-made plays whose counts are known (ISMCTS in
    OpenSpiel players 0 and 2, our bot in 1 and 3; passes to the left):
    - A: 7S led, 5S, KS from a hand that also holds 3S, QS dropped under it: ISMCTS's player 2
      takes her "dropped under a higher spade", over a spade that would have ducked;
    - B: 2C led, QS thrown by a player void in clubs, AC wins: our player 3 takes her "thrown";
    - C: 4S led, QS, 2S, 3S: our player 1 "played her and won";
    - D: 6S led, 4S, KS from our player 3 holding 2S, 8S, and no queen: a high spade over a
      possible duck that she did not fall on (she is never played, so no holder is counted);
    - E: 2C led, AC, 3C, QS thrown by ISMCTS's player 0: its partner, player 2, takes her.
    By who held her: our seats in A (gave her to the other side), B (to our other seat) and C
    (took her itself); ISMCTS's in E (to its other seat)."""
    import json
    import pathlib
    import subprocess
    import sys

    deck = [r + s for s in "CDSH" for r in "23456789TJQKA"]

    def play(named, tricks):
        # Each player's named cards first, then the rest of the pack dealt round to thirteen.
        hands = {p: list(cards) for p, cards in named.items()}
        rest = [c for c in deck if all(c not in h for h in hands.values())]
        for p in range(4):
            while len(hands[p]) < 13:
                hands[p].append(rest.pop())
        order = [hands[i % 4][i // 4] for i in range(52)]
        # Each player passes its last three cards, none of them named.
        passes = [[p, "rule" if p in (0, 2) else "hard", c] for p in range(4) for c in hands[p][-3:]]
        moves = [[p, "x", c] for trick in tricks for p, c in trick]
        return {"deal": 0, "ismcts": [0, 2], "order": order, "moves": passes + moves}

    plays = [
        play({0: ["7S"], 1: ["5S"], 2: ["KS", "3S"], 3: ["QS"]}, [[(0, "7S"), (1, "5S"), (2, "KS"), (3, "QS")]]),
        play({0: ["2C"], 1: ["QS"], 2: ["3C"], 3: ["AC"]}, [[(0, "2C"), (1, "QS"), (2, "3C"), (3, "AC")]]),
        play({0: ["4S"], 1: ["QS"], 2: ["2S"], 3: ["3S"]}, [[(0, "4S"), (1, "QS"), (2, "2S"), (3, "3S")]]),
        play({1: ["6S"], 2: ["4S"], 3: ["KS", "2S"], 0: ["8S", "QS"]}, [[(1, "6S"), (2, "4S"), (3, "KS"), (0, "8S")]]),
        play({1: ["2C"], 2: ["AC"], 3: ["3C"], 0: ["QS"]}, [[(1, "2C"), (2, "AC"), (3, "3C"), (0, "QS")]]),
    ]
    games = tmp_path / "games.json"
    games.write_text(json.dumps({"bot": "hard", "seed": 0, "plays": plays}))
    script = pathlib.Path(__file__).resolve().parents[3] / "scripts" / "queen_report.py"
    out = subprocess.run([sys.executable, str(script), str(games)], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == [
        "5 plays",
        "took the queen: our bot 2, ISMCTS 2",
        "took the queen: played her and won: our bot 1, ISMCTS 0",
        "took the queen: dropped under a higher spade: our bot 0, ISMCTS 1",
        "took the queen: thrown on another suit: our bot 1, ISMCTS 1",
        "ace or king of spades second or third, a lower spade in hand that would have ducked: our bot 1, ISMCTS 1",
        "  ... and the queen fell on it: our bot 0, ISMCTS 1",
        "held the queen after the exchange, and she was played: our bot 3, ISMCTS 1",
        "  ... took her itself: our bot 1, ISMCTS 0",
        "  ... gave her to the other side: our bot 1, ISMCTS 0",
        "  ... gave her to its own side's other seat: our bot 1, ISMCTS 1",
    ], out
