#pragma once

#include "analysis/drift.h"

#include <optional>
#include <vector>

namespace ys {

// One provider across sessions, for the drift chart: per session its TTFT and E2E P95 and what
// it cost per 1K billed tokens, and whether the model identity (the configured model, the models
// or the fingerprints the provider reported) changed since the session before.

struct DriftSeriesPoint {
    qint64 sessionId = 0;
    QDateTime startedAt;
    QString model; // configured
    std::optional<double> ttftP95Ms;
    std::optional<double> e2eP95Ms;
    std::optional<double> usdPer1k; // spent / billed tokens × 1000
    int attempts = 0;               // successful attempts measured
    QStringList modelsReported;
    QStringList fingerprints;
    bool modelChanged = false;       // configured or reported model differs from the point before
    bool fingerprintChanged = false; // reported fingerprints differ (both sides reported some)
};

// The points in time order (started, then session id).
std::vector<DriftSeriesPoint> driftSeries(std::vector<DriftPoint> points);

} // namespace ys
