#!/usr/bin/env bash
# Runs every libFuzzer target built in BUILD_DIR (tests/fuzz/fuzz_*) for SECONDS_PER_TARGET over
# a temporary copy of its committed seed corpus (tests/fuzz/corpus/<name>/, so the repository is
# never modified). Fails when a target crashes, leaks or times out; the input that did it is
# kept in BUILD_DIR/fuzz-artifacts/. JOBS targets run at once (default 1), each for the whole
# SECONDS_PER_TARGET on one core; their output is printed target by target.
#   tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS_PER_TARGET [JOBS]
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 BUILD_DIR SECONDS_PER_TARGET [JOBS]" >&2
    exit 2
fi
build="$(cd "$1" && pwd)"
seconds="$2"
jobs="${3:-1}"
here="$(cd "$(dirname "$0")" && pwd)"
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"

shopt -s nullglob
targets=("$build"/tests/fuzz/fuzz_*)
if [ ${#targets[@]} -eq 0 ]; then
    echo "no fuzz targets in $build/tests/fuzz (configure with CC=clang CXX=clang++ -DYS_FUZZ=ON)" >&2
    exit 2
fi

# fuzz_one TARGET N: one target over a temporary copy of its seeds; its output goes to N.log
# and its exit status to N.code in $logs.
fuzz_one() {
    local target="$1" n="$2" name work seeds code=0
    name="$(basename "$target")"
    work="$(mktemp -d)"
    seeds="$here/corpus/${name#fuzz_}"
    [ -d "$seeds" ] && cp -R "$seeds/." "$work/"
    echo "== $name: ${seconds}s over $(find "$work" -type f | wc -l) seeds" >"$logs/$n.log"
    "$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$artifacts/$name-" "$work" >>"$logs/$n.log" 2>&1 || code=$?
    rm -rf "$work"
    echo "$code" >"$logs/$n.code"
}

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
names=()
for target in "${targets[@]}"; do
    [ -x "$target" ] && [ -f "$target" ] || continue
    # At most JOBS at once.
    while [ "$(jobs -pr | wc -l)" -ge "$jobs" ]; do
        wait -n || true
    done
    names+=("$(basename "$target")")
    fuzz_one "$target" "${#names[@]}" &
done
wait

failed=()
for i in "${!names[@]}"; do
    cat "$logs/$((i + 1)).log"
    [ "$(cat "$logs/$((i + 1)).code" 2>/dev/null)" = 0 ] || failed+=("${names[$i]}")
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "fuzz targets failed: ${failed[*]} (inputs in $artifacts)" >&2
    exit 1
fi
echo "all fuzz targets ran ${seconds}s without a crash"
