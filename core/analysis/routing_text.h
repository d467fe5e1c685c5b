#pragma once

#include "analysis/routing_policy.h"
#include "analysis/routing_replay.h"
#include "domain/slo_objectives.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// One figure of a routing what-if, as `yardstick-cli route` prints it and the workbench's
// Recommendation page shows it: for the primary alone and with the policy.
struct RoutingFigureRow {
    QString key;   // for exports: "requests", "success_rate", ..., "served_by:<provider>"
    QString label; // for people: "Success rate"
    QString alone; // the figure as text; "—" where there is none
    QString withPolicy;
    std::optional<double> aloneValue; // the raw figure (a share for the rates)
    std::optional<double> withPolicyValue;
};

// A routing policy and its what-if in words, the same on every surface (command line, workbench).
class RoutingText {
    Q_DECLARE_TR_FUNCTIONS(ys::RoutingText)
public:
    // "Routing policy for rag-chat: primary A; fallbacks B, C".
    static QString headline(const RoutingPolicy &policy);
    // "Falls back on: Rate limited, Server error, …": the outcome classes in words.
    static QString fallsBackOn(const RoutingPolicy &policy);
    // "Latency budget: 2000 ms; retries: 1; breaker: 5 failures within 30 s open it for 10 s, 1
    // probe(s)".
    static QString limits(const RoutingPolicy &policy);
    // The three lines above, in order.
    static QStringList policyLines(const RoutingPolicy &policy);
    // "TTFT ≤ 800 ms, E2E ≤ 2000 ms", or that none is set.
    static QString objectives(const SloObjectives &objectives);
    // A share as a percentage with one decimal ("97.5%"), "—" without one.
    static QString percent(const std::optional<double> &share);
    // Milliseconds with one decimal, "—" without.
    static QString ms(const std::optional<double> &ms);
    // The what-if's figures in the order they are printed: requests, success rate, SLO
    // attainment, P50 and P95 E2E, cost, cost per request, attempts, went to a fallback, breaker
    // opened, then the requests each provider of the chain answered.
    static std::vector<RoutingFigureRow> rows(const RoutingReplayResult &result);
};

} // namespace ys
