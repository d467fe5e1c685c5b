#pragma once

#include "analysis/pareto.h"

#include <QAbstractTableModel>

namespace ys {

// One row per provider placed on the cost-latency plane (analysis/pareto.h), for a chart to
// draw: the point with its intervals, whether it is on the front, the knee, and the shape of
// the front segment that starts at it. DisplayRole gives text ("—" where there is nothing),
// ValueRole the raw number or flag (invalid where there is nothing).
class ParetoModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ProviderColumn,
        UsdPer1kColumn,
        UsdPer1kLowColumn,
        UsdPer1kHighColumn,
        LatencyColumn,
        LatencyLowColumn,
        LatencyHighColumn,
        FrontColumn,
        KneeColumn,
        SegmentColumn, // the shape of the front segment from this point to the next
        ColumnCount
    };
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit ParetoModel(QObject *parent = nullptr);

    void setAnalysis(ParetoAnalysis analysis);
    const ParetoAnalysis &analysis() const { return m_analysis; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QVariant value(int row, int column) const;

    ParetoAnalysis m_analysis;
};

} // namespace ys
