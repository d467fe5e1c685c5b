#!/usr/bin/env bash
# Runs every libFuzzer target built in BUILD_DIR (tests/fuzz/fuzz_*) for SECONDS_PER_TARGET over
# a temporary copy of its committed seed corpus (tests/fuzz/corpus/<name>/, so the repository is
# never modified). Fails when a target crashes, leaks or times out; the input that did it is
# kept in BUILD_DIR/fuzz-artifacts/.
#   tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS_PER_TARGET
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 BUILD_DIR SECONDS_PER_TARGET" >&2
    exit 2
fi
build="$(cd "$1" && pwd)"
seconds="$2"
here="$(cd "$(dirname "$0")" && pwd)"
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"

shopt -s nullglob
targets=("$build"/tests/fuzz/fuzz_*)
if [ ${#targets[@]} -eq 0 ]; then
    echo "no fuzz targets in $build/tests/fuzz (configure with CC=clang CXX=clang++ -DYS_FUZZ=ON)" >&2
    exit 2
fi

failed=()
for target in "${targets[@]}"; do
    [ -x "$target" ] && [ -f "$target" ] || continue
    name="$(basename "$target")"
    work="$(mktemp -d)"
    seeds="$here/corpus/${name#fuzz_}"
    [ -d "$seeds" ] && cp -R "$seeds/." "$work/"
    echo "== $name: ${seconds}s over $(find "$work" -type f | wc -l) seeds"
    if ! "$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
            -artifact_prefix="$artifacts/$name-" "$work"; then
        failed+=("$name")
    fi
    rm -rf "$work"
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "fuzz targets failed: ${failed[*]} (inputs in $artifacts)" >&2
    exit 1
fi
echo "all fuzz targets ran ${seconds}s without a crash"
