#pragma once

#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// The context cost curve: how what one request costs (in dollars or in milliseconds) grows with
// its prompt w, in prompt tokens, in one of three forms chosen by an information criterion
// (AICc on the relative residuals; CostCurve::choose):
// - power_log: C(w) = c + a·w^α·log2(1 + β·w), fitted by Levenberg–Marquardt. The cost fit has
//   no intercept (c = 0: a request without context costs nothing more than its output, which
//   the curve does not model); the latency fit keeps one, as even an empty prompt takes a round
//   trip;
// - linear: C(w) = c + b·w, what a flat per-token price gives;
// - tiered_linear: a line of its own on each side of the price's tier starts, so that a tier's
//   step shows exactly where the price steps.
// docs/measurements.md ("Context cost curve") gives every definition, including the marginal
// cost and the ratio.

enum class CurveForm { PowerLog, Linear, TieredLinear };

// "power_log", "linear", "tiered_linear".
QString curveFormName(CurveForm form);

// One straight piece of a linear or tiered linear curve: c + b·w for from < w <= to (the first
// piece from 0), with the standard errors of c and b.
struct CurveSegment {
    double from = 0;
    double to = 0;
    double c = 0;
    double b = 0;
    double seC = 0;
    double seB = 0;
};

enum class CurveFitFailure {
    None,
    TooFewPoints,  // no more observations (or distinct prompt sizes) than parameters
    NonPositive,   // a prompt size or a value <= 0 or not finite
    NoConvergence, // the solver stopped without meeting its tolerances
    Singular,      // the parameters cannot be told apart at the optimum
};

// "too_few_points", "non_positive", "no_convergence", "singular"; empty for None.
QString curveFitFailureName(CurveFitFailure f);

struct CostCurveParams {
    double a = 0;
    double alpha = 0;
    double beta = 0;
    double c = 0; // the intercept; 0 when the fit has none
    double operator()(double w) const;
};

// A figure derived from the fitted curve and its standard error (delta method).
struct CurveFigure {
    double value = 0;
    double se = 0;
};

struct CostCurveFit {
    CurveFitFailure failure = CurveFitFailure::TooFewPoints;
    CurveForm form = CurveForm::PowerLog;
    bool intercept = false;
    int observations = 0;
    int promptSizes = 0; // distinct w
    double wMin = 0;
    double wMax = 0;

    // The rest is set only when failure is None.
    CostCurveParams params;             // power_log
    CostCurveParams se;                 // the standard error of each parameter (power_log)
    std::vector<CurveSegment> segments; // linear: one; tiered_linear: one per tier
    int parameters = 0;                 // fitted, for the information criterion
    double aicc = 0;                    // n·ln(SSR/n) + 2p + 2p(p+1)/(n−p−1), relative SSR
    // Every form that could be fitted, with its AICc, the chosen one among them (lowest AICc).
    std::vector<std::pair<CurveForm, double>> candidates;
    std::optional<double> r2;
    double relativeResidualSd = 0; // s: sqrt(sum of squared relative residuals / (n - p))
    bool betaCrossesOne = false;   // β·wMin < 1 < β·wMax: a and β are told apart by the data
    CurveFigure marginalAt128k;    // C(138,000) − C(128,000)
    CurveFigure marginalAt200k;    // C(210,000) − C(200,000)
    CurveFigure ratio200kTo128k;   // C(200,000) / C(128,000)
    bool extrapolated = false;     // 210,000 lies past wMax
    int evaluations = 0;

    bool ok() const { return failure == CurveFitFailure::None; }
    // The fitted curve at w, in its form.
    double value(double w) const;
    // Where a tiered_linear curve steps (its segments' starts after the first).
    std::vector<double> steps() const;
};

class CostCurve {
public:
    static constexpr double kW128k = 128000;
    static constexpr double kW200k = 200000;
    static constexpr double kStep = 10000;

    // Fits the power_log curve to (w, y) observations; with intercept,
    // y = c + a·w^α·log2(1 + β·w).
    static CostCurveFit fit(const std::vector<std::pair<double, double>> &wy, bool intercept);
    // Fits c + b·w, or with breaks (ascending, inside the data) a line of its own between
    // consecutive breaks; each piece needs two prompt sizes and the whole one observation more
    // than it has parameters.
    static CostCurveFit fitLinear(const std::vector<std::pair<double, double>> &wy,
                                  const std::vector<double> &breaks = {});
    // Fits every form the data can carry (tiered_linear only with a tier start inside the
    // data) and keeps the one with the lowest AICc; a form that cannot be fitted is left out,
    // and with none the power_log's failure is reported.
    static CostCurveFit choose(const std::vector<std::pair<double, double>> &wy, bool intercept,
                               const std::vector<double> &tierStarts = {});
};

} // namespace ys
