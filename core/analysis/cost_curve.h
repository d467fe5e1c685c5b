#pragma once

#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// The context cost curve: how what one request costs (in dollars or in milliseconds) grows with
// its prompt, C(w) = c + a·w^α·log2(1 + β·w), w in prompt tokens. The cost fit has no intercept
// (c = 0: a request without context costs nothing more than its output, which the curve does not
// model); the latency fit keeps one, as even an empty prompt takes a round trip. Fitted by
// Levenberg–Marquardt on relative residuals; docs/measurements.md ("Context cost curve") gives
// every definition, including the marginal cost and the ratio.

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
    bool intercept = false;
    int observations = 0;
    int promptSizes = 0; // distinct w
    double wMin = 0;
    double wMax = 0;

    // The rest is set only when failure is None.
    CostCurveParams params;
    CostCurveParams se; // the standard error of each parameter
    std::optional<double> r2;
    double relativeResidualSd = 0; // s: sqrt(sum of squared relative residuals / (n - p))
    bool betaCrossesOne = false;   // β·wMin < 1 < β·wMax: a and β are told apart by the data
    CurveFigure marginalAt128k;    // C(138,000) − C(128,000)
    CurveFigure marginalAt200k;    // C(210,000) − C(200,000)
    CurveFigure ratio200kTo128k;   // C(200,000) / C(128,000)
    bool extrapolated = false;     // 210,000 lies past wMax
    int evaluations = 0;

    bool ok() const { return failure == CurveFitFailure::None; }
};

class CostCurve {
public:
    static constexpr double kW128k = 128000;
    static constexpr double kW200k = 200000;
    static constexpr double kStep = 10000;

    // Fits the curve to (w, y) observations; with intercept, y = c + a·w^α·log2(1 + β·w).
    static CostCurveFit fit(const std::vector<std::pair<double, double>> &wy, bool intercept);
};

} // namespace ys
