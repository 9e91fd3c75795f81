#!/usr/bin/env bash
# The Python package's tests (crates/py): a virtual environment under target/, maturin and the
# test dependencies (crates/py/requirements-test.txt: pytest, numpy, pettingzoo, gymnasium,
# open_spiel, ray, pinned), the extension built
# into it with `maturin develop` (the dev profile, so it reuses what `cargo test --workspace`
# compiled), then pytest. Any missing dependency or failed install stops the script with an
# error: no test is skipped for want of a package.
#
#   scripts/test-python.sh               # everything
#   scripts/test-python.sh -k pettingzoo # extra arguments go to pytest
#
# PYTHON picks the interpreter (default python3, 3.9 or later); CARDROOM_PY_VENV the venv folder.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${CARDROOM_PY_VENV:-target/pyenv}

if [ ! -x "$VENV/bin/python" ]; then
    echo "test-python: creating $VENV with $($PYTHON --version 2>&1)"
    "$PYTHON" -m venv "$VENV"
fi
VENV=$(cd "$VENV" && pwd)
PY="$VENV/bin/python"

echo "test-python: installing maturin and the test dependencies"
if ! "$PY" -m pip install --quiet --disable-pip-version-check -r crates/py/requirements-test.txt; then
    echo "test-python: FAILED to install the test dependencies (see pip's message above)" >&2
    exit 1
fi
"$PY" - <<'PYCHECK'
import importlib.util, sys
missing = [m for m in ("maturin", "pytest", "numpy", "pettingzoo", "gymnasium", "pyspiel", "ray")
           if importlib.util.find_spec(m) is None]
if missing:
    sys.exit(f"test-python: FAILED: not importable after install: {', '.join(missing)}")
PYCHECK

echo "test-python: building the extension (maturin develop)"
(cd crates/py && VIRTUAL_ENV="$VENV" "$VENV/bin/maturin" develop --quiet)

echo "test-python: pytest"
cd crates/py
exec "$PY" -m pytest -q -rs -p no:cacheprovider "$@"
