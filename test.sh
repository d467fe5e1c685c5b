#!/usr/bin/env bash
# Installs what is missing, builds a separate tree with -Werror, AddressSanitizer and UBSan, and
# runs each libFuzzer target for a bounded time, then every test (GUI tests on the offscreen
# platform). Exits non-zero on any failure. At the end, whatever happened, it prints a table of
# its phases with the seconds each took, and the ten slowest tests.
#   ./test.sh                 everything (what CI runs)
#   ./test.sh --only REGEX    builds only what the tests matching REGEX need and runs them
set -euo pipefail
cd "$(dirname "$0")"

only=""
case "${1:-}" in
"") ;;
--only)
    only="${2:?usage: $0 [--only REGEX]}"
    ;;
*)
    echo "usage: $0 [--only REGEX]" >&2
    exit 2
    ;;
esac

# Phase timing: phase NAME starts a phase (ending the one before); the table is printed on exit.
phase_names=()
phase_seconds=()
phase_name=""
phase_start=0
run_start=$(date +%s%N)
ctest_log=""
phase() {
    local now
    now=$(date +%s%N)
    if [ -n "$phase_name" ]; then
        phase_names+=("$phase_name")
        phase_seconds+=("$(seconds_since "$phase_start" "$now")")
    fi
    phase_name="$1"
    phase_start=$now
    [ -n "$phase_name" ] && echo "== test.sh: $phase_name"
    return 0
}
seconds_since() { # START_NS [NOW_NS]
    local ms=$(((${2:-$(date +%s%N)} - $1) / 1000000))
    printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100))
}
report() {
    local code=${1:-$?}
    phase ""
    echo
    echo "== test.sh phases (exit $code)"
    printf '%-18s %9s\n' phase seconds
    local i
    for i in "${!phase_names[@]}"; do
        printf '%-18s %9.1f\n' "${phase_names[$i]}" "${phase_seconds[$i]}"
    done
    printf '%-18s %9.1f\n' total "$(seconds_since "$run_start")"
    if [ -n "$ctest_log" ] && [ -f "$ctest_log" ]; then
        echo
        echo "== the ten slowest tests"
        # ctest's lines: "  3/88 Test  #12: tst_name .......   Passed   12.34 sec"
        sed -n 's/^ *[0-9]*\/[0-9]* Test *#[0-9]*: \([^ ]*\) .* \([0-9.]*\) sec$/\2 \1/p' \
            "$ctest_log" | sort -rn | head -10 | awk '{ printf "%9.1f s  %s\n", $1, $2 }'
    fi
}
trap report EXIT

phase "packages"
# clang and its runtime build the fuzz targets; openssl makes the simulator's TLS certificate;
# nghttp2-server is the HTTP/2 server tst_http2 talks to; universal-ctags finds the functions
# tools/check_sizes.sh measures; poppler-utils (pdftotext, pdfinfo) and python3-openpyxl read back
# the PDF and XLSX exports; postgresql-15 is the team store's server the tests start and stop
# themselves; python3-prometheus-client parses the metrics endpoints; curl reads them; tinyproxy
# is the forward proxy tst_network_options starts and stops itself (the package's own service,
# where one starts, is left as it is: the test listens on a free port of its own); iproute2 makes
# the network namespace tst_netem runs the simulator in; ccache and mold make builds fast (a
# compiler cache that a clone in another folder hits too, and a fast linker), and ninja-build
# schedules the compiles of all targets as one graph; json-schema-test-suite is the official
# JSON Schema test suite tst_json_schema holds the contracts' schema checks to.
./run.sh --deps-only clang libclang-rt-14-dev openssl nghttp2-server universal-ctags \
    poppler-utils python3-openpyxl postgresql-15 python3-prometheus-client curl tinyproxy \
    iproute2 ccache mold ninja-build json-schema-test-suite

phase "peers"
# Node.js and the official SDKs that talk to the simulator as peer clients.
tests/peers/install.sh build-test/peers

jobs=$(nproc 2>/dev/null || echo 2)
# A new tree is made with Ninja; one made before with another generator keeps it.
generator() { [ -f "$1/CMakeCache.txt" ] || echo "-GNinja"; }
# The compiler cache: large enough for the test and fuzz trees of a few commits.
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"

phase "sanitized build"
# Line tables only (-g1): the sanitizers' reports still name file and line, and the objects, the
# cache and the links are smaller. -O0 as before: -O1 compiled the library sources half as slow
# again and ran the tests only about 15% faster in sum (docs/testing.md).
cmake -S . -B build-test $(generator build-test) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O0 -g1" \
    -DYS_WERROR=ON -DYS_SANITIZE=ON -DYS_BUILD_TESTS=ON -DYS_BUILD_BENCH=OFF -DYS_SHARED_LIBS=ON >/dev/null
if [ -n "$only" ]; then
    # The test executables (and what they depend on) of the tests REGEX matches and of the tests
    # that set up the fixtures they require (ctest runs those too), nothing else; exit 2 when
    # REGEX matches no test.
    targets=$(ctest --test-dir build-test -N --show-only=json-v1 |
        python3 -c 'import json, os, re, sys
tests = json.load(sys.stdin)["tests"]
def prop(t, name):
    v = next((p["value"] for p in t.get("properties", []) if p["name"] == name), [])
    return v if isinstance(v, list) else [v]
chosen = [t for t in tests if re.search(sys.argv[1], t["name"])]
if not chosen:
    sys.exit("test.sh: no test matches \"%s\" (ctest --test-dir build-test -N lists them)" % sys.argv[1])
needed = {f for t in chosen for f in prop(t, "FIXTURES_REQUIRED")}
chosen += [t for t in tests if needed & set(prop(t, "FIXTURES_SETUP"))]
# A test runs the program of its test group (ys_core_tests_3 tst_x), directly or through a script; a
# test not built yet is found the same way, its command line naming the program in full.
def target(t):
    programs = [os.path.basename(c) for c in t.get("command") or []]
    return next((p for p in programs if re.fullmatch(r"ys_[a-z]+_tests_[0-9]+", p)), None)
names = {target(t) for t in chosen}
print(" ".join(sorted(n for n in names if n)))' "$only") || exit 2
    [ -n "$targets" ] && cmake --build build-test -j "$jobs" --target $targets
else
    cmake --build build-test -j "$jobs"

    phase "fuzz build"
    # Fuzzing: every target over its committed corpus. The fuzz tree holds only the fuzz targets
    # and the core sources they reach.
    CC=clang CXX=clang++ cmake -S . -B build-fuzz $(generator build-fuzz) -DYS_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        >/dev/null
    cmake --build build-fuzz -j "$jobs" --target fuzzers

    phase "fuzzers"
    tests/fuzz/run_fuzzers.sh build-fuzz 15 "$jobs"
fi

phase "ctest"
export QT_QPA_PLATFORM=offscreen
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# A PostgreSQL server of the tests' own, on a free port of loopback, stopped however they end.
pgdir=$(mktemp -d /tmp/ys-test-pg.XXXXXX)
trap 'code=$?; tools/pg_test_server.sh stop "$pgdir"; report $code' EXIT
set -a
eval "$(tools/pg_test_server.sh start "$pgdir")"
set +a
# Two at a time. The tests that compare measured latencies with the simulator's profiles take
# the "timing" resource lock (tests/CMakeLists.txt), so no two of them overlap.
ctest_log=build-test/ctest-output.log
select=()
[ -n "$only" ] && select=(-R "$only")
ctest --test-dir build-test --output-on-failure --timeout 900 -j "$jobs" "${select[@]}" 2>&1 |
    tee "$ctest_log"
exit "${PIPESTATUS[0]}"
