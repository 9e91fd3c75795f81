#!/usr/bin/env bash
# The whole test suite, as the README gives it: every Rust test in the workspace (unit, golden,
# conformance, command line, the full-screen table's snapshots and a tmux session of the real
# binary, the store's conformance suite and several servers sharing one PostgreSQL, started
# for them by scripts/with-postgres.sh), the Python package's tests (a venv under target/, maturin and the pinned test
# dependencies, pytest), the browser table in Chromium, then every fuzz target for a bounded time (FUZZ_SECONDS each, default 30).
# Installs what it needs (tmux, PostgreSQL, Chromium and the browser tests' npm packages, cargo-fuzz) on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-tmux.sh
# Snapshots are compared, never written, here: a changed screen fails until it is reviewed.
INSTA_UPDATE=no scripts/with-postgres.sh cargo test --workspace
scripts/test-python.sh
scripts/test-browser.sh
scripts/fuzz.sh "${FUZZ_SECONDS:-30}"
