#include "analysis/server_metrics_json.h"

#include <cmath>

namespace ys {

namespace {

// JSON has no infinities or NaN: such a figure is a string as the exposition format writes it.
nlohmann::json number(double v)
{
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "+Inf" : "-Inf";
    return v;
}

} // namespace

void addServerMetricsJson(nlohmann::json &doc, const SessionSummary &summary)
{
    nlohmann::json byProvider = nlohmann::json::object();
    for (const ServerMetricSummary &s : summary.serverMetrics) {
        nlohmann::json &list = byProvider[s.provider.toStdString()];
        if (list.is_null())
            list = nlohmann::json::array();
        list.push_back({{"name", s.name.toStdString()},
                        {"labels", s.labels.toStdString()},
                        {"points", s.points},
                        {"min", number(s.min)},
                        {"median", number(s.median)},
                        {"max", number(s.max)},
                        {"last", number(s.last)}});
    }
    doc["server_metrics"] = byProvider;

    nlohmann::json gauges = nlohmann::json::object();
    for (const ServerGaugeSummary &g : summary.serverGauges) {
        gauges[g.provider.toStdString()][serverGaugeKey(g.gauge)] = {
            {"metric", g.metric.toStdString()}, {"scrapes", g.scrapes}, {"min", number(g.min)},
            {"median", number(g.median)},       {"max", number(g.max)}, {"last", number(g.last)}};
    }
    doc["server_gauges"] = gauges;
}

} // namespace ys
