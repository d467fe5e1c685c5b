#pragma once

#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <QString>

namespace ys {

// The words and numbers that the table, its tooltips and the command line's text output show for
// the same figure, written in one place so that two outputs of one session never disagree.
class FigureText {
    Q_DECLARE_TR_FUNCTIONS(ys::FigureText)
public:
    // A context window: exactly below 1,000 tokens ("512"), in thousands above ("128K").
    static QString contextWindow(qint64 tokens);
    // "8/8": successful attempts (ok or cut by the output limit) out of all attempts.
    static QString successes(const ProviderSummary &summary);
    // Each outcome class that occurred with its count, commonest first ("context exceeded 8").
    static QString outcomeBreakdown(const ProviderSummary &summary);
};

} // namespace ys
