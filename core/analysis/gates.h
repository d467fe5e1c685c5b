#pragma once

#include "analysis/run_summary.h"
#include "domain/requirements.h"

#include <QCoreApplication>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// A gate's verdict. Inconclusive: the figure's 95% interval straddles the threshold, so more
// attempts are needed to tell. NoData: nothing was measured (or declared) to check.
enum class GateResult { Pass, Fail, Inconclusive, NoData };

enum class GateKind { Latency, Ttft, Cost, Context };

// One requirement checked against one provider's figure.
struct Gate {
    GateKind kind = GateKind::Latency;
    GateResult result = GateResult::NoData;
    std::optional<double> value;
    std::optional<std::pair<double, double>> interval; // 95%; none: the value alone decides
    double threshold = 0;
    bool atMost = true; // value ≤ threshold passes; else value ≥ threshold (context)
    // Where the value comes from: latency "intended_start" (open loop) or "start"; TTFT "start";
    // cost "measured" or "list"; context "verified" (a context_limit result) or "declared".
    QString source;
};

struct GateVerdict {
    std::vector<Gate> gates; // the gates the requirements set, in GateKind order
    int minPassed = 0;       // N of the gates (M = gates.size()) that must pass
    // Each gate's result; NoData also when the requirements do not set that gate.
    GateResult latency = GateResult::NoData;
    GateResult ttft = GateResult::NoData;
    GateResult cost = GateResult::NoData;
    GateResult context = GateResult::NoData;

    int passed() const;
    const Gate *gate(GateKind kind) const;
    // N of M: Pass when at least minPassed gates pass; Fail when too few could pass even if
    // every inconclusive and unmeasured gate passed; otherwise Inconclusive (some gate's
    // interval straddles its threshold) or NoData (only unmeasured gates are left to decide).
    GateResult overall() const;
};

class Gates {
    Q_DECLARE_TR_FUNCTIONS(ys::Gates)
public:
    static GateVerdict evaluate(const ProviderSummary &summary, const Requirements &req);
    // One value against one threshold: with an interval, Pass when it lies wholly on the
    // passing side, Fail when wholly on the other, Inconclusive when it straddles.
    static GateResult decide(std::optional<double> value,
                             std::optional<std::pair<double, double>> interval, double threshold,
                             bool atMost);
    // The end-to-end latency the latency gate reads. In an open-loop run it is the latency from
    // the intended start (end + queue delay): a request that waited behind the schedule kept its
    // user waiting too. Otherwise the end-to-end latency from the actual start.
    static const Distribution &gatedLatency(const ProviderSummary &summary);
    // Whether gatedLatency() is the latency from the intended start (an open-loop run).
    static bool latencyFromIntendedStart(const ProviderSummary &summary);
    static QString describe(GateResult result);
    // "pass", "fail", "inconclusive", "no_data": the JSON and log names.
    static QString name(GateResult result);
    static QString name(GateKind kind);
    // "E2E P95 ≤ 380 ms" and the like: the requirement a gate checks, for people, with the
    // source of its figure where that matters (open loop, verified or declared context).
    static QString describe(const Gate &gate);
    // The requirements' gates in the same words, before any figure is known.
    static QStringList describe(const Requirements &req);
};

} // namespace ys
