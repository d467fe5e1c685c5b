#include "analysis/cost_curve.h"

#include "util/enum_names.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <unsupported/Eigen/NonLinearOptimization>

namespace ys {

namespace {

// The solver works on parameters of similar size: w and y are divided by their geometric means
// (wRef, yRef), and a and β enter through their logarithms, which keeps them positive (log2 of
// 1 + β·w needs β > 0) and makes the steps scale-free. Internal vector: ln a', α, ln β', c'.
constexpr int kLnA = 0;
constexpr int kAlpha = 1;
constexpr int kLnB = 2;
constexpr int kC = 3;

// A step that overflows gets this residual instead, so the solver backs off rather than stops.
constexpr double kHuge = 1e10;

struct Point {
    double u = 0; // w / wRef
    double y = 0; // y / yRef
};

struct Eval {
    double m = 0;
    Eigen::Vector4d grad = Eigen::Vector4d::Zero();
};

Eval evaluate(const Eigen::VectorXd &x, double u, bool intercept)
{
    const double a = std::exp(x(kLnA));
    const double b = std::exp(x(kLnB));
    const double power = std::exp(x(kAlpha) * std::log(u));
    const double lg = std::log1p(b * u) / std::numbers::ln2;
    Eval e;
    const double g = a * power * lg;
    e.m = g + (intercept ? x(kC) : 0.0);
    e.grad(kLnA) = g;
    e.grad(kAlpha) = g * std::log(u);
    e.grad(kLnB) = a * power * (b * u) / ((1 + b * u) * std::numbers::ln2);
    e.grad(kC) = intercept ? 1.0 : 0.0;
    return e;
}

// The residuals (m − y) / y and their Jacobian, in the form Eigen's solver calls.
struct Residuals {
    using Scalar = double;
    enum { InputsAtCompileTime = Eigen::Dynamic, ValuesAtCompileTime = Eigen::Dynamic };
    using InputType = Eigen::VectorXd;
    using ValueType = Eigen::VectorXd;
    using JacobianType = Eigen::MatrixXd;

    const std::vector<Point> *points = nullptr;
    int params = 3;

    int inputs() const { return params; }
    int values() const { return int(points->size()); }

    int operator()(const Eigen::VectorXd &x, Eigen::VectorXd &f) const
    {
        for (int i = 0; i < values(); ++i) {
            const Point &p = (*points)[std::size_t(i)];
            const double r = (evaluate(padded(x), p.u, params == 4).m - p.y) / p.y;
            f(i) = std::isfinite(r) ? r : kHuge;
        }
        return 0;
    }

    int df(const Eigen::VectorXd &x, Eigen::MatrixXd &j) const
    {
        for (int i = 0; i < values(); ++i) {
            const Point &p = (*points)[std::size_t(i)];
            const Eigen::Vector4d g = evaluate(padded(x), p.u, params == 4).grad / p.y;
            for (int k = 0; k < params; ++k)
                j(i, k) = std::isfinite(g(k)) ? g(k) : 0.0;
        }
        return 0;
    }

    static Eigen::VectorXd padded(const Eigen::VectorXd &x)
    {
        Eigen::VectorXd full = Eigen::VectorXd::Zero(4);
        full.head(x.size()) = x;
        return full;
    }
};

double relativeSsr(const std::vector<Point> &points, const Eigen::VectorXd &x, bool intercept)
{
    double ssr = 0;
    for (const Point &p : points) {
        const double r = (evaluate(x, p.u, intercept).m - p.y) / p.y;
        ssr += r * r;
    }
    return std::isfinite(ssr) ? ssr : std::numeric_limits<double>::infinity();
}

// A start the solver can work from. For fixed α and β the curve is linear in a (and c), so
// over a grid of α and β the weighted linear least squares gives a (and c) exactly; the grid
// point whose curve fits best wins. (A log-log fit of ln y alone goes wrong with an intercept:
// it sees the intercept as a flatter curve and leads the solver into the β → 0 limit.)
Eigen::VectorXd startPoint(const std::vector<Point> &points, bool intercept)
{
    Eigen::VectorXd best = Eigen::VectorXd::Zero(4);
    double bestSsr = std::numeric_limits<double>::infinity();
    for (int i = 0; i <= 60; ++i) {
        const double alpha = -0.5 + 0.05 * i; // -0.5 to 2.5
        for (int step = -12; step <= 12; ++step) {
            const double lnB = step * 0.25 * std::numbers::ln10; // β·wRef from 1e-3 to 1e3
            // Normal equations of min Σ((c + a·h − y) / y)².
            double shh = 0, sh = 0, s1 = 0, shy = 0, sy = 0;
            for (const Point &p : points) {
                const double h =
                    std::pow(p.u, alpha) * std::log1p(std::exp(lnB) * p.u) / std::numbers::ln2;
                const double v = 1 / (p.y * p.y);
                shh += h * h * v;
                sh += h * v;
                s1 += v;
                shy += h * p.y * v;
                sy += p.y * v;
            }
            double a = shy / shh, c = 0;
            if (intercept) {
                const double det = shh * s1 - sh * sh;
                if (!(std::abs(det) > 0))
                    continue;
                a = (shy * s1 - sh * sy) / det;
                c = (shh * sy - sh * shy) / det;
            }
            if (!(a > 0) || !std::isfinite(c))
                continue;
            Eigen::VectorXd x(4);
            x << std::log(a), alpha, lnB, c;
            const double ssr = relativeSsr(points, x, intercept);
            if (ssr < bestSsr) {
                bestSsr = ssr;
                best = x;
            }
        }
    }
    return best;
}

bool converged(Eigen::LevenbergMarquardtSpace::Status status)
{
    using namespace Eigen::LevenbergMarquardtSpace;
    switch (status) {
    case RelativeReductionTooSmall:
    case RelativeErrorTooSmall:
    case RelativeErrorAndReductionTooSmall:
    case CosinusTooSmall:
    // The tolerances cannot be met because the optimum is already reached to machine precision
    // (an exact fit ends here).
    case FtolTooSmall:
    case XtolTooSmall:
    case GtolTooSmall:
        return true;
    default:
        return false;
    }
}

// The value of the curve at w in the caller's units, and its gradient against the internal
// parameters.
Eval curveAt(const Eigen::VectorXd &x, double w, double wRef, double yRef, bool intercept)
{
    Eval e = evaluate(x, w / wRef, intercept);
    e.m *= yRef;
    e.grad *= yRef;
    return e;
}

double seOf(const Eigen::Vector4d &grad, const Eigen::Matrix4d &cov)
{
    return std::sqrt(std::max(0.0, grad.dot(cov * grad)));
}

// 1 − Σ(y − fitted)² / Σ(y − mean y)² on the values themselves; none when they are all equal.
template <typename Curve>
std::optional<double> rSquared(const std::vector<std::pair<double, double>> &wy, const Curve &p)
{
    double mean = 0;
    for (const auto &[w, y] : wy)
        mean += y;
    mean /= double(wy.size());
    double total = 0, residual = 0;
    for (const auto &[w, y] : wy) {
        total += (y - mean) * (y - mean);
        residual += (y - p(w)) * (y - p(w));
    }
    if (total > 0)
        return 1 - residual / total;
    return std::nullopt;
}

// Fills out's parameters, their standard errors and the figures at 128K and 200K from the
// internal optimum and the internal parameters' covariance.
void report(const Eigen::VectorXd &full, const Eigen::Matrix4d &cov, double wRef, double yRef,
            const std::vector<std::pair<double, double>> &wy, CostCurveFit &out)
{
    // Back to the caller's units: a = a'·yRef·wRef^−α, β = β'/wRef, c = c'·yRef; the
    // Jacobian of that change carries the covariance along (delta method, exact to first order).
    CostCurveParams &p = out.params;
    p.alpha = full(kAlpha);
    p.a = std::exp(full(kLnA) - p.alpha * std::log(wRef)) * yRef;
    p.beta = std::exp(full(kLnB)) / wRef;
    p.c = out.intercept ? full(kC) * yRef : 0.0;
    Eigen::Matrix4d d = Eigen::Matrix4d::Zero();
    d(0, kLnA) = p.a;
    d(0, kAlpha) = -p.a * std::log(wRef);
    d(1, kAlpha) = 1;
    d(2, kLnB) = p.beta;
    d(3, kC) = out.intercept ? yRef : 0.0;
    const Eigen::Matrix4d covOut = d * cov * d.transpose();
    out.se.a = std::sqrt(std::max(0.0, covOut(0, 0)));
    out.se.alpha = std::sqrt(std::max(0.0, covOut(1, 1)));
    out.se.beta = std::sqrt(std::max(0.0, covOut(2, 2)));
    out.se.c = std::sqrt(std::max(0.0, covOut(3, 3)));
    out.betaCrossesOne = p.beta * out.wMin < 1 && p.beta * out.wMax > 1;

    out.r2 = rSquared(wy, p);

    const Eval c128 = curveAt(full, CostCurve::kW128k, wRef, yRef, out.intercept);
    const Eval c138 =
        curveAt(full, CostCurve::kW128k + CostCurve::kStep, wRef, yRef, out.intercept);
    const Eval c200 = curveAt(full, CostCurve::kW200k, wRef, yRef, out.intercept);
    const Eval c210 =
        curveAt(full, CostCurve::kW200k + CostCurve::kStep, wRef, yRef, out.intercept);
    out.marginalAt128k = {c138.m - c128.m, seOf(c138.grad - c128.grad, cov)};
    out.marginalAt200k = {c210.m - c200.m, seOf(c210.grad - c200.grad, cov)};
    const Eigen::Vector4d ratioGrad = (c200.grad * c128.m - c128.grad * c200.m) / (c128.m * c128.m);
    out.ratio200kTo128k = {c200.m / c128.m, seOf(ratioGrad, cov)};
    out.extrapolated = CostCurve::kW200k + CostCurve::kStep > out.wMax;
}

// The corrected Akaike information criterion of a least-squares fit of k parameters to n
// relative residuals whose squares sum to ssr. An exact fit (ssr 0, as a flat per-token price
// gives) is floored, so that forms that all fit exactly still rank by their parameters.
double aiccOf(double ssr, int n, int k)
{
    const double rss = std::max(ssr, double(n) * 1e-24);
    if (n - k - 1 <= 0)
        return std::numeric_limits<double>::infinity();
    return double(n) * std::log(rss / double(n)) + 2.0 * k + 2.0 * k * (k + 1) / double(n - k - 1);
}

// The standard error of a figure with this gradient against (c1, b1, c2, b2, ...), the segments'
// parameters, whose covariance is block diagonal (one 2×2 block per segment).
double segmentSe(const std::vector<double> &grad, const std::vector<Eigen::Matrix2d> &cov)
{
    double var = 0;
    for (std::size_t k = 0; k < cov.size(); ++k) {
        const Eigen::Vector2d g(grad[2 * k], grad[2 * k + 1]);
        var += g.dot(cov[k] * g);
    }
    return std::sqrt(std::max(0.0, var));
}

// The segment of w: the first whose end is at or past it.
std::size_t segmentOf(const std::vector<CurveSegment> &segments, double w)
{
    for (std::size_t k = 0; k < segments.size(); ++k)
        if (w <= segments[k].to)
            return k;
    return segments.size() - 1;
}

// Checks the observations as every form needs them and fills out's counts and range; false
// with out.failure set when they cannot be fitted at all.
bool describeObservations(const std::vector<std::pair<double, double>> &wy, CostCurveFit &out)
{
    out.observations = int(wy.size());
    std::vector<double> ws;
    for (const auto &[w, y] : wy) {
        if (!(w > 0) || !(y > 0) || !std::isfinite(w) || !std::isfinite(y)) {
            out.failure = CurveFitFailure::NonPositive;
            return false;
        }
        ws.push_back(w);
    }
    std::sort(ws.begin(), ws.end());
    out.promptSizes = int(std::unique(ws.begin(), ws.end()) - ws.begin());
    if (!ws.empty()) {
        out.wMin = ws.front();
        out.wMax = ws[std::size_t(out.promptSizes) - 1];
    }
    return true;
}

// The geometric means of w and of y (all positive): the scales both fits work in.
std::pair<double, double> geometricMeans(const std::vector<std::pair<double, double>> &wy)
{
    double lnW = 0, lnY = 0;
    for (const auto &[w, y] : wy) {
        lnW += std::log(w);
        lnY += std::log(y);
    }
    return {std::exp(lnW / double(wy.size())), std::exp(lnY / double(wy.size()))};
}

// The figures at 128K and 200K of a linear or tiered linear fit, and their standard errors from
// its pieces' covariance (block diagonal, one 2×2 block per piece).
void reportSegments(const std::vector<Eigen::Matrix2d> &cov, CostCurveFit &out)
{
    const std::size_t pieces = out.segments.size();
    const auto gradAt = [&out, pieces](double w) {
        std::vector<double> g(2 * pieces, 0.0);
        const std::size_t k = segmentOf(out.segments, w);
        g[2 * k] = 1;
        g[2 * k + 1] = w;
        return g;
    };
    const auto minus = [](std::vector<double> a, const std::vector<double> &b) {
        for (std::size_t i = 0; i < a.size(); ++i)
            a[i] -= b[i];
        return a;
    };
    const double w128 = CostCurve::kW128k, w200 = CostCurve::kW200k, step = CostCurve::kStep;
    out.marginalAt128k = {out.value(w128 + step) - out.value(w128),
                          segmentSe(minus(gradAt(w128 + step), gradAt(w128)), cov)};
    out.marginalAt200k = {out.value(w200 + step) - out.value(w200),
                          segmentSe(minus(gradAt(w200 + step), gradAt(w200)), cov)};
    const double c128 = out.value(w128), c200 = out.value(w200);
    std::vector<double> ratioGrad = gradAt(w200);
    const std::vector<double> g128 = gradAt(w128);
    for (std::size_t i = 0; i < ratioGrad.size(); ++i)
        ratioGrad[i] = (ratioGrad[i] * c128 - g128[i] * c200) / (c128 * c128);
    out.ratio200kTo128k = {c200 / c128, segmentSe(ratioGrad, cov)};
    out.extrapolated = w200 + step > out.wMax;
}

constexpr EnumName<CurveFitFailure> kCurveFitFailureNames[] = {
    {CurveFitFailure::TooFewPoints, "too_few_points"},
    {CurveFitFailure::NonPositive, "non_positive"},
    {CurveFitFailure::NoConvergence, "no_convergence"},
    {CurveFitFailure::Singular, "singular"}};

} // namespace

QString curveFitFailureName(CurveFitFailure f)
{
    return nameIn(kCurveFitFailureNames, f);
}

namespace {

constexpr EnumName<CurveForm> kCurveFormNames[] = {{CurveForm::PowerLog, "power_log"},
                                                   {CurveForm::Linear, "linear"},
                                                   {CurveForm::TieredLinear, "tiered_linear"}};

} // namespace

QString curveFormName(CurveForm form)
{
    return nameIn(kCurveFormNames, form);
}

double CostCurveFit::value(double w) const
{
    if (form == CurveForm::PowerLog || segments.empty())
        return params(w);
    const CurveSegment &s = segments[segmentOf(segments, w)];
    return s.c + s.b * w;
}

std::vector<double> CostCurveFit::steps() const
{
    std::vector<double> out;
    for (std::size_t k = 1; k < segments.size(); ++k)
        out.push_back(segments[k].from);
    return out;
}

double CostCurveParams::operator()(double w) const
{
    return c + a * std::pow(w, alpha) * std::log2(1 + beta * w);
}

CostCurveFit CostCurve::fit(const std::vector<std::pair<double, double>> &wy, bool intercept)
{
    CostCurveFit out;
    out.intercept = intercept;
    const int params = intercept ? 4 : 3;
    if (!describeObservations(wy, out))
        return out;
    // The residual variance needs at least one degree of freedom, and each parameter a size.
    if (out.observations <= params || out.promptSizes < params) {
        out.failure = CurveFitFailure::TooFewPoints;
        return out;
    }
    const auto [wRef, yRef] = geometricMeans(wy);
    std::vector<Point> points;
    for (const auto &[w, y] : wy)
        points.push_back({w / wRef, y / yRef});

    Residuals residuals;
    residuals.points = &points;
    residuals.params = params;
    Eigen::VectorXd x = startPoint(points, intercept).head(params);
    Eigen::LevenbergMarquardt<Residuals> lm(residuals);
    lm.parameters.maxfev = 4000;
    lm.parameters.ftol = 1e-12;
    lm.parameters.xtol = 1e-12;
    const auto status = lm.minimize(x);
    out.evaluations = int(lm.nfev);
    if (!converged(status) || !x.allFinite()) {
        out.failure = CurveFitFailure::NoConvergence;
        return out;
    }

    // Covariance s²·(JᵀJ)⁻¹ of the internal parameters at the optimum.
    const Eigen::Index n = Eigen::Index(points.size());
    Eigen::VectorXd f(n);
    Eigen::MatrixXd j(n, params);
    residuals(x, f);
    residuals.df(x, j);
    const Eigen::MatrixXd jtj = j.transpose() * j;
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(jtj);
    if (!jtj.allFinite() || lu.rank() < params) {
        out.failure = CurveFitFailure::Singular;
        return out;
    }
    const double s2 = f.squaredNorm() / double(n - params);
    Eigen::Matrix4d cov = Eigen::Matrix4d::Zero();
    cov.topLeftCorner(params, params) = s2 * lu.inverse();

    report(Residuals::padded(x), cov, wRef, yRef, wy, out);
    out.relativeResidualSd = std::sqrt(s2);
    out.parameters = params;
    out.aicc = aiccOf(f.squaredNorm(), int(n), params);
    out.failure = CurveFitFailure::None;
    return out;
}

CostCurveFit CostCurve::fitLinear(const std::vector<std::pair<double, double>> &wy,
                                  const std::vector<double> &breaks)
{
    CostCurveFit out;
    out.form = breaks.empty() ? CurveForm::Linear : CurveForm::TieredLinear;
    out.intercept = true;
    if (!describeObservations(wy, out))
        return out;
    // The pieces: (0, first break], ..., (last break, ∞).
    std::vector<double> edges{0};
    edges.insert(edges.end(), breaks.begin(), breaks.end());
    edges.push_back(std::numeric_limits<double>::infinity());
    const std::size_t pieces = edges.size() - 1;
    const int params = int(2 * pieces);
    if (out.observations <= params) {
        out.failure = CurveFitFailure::TooFewPoints;
        return out;
    }
    // Scaled like the power_log fit, so the normal equations are well conditioned.
    const auto [wRef, yRef] = geometricMeans(wy);

    std::vector<Eigen::Matrix2d> inverses;
    double ssr = 0;
    for (std::size_t k = 0; k < pieces; ++k) {
        // min Σ((c' + b'·u − z) / z)², u = w / wRef, z = y / yRef, over the piece's points.
        Eigen::Matrix2d m = Eigen::Matrix2d::Zero();
        Eigen::Vector2d r = Eigen::Vector2d::Zero();
        std::vector<double> sizes;
        for (const auto &[w, y] : wy) {
            if (!(w > edges[k] && w <= edges[k + 1]))
                continue;
            const double u = w / wRef, z = y / yRef, v = 1 / (z * z);
            m(0, 0) += v;
            m(0, 1) += v * u;
            m(1, 1) += v * u * u;
            r(0) += v * z;
            r(1) += v * u * z;
            sizes.push_back(w);
        }
        std::sort(sizes.begin(), sizes.end());
        if (std::unique(sizes.begin(), sizes.end()) - sizes.begin() < 2) {
            out.failure = CurveFitFailure::TooFewPoints;
            return out;
        }
        m(1, 0) = m(0, 1);
        const Eigen::FullPivLU<Eigen::Matrix2d> lu(m);
        if (lu.rank() < 2) {
            out.failure = CurveFitFailure::Singular;
            return out;
        }
        const Eigen::Vector2d cb = lu.solve(r);
        CurveSegment seg;
        seg.from = edges[k];
        seg.to = edges[k + 1];
        seg.c = cb(0) * yRef;
        seg.b = cb(1) * yRef / wRef;
        for (const auto &[w, y] : wy) {
            if (!(w > edges[k] && w <= edges[k + 1]))
                continue;
            const double e = (seg.c + seg.b * w - y) / y;
            ssr += e * e;
        }
        out.segments.push_back(seg);
        inverses.push_back(lu.inverse());
    }
    if (!std::isfinite(ssr)) {
        out.failure = CurveFitFailure::NoConvergence;
        return out;
    }
    // Covariance s²·(XᵀVX)⁻¹ per piece, back in the caller's units.
    const double s2 = ssr / double(out.observations - params);
    std::vector<Eigen::Matrix2d> cov;
    Eigen::Matrix2d d = Eigen::Matrix2d::Zero();
    d(0, 0) = yRef;
    d(1, 1) = yRef / wRef;
    for (std::size_t k = 0; k < pieces; ++k) {
        cov.push_back(d * (s2 * inverses[k]) * d.transpose());
        out.segments[k].seC = std::sqrt(std::max(0.0, cov.back()(0, 0)));
        out.segments[k].seB = std::sqrt(std::max(0.0, cov.back()(1, 1)));
    }
    out.failure = CurveFitFailure::None;
    out.parameters = params;
    out.relativeResidualSd = std::sqrt(s2);
    out.aicc = aiccOf(ssr, out.observations, params);

    out.r2 = rSquared(wy, [&out](double w) { return out.value(w); });

    reportSegments(cov, out);
    return out;
}

CostCurveFit CostCurve::choose(const std::vector<std::pair<double, double>> &wy, bool intercept,
                               const std::vector<double> &tierStarts)
{
    std::vector<CostCurveFit> fits;
    fits.push_back(fit(wy, intercept));
    fits.push_back(fitLinear(wy));
    // The price's steps inside the data; a step at the largest size would leave nothing above.
    CostCurveFit range;
    if (describeObservations(wy, range)) {
        std::vector<double> breaks;
        for (double t : tierStarts)
            if (t >= range.wMin && t < range.wMax)
                breaks.push_back(t);
        std::sort(breaks.begin(), breaks.end());
        breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
        if (!breaks.empty())
            fits.push_back(fitLinear(wy, breaks));
    }
    std::vector<std::pair<CurveForm, double>> candidates;
    const CostCurveFit *best = nullptr;
    for (const CostCurveFit &f : fits) {
        if (!f.ok())
            continue;
        candidates.emplace_back(f.form, f.aicc);
        if (!best || f.aicc < best->aicc)
            best = &f;
    }
    if (!best)
        return fits.front(); // the power_log's reason
    CostCurveFit chosen = *best;
    chosen.candidates = std::move(candidates);
    return chosen;
}

} // namespace ys
