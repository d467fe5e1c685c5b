#pragma once

#include <QString>
#include <vector>

namespace ys {

// One stored sample of a server's own metrics (the server_metrics table) with the provider
// whose run scraped it; atNs is from that run's start.
struct ServerMetricPoint {
    QString provider;
    qint64 runId = 0;
    qint64 atNs = 0;
    QString name;
    QString labels; // a="x",b="y"; empty: none
    double value = 0;
};

// One series (provider, metric name, label set) over the session: how many scrapes stored it
// and its spread. Infinite values count in points, min and max; the median is the middle
// value (the mean of the two middle ones).
struct ServerMetricSummary {
    QString provider;
    QString name;
    QString labels;
    int points = 0;
    double min = 0;
    double median = 0;
    double max = 0;
    double last = 0;
};

// Points in any order; series sorted by provider, name and labels.
std::vector<ServerMetricSummary> summarizeServerMetrics(std::vector<ServerMetricPoint> points);

} // namespace ys
