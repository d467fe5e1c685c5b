#include "analysis/scores.h"

#include "analysis/gates.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace ys {

namespace {

constexpr int kStabilityDraws = 1000;
constexpr unsigned long long kStabilitySeed = 0x5eed;

// The weighted mean of the scaled figures of row r under these weights (used criteria only).
double fused(const std::vector<std::vector<double>> &scaled, std::size_t r,
             const std::vector<double> &weights)
{
    double sum = 0, total = 0;
    for (std::size_t k = 0; k < weights.size(); ++k) {
        if (weights[k] > 0) {
            sum += weights[k] * scaled[r][k];
            total += weights[k];
        }
    }
    return total > 0 ? sum / total : 0;
}

// The one row with the highest fused value, or empty on a tie for it.
std::optional<std::size_t> soleTop(const std::vector<std::vector<double>> &scaled,
                                   const std::vector<std::size_t> &scored,
                                   const std::vector<double> &weights)
{
    std::optional<std::size_t> top;
    double best = -1;
    bool tied = false;
    for (std::size_t r : scored) {
        const double v = fused(scaled, r, weights);
        if (v > best) {
            best = v;
            top = r;
            tied = false;
        } else if (v == best) {
            tied = true;
        }
    }
    return tied ? std::nullopt : top;
}

// Weights finite and at least 0, one above 0; one value per criterion in every row.
bool validate(const std::vector<ScoreCriterion> &criteria, const std::vector<QString> &names,
              const std::vector<std::vector<double>> &values, QString *error)
{
    double weightSum = 0;
    for (const ScoreCriterion &c : criteria) {
        if (!std::isfinite(c.weight) || c.weight < 0) {
            *error = Scores::tr("The weight of \"%1\" must be a number at least 0, not %2.")
                         .arg(c.name)
                         .arg(c.weight);
            return false;
        }
        weightSum += c.weight;
    }
    if (!(weightSum > 0)) {
        *error = Scores::tr("At least one score weight must be above 0.");
        return false;
    }
    if (names.size() != values.size() ||
        std::any_of(values.begin(), values.end(),
                    [&](const auto &row) { return row.size() != criteria.size(); })) {
        *error = Scores::tr("Every provider needs one value per score criterion.");
        return false;
    }
    return true;
}

// The top row t0 keeps the top while every other j has D_j = Σ w_q (s_jq − s_t0q) < 0 (the
// common denominator Σ w does not change the order). Scaling w_c by (1 + δ) moves D_j by
// δ·w_c·(s_jc − s_t0c): j ties the top at δ = −D_j / (w_c (s_jc − s_t0c)).
WeightSensitivity
sensitivityOf(std::size_t c, std::size_t top, const std::vector<ScoreCriterion> &criteria,
              const std::vector<QString> &names, const std::vector<std::vector<double>> &scaled,
              const std::vector<std::size_t> &scored, const std::vector<double> &weights)
{
    WeightSensitivity s;
    s.criterion = criteria[c].name;
    for (std::size_t j : scored) {
        if (j == top)
            continue;
        double d = 0;
        for (std::size_t q = 0; q < weights.size(); ++q)
            d += weights[q] > 0 ? weights[q] * (scaled[j][q] - scaled[top][q]) : 0.0;
        const double slope = weights[c] * (scaled[j][c] - scaled[top][c]);
        if (slope == 0)
            continue;
        // The size of the change; a raise when slope > 0, a cut otherwise (d > 0 only by
        // rounding).
        const double size = std::abs(std::min(d, 0.0) / slope);
        if (slope > 0 && (!s.raiseBy || size < *s.raiseBy)) {
            s.raiseBy = size;
            s.raiseTop = names[j];
        } else if (slope < 0 && size <= 1.0 && (!s.lowerBy || size < *s.lowerBy)) {
            s.lowerBy = size;
            s.lowerTop = names[j];
        }
    }
    return s;
}

double topStabilityOf(const std::vector<std::vector<double>> &scaled,
                      const std::vector<std::size_t> &scored, const std::vector<double> &weights)
{
    const std::optional<std::size_t> sole = soleTop(scaled, scored, weights);
    std::mt19937_64 rng(kStabilitySeed);
    std::uniform_real_distribution<double> factor(0.5, 1.5);
    int kept = 0;
    std::vector<double> drawn(weights.size());
    for (int i = 0; i < kStabilityDraws; ++i) {
        for (std::size_t c = 0; c < weights.size(); ++c)
            drawn[c] = weights[c] * factor(rng);
        const auto again = soleTop(scaled, scored, drawn);
        kept += sole && again && *again == *sole ? 1 : 0;
    }
    return double(kept) / kStabilityDraws;
}

} // namespace

std::optional<ScoreTable> Scores::score(const std::vector<ScoreCriterion> &criteria,
                                        const std::vector<QString> &names,
                                        const std::vector<std::vector<double>> &values,
                                        QString *error)
{
    const std::size_t k = criteria.size();
    if (!validate(criteria, names, values, error))
        return std::nullopt;

    ScoreTable t;
    t.criteria = criteria;
    const std::size_t n = values.size();
    // Scale each criterion to [0, 1] over the providers measured on it, 1 the best.
    std::vector<std::vector<double>> scaled(n, std::vector<double>(k, std::nan("")));
    std::vector<double> weights(k, 0.0);
    for (std::size_t c = 0; c < k; ++c) {
        double lo = INFINITY, hi = -INFINITY;
        for (const auto &row : values) {
            if (std::isfinite(row[c])) {
                lo = std::min(lo, row[c]);
                hi = std::max(hi, row[c]);
            }
        }
        if (lo > hi) {
            if (criteria[c].weight > 0)
                t.dropped.push_back(criteria[c].name);
            continue;
        }
        weights[c] = criteria[c].weight;
        for (std::size_t r = 0; r < n; ++r) {
            const double v = values[r][c];
            if (!std::isfinite(v))
                continue;
            // Where every provider measured the same, all are the best.
            const double up = hi > lo ? (v - lo) / (hi - lo) : 1.0;
            scaled[r][c] = criteria[c].direction == Direction::Higher || hi == lo ? up : 1.0 - up;
        }
    }

    std::vector<std::size_t> scored;
    for (std::size_t r = 0; r < n; ++r) {
        ScoreRow row;
        row.name = names[r];
        bool complete = std::any_of(weights.begin(), weights.end(), [](double w) { return w > 0; });
        for (std::size_t c = 0; c < k; ++c) {
            const double v = scaled[r][c];
            row.normalised.push_back(std::isnan(v) ? std::nullopt : std::optional<double>(v));
            if (weights[c] > 0 && std::isnan(v))
                complete = false;
        }
        if (complete) {
            row.score = fused(scaled, r, weights);
            scored.push_back(r);
        }
        t.rows.push_back(std::move(row));
    }
    for (std::size_t r : scored) {
        int better = 0;
        for (std::size_t o : scored)
            better += *t.rows[o].score > *t.rows[r].score ? 1 : 0;
        t.rows[r].rank = better + 1;
    }
    if (scored.size() < 2)
        return t;

    std::size_t top = scored.front();
    for (std::size_t r : scored) {
        if (*t.rows[r].score > *t.rows[top].score)
            top = r;
    }
    for (std::size_t c = 0; c < k; ++c) {
        if (weights[c] > 0)
            t.sensitivity.push_back(
                sensitivityOf(c, top, criteria, names, scaled, scored, weights));
    }
    t.topStability = topStabilityOf(scaled, scored, weights);
    return t;
}

std::vector<QString> Scores::figureNames()
{
    std::vector<QString> names{QStringLiteral("latency"), QStringLiteral("throughput"),
                               QStringLiteral("cost"), QStringLiteral("success_rate"),
                               QStringLiteral("context")};
    for (LatencyFigure f : {LatencyFigure::E2eP50, LatencyFigure::E2eP95, LatencyFigure::E2eP99,
                            LatencyFigure::TtftP50, LatencyFigure::TtftP95, LatencyFigure::TtftP99})
        names.push_back(latencyFigureName(f));
    return names;
}

namespace {

// The latency figures' labels, long (the weights) and short (a column heading).
std::pair<QString, QString> latencyLabels(LatencyFigure figure)
{
    switch (figure) {
    case LatencyFigure::E2eP50:
        return {Scores::tr("End-to-end P50 (ms)"), Scores::tr("E2E P50")};
    case LatencyFigure::E2eP95:
        return {Scores::tr("End-to-end P95 (ms)"), Scores::tr("E2E P95")};
    case LatencyFigure::E2eP99:
        return {Scores::tr("End-to-end P99 (ms)"), Scores::tr("E2E P99")};
    case LatencyFigure::TtftP50:
        return {Scores::tr("Time to first token P50 (ms)"), Scores::tr("TTFT P50")};
    case LatencyFigure::TtftP95:
        return {Scores::tr("Time to first token P95 (ms)"), Scores::tr("TTFT P95")};
    case LatencyFigure::TtftP99:
        return {Scores::tr("Time to first token P99 (ms)"), Scores::tr("TTFT P99")};
    case LatencyFigure::Gated:
        break;
    }
    return {Scores::tr("Latency (gated E2E P95)"), Scores::tr("Latency")};
}

} // namespace

QString Scores::figureLabel(const QString &name)
{
    if (name == QLatin1String("latency"))
        return tr("Latency (gated E2E P95)");
    if (name == QLatin1String("throughput"))
        return tr("Throughput (output tokens/s)");
    if (name == QLatin1String("cost"))
        return tr("Cost ($/1K measured)");
    if (name == QLatin1String("success_rate"))
        return tr("Success rate");
    if (name == QLatin1String("context"))
        return tr("Context window");
    if (const auto figure = latencyFigureFromName(name))
        return latencyLabels(*figure).first;
    return name;
}

QString Scores::figureHeading(const QString &name)
{
    if (name == QLatin1String("latency"))
        return tr("Latency");
    if (name == QLatin1String("throughput"))
        return tr("Throughput");
    if (name == QLatin1String("cost"))
        return tr("Cost");
    if (name == QLatin1String("success_rate"))
        return tr("Success");
    if (name == QLatin1String("context"))
        return tr("Context");
    if (const auto figure = latencyFigureFromName(name))
        return latencyLabels(*figure).second;
    return name;
}

std::optional<Direction> Scores::figureDirection(const QString &name)
{
    if (name == QLatin1String("throughput") || name == QLatin1String("success_rate") ||
        name == QLatin1String("context"))
        return Direction::Higher;
    if (name == QLatin1String("latency") || name == QLatin1String("cost") ||
        latencyFigureFromName(name))
        return Direction::Lower;
    return std::nullopt;
}

std::optional<double> Scores::figureOf(const ProviderSummary &p, const QString &name)
{
    if (name == QLatin1String("latency"))
        return latencyFigureOf(p, LatencyFigure::Gated);
    if (name == QLatin1String("throughput"))
        return p.outputTokensPerSecondP50;
    if (name == QLatin1String("cost"))
        return p.usdPer1kMeasured;
    if (name == QLatin1String("success_rate"))
        return p.attempts > 0 ? std::optional<double>(double(p.successes) / p.attempts)
                              : std::nullopt;
    if (name == QLatin1String("context"))
        return p.contextWindow ? std::optional<double>(double(*p.contextWindow)) : std::nullopt;
    if (const auto figure = latencyFigureFromName(name))
        return latencyFigureOf(p, *figure);
    return std::nullopt;
}

std::vector<ScoreCriterion> Scores::defaultCriteria()
{
    return {{QStringLiteral("throughput"), Direction::Higher, 0.4},
            {QStringLiteral("latency"), Direction::Lower, 0.35},
            {QStringLiteral("cost"), Direction::Lower, 0.25}};
}

std::optional<std::vector<ScoreCriterion>>
Scores::criteria(const std::vector<std::pair<QString, double>> &weights, QString *error)
{
    std::vector<ScoreCriterion> out;
    for (const auto &[name, weight] : weights) {
        const auto direction = figureDirection(name);
        if (!direction) {
            *error = tr("Unknown score figure \"%1\".").arg(name);
            return std::nullopt;
        }
        if (!std::isfinite(weight) || weight < 0) {
            *error = tr("The weight of \"%1\" must be a number at least 0, not %2.")
                         .arg(name)
                         .arg(weight);
            return std::nullopt;
        }
        out.push_back({name, *direction, weight});
    }
    if (std::none_of(out.begin(), out.end(),
                     [](const ScoreCriterion &c) { return c.weight > 0; })) {
        *error = tr("At least one score weight must be above 0.");
        return std::nullopt;
    }
    return out;
}

std::optional<std::vector<int>> Scores::frontOf(const SessionSummary &summary,
                                                const std::vector<QString> &figures, QString *error)
{
    std::vector<Direction> directions;
    for (const QString &name : figures) {
        const auto d = figureDirection(name);
        if (!d) {
            *error = tr("Unknown score figure \"%1\".").arg(name);
            return std::nullopt;
        }
        directions.push_back(*d);
    }
    std::vector<std::vector<double>> rows;
    for (const ProviderSummary &p : summary.providers) {
        std::vector<double> row;
        for (const QString &name : figures)
            row.push_back(figureOf(p, name).value_or(std::nan(""))); // NaN: never on the front
        rows.push_back(std::move(row));
    }
    return paretoFrontKd(rows, directions);
}

std::optional<ScoreTable> Scores::ofSession(const SessionSummary &summary,
                                            const std::vector<ScoreCriterion> &criteria,
                                            QString *error)
{
    std::vector<QString> names;
    std::vector<std::vector<double>> values;
    for (const ProviderSummary &p : summary.providers) {
        names.push_back(p.name);
        std::vector<double> row;
        for (const ScoreCriterion &c : criteria)
            row.push_back(figureOf(p, c.name).value_or(std::nan("")));
        values.push_back(std::move(row));
    }
    return score(criteria, names, values, error);
}

} // namespace ys
