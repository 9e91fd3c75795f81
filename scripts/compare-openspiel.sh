#!/usr/bin/env bash
# Random single-deal games per second, cardroom against OpenSpiel 2.0.2's C++ loop, measured
# side by side: the two are alternated ROUNDS times in one run and the median rates compared.
#   Hearts:    `cardroom sim hearts --deals 1 --bots random` against
#              pyspiel.evaluate_bots on hearts(qs_breaks_hearts=false) (the rules cardroom plays)
#   Big Three: `cardroom sim big-three --deals 1 --bots random` against OpenSpiel's Dou Dizhu,
#              its nearest cousin (OpenSpiel has no Big Three)
# Usage: scripts/compare-openspiel.sh [HEARTS_GAMES] [BIG_THREE_GAMES] [ROUNDS]
# A benchmark, not a test. Needs PyPI once: open_spiel goes into a throwaway virtual
# environment (target/openspiel-venv, or $OPENSPIEL_VENV).
set -euo pipefail
cd "$(dirname "$0")/.."
hearts_games=${1:-300000}
big_three_games=${2:-60000}
rounds=${3:-3}
venv=${OPENSPIEL_VENV:-target/openspiel-venv}
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import pyspiel' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q open_spiel==2.0.2
fi
cargo build -q --release
results=$(mktemp)
for _ in $(seq "$rounds"); do
  for pair in "hearts hearts(qs_breaks_hearts=false) $hearts_games" "big-three dou_dizhu $big_three_games"; do
    read -r ours theirs games <<<"$pair"
    echo "ours $ours $(target/release/cardroom sim "$ours" --deals 1 --games "$games" --bots random --json)" >>"$results"
    echo "theirs $ours $("$venv/bin/python" scripts/openspiel_rate.py "$theirs" "$games")" >>"$results"
  done
done
python3 - "$results" "$rounds" <<'PY'
import json, statistics, sys
rates = {}
for line in open(sys.argv[1]):
    side, game, payload = line.split(" ", 2)
    d = json.loads(payload)
    rate = d["games_per_s"] if side == "theirs" else d["games"] / (d["elapsed_ms"] / 1000)
    rates.setdefault((side, game), []).append(rate)
print(f"median of {sys.argv[2]} alternated rounds, random single-deal games per second:")
for game, peer in [("hearts", "OpenSpiel hearts(qs_breaks_hearts=false)"), ("big-three", "OpenSpiel dou_dizhu")]:
    ours = statistics.median(rates[("ours", game)])
    theirs = statistics.median(rates[("theirs", game)])
    print(f"  {game:<10} cardroom {ours:>9,.0f}   {peer:<42} {theirs:>8,.0f}   ratio {ours / theirs:.1f}x")
PY
rm -f "$results"
