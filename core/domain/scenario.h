#pragma once

#include "domain/reasoning_ask.h"
#include "domain/trace.h"
#include "domain/workload.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

namespace ys {

struct AnswerContract;
struct ToolUse;

// The parameters each scenario kind adds to the common ones (docs/suite-format.md).
struct ContextSweepParams {
    std::vector<int> promptTokens{1000, 8000, 32000, 64000, 128000, 200000};
    int requestsPerPoint = 5;
};
struct ContextLimitParams {
    std::optional<qint64> claimed; // default: the provider's context_window
    double precision = 0.01;       // relative width of the final bracket
    int maxProbes = 20;
};
struct ConcurrencySweepParams {
    std::vector<int> levels{1, 4, 16, 64, 128};
    std::optional<int> requestsPerLevel; // default: 4 per level of concurrency, at least 8
    std::optional<double> durationS;     // per level, instead of a request count
};
struct StabilityParams {
    std::vector<int> stallMs{500, 2000}; // gaps between deliveries counted as stalls
};
struct MultiTurnParams {
    int turns = 10;
    int conversations = 5;
    int tokensPerTurn = 500;
};
struct CacheParams {
    int prefixTokens = 4096;
    int pairs = 10;
};
struct ResilienceParams {
    QStringList strategies{QStringLiteral("none"), QStringLiteral("retry"),
                           QStringLiteral("breaker_fallback")};
    std::optional<int> sloMs; // default: the scenario's total timeout
    int retries = 3;          // for the strategies that retry
};
struct RateLimitParams {
    double startRps = 0.5;
    double maxRps = 20;
    double stepS = 10;
    double stepFactor = 1.5; // each step's rate is the last one's times this
    int maxRequests = 400;
};
struct DeterminismParams {
    int repeats = 10;
    int prompts = 5;
};

// One scenario of a suite: the common load settings, and the parameters of its kind.
struct Scenario {
    QString kind = QStringLiteral("latency");
    int requests = 30;
    int concurrency = 4; // closed loop: attempts in flight; open loop: the most in flight
    // The nominal sizes (the mean when a distribution or a trace sets them), for estimates and
    // anything else that needs one number. What request i sends: Workload::promptTokensFor and
    // Workload::maxOutputTokensFor.
    int promptTokens = 1000;
    int maxOutputTokens = 384;
    std::optional<SizeDistribution> promptDistribution; // none: every prompt is promptTokens
    std::optional<SizeDistribution> outputDistribution; // none: every request maxOutputTokens
    // Trace replay: open loop at the trace's offsets, each request with the trace's sizes.
    std::optional<TraceReplay> trace;
    bool stream = true;

    // Load. Closed: `concurrency` attempts in flight, the next starting as one ends. Open:
    // arrivals on a fixed schedule (constant or Poisson, optionally ramped) whatever the
    // provider does, so queueing shows up as latency from the intended start.
    QString load = QStringLiteral("closed");      // "closed" or "open"
    double ratePerS = 0;                          // open loop
    QString arrival = QStringLiteral("constant"); // "constant" or "poisson"
    std::optional<double> rampToRatePerS;
    double rampSeconds = 0;
    std::optional<double> durationS; // stop starting requests after this time
    int warmup = 0;                  // extra first requests, stored but left out of statistics
    quint64 seed = 1;

    // Per-attempt limits in milliseconds (0: off).
    int timeoutMs = 60000; // total
    int connectTimeoutMs = 10000;
    int firstTokenTimeoutMs = 60000;
    int idleTimeoutMs = 30000;
    int retries = 0; // SDK-style retries per request; off by default

    // A fact planted in every prompt at this depth (0 the start, 1 the end) and asked for at
    // the end; the answer is checked for it. Unset: no needle.
    std::optional<double> needleDepth;
    // The last paragraph of every prompt (what the model is asked to do with the text above);
    // empty: "Summarise the notes above in one paragraph."
    QString instruction;
    // What every successful answer is checked for (domain/answer_contract.h); null: nothing.
    // With golden answers, request i sends golden prompt i (modulo their number) instead.
    std::shared_ptr<const AnswerContract> contract;
    // What the requests ask the provider for, in its own dialect: "text" (nothing), "json" (a
    // JSON document) or "json_schema" (one holding to the contract's schema).
    QString responseFormat = QStringLiteral("text");
    // Tools offered with every request (a latency scenario's); each answer's calls are checked
    // against the tool's schema as the contract check "tool_arguments". Null: none.
    std::shared_ptr<const ToolUse> tools;
    // The reasoning every request asks for, where the dialect has a field for it; none: none.
    ReasoningAsk reasoning;

    ContextSweepParams contextSweep;
    ContextLimitParams contextLimit;
    ConcurrencySweepParams concurrencySweep;
    StabilityParams stability;
    MultiTurnParams multiTurn;
    CacheParams cache;
    ResilienceParams resilience;
    RateLimitParams rateLimit;
    DeterminismParams determinism;

    bool isOpenLoop() const { return load == QLatin1StringView("open"); }
};

} // namespace ys
