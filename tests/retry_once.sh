#!/usr/bin/env bash
# Runs a test that holds timings tightly (network phases to a millisecond or two, throughput and
# TTFT ratios over a few seconds) and, only when it fails, once more. The machine is shared: a
# stall of the host or a neighbour's burst of CPU shows as one bad window, while a real error
# misses its bound in both runs. Both outputs stay in the log.
#   tests/retry_once.sh TEST_EXECUTABLE [ARGS...]
"$@" && exit 0
echo "== $(basename "$1") failed; running it once more (docs/testing.md)"
exec "$@"
