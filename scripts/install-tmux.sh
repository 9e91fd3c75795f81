#!/usr/bin/env bash
# tmux runs the terminal smoke test (crates/cli/tests/tmux.rs). Installs Debian's package when
# it is missing.
set -euo pipefail
command -v tmux >/dev/null && exit 0
echo "installing tmux for the terminal smoke test" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
$SUDO apt-get install -y -qq tmux >/dev/null
command -v tmux >/dev/null
