#pragma once

#include "analysis/scenario_results.h"

#include <QCoreApplication>
#include <QString>

namespace ys {

// What a verdict card stands on, as one or two short sentences with their figures, the way a
// report reads: "Takes 128,000 tokens whole, the window it claims (2 probes)." The same
// results as the card's verdict and key figure (models/verdict_text.h), never a figure of its own.
class VerdictSentence {
    Q_DECLARE_TR_FUNCTIONS(ys::VerdictSentence)
public:
    // A share (0 to 1) as the cards and sentences show it: "91.2%".
    static QString share(double share);
    static QString contextLimit(const ContextLimitResult &r);
    static QString cache(const CacheResult &r);
    static QString determinism(const DeterminismResult &r);
    static QString multiTurn(const MultiTurnResult &r);
    static QString rateLimit(const RateLimitResult &r);
    static QString resilience(const ResilienceResult &r);
    // A resilience strategy's name as the suite format writes it, in words.
    static QString strategy(const QString &name);
    // The kinds without a verdict, for the report beside their tables: where the concurrency
    // sweep saturates, and what the context sweep's curves say.
    static QString saturation(const ConcurrencySweepResult &r);
    static QString costCurve(const CostCurveFit &f);
    static QString ttftCurve(const CostCurveFit &f);
    static QString curveFailure(CurveFitFailure f);
};

} // namespace ys
