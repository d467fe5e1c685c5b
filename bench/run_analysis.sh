#!/usr/bin/env bash
# Builds Release and times the analysis at scale: the summary, gates and Pareto front of a
# session with a million attempts (cold and repeated, target under 1 s) and the Pareto front of a
# million points (target under 200 ms), printing each median and its ratio to the target. The
# database is generated on the first run (a few minutes) and kept in the build directory; it is
# written again when the schema or the generator changes. Extra arguments go to bench_analysis
# (--repeat N, --only session|pareto, --regenerate, --attempts N, --providers N, --points N).
#   bench/run_analysis.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/bench_lib.sh

bench_build bench_analysis
exec "$build/bench/analysis/bench_analysis" "$@"
