#pragma once

#include "analysis/cost_curve.h"
#include "analysis/percentile.h"
#include "analysis/step_data.h"
#include "domain/outcome.h"
#include "domain/provider_config.h"

#include <QCoreApplication>
#include <QString>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// The answers of the scenario kinds beyond latency (docs/show-json.md, "results"). Figures that
// could not be measured are unset, never 0.

// A least-squares curve: y = sum of params[i] * basis_i(x), with its goodness of fit.
struct CurveFit {
    QString model; // e.g. "quadratic": a + b*x + c*x^2, x in thousands of tokens
    std::vector<std::pair<QString, double>> params;
    std::optional<double> r2;
    double predict(double x) const;
};

struct ContextSweepPoint {
    int promptTokens = 0;
    QString skipped; // why the point was not sent; empty when it was
    int attempts = 0;
    int successes = 0;
    Distribution ttftMs;
    Distribution e2eMs;
    std::optional<double> inputTokensMean;  // as the provider reported them
    std::optional<double> outputTokensMean; // likewise
    std::optional<double> costUsdPerRequest;
    std::optional<double> needleRecall; // share of answers that repeated the planted fact
};
struct ContextSweepResult {
    std::vector<ContextSweepPoint> points;
    std::optional<CurveFit> latencyFit; // median TTFT against prompt tokens
    std::optional<CurveFit> e2eFit;     // median end-to-end against prompt tokens
    // The context cost curve (analysis/cost_curve.h) of each attempt's cost and, with an
    // intercept, of each successful attempt's TTFT, against its prompt tokens.
    CostCurveFit costFit;
    CostCurveFit latencyCurveFit;
};

// One probe of the context limit, judged by analysis/context_probe.h.
struct ContextLimitProbe {
    qint64 promptTokens = 0;
    Outcome outcome = Outcome::Ok;
    std::optional<qint64> reportedTokens;
    std::optional<bool> needleFound;
    bool fits = false;
    bool control = false;    // the probe at a size that surely fits, asking whether facts repeat
    bool recallMiss = false; // taken whole, its fact not repeated
    bool byNeedle = false;   // judged by the fact, for want of a reported count
};
struct ContextLimitResult {
    std::optional<qint64> claimed;
    std::optional<qint64> verified; // the largest prompt taken whole
    std::optional<qint64> firstFailure;
    QString behaviour; // "error", "silent_truncation", "none_up_to_claim"; empty: undecided
    std::optional<bool> claimMet;
    int probes = 0;
    QString skipped;
    // The control probe: its size, and whether its answer repeated the planted fact. false: the
    // model does not repeat facts, so the fact was not used and only errors and reported prompt
    // tokens judged the window. Unset without a control (sessions stored before it).
    std::optional<qint64> controlTokens;
    std::optional<bool> needleUsable;
    // Recall, apart from the window: prompts taken whole whose fact was not repeated (by a
    // model that repeated it at the control size), and the smallest of them.
    int recallMisses = 0;
    std::optional<qint64> recallLostAt;
    std::vector<ContextLimitProbe> probeList;
};

struct ConcurrencyLevel {
    int concurrency = 0;
    std::optional<int> achieved;
    int attempts = 0;
    std::optional<double> outputTokensPerS; // all successful attempts' output over the step
    std::optional<double> inputTokensPerS;  // their reported prompt tokens over the step
    std::optional<double> requestsPerS;
    Distribution ttftMs;
    Distribution e2eMs;
    std::optional<double> errorRate;
    std::optional<double> interruptedRate;
};
struct ConcurrencySweepResult {
    std::vector<ConcurrencyLevel> levels;
    std::optional<int> saturation; // the lowest level past which throughput stops growing
};

struct StabilityResult {
    int attempts = 0;
    Distribution itlMs;
    std::optional<double> longestStallMs;
    std::vector<std::pair<int, int>> stalls; // threshold in ms, gaps at least that long
    int cuts = 0;                            // streams that ended without their end
    std::map<QString, int> finishReasons;
};

struct MultiTurnResult {
    std::vector<std::optional<double>> recallByTurn;
    std::vector<std::optional<double>> ttftByTurnMs;
    std::vector<std::optional<double>> costByTurnUsd;
    std::vector<std::optional<double>> promptTokensByTurn; // reported, median
    std::vector<std::optional<double>> successByTurn;      // share of the turn's requests answered
    std::optional<int> failingFromTurn; // the first turn most of whose requests failed
    std::optional<int> recallLostAtTurn;
    // Share of the turn's replies whose prompt the provider cut without an error (classed
    // silent_truncation, or reported short of the local count).
    std::vector<std::optional<double>> truncatedByTurn;
    std::optional<int> truncatedFromTurn; // the first turn most of whose replies were cut
    // Recall was measured on some turn and reached one half on none: the model never repeated
    // the fact, so recall cannot tell when the history lost it.
    bool neverRecalled = false;
};

struct CacheResult {
    int pairs = 0;
    std::optional<bool> detected;
    std::optional<double> coldTtftMs;
    std::optional<double> warmTtftMs;
    std::optional<double> ttftDropMs;
    std::optional<double> cachedTokenShare;
    std::optional<double> savingUsdPerRequest;
};

struct ResilienceStrategy {
    QString name;
    int requests = 0;
    int attempts = 0;
    std::optional<double> sloAttainment;
    std::optional<double> p95Ms;
    std::optional<double> retryCostUsd;
    std::optional<double> fallbackShare;
};
struct ResilienceResult {
    int sloMs = 0;
    std::vector<ResilienceStrategy> strategies;
};

struct RateLimitResult {
    int requests = 0;
    int rateLimited = 0;
    std::optional<double> requestsPerMin;
    std::optional<double> tokensPerMin;
    std::optional<double> first429Rps;
    std::optional<double> maxRpsTried;
    std::vector<std::pair<QString, QString>> headers; // the limit headers last seen
};

struct DeterminismResult {
    int prompts = 0;
    int answers = 0;
    std::optional<double> identicalShare;
    int distinctAnswers = 0;
};

class KindAnalysis {
    Q_DECLARE_TR_FUNCTIONS(ys::KindAnalysis)
public:
    static ContextSweepResult contextSweep(const std::vector<StepData> &steps,
                                           const ProviderConfig &provider);
    static ContextLimitResult contextLimit(const std::vector<StepData> &steps);
    static ConcurrencySweepResult concurrencySweep(const std::vector<StepData> &steps);
    static StabilityResult stability(const std::vector<StepData> &steps);
    static MultiTurnResult multiTurn(const std::vector<StepData> &steps);
    static CacheResult cache(const std::vector<StepData> &steps);
    static ResilienceResult resilience(const std::vector<StepData> &steps);
    static RateLimitResult rateLimit(const std::vector<StepData> &steps);
    static DeterminismResult determinism(const std::vector<StepData> &steps);

    // Fits y = a + b*x + c*x^2 (x in thousands) by least squares; nullopt with fewer than three
    // distinct x.
    static std::optional<CurveFit> fitQuadratic(const std::vector<std::pair<double, double>> &xy);
};

} // namespace ys
