#pragma once

#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <optional>

namespace ys {

// The requirements the business set, e.g. P95 ≤ 380 ms, ≤ $0.0015 per 1K tokens, ≥ 128K context.
struct Requirements {
    double maxP95LatencyMs = 380.0; // end-to-end P95, from the intended start in open loop
    double maxUsdPer1k = 0.0015;    // blended 3:1
    qint64 minContextTokens = 128000;
};

enum class GateResult { Pass, Fail, Unknown };

struct GateVerdict {
    GateResult latency = GateResult::Unknown;
    GateResult cost = GateResult::Unknown;
    GateResult context = GateResult::Unknown;
    // Pass only when every gate passes; Fail when any fails; otherwise Unknown.
    GateResult overall() const;
};

class Gates {
    Q_DECLARE_TR_FUNCTIONS(ys::Gates)
public:
    static GateVerdict evaluate(const ProviderSummary &summary, const Requirements &req);
    // The end-to-end latency the latency gate reads. In an open-loop run it is the latency from
    // the intended start (end + queue delay): a request that waited behind the schedule kept its
    // user waiting too. Otherwise the end-to-end latency from the actual start.
    static const Distribution &gatedLatency(const ProviderSummary &summary);
    // Whether gatedLatency() is the latency from the intended start (an open-loop run).
    static bool latencyFromIntendedStart(const ProviderSummary &summary);
    static QString describe(GateResult result);
};

} // namespace ys
