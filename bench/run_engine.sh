#!/usr/bin/env bash
# Builds Release and measures the measurement engine against yardstick-sim running in a separate
# process: (accuracy) client TTFT and end-of-stream times against the simulator's ground truth at
# 256 concurrent streams while the UI thread is kept busy, with the streams in flight at once;
# (cost) the client's CPU time per SSE event and the events/s it sustains. With --tls, accuracy
# runs over https:// and cost over http:// and https:// in the same runs, with the ratio of the
# two. Extra arguments go to bench_engine (--only accuracy|cost, --tls, --repeat N, --streams N,
# --busy-ms MS, --busy-period-ms MS, --cost-streams N, --cost-tokens-per-s R, --cost-tokens N;
# --help lists them all).
#   bench/run_engine.sh
#   bench/run_engine.sh --tls
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/bench_lib.sh

bench_build yardstick-sim bench_engine

# A few hundred sockets on each side of the loopback.
bench_raise_fd_limit
exec "$build/bench/engine/bench_engine" "$@"
