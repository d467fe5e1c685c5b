#pragma once

#include "models/held_rows_model.h"
#include "storage/history_window.h"

#include <vector>

namespace ys {

// Each provider's medians by window of time or by hour of day (storage/history_window.h), one
// row per group and provider in the order `yardstick-cli history` prints them: the group, the
// provider, the finished sessions in it, and the medians of their p50 TTFT, p50 end-to-end and
// p50 output tokens per second.
class HistoryWindowModel : public HeldRowsModel<HistoryWindowRow> {
    Q_OBJECT
public:
    enum Column { Group, Provider, Sessions, TtftP50, E2eP50, TokensPerS, ColumnCount };

    explicit HistoryWindowModel(QObject *parent = nullptr);

    void setRows(std::vector<HistoryWindowRow> rows, HistoryGrouping grouping);
    HistoryGrouping grouping() const { return m_grouping; }
    // A group as the table names it: "2026-03-01 06:00 UTC" for a window, "09:00 UTC" for an
    // hour of the day.
    static QString groupText(const HistoryWindowRow &row, HistoryGrouping grouping);

private:
    HistoryGrouping m_grouping = HistoryGrouping::Window;
};

} // namespace ys
