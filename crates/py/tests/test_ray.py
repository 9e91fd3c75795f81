"""The Ray self-play example on a local Ray with 2 CPUs (a smoke test)."""

import importlib.util
import json
import pathlib
import subprocess
import sys

import numpy as np

import cardroom

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "ray_selfplay.py"


def test_ray_selfplay_smoke():
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--game", "belote", "--games", "40", "--tasks", "4",
         "--deals", "1", "--num-cpus", "2", "--seed", "5"],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["games"] == 40 and summary["tasks"] == 4
    # The same games as one local simulate call: tasks cover seeds 5..44 exactly once.
    local = cardroom.simulate("belote", 40, seed=5, deals=1)
    assert np.allclose(summary["mean_total"], local["totals"].mean(axis=0).round(3))
