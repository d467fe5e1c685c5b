#pragma once

#include "models/row_table_model.h"

#include <utility>
#include <vector>

namespace ys {

// A RowTableModel whose rows are a vector of Row it holds whole, replaced at once (a reset):
// the bill's tables, the medians by window.
template <typename Row> class HeldRowsModel : public RowTableModel {
public:
    using RowTableModel::RowTableModel;

    const std::vector<Row> &rowsHeld() const { return m_rows; }
    void clear() { hold({}); }

protected:
    int rows() const override { return int(m_rows.size()); }
    const Row &at(int row) const { return m_rows[std::size_t(row)]; }
    void hold(std::vector<Row> rows)
    {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }

private:
    std::vector<Row> m_rows;
};

} // namespace ys
