#include "analysis/server_metrics_summary.h"

#include <algorithm>
#include <tuple>

namespace ys {

std::vector<ServerMetricSummary> summarizeServerMetrics(std::vector<ServerMetricPoint> points)
{
    const auto key = [](const ServerMetricPoint &p) {
        return std::tie(p.provider, p.name, p.labels);
    };
    std::stable_sort(
        points.begin(), points.end(), [&](const ServerMetricPoint &a, const ServerMetricPoint &b) {
            return key(a) < key(b) ||
                   (key(a) == key(b) && std::tie(a.runId, a.atNs) < std::tie(b.runId, b.atNs));
        });
    std::vector<ServerMetricSummary> out;
    std::size_t i = 0;
    while (i < points.size()) {
        std::size_t j = i;
        std::vector<double> values;
        while (j < points.size() && key(points[j]) == key(points[i]))
            values.push_back(points[j++].value);
        ServerMetricSummary s;
        s.provider = points[i].provider;
        s.name = points[i].name;
        s.labels = points[i].labels;
        s.points = int(values.size());
        s.last = values.back();
        std::sort(values.begin(), values.end());
        s.min = values.front();
        s.max = values.back();
        const std::size_t n = values.size();
        s.median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
        out.push_back(std::move(s));
        i = j;
    }
    return out;
}

} // namespace ys
