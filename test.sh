#!/usr/bin/env bash
# Installs what is missing, builds a separate tree with -Werror, AddressSanitizer and UBSan, and
# runs each libFuzzer target for a bounded time, then every test (GUI tests on the offscreen
# platform). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"

# clang and its runtime build the fuzz targets; openssl makes the simulator's TLS certificate;
# nghttp2-server is the HTTP/2 server tst_http2 talks to; universal-ctags finds the functions
# tools/check_sizes.sh measures; poppler-utils (pdftotext, pdfinfo) and python3-openpyxl read back
# the PDF and XLSX exports; postgresql-15 is the team store's server the tests start and stop
# themselves; python3-prometheus-client parses the metrics endpoints; curl reads them; tinyproxy
# is the forward proxy tst_network_options starts and stops itself (the package's own service,
# where one starts, is left as it is: the test listens on a free port of its own); iproute2 makes
# the network namespace tst_netem runs the simulator in.
./run.sh --deps-only clang libclang-rt-14-dev openssl nghttp2-server universal-ctags \
    poppler-utils python3-openpyxl postgresql-15 python3-prometheus-client curl tinyproxy \
    iproute2
# Node.js and the official SDKs that talk to the simulator as peer clients.
tests/peers/install.sh build-test/peers

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Debug -DYS_WERROR=ON -DYS_SANITIZE=ON \
    -DYS_BUILD_TESTS=ON -DYS_BUILD_BENCH=OFF
cmake --build build-test -j "$jobs"

# Fuzzing: every target over its committed corpus, about a minute in all.
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DYS_FUZZ=ON -DYS_BUILD_BENCH=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build-fuzz -j "$jobs" --target fuzzers
tests/fuzz/run_fuzzers.sh build-fuzz 15

export QT_QPA_PLATFORM=offscreen
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Timing tests compare measured latencies with the simulator's profiles: run them one at a time
# so they do not compete for the two cores.
# A PostgreSQL server of the tests' own, on a free port of loopback, stopped however they end.
pgdir=$(mktemp -d /tmp/ys-test-pg.XXXXXX)
trap 'tools/pg_test_server.sh stop "$pgdir"' EXIT
set -a
eval "$(tools/pg_test_server.sh start "$pgdir")"
set +a
ctest --test-dir build-test --output-on-failure --timeout 900 -j 1
