#include "workbench/score_ranking.h"

#include "analysis/run_summary.h"

namespace ys {

std::vector<std::pair<QString, double>> ScoreRanking::defaultWeights()
{
    std::vector<std::pair<QString, double>> out;
    const std::vector<ScoreCriterion> defaults = Scores::defaultCriteria();
    for (const QString &name : Scores::figureNames()) {
        double weight = 0;
        for (const ScoreCriterion &c : defaults)
            if (c.name == name)
                weight = c.weight;
        out.emplace_back(name, weight);
    }
    return out;
}

ScoreRanking ScoreRanking::rank(const SessionSummary *summary,
                                const std::vector<std::pair<QString, double>> &weights)
{
    ScoreRanking r;
    QString error;
    const auto criteria = Scores::criteria(weights, &error);
    if (!criteria) {
        r.message = error;
        r.keepLast = true;
        return r;
    }
    if (!summary) {
        r.table = ScoreTable{};
        r.message = tr("Select a session to rank its providers.");
        return r;
    }
    r.table = Scores::ofSession(*summary, *criteria, &error);
    if (!r.table) {
        r.message = error;
        r.keepLast = true;
        return r;
    }
    QStringList notes;
    if (!r.table->dropped.empty()) {
        QStringList dropped;
        for (const QString &d : r.table->dropped)
            dropped << Scores::figureLabel(d);
        notes << tr("Not measured, left out: %1.").arg(dropped.join(QStringLiteral(", ")));
    }
    if (r.table->topStability)
        notes << tr("The top provider stays first in %1% of random weight changes of ±50%.")
                     .arg(QString::number(*r.table->topStability * 100.0, 'f', 0));
    r.message = notes.join(QLatin1Char(' '));
    return r;
}

} // namespace ys
