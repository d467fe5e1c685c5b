#pragma once

#include "analysis/scenario_results.h"

#include <QCoreApplication>
#include <QStringList>

namespace ys {

// The readable block the command line's text output prints under a provider: a few lines per kind
// of scenario that ran, with the figures of its result ("—" for what was not measured).
class ResultsText {
    Q_DECLARE_TR_FUNCTIONS(ys::ResultsText)
public:
    static QStringList lines(const ScenarioResults &results);
    static QStringList latencyLines(const LatencyResult &latency);
};

QStringList resultsTextLines(const ScenarioResults &results);

} // namespace ys
