#!/usr/bin/env bash
# Random single-deal Hearts playouts: cardroom against OpenSpiel's C++ Hearts, one after the
# other on this machine. Usage: scripts/compare-openspiel.sh [GAMES]
# Needs network access to PyPI once (open_spiel into target/openspiel-venv).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-400000}
venv=${OPENSPIEL_VENV:-target/openspiel-venv}
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import pyspiel' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q open_spiel==2.0.2
fi
cargo build -q --release
ours=$(target/release/cardroom sim hearts --deals 1 --games "$games" --bots random --json)
theirs=$("$venv/bin/python" scripts/openspiel_hearts.py "$games")
python3 - "$ours" "$theirs" <<'PY'
import json, sys
ours, theirs = json.loads(sys.argv[1]), json.loads(sys.argv[2])
rate = ours["games"] / (ours["elapsed_ms"] / 1000)
print(f"cardroom  (cardroom sim hearts --deals 1 --bots random): {rate:,.0f} games/s")
print(f"OpenSpiel (pyspiel.evaluate_bots, uniform random bots): {theirs['games_per_s']:,.0f} games/s")
print(f"ratio: {rate / theirs['games_per_s']:.1f}x")
PY
