#!/usr/bin/env bash
# Builds Release and times sample inserts: Yardstick's path (SessionRepository's batch insert,
# batches as the sample writer makes them) into SQLite against the raw SQLite C API on the same
# rows, in the same run, each the median of N repeats, and their ratio (targets: 200,000 rows/s
# and at least 0.5x the raw rate). Extra arguments go to bench_storage (--rows N, --repeat N,
# --dir FOLDER, --db postgresql://user@host/db to time a PostgreSQL database as well).
#   bench/run_storage.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/bench_lib.sh

bench_build bench_storage
"$build/bench/storage/bench_storage" "$@"
