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
    // One latency scenario of several, on one line: "latency scenario 1 of 2 (300 prompt tokens,
    // closed loop at 4): TTFT p50 …, E2E p95 …, … tok/s, $… per 1K" and, for the headline, that
    // the provider's own figures are this one's.
    static QString latencyScenario(const LatencyScenarioSummary &scenario, int count);
    // Every latency scenario of the provider, a line each; empty with one.
    static QStringList latencyScenarios(const ProviderSummary &summary);
};

} // namespace ys
