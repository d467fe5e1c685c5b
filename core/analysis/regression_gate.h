#pragma once

#include "analysis/run_summary.h"
#include "analysis/session_diff.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// The regression gate (`yardstick-cli gate --baseline`, docs/cli.md): each provider of a session
// against the same provider of a baseline session, on the rows of analysis/session_diff.h. A
// figure regressed when it got worse (a latency or the price up, the success rate down), the
// change is significant after Holm's correction over every test the gate makes, and its size is
// beyond the tolerance. Definitions in docs/measurements.md ("Regressions against a baseline").

struct RegressionGateOptions {
    // Latencies and the price: the largest relative rise let through, |after − before| / before;
    // the success rate: the largest drop in absolute terms (0.10 = 10 percentage points). 10%:
    // two sessions of an unchanged provider differ by a few percent with the load of the
    // measuring machine alone (docs/measurements.md, "Regressions against a baseline").
    double tolerance = 0.10;
    double alpha = 0.05; // the family-wise error rate over all the gate's tests
};

// The ranges the options must lie in: 0 ≤ tolerance < 1 (a fraction: 5 means 500%, never meant)
// and 0 < alpha ≤ 0.5.
bool regressionToleranceInRange(double tolerance);
bool regressionAlphaInRange(double alpha);

struct RegressionCheck {
    DiffRow row; // before, after, change, its interval and the row's own p-value
    // (after − before) / before; empty when before is 0 or either side is missing.
    std::optional<double> relativeChange;
    // The row's test, Holm-adjusted over every distinct test of the gate; empty without a test.
    std::optional<double> pValue;
    bool worse = false;           // moved the wrong way (and, for a timing, so did its shift)
    bool significant = false;     // pValue < alpha
    bool beyondTolerance = false; // its size exceeds the tolerance
    bool regression = false;      // all three
};

struct RegressionGate {
    RegressionGateOptions options;
    std::vector<RegressionCheck> checks; // per provider (the session's order), figures in order
    QStringList onlyInBaseline;          // providers not compared
    QStringList onlyInSession;
    int tests = 0; // distinct p-values corrected together (the m of Holm)

    bool regressed() const;
    std::vector<const RegressionCheck *> regressions() const;
};

// Whether a figure is worse when it rises (latencies, the price) or when it falls (the rate).
bool higherIsWorse(DiffFigure figure);

// The gate over the rows of a diff (before = baseline, after = the session checked).
RegressionGate judgeRegressions(const SessionDiff &diff, const RegressionGateOptions &options);

// The same for two sets of providers, matched as diffProviders() matches them.
RegressionGate judgeRegressions(const std::vector<ProviderSummary> &baseline,
                                const std::vector<ProviderSummary> &session,
                                const RegressionGateOptions &options);

} // namespace ys
