#pragma once

#include "analysis/tco.h"
#include "models/row_table_model.h"

#include <vector>

namespace ys {

// The sensitivity table of a TCO report (analysis/tco.h), one row per input moved alone, in the
// report's order (the largest move of the break-even first): the input, its low and high values,
// the break-even volume at either end ("never" where there is none) and the move ("unbounded"
// where the break-even exists at one end only), worded as `yardstick-cli tco` prints them.
class TcoSensitivityModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column {
        InputColumn,
        LowColumn,
        HighColumn,
        BreakEvenLowColumn,
        BreakEvenHighColumn,
        MoveColumn
    };

    explicit TcoSensitivityModel(QObject *parent = nullptr);

    void setRows(std::vector<TcoSensitivity> rows);
    const std::vector<TcoSensitivity> &sensitivity() const { return m_rows; }

protected:
    int rows() const override { return int(m_rows.size()); }

private:
    const TcoSensitivity &at(int row) const { return m_rows[std::size_t(row)]; }

    std::vector<TcoSensitivity> m_rows;
};

} // namespace ys
