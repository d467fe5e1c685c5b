#pragma once

#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <QStringList>

namespace ys {

// The words for token reconciliation and drift across sessions that the command line's text and
// the workbench's views share: a line for each flagged provider and each drift event.
class InsightText {
    Q_DECLARE_TR_FUNCTIONS(ys::InsightText)
public:
    // "input tokens reported: ..." for each provider whose exact-encoding counts disagree, then
    // one line per drift event; empty when there is nothing to say.
    static QStringList lines(const SessionSummary &summary);

    static QString figureLabel(DriftFigure figure); // "TTFT", "E2E", ...
    static QString value(DriftFigure figure, std::optional<double> v);
    static QString before(const DriftEvent &e); // a value, or the value set for identities
    static QString after(const DriftEvent &e);
    // "+12.3 ms [+10.1, +14.6]" for numeric figures; empty for identities.
    static QString difference(const DriftEvent &e);
    static QString line(const DriftEvent &e);
    static QString line(const TokenReconciliation &r);
};

} // namespace ys
