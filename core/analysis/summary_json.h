#pragma once

#include "analysis/run_summary.h"
#include "analysis/scores.h"

#include <QByteArray>

namespace ys {

// The `yardstick-cli show --json` document (docs/show-json.md). A figure that
// could not be measured is null, never 0. The score uses these weights.
QByteArray
sessionSummaryJson(const SessionSummary &summary,
                   const std::vector<ScoreCriterion> &scoreCriteria = Scores::defaultCriteria());

} // namespace ys
