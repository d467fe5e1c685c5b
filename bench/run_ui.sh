#!/usr/bin/env bash
# Builds Release and times the workbench window on a session with a million attempts, on the
# offscreen platform: the first paint of the window with the session's table (goal under 1 s), the
# time until the table holds the session, and the longest UI-thread stall while the session loads
# and while every page, tab and provider is selected (goal under 50 ms), as medians of several
# windows. The database is bench_analysis's (generated on the first run, a few minutes, and kept
# in the build directory). Extra arguments go to bench_ui (--runs N, --steps, --db FILE, --attempts N,
# --providers N).
#   bench/run_ui.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/bench_lib.sh

bench_build bench_ui
QT_QPA_PLATFORM=offscreen exec "$build/bench/ui/bench_ui" "$@"
