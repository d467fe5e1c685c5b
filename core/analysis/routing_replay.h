#pragma once

#include "analysis/routing_policy.h"
#include "analysis/run_summary.h"
#include "analysis/slo.h"
#include "domain/outcome.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// One stored attempt as the routing what-if reads it (storage/routing_attempts.h loads them).
struct RoutedAttempt {
    int requestIndex = 0;
    int attemptNumber = 0;
    Outcome outcome = Outcome::Ok;
    qint64 intendedOffsetNs = 0; // when it was meant to start, from its run's start
    qint64 queueDelayNs = 0;
    qint64 endNs = 0; // its end-to-end time
    std::optional<qint64> firstTokenNs;
    std::optional<qint64> retryDelayNs; // the wait before it, when it is a retry
    std::optional<double> costUsd;
    AttemptTiming timing{}; // its TTFT, TPOT, end to end and success (attemptTiming())
    QString servedBy;       // a fallback provider that served it in its run; empty: the run's own
};

// The measured attempts of one provider's run (warm-up left out), in the run's order.
struct RunAttempts {
    QString provider;
    qint64 runId = 0;
    bool openLoop = false;
    int concurrency = 1;
    int plannedRequests = 0; // without warm-up
    std::vector<RoutedAttempt> attempts;
};

// What a way of routing gave, per logical request (docs/measurements.md, "Routing policies and
// their what-if").
struct RoutingFigures {
    int requests = 0;
    int successes = 0;
    int attempts = 0;       // attempts sent, over every provider
    int fellBack = 0;       // requests that went on past the primary
    int breakerRefused = 0; // requests the primary's open breaker sent on unsent
    int breakerOpened = 0;  // times the primary's breaker opened
    std::optional<double> successRate;
    std::optional<double> p50Ms; // end to end of the successful requests
    std::optional<double> p95Ms;
    std::optional<double> costUsd; // every attempt used that has a cost; none when none had
    std::optional<double> costPerRequestUsd;
    SloAttainment slo;
    // Requests each provider of the chain answered, primary first.
    std::vector<std::pair<QString, int>> servedBy;
};

struct RoutingReplayResult {
    RoutingPolicy policy;
    SloObjectives objectives;
    RoutingFigures withPolicy;
    RoutingFigures primaryAlone; // the primary as measured: no budget, breaker or fallbacks
    QStringList notes; // where the session could not replay the policy exactly, for people
};

class RoutingReplay {
    Q_DECLARE_TR_FUNCTIONS(ys::RoutingReplay)
public:
    // The session's measured attempts replayed through the policy: runs holds the measured run
    // of each provider of its chain (others are ignored). Nullopt, with *error naming it, when a
    // provider of the chain has no run or no measured attempt.
    static std::optional<RoutingReplayResult> replay(const RoutingPolicy &policy,
                                                     const std::vector<RunAttempts> &runs,
                                                     const SloObjectives &objectives,
                                                     QString *error);
    // The same figures from a run that ran a policy itself: its attempts grouped by logical
    // request, a fallback's among them (served_by). chain names the providers in order.
    static RoutingFigures measured(const RunAttempts &run, const QStringList &chain,
                                   const SloObjectives &objectives);
};

} // namespace ys
