#pragma once

#include <chrono>
#include <cstdint>

namespace ys {

// One monotonic clock for every timestamp the client and the simulator record, so that the two
// can be compared when both run in one process.
inline std::int64_t monotonicNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace ys
