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
for target in action_parsers engine_protocol deck_and_record action_sequences; do
  mkdir -p "$scratch/$target"
  echo "fuzz: $target for ${seconds}s"
  set +e
  cargo fuzz run -s none "$target" "$scratch/$target" "fuzz/corpus/$target" -- \
    -max_total_time="$seconds" -max_len=4096 -print_final_stats=1 >"$scratch/$target.log" 2>&1
  status=$?
  set -e
  grep -E "^Done|panicked|ERROR|SUMMARY|Test unit written" -A4 "$scratch/$target.log" | head -40
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $target found a failure (see above and fuzz/artifacts/$target)" >&2
    exit 1
  fi
done
echo "fuzz: no findings"
