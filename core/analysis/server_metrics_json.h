#pragma once

#include "analysis/run_summary.h"

#include <nlohmann/json.hpp>

namespace ys {

// show --json's "server_metrics" member (docs/show-json.md): per provider, each stored series
// of its server's own metrics with points, min, median, max and last.
void addServerMetricsJson(nlohmann::json &doc, const SessionSummary &summary);

} // namespace ys
