#!/usr/bin/env bash
# Builds Release and measures the provider simulator on ONE thread: the scheduling error (actual
# write - planned) of every event at 256 concurrent streams, and whether it holds 2,000 concurrent
# streaming connections, with events/s and its own CPU time. Extra arguments go to bench_sim
# (--streams N, --seconds S, --connections N, --scale-tokens-per-s R, --repeat N, --only NAME).
#   bench/run_sim.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/bench_lib.sh

bench_build bench_sim

# Both ends of every connection live in the benchmark's process: 2,000 connections need 4,000+
# descriptors.
bench_raise_fd_limit
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt 4200 ]; then
    echo "warning: only $(ulimit -n) file descriptors; the scale scenario needs about 4,100" >&2
fi
# Other work on the machine preempts the simulator's thread and shows up as scheduling error that
# is not the simulator's: the simulator's thread runs at a real-time priority where allowed (it
# says so), and bench_sim prints how often it was preempted all the same.
exec "$build/bench/sim/bench_sim" --realtime "$@"
