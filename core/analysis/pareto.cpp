#include "analysis/pareto.h"

#include <algorithm>

namespace ys {

std::vector<int> paretoFront(const std::vector<ParetoPoint> &points)
{
    std::vector<int> front;
    for (int i = 0; i < int(points.size()); ++i) {
        const ParetoPoint &p = points[std::size_t(i)];
        const bool dominated = std::any_of(points.begin(), points.end(), [&](const ParetoPoint &q) {
            return q.cost <= p.cost && q.latency <= p.latency &&
                   (q.cost < p.cost || q.latency < p.latency);
        });
        if (!dominated)
            front.push_back(i);
    }
    std::sort(front.begin(), front.end(), [&](int a, int b) {
        const auto &pa = points[std::size_t(a)];
        const auto &pb = points[std::size_t(b)];
        return pa.cost < pb.cost || (pa.cost == pb.cost && pa.latency < pb.latency);
    });
    return front;
}

} // namespace ys
