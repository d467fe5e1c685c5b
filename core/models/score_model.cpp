#include "models/score_model.h"

#include "models/export_roles.h"
#include "util/number_text.h"
#include <iterator>

namespace ys {

ScoreModel::ScoreModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ScoreModel::setTable(ScoreTable table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int ScoreModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows.size());
}

int ScoreModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FirstCriterionColumn + int(m_table.criteria.size());
}

QVariant ScoreModel::value(int row, int column) const
{
    const ScoreRow &r = m_table.rows[std::size_t(row)];
    switch (column) {
    case ProviderColumn:
        return r.name;
    case RankColumn:
        return r.rank ? QVariant(*r.rank) : QVariant();
    case ScoreColumn:
        return r.score ? QVariant(*r.score) : QVariant();
    default: {
        const auto &v = r.normalised[std::size_t(column - FirstCriterionColumn)];
        return v ? QVariant(*v) : QVariant();
    }
    }
}

QVariant ScoreModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const QVariant v = value(index.row(), index.column());
    if (role == ValueRole || role == ExportValueRole)
        return v;
    if (role != Qt::DisplayRole)
        return {};
    if (!v.isValid())
        return QStringLiteral("—");
    if (index.column() == ProviderColumn || index.column() == RankColumn)
        return v;
    return fixedNumber(v.toDouble(), 3);
}

QVariant ScoreModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (isExportHeaderRole(orientation, role) && section >= 0 && section < columnCount()) {
        if (role == ExportUnitRole)
            return QString();
        if (section < FirstCriterionColumn) {
            static constexpr ExportColumn kFixed[] = {
                {"provider", ""}, {"rank", ""}, {"score", ""}};
            return exportHeader(kFixed, section, orientation, role);
        }
        return QStringLiteral("criterion_") +
               m_table.criteria[std::size_t(section - FirstCriterionColumn)].name;
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ProviderColumn:
        return tr("Provider");
    case RankColumn:
        return tr("Rank");
    case ScoreColumn:
        return tr("Score");
    default:
        if (section < columnCount()) {
            const ScoreCriterion &c = m_table.criteria[std::size_t(section - FirstCriterionColumn)];
            //: A score criterion's name and its weight, e.g. "latency ×0.35"
            return tr("%1 ×%2").arg(c.name).arg(c.weight);
        }
        return {};
    }
}

QHash<int, QByteArray> ScoreModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(ValueRole, "value");
    return names;
}

} // namespace ys
