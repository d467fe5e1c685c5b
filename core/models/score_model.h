#pragma once

#include "analysis/scores.h"
#include "models/row_table_model.h"

namespace ys {

// One row per provider of a score table (analysis/scores.h): its rank, its score and the scaled
// value of each criterion, one column per criterion after the fixed ones. DisplayRole gives
// text ("—" where there is nothing), ValueRole the raw number (invalid where there is nothing).
class ScoreModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column { ProviderColumn, RankColumn, ScoreColumn, FirstCriterionColumn };

    explicit ScoreModel(QObject *parent = nullptr);

    void setTable(ScoreTable table);
    const ScoreTable &table() const { return m_table; }

protected:
    int rows() const override { return int(m_table.rows.size()); }

private:
    const ScoreRow &at(int row) const { return m_table.rows[std::size_t(row)]; }
    void addColumns();

    ScoreTable m_table;
};

} // namespace ys
