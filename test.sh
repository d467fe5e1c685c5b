#!/usr/bin/env bash
# Installs what is missing, builds a separate tree with -Werror, AddressSanitizer and UBSan, and
# runs every test (GUI tests on the offscreen platform). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"

./run.sh --deps-only

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Debug -DYS_WERROR=ON -DYS_SANITIZE=ON \
    -DYS_BUILD_TESTS=ON
cmake --build build-test -j "$jobs"

export QT_QPA_PLATFORM=offscreen
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Timing tests compare measured latencies with the simulator's profiles: run them one at a time
# so they do not compete for the two cores.
ctest --test-dir build-test --output-on-failure --timeout 900 -j 1
