#include "analysis/drift_series.h"

#include "analysis/percentile.h"

#include <algorithm>
#include <tuple>

namespace ys {

std::vector<DriftSeriesPoint> driftSeries(std::vector<DriftPoint> points)
{
    std::sort(points.begin(), points.end(), [](const DriftPoint &a, const DriftPoint &b) {
        return std::tie(a.startedAt, a.sessionId) < std::tie(b.startedAt, b.sessionId);
    });
    std::vector<DriftSeriesPoint> out;
    out.reserve(points.size());
    for (const DriftPoint &p : points) {
        DriftSeriesPoint s;
        s.sessionId = p.sessionId;
        s.startedAt = p.startedAt;
        s.model = p.model;
        s.ttftP95Ms = percentile(p.ttftMs, 95);
        s.e2eP95Ms = percentile(p.e2eMs, 95);
        if (p.billedTokens > 0)
            s.usdPer1k = p.spentUsd / double(p.billedTokens) * 1000.0;
        s.attempts = int(p.e2eMs.size());
        s.modelsReported = p.modelsReported;
        s.fingerprints = p.fingerprints;
        if (!out.empty()) {
            const DriftSeriesPoint &prev = out.back();
            const bool reportedChanged = !prev.modelsReported.isEmpty() &&
                                         !s.modelsReported.isEmpty() &&
                                         prev.modelsReported != s.modelsReported;
            s.modelChanged = prev.model != s.model || reportedChanged;
            s.fingerprintChanged = !prev.fingerprints.isEmpty() && !s.fingerprints.isEmpty() &&
                                   prev.fingerprints != s.fingerprints;
        }
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace ys
