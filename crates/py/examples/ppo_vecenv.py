"""PPO on `cardroom.vector.VecEnv`: seat 0 of Hearts (or Belote) learns against `easy` bots.

Each update plays `--envs` matches of one deal in lockstep for `--steps` decisions of seat 0
(the three other seats are `easy` bots playing inside Rust), then runs PPO (clipped ratio,
GAE, entropy bonus) on a small MLP over the observation with illegal actions masked out. The
policy is evaluated before and after on the same 1,000 deals (`--eval`), greedily, as points
per deal for Hearts (lower is better) or points per deal for Belote (higher is better), with a
95% interval; a uniformly random seat 0 is measured on the same deals for reference.

Needs JAX and optax (`pip install "jax[cpu]" optax`). Run from anywhere:
    python crates/py/examples/ppo_vecenv.py --game hearts --seconds 240
The README beside this file gives the curve it printed on the project's two-core machine.
"""

from __future__ import annotations

import argparse
import math
import time

import jax
import jax.numpy as jnp
import numpy as np
import optax

from cardroom import Game
from cardroom.vector import VecEnv


def init_params(key, sizes):
    params = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        key, sub = jax.random.split(key)
        scale = math.sqrt(2.0 / a) if i < len(sizes) - 2 else 0.01
        params.append((jax.random.normal(sub, (a, b)) * scale, jnp.zeros(b)))
    return params


def mlp(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def policy_value(params, obs, mask):
    logits = mlp(params["pi"], obs)
    logits = jnp.where(mask > 0, logits, -1e9)
    value = mlp(params["v"], obs)[..., 0]
    return logits, value


class Normaliser:
    """Running mean and variance of the observations (counts, points and totals differ in
    scale by orders of magnitude)."""

    def __init__(self, n):
        self.mean = np.zeros(n, np.float64)
        self.var = np.ones(n, np.float64)
        self.count = 1e-4

    def update(self, x):
        m, v, k = x.mean(0), x.var(0), len(x)
        total = self.count + k
        delta = m - self.mean
        self.mean += delta * k / total
        self.var = (self.var * self.count + v * k + delta**2 * self.count * k / total) / total
        self.count = total

    def __call__(self, x):
        return ((x - self.mean) / np.sqrt(self.var + 1e-8)).clip(-10, 10).astype(np.float32)


def make_update(opt, clip=0.2, ent=0.01, vf=0.5):
    def loss_fn(params, obs, mask, act, old_logp, adv, ret):
        logits, value = policy_value(params, obs, mask)
        logp_all = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(logp_all, act[:, None], 1)[:, 0]
        ratio = jnp.exp(logp - old_logp)
        pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - clip, 1 + clip) * adv).mean()
        probs = jnp.exp(logp_all)
        entropy = -(jnp.where(mask > 0, probs * logp_all, 0.0)).sum(-1).mean()
        v_loss = ((value - ret) ** 2).mean()
        return pg + vf * v_loss - ent * entropy

    @jax.jit
    def update(params, opt_state, batch):
        grads = jax.grad(loss_fn)(params, *batch)
        updates, opt_state = opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state

    return update


@jax.jit
def act(params, obs, mask, key):
    logits, value = policy_value(params, obs, mask)
    a = jax.random.categorical(key, logits)
    logp = jnp.take_along_axis(jax.nn.log_softmax(logits), a[:, None], 1)[:, 0]
    return a, logp, value


@jax.jit
def greedy(params, obs, mask):
    logits, _ = policy_value(params, obs, mask)
    return jnp.argmax(logits, -1)


def evaluate(game, choose, deals, envs, seed, sign):
    """Seat 0's points per deal over `deals` deals against easy bots (mean, 95% half-width)."""
    env = VecEnv(game, num_envs=envs, seats=[0], opponents="easy", deals=1, autoreset=True)
    obs, mask, info = env.reset(seed=seed)
    results = []
    while len(results) < deals:
        a = choose(np.array(obs), np.array(mask))
        obs, mask, rewards, terminated, info = env.step(np.asarray(a, np.int64))
        for i in np.flatnonzero(terminated):
            results.append(sign * info["final_returns"][i][0])
    x = np.array(results[:deals], float)
    return x.mean(), 1.96 * x.std(ddof=1) / math.sqrt(len(x))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="hearts", choices=["hearts", "belote"])
    ap.add_argument("--envs", type=int, default=128)
    ap.add_argument("--steps", type=int, default=16, help="decisions per env per update")
    ap.add_argument("--seconds", type=float, default=240)
    ap.add_argument("--eval", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--curve", type=float, default=60, help="seconds between evaluations on --curve-deals deals")
    ap.add_argument("--curve-deals", type=int, default=300)
    args = ap.parse_args()

    g = Game(args.game)
    # Points per deal as the game counts them: Hearts' returns are negated points.
    sign = -1.0 if not g.higher_is_better else 1.0
    n_obs, n_act = g.observation_shape[0], g.num_actions
    key = jax.random.PRNGKey(args.seed)
    key, k1, k2 = jax.random.split(key, 3)
    params = {"pi": init_params(k1, [n_obs, 256, 256, n_act]), "v": init_params(k2, [n_obs, 256, 256, 1])}
    opt = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(3e-4))
    opt_state = opt.init(params)
    update = make_update(opt)
    norm = Normaliser(n_obs)

    rng = np.random.default_rng(args.seed)

    def uniform(obs, mask):
        return np.array([rng.choice(np.flatnonzero(m)) for m in mask])

    def policy(obs, mask):
        return greedy(params, norm(obs), mask)

    unit = "points per deal" + (" (lower is better)" if sign < 0 else "")
    base = evaluate(args.game, uniform, args.eval, 200, 12345, sign)
    print(f"uniformly random seat 0: {base[0]:.2f} ± {base[1]:.2f} {unit}")
    # Prime the normaliser on random play, then measure the untrained policy.
    env = VecEnv(args.game, num_envs=args.envs, seats=[0], opponents="easy", deals=1, autoreset=True)
    obs, mask, info = env.reset(seed=args.seed + 1)
    for _ in range(8):
        norm.update(np.array(obs))
        obs, mask, _, _, info = env.step(uniform(obs, mask))
    before = evaluate(args.game, policy, args.eval, 200, 12345, sign)
    print(f"PPO before training    : {before[0]:.2f} ± {before[1]:.2f} {unit}")

    start, updates, decisions = time.time(), 0, 0
    next_point = args.curve
    obs, mask, info = env.reset(seed=args.seed + 2)
    while time.time() - start < args.seconds:
        buf = {k: [] for k in ("obs", "mask", "act", "logp", "val", "rew", "done")}
        for _ in range(args.steps):
            o = np.array(obs)
            norm.update(o)
            o = norm(o)
            m = np.array(mask)
            key, sub = jax.random.split(key)
            a, logp, v = act(params, o, m, sub)
            obs, mask, rewards, terminated, info = env.step(np.asarray(a, np.int64))
            for k, x in zip(buf, (o, m, np.asarray(a), np.asarray(logp), np.asarray(v), rewards[:, 0].copy(), terminated.copy())):
                buf[k].append(x)
            decisions += args.envs
        # Generalised advantage estimation (gamma 1: a deal is short), bootstrapped from the
        # value of the decision after the last.
        _, _, last_v = act(params, norm(np.array(obs)), np.array(mask), key)
        vals = np.array(buf["val"] + [np.asarray(last_v)])
        rew, done = np.array(buf["rew"]), np.array(buf["done"], float)
        adv = np.zeros_like(rew)
        gae = np.zeros(args.envs)
        for t in reversed(range(args.steps)):
            nonterminal = 1.0 - done[t]
            delta = rew[t] + vals[t + 1] * nonterminal - vals[t]
            gae = delta + 0.95 * nonterminal * gae
            adv[t] = gae
        ret = adv + vals[:-1]
        flat = lambda x: np.asarray(x).reshape(args.steps * args.envs, *np.asarray(x).shape[2:])
        data = [flat(buf["obs"]), flat(buf["mask"]), flat(buf["act"]).astype(np.int32), flat(buf["logp"]),
                flat(adv), flat(ret)]
        data[4] = (data[4] - data[4].mean()) / (data[4].std() + 1e-8)
        n = len(data[0])
        for _ in range(4):
            perm = rng.permutation(n)
            for lo in range(0, n, 512):
                idx = perm[lo:lo + 512]
                params, opt_state = update(params, opt_state, [jnp.asarray(d[idx]) for d in data])
        updates += 1
        if time.time() - start >= next_point:
            # Evaluation time is not counted as training time.
            paused = time.time()
            point = evaluate(args.game, policy, args.curve_deals, 100, 999, sign)
            print(
                f"  {paused - start:5.0f} s, {updates} updates, {decisions} decisions: "
                f"{point[0]:.2f} ± {point[1]:.2f} on {args.curve_deals} deals",
                flush=True,
            )
            start += time.time() - paused
            next_point += args.curve

    after = evaluate(args.game, policy, args.eval, 200, 12345, sign)
    print(
        f"PPO after {time.time() - start:.0f} s ({updates} updates, {decisions} decisions): "
        f"{after[0]:.2f} ± {after[1]:.2f} {unit}"
    )


if __name__ == "__main__":
    main()
