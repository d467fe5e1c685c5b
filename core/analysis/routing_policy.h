#pragma once

#include "analysis/run_summary.h"
#include "domain/provider_config.h"
#include "domain/suite.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

struct Recommendation;

// How a deployment should route one use case's requests (docs/measurements.md, "Routing
// policies and their what-if"): the primary provider, the fallbacks in order, and what sends a
// request on to the next. Every field lives in a suite field the runner honours, so a policy
// applied to a suite and read back from it is the same policy (applyTo, fromSuite); as JSON it
// is "yardstick-routing/1".
struct RoutingPolicy {
    Q_DECLARE_TR_FUNCTIONS(ys::RoutingPolicy)
public:
    static constexpr int kMaxRetries = 10;         // a scenario's `retries`
    static constexpr int kMaxBudgetMs = 3'600'000; // a scenario's `timeout_ms`

    // The use case the policy is for, by id: the suite's `use_case` (fromSuite reads it; applyTo
    // refuses a suite for another use case and leaves the suite's as it is).
    QString useCase;
    QString primary;
    std::vector<QString> fallbacks;
    // The outcome classes (domain/outcome.h names) that send a request to the next provider once
    // its retries are spent: those the runner's fallback reacts to, every failure of the provider
    // (runnerFallbackOn()). A breaker that is open sends it on too.
    QStringList fallbackOn = runnerFallbackOn();
    // A request slower than this is given up and goes to the next provider: the scenarios'
    // total timeout (`timeout_ms`, which classes it timeout_total). None: no limit (0).
    std::optional<int> latencyBudgetMs;
    int retries = 0;                        // the scenarios' `retries`, per provider
    std::optional<BreakerSettings> breaker; // the primary's `breaker`

    bool operator==(const RoutingPolicy &) const = default;

    // The classes the runner falls back on: every outcome that is a failure of the provider.
    static QStringList runnerFallbackOn();

    QByteArray toJson() const;
    // A policy file; nullopt with *error naming the source and the field that is wrong.
    static std::optional<RoutingPolicy> parse(const QByteArray &json, const QString &source,
                                              QString *error);
    static std::optional<RoutingPolicy> loadFile(const QString &path, QString *error);

    // Primary the first of the ranked qualifying providers, the others its fallbacks in rank
    // order; the latency budget the requirements' SLO end-to-end objective, else their P95
    // latency line; the breaker the one the resilience strategy breaker_fallback uses when a
    // provider has none (BreakerSettings' defaults); the retries those the session measured (its
    // suite's first latency scenario's).
    static RoutingPolicy fromRanking(const QString &useCase,
                                     const std::vector<QString> &rankedQualifying,
                                     const SessionSummary &summary);
    // fromRanking over the recommendation's choice and fallbacks, for its use case.
    static RoutingPolicy fromRecommendation(const Recommendation &recommendation,
                                            const SessionSummary &summary);

    // Writes the policy into the suite: the primary's `fallback` and `breaker`, and every
    // scenario's `timeout_ms` (the budget, 0 without one) and `retries`. False, with *error
    // naming it, for a provider the suite does not have.
    bool applyTo(Suite &suite, QString *error) const;
    // The policy a suite runs for this primary; nullopt with *error when the suite has no such
    // provider or its scenarios disagree on the timeout or the retries.
    static std::optional<RoutingPolicy> fromSuite(const Suite &suite, const QString &primary,
                                                  QString *error);
};

} // namespace ys
