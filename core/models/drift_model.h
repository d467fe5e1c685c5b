#pragma once

#include "analysis/drift.h"
#include "analysis/token_reconciliation.h"
#include "models/held_rows_model.h"

#include <vector>

namespace ys {

// Drift events, one row each, for the workbench: provider, figure, the two sessions, the figure
// before and after, the difference with its 95% interval and the Holm-adjusted p-value.
// ValueRole gives the raw number of numeric columns (for charts and sorting).
class DriftModel : public HeldRowsModel<DriftEvent> {
    Q_OBJECT
public:
    enum Column {
        Provider,
        Figure,
        FromSession,
        ToSession,
        Before,
        After,
        Difference,
        PValue,
        ColumnCount
    };
    enum Role { FigureNameRole = FirstOwnRole };

    explicit DriftModel(QObject *parent = nullptr);

    void setEvents(std::vector<DriftEvent> events) { hold(std::move(events)); }
    const std::vector<DriftEvent> &events() const { return rowsHeld(); }

protected:
    QVariant ownData(int row, int column, int role) const override;
};

// Token reconciliation, one row per provider: the family, the reported/local ratios with their
// spread for prompt and output, and whether the provider is flagged (exact encodings) or its
// count is an estimate.
class ReconciliationModel : public HeldRowsModel<TokenReconciliation> {
    Q_OBJECT
public:
    enum Column {
        Provider,
        Family,
        InputRatio,
        InputSpread,
        OutputRatio,
        OutputSpread,
        Status,
        ColumnCount
    };
    enum Role { FlaggedRole = FirstOwnRole };

    explicit ReconciliationModel(QObject *parent = nullptr);

    void setProviders(std::vector<TokenReconciliation> providers) { hold(std::move(providers)); }

protected:
    QVariant ownData(int row, int column, int role) const override;
};

} // namespace ys
