# shellcheck shell=bash
# The frame every bench/run_*.sh shares; sourced, it runs nothing by itself.

# bench_build [--no-deps] TARGET...: from the source root, installs what is missing (unless
# --no-deps), configures the Release tree $BUILD_DIR (default build-bench) with the benchmarks on
# and the tests off, builds TARGET... in it, and leaves its path in $build.
bench_build() {
    if [ "${1:-}" = --no-deps ]; then
        shift
    else
        ./run.sh --deps-only
    fi
    build="${BUILD_DIR:-build-bench}"
    bench_cmake . "$build" "$@"
}

# bench_cmake SRC BUILD TARGET...: configures BUILD from SRC (Release, benchmarks on, tests off)
# and builds TARGET... there with a job a processor.
bench_cmake() {
    local src="$1" dir="$2" jobs
    shift 2
    jobs=$(nproc 2>/dev/null || echo 2)
    cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DYS_BUILD_TESTS=OFF -DYS_BUILD_BENCH=ON \
        >/dev/null
    cmake --build "$dir" -j "$jobs" --target "$@"
}

# bench_raise_fd_limit: as many descriptors as the hard limit allows (a few hundred sockets or
# more on each side of the loopback).
bench_raise_fd_limit() {
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
}
