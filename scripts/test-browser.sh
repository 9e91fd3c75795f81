#!/usr/bin/env bash
# The browser table's tests: Debian's Chromium driven by playwright-core against a real
# `cardroom serve` (see crates/server/browser-tests). Installs Chromium from Debian's package
# and the test's npm packages (from package-lock.json) when they are missing. Node is needed
# only here: building and running cardroom never needs it. Screenshots of every game are left
# in target/browser-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null; then
  echo "installing Debian's chromium for the browser tests" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq || true
  $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
cargo build -p cli --bin cardroom
cd crates/server/browser-tests
if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
CHROMIUM="$(command -v chromium)" CARDROOM_BIN="$PWD/../../../target/debug/cardroom" npm test
