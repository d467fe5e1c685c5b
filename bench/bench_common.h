#pragma once

// What several benchmarks share: the wall clock, this process's CPU time, the median of repeats
// and a descriptor limit as high as allowed. Header-only; each benchmark is one executable.

#include "analysis/percentile.h"
#include "util/monotonic_clock.h"

#include <ctime>
#include <sys/resource.h>
#include <utility>
#include <vector>

namespace ys::bench {

// Seconds on the monotonic clock.
inline double nowS()
{
    return double(monotonicNs()) / 1e9;
}

// This process's CPU time on every core, in seconds: on a machine shared with other work the
// wall time says as much about the others as about the benchmark.
inline double cpuS()
{
    timespec ts = {};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// q in [0, 1]; the project's type-7 percentile, 0 for no values.
inline double quantile(std::vector<double> values, double q)
{
    return ys::percentile(std::move(values), q * 100.0).value_or(0.0);
}

// The middle value, or the mean of the two middle ones; 0 for no values.
inline double median(std::vector<double> values)
{
    return quantile(std::move(values), 0.5);
}

// Raises this process's limit of open descriptors to the hard limit (sockets on both ends of
// many loopback connections) and returns the limit it has now.
inline rlim_t raiseFileLimit()
{
    rlimit files = {};
    ::getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);
    return files.rlim_cur;
}

} // namespace ys::bench
