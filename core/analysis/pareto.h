#pragma once

#include <vector>

namespace ys {

struct ParetoPoint {
    double cost = 0;    // lower is better
    double latency = 0; // lower is better
};

// Indices of the points no other point beats on both cost and latency (ties on both keep
// every tied point), ordered by ascending cost.
std::vector<int> paretoFront(const std::vector<ParetoPoint> &points);

} // namespace ys
