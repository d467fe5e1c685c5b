#pragma once

#include "analysis/run_summary.h"

#include <QByteArray>

namespace ys {

// The `yardstick-cli show --json` document (docs/show-json.md). A figure that
// could not be measured is null, never 0.
QByteArray sessionSummaryJson(const SessionSummary &summary);

} // namespace ys
