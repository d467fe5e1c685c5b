#pragma once

#include "analysis/scenario_results.h"

#include <QCoreApplication>
#include <QStringList>

namespace ys {

// The readable block of each scenario kind's answer, for the command line's text output: one
// headline per kind that answers the analyst's question, and a line per point or level.
class KindResultsText {
    Q_DECLARE_TR_FUNCTIONS(ys::KindResultsText)
public:
    static QStringList lines(const ScenarioResults &results);
    // A cost curve's form as people read it: "linear", "tiered linear", "power law with log
    // term".
    static QString curveForm(CurveForm form);
    // A stability result's stalls ("3 ≥ 500 ms", a threshold each) and finish reasons
    // ("stop 40", a reason each), for the line above and the Stability table.
    static QStringList stallParts(const StabilityResult &r);
    static QStringList finishParts(const StabilityResult &r);
};

} // namespace ys
