#pragma once

#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// A gate's verdict. Inconclusive: the figure's 95% interval straddles the threshold, so more
// attempts are needed to tell. NoData: nothing was measured (or declared) to check.
enum class GateResult { Pass, Fail, Inconclusive, NoData };

enum class GateKind { Latency, Ttft, Cost, Context, Contract };

// One requirement checked against one provider's figure.
struct Gate {
    GateKind kind = GateKind::Latency;
    GateResult result = GateResult::NoData;
    std::optional<double> value;
    std::optional<std::pair<double, double>> interval; // 95%; none: the value alone decides
    double threshold = 0;
    bool atMost = true; // value ≤ threshold passes; else value ≥ threshold (context)
    // Where the value comes from: latency "intended_start" (open loop) or "start"; TTFT "start";
    // cost "measured" or "list"; context "verified" (a context_limit result) or "declared";
    // contract "answers" (the share of answers that passed every check).
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
    GateResult contract = GateResult::NoData;

    int passed() const;
    const Gate *gate(GateKind kind) const;
    // N of M: Pass when at least minPassed gates pass; Fail when too few could pass even if
    // every inconclusive and unmeasured gate passed; otherwise Inconclusive (some gate's
    // interval straddles its threshold) or NoData (only unmeasured gates are left to decide).
    GateResult overall() const;
};

} // namespace ys
