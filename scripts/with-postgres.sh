#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL: Debian's `postgresql` package (installed when
# missing), a cluster made by initdb in a temporary folder, run as an unprivileged user
# (`nobody` when this script runs as root), listening on 127.0.0.1 on a free port, trust
# authentication. The command finds it in CARDROOM_TEST_PG_URL (a database URL the tests make
# their own databases next to); the server is stopped and its folder removed afterwards.
#   scripts/with-postgres.sh cargo test -p cli --test cluster
set -euo pipefail
pg_bin() {
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
    dirname "$(command -v initdb)"
    return
  fi
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}
BIN="$(pg_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "installing Debian's postgresql for the multi-node tests" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq || true
  $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  # The package starts a cluster of its own; these tests do not use it.
  $SUDO service postgresql stop >/dev/null 2>&1 || true
  BIN="$(pg_bin)"
fi
DIR="$(mktemp -d "${TMPDIR:-/tmp}/cardroom-pg.XXXXXX")"
AS=()
if [ "$(id -u)" -eq 0 ]; then
  # initdb refuses to run as root.
  chown nobody "$DIR"
  AS=(runuser -u nobody --)
fi
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo $((20000 + RANDOM % 20000)))"
stop() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT
"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U cardroom -A trust -E UTF8 --no-sync >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
# fsync off by default: the tests kill servers, never the database. Measurements set
# CARDROOM_PG_OPTIONS="" to run with PostgreSQL's durable defaults.
OPTIONS="${CARDROOM_PG_OPTIONS--c fsync=off}"
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/postgres.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=200 $OPTIONS" start >/dev/null \
  || { cat "$DIR/postgres.log" >&2; exit 1; }
export CARDROOM_TEST_PG_URL="postgres://cardroom@127.0.0.1:$PORT/postgres"
echo "throwaway PostgreSQL at $CARDROOM_TEST_PG_URL" >&2
"$@"
