#pragma once

#include "analysis/pareto.h"
#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// A single figure of merit per provider: each figure scaled to [0, 1] across the compared
// providers (1 the best), fused by a weighted mean, ranked, and how far each weight can move
// before another provider takes the top. Definitions in docs/measurements.md ("Scores").

struct ScoreCriterion {
    QString name;
    Direction direction = Direction::Lower;
    double weight = 0; // >= 0
};

struct ScoreRow {
    QString name;
    std::vector<std::optional<double>> normalised; // per criterion, empty where not measured
    std::optional<double> score;                   // empty when a used figure is missing
    std::optional<int> rank;                       // 1 the best; equal scores share a rank
};

// How much one weight may change, relative to itself, before the top changes hands: the
// smallest raise (×(1 + raiseBy)) and cut (×(1 − lowerBy), at most to 0) at which another
// provider at least ties the top one, and who. Empty when no such change exists.
struct WeightSensitivity {
    QString criterion;
    std::optional<double> raiseBy;
    std::optional<QString> raiseTop;
    std::optional<double> lowerBy;
    std::optional<QString> lowerTop;
};

struct ScoreTable {
    std::vector<ScoreCriterion> criteria;       // as given
    std::vector<QString> dropped;               // weighted criteria no provider was measured on
    std::vector<ScoreRow> rows;                 // in the order given
    std::vector<WeightSensitivity> sensitivity; // per used criterion with a positive weight
    // Share of 1,000 seeded draws, each weight multiplied by a factor uniform in [0.5, 1.5],
    // that keep the same sole top provider; empty with fewer than two scored providers.
    std::optional<double> topStability;
};

class Scores {
    Q_DECLARE_TR_FUNCTIONS(ys::Scores)
public:
    // values[row][criterion], NaN where not measured. Empty with *error set (naming the
    // criterion) for a negative or non-finite weight, weights that are all 0, or a row of the
    // wrong length.
    static std::optional<ScoreTable> score(const std::vector<ScoreCriterion> &criteria,
                                           const std::vector<QString> &names,
                                           const std::vector<std::vector<double>> &values,
                                           QString *error);

    // The figures a provider is scored on, by name: latency (the gated end-to-end P95), every
    // latencyFigureName() figure, throughput (output tokens/s P50), cost (measured $ per 1K),
    // success_rate and context (the context window).
    static std::vector<QString> figureNames();
    static std::optional<Direction> figureDirection(const QString &name);
    static std::optional<double> figureOf(const ProviderSummary &p, const QString &name);
    // A figure as people read it, for the weights ("Latency (gated E2E P95)", "TTFT P95 (ms)"),
    // and the short form a table's column heading takes ("Latency", "TTFT P95"); a name no
    // figure has is its own label.
    static QString figureLabel(const QString &name);
    static QString figureHeading(const QString &name);

    // The default weights: throughput 0.4, latency 0.35, cost 0.25.
    static std::vector<ScoreCriterion> defaultCriteria();
    // Criteria from name-weight pairs; empty with *error naming an unknown figure or a
    // negative weight.
    static std::optional<std::vector<ScoreCriterion>>
    criteria(const std::vector<std::pair<QString, double>> &weights, QString *error);

    // The k-dimensional Pareto front of the session's providers on these figures (by name, each
    // with its own direction, e.g. cost, latency and context): indices into
    // summary.providers; a provider missing a figure is not on it. Empty with *error naming an
    // unknown figure.
    static std::optional<std::vector<int>>
    frontOf(const SessionSummary &summary, const std::vector<QString> &figures, QString *error);

    // The session's providers scored on these criteria.
    static std::optional<ScoreTable> ofSession(const SessionSummary &summary,
                                               const std::vector<ScoreCriterion> &criteria,
                                               QString *error);
};

} // namespace ys
