#include "models/score_model.h"

#include "models/cell_values.h"

namespace ys {

ScoreModel::ScoreModel(QObject *parent)
    : RowTableModel(parent)
{
    addColumns();
}

void ScoreModel::setTable(ScoreTable table)
{
    beginResetModel();
    m_table = std::move(table);
    clearColumns();
    addColumns();
    endResetModel();
}

void ScoreModel::addColumns()
{
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).name; });
    addColumn("rank", "", QT_TR_NOOP("Rank"),
              [this](int r) { return at(r).rank ? QVariant(*at(r).rank) : QVariant(); });
    addColumn("score", "", QT_TR_NOOP("Score"), [this](int r) {
        return cellOrNull(at(r).score);
    }).places(3);
    for (std::size_t i = 0; i < m_table.criteria.size(); ++i) {
        const ScoreCriterion &c = m_table.criteria[i];
        ColumnSpec &column =
            addColumn("", "", "", [this, i](int r) { return cellOrNull(at(r).normalised[i]); })
                .places(3)
                .titled([c] {
                    //: A score criterion's heading and its weight, e.g. "Latency ×0.35"
                    return tr("%1 ×%2").arg(Scores::figureHeading(c.name)).arg(c.weight);
                });
        column.key = QStringLiteral("criterion_") + c.name;
    }
}

} // namespace ys
