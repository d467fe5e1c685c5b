#pragma once

#include "analysis/gates.h"
#include "analysis/run_summary.h"
#include "models/row_table_model.h"

#include <vector>

namespace ys {

// One row per provider of a session, with the figures an analyst compares and the verdict of
// each requirement gate. DisplayRole gives formatted text ("—" for what was not measured),
// SortRole the raw number, so sorting is numeric and unmeasured figures sort last.
class ComparisonTableModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column {
        ProviderColumn,
        ModelColumn,
        AttemptsColumn,
        SuccessRateColumn,
        TtftP50Column,
        TtftP95Column,
        E2eP50Column,
        E2eP95Column,
        TokensPerSecondColumn,
        UsdPer1kColumn,
        CostColumn,
        ContextColumn,
        VerdictColumn,
        RunsColumn,
        ColumnCount
    };
    enum Role {
        ProviderNameRole = FirstOwnRole,
        LatencyP95Role, // end-to-end P95 in ms the gate reads (open loop: from the intended start)
        UsdPer1kRole,   // blended $ per 1K tokens, or invalid
        VerdictRole,    // overall GateResult as int
        GateRole        // GateResult of the gate this cell shows, as int (NoData if none)
    };

    explicit ComparisonTableModel(QObject *parent = nullptr);

    // A column's name that does not change with the language or the column order ("e2e_p95"),
    // for settings that remember columns; columnOf() is its inverse (-1 for an unknown name).
    static QString columnKey(int column);
    static int columnOf(const QString &key);

    void setSummaries(std::vector<ProviderSummary> summaries);
    const std::vector<ProviderSummary> &summaries() const { return m_rows; }
    void setRequirements(const Requirements &requirements);
    const Requirements &requirements() const { return m_requirements; }

protected:
    int rows() const override { return int(m_rows.size()); }
    QVariant ownData(int row, int column, int role) const override;
    QHash<int, QByteArray> ownRoleNames() const override;

private:
    const ProviderSummary &at(int row) const { return m_rows[std::size_t(row)]; }
    void addColumns();
    void addLatencyColumns();
    void addMoneyColumns();
    QString tooltipOf(int row, int column) const;
    GateResult gateForColumn(int row, int column) const;
    // Each row's gates, evaluated once when the rows or the requirements are set.
    void judge();

    std::vector<ProviderSummary> m_rows;
    std::vector<GateVerdict> m_verdicts; // one per row
    Requirements m_requirements;
};

} // namespace ys
