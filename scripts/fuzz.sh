#!/usr/bin/env bash
# Runs every cargo-fuzz target for a bounded time, starting from the corpus kept in
# fuzz/corpus (new finds go to a scratch directory, so the checkout stays clean). Any crash
# fails the run; libFuzzer prints the input and cargo-fuzz saves it under fuzz/artifacts.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] (default 30)
# cargo-fuzz needs nightly flags; RUSTC_BOOTSTRAP lets the pinned stable toolchain accept them.
# No sanitizer: the code is safe Rust, and what the fuzzer looks for is panics (debug
# assertions and overflow checks are on in fuzz builds) and broken invariants.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked --version 0.13.2
fi
cargo fuzz build -s none
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# libFuzzer's clock starts before it replays the kept corpus, and action_sequences' corpus takes
# about two minutes to replay (every input is a game checked step by step, its views, scenes and
# feed included), so that target gets that much longer: without it, it would only replay.
replay_allowance() {
  case "$1" in
    action_sequences) echo 150 ;;
    *) echo 0 ;;
  esac
}
for target in action_parsers engine_protocol deck_and_record action_sequences; do
  mkdir -p "$scratch/$target"
  total=$((seconds + $(replay_allowance "$target")))
  echo "fuzz: $target for ${total}s, replaying its corpus first"
  set +e
  cargo fuzz run -s none "$target" "$scratch/$target" "fuzz/corpus/$target" -- \
    -max_total_time="$total" -max_len=4096 -print_final_stats=1 >"$scratch/$target.log" 2>&1
  status=$?
  set -e
  grep -m1 "INITED" "$scratch/$target.log" || true
  grep -E "^Done|panicked|ERROR|SUMMARY|Test unit written" -A4 "$scratch/$target.log" | head -40 || true
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $target found a failure (see above and fuzz/artifacts/$target)" >&2
    exit 1
  fi
done
echo "fuzz: no findings"
