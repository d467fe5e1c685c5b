#pragma once

#include "analysis/contract_summary.h"
#include "analysis/drift.h"
#include "analysis/gate_verdict.h"
#include "analysis/percentile.h"
#include "analysis/scenario_results.h"
#include "analysis/server_metrics_summary.h"
#include "analysis/server_timeline.h"
#include "analysis/token_reconciliation.h"
#include "domain/cost_estimate.h"
#include "domain/outcome.h"
#include "domain/provider_config.h"
#include "domain/requirements.h"
#include "domain/sample.h"
#include "domain/session_info.h"
#include "domain/suite.h"

#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// One measured attempt of a run, as the SLO analysis (analysis/slo.h) and the comparison table
// (analysis/comparisons.h) read it: a fixed-size record, so a million attempts cost one
// allocation. Times in ms; NaN where not measured. tpotMs is 0 when a success had nothing to
// wait for after its first token (fewer than 2 output tokens, or the answer arrived whole).
struct AttemptTiming {
    double ttftMs;
    double tpotMs;
    double e2eMs;
    bool success;
};

// One attempt's AttemptTiming (the definitions of docs/measurements.md, "SLO attainment and
// goodput"): what the summary, the SLO analysis and the routing what-if read of an attempt.
AttemptTiming attemptTiming(const Sample &sample);

// The figures of one provider in a session, from its latest run (warm-up attempts excluded).
// Timings come from successful attempts only (ok or cut by the output limit).
// Where a provider's spend went (measured attempts with a cost; each attempt in one bucket):
// attempts that a retry followed, bought no answer; failed last attempts; answers cut short
// (by the output limit, or a prompt the provider silently cut); the rest bought full answers.
struct CostBreakdown {
    std::optional<double> answeredUsd;
    std::optional<double> retriedUsd;
    std::optional<double> failedUsd;
    std::optional<double> truncatedUsd;
};

// One latency scenario of a provider that ran several (a suite with two `latency` scenarios, e.g.
// short and long prompts): its latest run's own figures, so that none is folded into another.
struct LatencyScenarioSummary {
    int index = 0; // 1-based, among the provider's latency scenarios in the order they ran
    qint64 runId = 0;
    bool headline = false; // the one the provider's own figures (and the gates) are taken from
    std::optional<int> promptTokens; // none: drawn from a distribution or a trace
    QString loadModel;
    int concurrency = 0;
    std::optional<double> ratePerS; // open loop
    int attempts = 0;
    int successes = 0;
    Distribution ttftMs;
    Distribution e2eMs;
    std::optional<double> outputTokensPerSecondP50;
    std::optional<double> usdPer1kMeasured;
};

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
    // The part of outputTokens spent on reasoning, where reported.
    std::optional<qint64> reasoningTokens;
    bool tokensEstimated = false; // some attempts reported no usage
    std::optional<double> costUsd;
    std::optional<double> usdPer1kBlended; // list price, blended input:output 3:1
    // What was spent per 1K billed tokens: cost / (input + output tokens) × 1000 over the
    // attempts that have both a cost and reported tokens, and its 95% interval (delta method for
    // a ratio of sums; needs two such attempts).
    std::optional<double> usdPer1kMeasured;
    std::optional<std::pair<double, double>> usdPer1kMeasuredCi;
    qint64 billedTokens = 0; // the denominator of usdPer1kMeasured
    CostBreakdown costBreakdown;
    std::optional<qint64> contextWindow;

    // Every measured attempt in the order run, and the run's wall span in seconds (first start
    // to last end; null without attempts or when starts were not stored, before schema 5).
    std::vector<AttemptTiming> timings;
    std::optional<double> wallSpanS;

    ScenarioResults results; // what each kind of scenario the provider ran answers
    // With more than one latency scenario, each one's figures (the headline is the last run);
    // empty with one.
    std::vector<LatencyScenarioSummary> latencyScenarios;
    // Its answers against the contracts of its latency scenarios; unset when none has one.
    std::optional<ContractSummary> contract;
};

struct SessionSummary {
    SessionInfo info;
    Requirements requirements; // the session suite's; default: the "line" preset
    std::vector<ProviderSummary> providers;
    // Each provider's gates against the requirements, in the providers' order: judged once
    // (Gates::judge) where the summary is loaded or its requirements replaced, and read by every
    // surface through Gates::verdict().
    std::vector<GateVerdict> verdicts;
    std::vector<TokenReconciliation> reconciliation; // one per provider, from the run shown
    std::vector<DriftEvent> drift; // against earlier sessions, when loaded (storage/drift_loader)
    std::vector<ServerMetricSummary> serverMetrics; // the providers' own /metrics, when scraped
    // Of those, the running, waiting and KV cache gauges of each provider's own model.
    std::vector<ServerGaugeSummary> serverGauges;
    // What the session was estimated to cost before it started (run/session_plan.h); unset for
    // sessions stored before estimates were kept.
    std::optional<CostEstimate> estimate;
    // The suite as the session stored it (prices resolved); unset when it cannot be read.
    std::optional<Suite> suite;
};

struct StreamDigest;

// A latency run's summary, with its results.latency (openLoop: the run's load was open, so the
// latency from the intended start is measured too). With a digest (the run's stored one,
// analysis/stream_digest.h) the ITL figures come from it and the samples' event times are not
// read.
ProviderSummary summarizeRun(const ProviderConfig &provider, const std::vector<Sample> &samples,
                             bool openLoop = false, const StreamDigest *digest = nullptr);

// summarizeRun fed one attempt at a time in the run's order, so a run of a hundred thousand
// attempts is summarised without holding its samples (only a few numbers each); the ITL figures
// come from the run's stream digest, given at the end.
class RunAccumulator {
public:
    RunAccumulator(const ProviderConfig &provider, bool openLoop);
    ~RunAccumulator();
    RunAccumulator(RunAccumulator &&) noexcept;
    RunAccumulator &operator=(RunAccumulator &&) noexcept;

    void reserve(std::size_t attempts);
    void add(const Sample &sample);
    ProviderSummary finish(const StreamDigest &streams);

private:
    struct CostEntry;
    struct State;
    ProviderSummary m_summary;
    std::unique_ptr<State> m_state;
};

} // namespace ys
