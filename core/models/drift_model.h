#pragma once

#include "analysis/drift.h"
#include "analysis/token_reconciliation.h"

#include <QAbstractTableModel>
#include <vector>

namespace ys {

// Drift events, one row each, for the workbench: provider, figure, the two sessions, the figure
// before and after, the difference with its 95% interval and the Holm-adjusted p-value.
// ValueRole gives the raw number of numeric columns (for charts and sorting).
class DriftModel : public QAbstractTableModel {
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
    enum Role { ValueRole = Qt::UserRole + 1, FigureNameRole };

    explicit DriftModel(QObject *parent = nullptr);

    void setEvents(std::vector<DriftEvent> events);
    const std::vector<DriftEvent> &events() const { return m_events; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<DriftEvent> m_events;
};

// Token reconciliation, one row per provider: the family, the reported/local ratios with their
// spread for prompt and output, and whether the provider is flagged (exact encodings) or its
// count is an estimate.
class ReconciliationModel : public QAbstractTableModel {
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
    enum Role { ValueRole = Qt::UserRole + 1, FlaggedRole };

    explicit ReconciliationModel(QObject *parent = nullptr);

    void setProviders(std::vector<TokenReconciliation> providers);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<TokenReconciliation> m_providers;
};

} // namespace ys
