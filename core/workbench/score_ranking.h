#pragma once

#include "analysis/scores.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

struct SessionSummary;

// What the Scores page shows: the session's providers ranked by the weights its sliders set,
// scored in core (analysis/scores.h) exactly as `yardstick-cli show --weights` scores them.
class ScoreRanking {
    Q_DECLARE_TR_FUNCTIONS(ys::ScoreRanking)
public:
    // Every figure a weight can be set for, in order, with its default weight (0 when the
    // default criteria leave it out).
    static std::vector<std::pair<QString, double>> defaultWeights();
    // A figure as people read it, for a weight's label (Scores::figureLabel).
    static QString figureLabel(const QString &name) { return Scores::figureLabel(name); }
    // The ranking, or nothing with the message saying why; keepLast: the weights are not valid,
    // so the last ranking still says what the last valid weights gave.
    std::optional<ScoreTable> table;
    QString message;
    bool keepLast = false;

    static ScoreRanking rank(const SessionSummary *summary,
                             const std::vector<std::pair<QString, double>> &weights);
};

} // namespace ys
