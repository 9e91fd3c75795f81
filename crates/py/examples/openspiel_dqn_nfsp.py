"""OpenSpiel's own DQN and NFSP learners on cardroom Hearts, through ``rl_environment``.

The environment is ``rl_environment.Environment("cardroom_hearts(deals=1)")``: OpenSpiel sees
that the game provides an information state tensor and uses it (the observation and every
event of the deal, so the learners have memory), draws the deal through the game's chance
nodes (a 64-bit seed each episode), and rewards the deal's points, negated.

1. DQN learns seat 0 against three uniformly random players.
2. NFSP trains all four seats by self-play.
Each is evaluated before and after on the same deals against random players (points per deal,
lower is better, with a 95% interval). Any warning raised by OpenSpiel or cardroom stops the
run: the point of the example is that nothing needs patching.

Needs JAX and the libraries OpenSpiel's JAX agents use:
    pip install "jax[cpu]" flax optax chex orbax-checkpoint open-spiel==2.0.2
Run: python examples/openspiel_dqn_nfsp.py [--episodes 400] [--eval 300]
"""

from __future__ import annotations

import argparse
import math
import time
import warnings

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent
from open_spiel.python.jax import dqn, nfsp

from cardroom import openspiel

GAME = "cardroom_hearts(deals=1)"


def evaluate(env, agent_for_seat0, deals, seed):
    """Seat 0's points per deal (mean, 95% half-width) against random players, on fixed deals."""
    rng = np.random.RandomState(seed)
    env.seed(seed)
    points = []
    for _ in range(deals):
        ts = env.reset()
        while not ts.last():
            p = ts.observations["current_player"]
            if p == 0 and agent_for_seat0 is not None:
                action = agent_for_seat0.step(ts, is_evaluation=True).action
            else:
                action = int(rng.choice(ts.observations["legal_actions"][p]))
            ts = env.step([action])
        points.append(-ts.rewards[0])
    points = np.array(points, float)
    return points.mean(), 1.96 * points.std(ddof=1) / math.sqrt(len(points))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--episodes", type=int, default=400)
    ap.add_argument("--eval", type=int, default=300)
    args = ap.parse_args()
    openspiel.register_all()
    warnings.filterwarnings("error", module=r"(open_spiel|cardroom).*")
    env = rl_environment.Environment(
        pyspiel.load_game(GAME), chance_event_sampler=rl_environment.ChanceEventSampler(seed=1)
    )
    assert not env.use_observation, "rl_environment should use the information state tensor"
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    print(f"{GAME}: information state {size} floats, {actions} actions")

    before = evaluate(env, None, args.eval, 99)
    print(f"random seat 0 : {before[0]:.2f} ± {before[1]:.2f} points per deal")

    # 1. DQN for seat 0 against random players.
    agent = dqn.DQN(
        player_id=0,
        state_representation_size=size,
        num_actions=actions,
        hidden_layers_sizes=[128],
        replay_buffer_capacity=4_000,
        batch_size=64,
        learning_rate=1e-3,
        update_target_network_every=500,
        learn_every=4,
        min_buffer_size_to_learn=500,
        epsilon_decay_duration=args.episodes * 13,
        epsilon_end=0.05,
    )
    randoms = [random_agent.RandomAgent(p, actions) for p in range(4)]
    start = time.time()
    for _ in range(args.episodes):
        ts = env.reset()
        while not ts.last():
            p = ts.observations["current_player"]
            out = agent.step(ts) if p == 0 else randoms[p].step(ts)
            ts = env.step([out.action])
        agent.step(ts)
    after = evaluate(env, agent, args.eval, 99)
    print(
        f"DQN seat 0    : {after[0]:.2f} ± {after[1]:.2f} points per deal "
        f"after {args.episodes} deals ({time.time() - start:.0f} s)"
    )

    # 2. NFSP self-play for every seat.
    agents = [
        nfsp.NFSP(
            player_id=p,
            state_representation_size=size,
            num_actions=actions,
            hidden_layers_sizes=[128],
            reservoir_buffer_capacity=4_000,
            anticipatory_param=0.1,
            batch_size=64,
            min_buffer_size_to_learn=500,
            learn_every=64,
            allow_checkpointing=False,
            replay_buffer_capacity=4_000,
            epsilon_decay_duration=args.episodes * 13,
        )
        for p in range(4)
    ]
    start = time.time()
    for episode in range(args.episodes):
        # The first episode in best-response mode for every seat: OpenSpiel 2.0.2's JAX NFSP
        # creates its reservoir only on a best-response step and fails if it learns before one.
        modes = [a.temp_mode_as(nfsp.MODE.BEST_RESPONSE) for a in agents] if episode == 0 else []
        for m in modes:
            m.__enter__()
        ts = env.reset()
        while not ts.last():
            p = ts.observations["current_player"]
            ts = env.step([agents[p].step(ts).action])
        for a in agents:
            a.step(ts)
        for m in modes:
            m.__exit__(None, None, None)
    with agents[0].temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
        nfsp_after = evaluate(env, agents[0], args.eval, 99)
    print(
        f"NFSP seat 0   : {nfsp_after[0]:.2f} ± {nfsp_after[1]:.2f} points per deal (average policy) "
        f"after {args.episodes} self-play deals ({time.time() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
