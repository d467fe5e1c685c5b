#pragma once

#include "analysis/scores.h"

#include <QAbstractTableModel>

namespace ys {

// One row per provider of a score table (analysis/scores.h): its rank, its score and the scaled
// value of each criterion, one column per criterion after the fixed ones. DisplayRole gives
// text ("—" where there is nothing), ValueRole the raw number (invalid where there is nothing).
class ScoreModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ProviderColumn, RankColumn, ScoreColumn, FirstCriterionColumn };
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit ScoreModel(QObject *parent = nullptr);

    void setTable(ScoreTable table);
    const ScoreTable &table() const { return m_table; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QVariant value(int row, int column) const;

    ScoreTable m_table;
};

} // namespace ys
