#pragma once

#include "analysis/chunking.h"
#include "analysis/gate_verdict.h"
#include "analysis/run_summary.h"
#include "domain/use_case.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// A session read for one use case (docs/measurements.md, "Recommendation"): which providers
// qualify, ranked, with each one's margin to every requirement and whether it holds at the 95%
// interval; for each provider left out the first reason; the risks that remain; the monthly cost
// at the use case's volume; for a use case with a long document, the chunking comparison.

// How a provider stands against the use case.
enum class Standing {
    Qualifies,     // every gate the verdict needs passes at its 95% interval
    PointEstimate, // it qualifies only at the point estimates: some interval straddles a line
    Excluded,      // a gate fails, nothing was measured to decide, or the peak is rate-limited
};

// One requirement against one provider's figure, with the headroom left.
struct RequirementMargin {
    GateKind kind = GateKind::Latency;
    QString requirement;                    // "E2E P95 ≤ 380 ms" (Gates::describe)
    GateResult result = GateResult::NoData; // Pass: holds at the interval
    std::optional<double> value;
    std::optional<std::pair<double, double>> interval;
    double threshold = 0;
    bool atMost = true;
    // Headroom as a share of the threshold, positive on the passing side: (threshold − value) /
    // threshold for an upper line, (value − threshold) / threshold for a lower one.
    std::optional<double> margin;
    // The same from the interval's end nearer the line: positive when the margin holds at the
    // interval.
    std::optional<double> marginAtInterval;
};

enum class RiskKind {
    PointEstimate,     // a margin holds only at the point estimate
    RateLimitUnproven, // the stated peak was not shown to get through (no rate-limit step, or its
                       // ramp stopped below the peak without a 429)
    RateLimitClose,    // the first 429 came at less than 1.5 × the stated peak
    ContextClose,      // the window is less than 10% above the context the use case needs
    Drift,             // a figure moved significantly since an earlier session
    FewAttempts,       // fewer measured attempts than a verdict needs
};

struct Risk {
    RiskKind kind = RiskKind::PointEstimate;
    QString text; // for people, translated
};

enum class ExclusionKind {
    None,
    GateFailed,  // exclusionGate says which
    NoData,      // the verdict has nothing measured to decide on
    RateLimited, // the first 429 came below the stated peak
};

struct ProviderRecommendation {
    QString name;
    Standing standing = Standing::Excluded;
    std::optional<int> rank;                // 1 the recommended one; only for qualifying providers
    std::vector<RequirementMargin> margins; // the gates the requirements set, in gate order
    std::optional<double> score;            // the use case's weighted score among the qualifying
    std::optional<double> usdPer1m;         // what its attempts cost per 1M tokens (Tco)
    std::optional<double> monthlyUsd;       // at the use case's monthly volume
    std::optional<double> rateLimitRps;     // the first 429's rate, when a ramp found one
    int measuredAttempts = 0;
    ExclusionKind exclusion = ExclusionKind::None;
    std::optional<GateKind> exclusionGate;
    QString reason; // the first reason it is left out, for people; empty when it qualifies
    std::vector<Risk> risks;
};

struct Recommendation {
    UseCase useCase;
    // Qualifying providers in rank order (those qualifying at the interval first, then those
    // qualifying only at the point estimate, each by score), then the excluded ones in the
    // session's order.
    std::vector<ProviderRecommendation> providers;
    std::optional<QString> choice;            // the first qualifying provider
    std::vector<QString> fallbacks;           // the other qualifying providers, in rank order
    std::optional<ChunkingPlan> chunkingPlan; // the use case's document, when it has one
    std::vector<ChunkingEstimate> chunking;

    const ProviderRecommendation *provider(const QString &name) const;
};

class Recommender {
    Q_DECLARE_TR_FUNCTIONS(ys::Recommender)
public:
    // Fewer measured attempts than this are too few for a verdict on a P95.
    static constexpr int kMinAttempts = 30;
    // The recommendation for this use case. The summary's verdicts are taken as judged when its
    // requirements are the use case's; otherwise the providers are judged here against the use
    // case's requirements.
    static Recommendation recommend(const SessionSummary &summary, const UseCase &useCase);
    // The summary judged against the use case's requirements (its verdicts and requirements
    // replaced), for surfaces that show the verdicts beside the recommendation.
    static SessionSummary judged(SessionSummary summary, const UseCase &useCase);
    // The use case a session is read for: its suite's, else the bundled one whose requirements
    // preset the session's requirements name, else real-time support; with the summary's
    // requirements, which are the suite's (or a requirements file's that replaced them).
    static UseCase useCaseOf(const SessionSummary &summary);
    // Why the use case cannot be read (a weight naming no figure Scores knows); empty when it can.
    static QString problem(const UseCase &useCase);

    // A gate's figure with its unit: "342 ms", "$0.0012 per 1K", "131072 tokens", "99.5%".
    static QString figureText(GateKind kind, double value);

    static QString name(Standing standing);  // "qualifies", "point_estimate", "excluded"
    static QString name(RiskKind kind);      // "point_estimate", "rate_limit_unproven", ...
    static QString name(ExclusionKind kind); // "", "gate_failed", "no_data", "rate_limited"
};

} // namespace ys
