#!/usr/bin/env bash
# Builds Release and prints the sample insert rate of the repository into SQLite and into a
# PostgreSQL team store, the same rows in the same run. The store is the URL given, or else a
# server of its own (tools/pg_test_server.sh) started for the run and stopped afterwards.
#   bench/run_storage_pg.sh [--db postgresql://user@host:port/db] [--rows N] [--pg-rows N]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/bench_lib.sh

bench_build --no-deps bench_storage_pg
if [[ " $* " == *" --db "* ]]; then
    exec "$build/bench/storage/pg/bench_storage_pg" "$@"
fi
pgdir=$(mktemp -d)
trap 'tools/pg_test_server.sh stop "$pgdir"' EXIT
eval "$(tools/pg_test_server.sh start "$pgdir")"
PGPASSWORD="$YS_TEST_PG_PASSWORD" "$build/bench/storage/pg/bench_storage_pg" \
    --db "$YS_TEST_PG_URL" "$@"
