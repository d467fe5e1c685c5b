#include "analysis/in_flight.h"

#include <algorithm>

namespace ys {

InFlight inFlight(const std::vector<std::pair<qint64, qint64>> &intervals, int target)
{
    InFlight r;
    if (intervals.empty())
        return r;
    std::vector<std::pair<qint64, int>> edges;
    std::vector<qint64> starts;
    edges.reserve(intervals.size() * 2);
    starts.reserve(intervals.size());
    for (const auto &[from, to] : intervals) {
        edges.emplace_back(from, 1);
        edges.emplace_back(to, -1);
        starts.push_back(from);
    }
    std::sort(edges.begin(), edges.end()); // ends (-1) before starts (+1) at one instant
    std::sort(starts.begin(), starts.end());
    const qint64 windowFrom =
        starts[std::min<std::size_t>(std::size_t(std::max(1, target)) - 1, starts.size() - 1)];
    const qint64 windowTo = starts.back();
    int current = 0;
    double area = 0;
    qint64 previous = edges.front().first;
    for (const auto &[at, delta] : edges) {
        const qint64 from = std::max(previous, windowFrom);
        const qint64 to = std::min(at, windowTo);
        if (to > from)
            area += double(current) * double(to - from);
        previous = at;
        current += delta;
        r.peak = std::max(r.peak, current);
    }
    r.meanWhileRefilling = windowTo > windowFrom ? area / double(windowTo - windowFrom) : 0;
    return r;
}

} // namespace ys
