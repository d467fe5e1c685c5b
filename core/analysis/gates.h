#pragma once

#include "analysis/gate_verdict.h"
#include "analysis/run_summary.h"
#include "domain/requirements.h"

#include <QCoreApplication>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

class Gates {
    Q_DECLARE_TR_FUNCTIONS(ys::Gates)
public:
    static GateVerdict evaluate(const ProviderSummary &summary, const Requirements &req);
    // Judges every provider of the summary against its requirements (summary.verdicts).
    static void judge(SessionSummary &summary);
    // The verdict of summary.providers[provider]: the one judge() kept; a summary put together
    // without judging is judged here.
    static GateVerdict verdict(const SessionSummary &summary, std::size_t provider);
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
