#!/usr/bin/env bash
# Builds Release and times exporting every attempt of a session of a million attempts (the one
# bench_analysis generates, made on the first run in a few minutes and kept in the build
# directory): rows/s to CSV (target 200,000 rows/s), XLSX and JSON, each the median of N repeats
# in a process of its own, with that process's peak resident memory against the size of the
# data. Extra arguments go to every bench_export run (--repeat N, --db FILE, --out-dir DIR).
#   bench/run_export.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/bench_lib.sh

bench_build bench_export
# XLSX is the slow one (every cell goes through libxlsxwriter's XML and zip): fewer repeats.
"$build/bench/export/bench_export" --format csv --repeat 5 "$@"
"$build/bench/export/bench_export" --format json --repeat 3 "$@"
"$build/bench/export/bench_export" --format xlsx --repeat 1 "$@"
