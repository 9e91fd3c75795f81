#!/usr/bin/env bash
# The whole test suite, as the README gives it: every Rust test in the workspace (unit, golden,
# conformance, command line), then every fuzz target for a bounded time (FUZZ_SECONDS each,
# default 30). Installs what it needs (cargo-fuzz) on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
scripts/fuzz.sh "${FUZZ_SECONDS:-30}"
