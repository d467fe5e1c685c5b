#pragma once

#include "analysis/percentile.h"
#include "analysis/scenario_results.h"
#include "domain/outcome.h"
#include "domain/provider_config.h"
#include "domain/sample.h"
#include "domain/session_info.h"

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// The figures of one provider in a session, from its latest run (warm-up attempts excluded).
// Timings come from successful attempts only (ok or cut by the output limit).
struct ProviderSummary {
    QString name;
    QString dialect;
    QString model;
    qint64 providerId = 0;
    qint64 runId = 0;
    int runs = 0;
    std::optional<Price> price; // in force for the session (its source, catalog entry, date)
    std::optional<SessionStatus> runStatus; // of the latest run; none without a run
    QString loadModel;
    int concurrency = 0;
    std::optional<int> achievedConcurrency; // most attempts on the wire at once
    int servedByFallback = 0;               // attempts of this run another provider served
    // Open loop: arrivals per second the schedule asked for and the run achieved (null in
    // closed loop, with fewer than two arrivals, or for runs stored before schema 5 kept each
    // attempt's start; analysis/arrival_rates.h).
    std::optional<double> askedRatePerS;
    std::optional<double> achievedRatePerS;

    int attempts = 0;
    int successes = 0;
    std::array<int, kOutcomeCount> outcomes{};
    int outcomeCount(Outcome o) const { return outcomes[std::size_t(o)]; }

    Distribution ttftMs;
    Distribution e2eMs;
    std::optional<double> itlMeanMs;
    std::optional<double> itlStddevMs;
    std::optional<double> itlP99Ms;
    std::optional<double> outputTokensPerSecondP50;

    std::optional<qint64> inputTokens;
    std::optional<qint64> outputTokens;
    std::optional<qint64> cachedTokens;
    bool tokensEstimated = false; // some attempts reported no usage
    std::optional<double> costUsd;
    std::optional<double> usdPer1kBlended;
    std::optional<qint64> contextWindow;

    ScenarioResults results; // what each kind of scenario the provider ran answers
};

struct SessionSummary {
    SessionInfo info;
    std::vector<ProviderSummary> providers;
};

// A latency run's summary, with its results.latency (openLoop: the run's load was open, so the
// latency from the intended start is measured too).
ProviderSummary summarizeRun(const ProviderConfig &provider, const std::vector<Sample> &samples,
                             bool openLoop = false);

} // namespace ys
