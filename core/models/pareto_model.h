#pragma once

#include "analysis/pareto.h"
#include "models/row_table_model.h"

namespace ys {

// One row per provider placed on the cost-latency plane (analysis/pareto.h), for a chart to
// draw: the point with its intervals, whether it is on the front, the knee, and the shape of
// the front segment that starts at it. DisplayRole gives text ("—" where there is nothing),
// ValueRole the raw number or flag (invalid where there is nothing).
class ParetoModel : public RowTableModel {
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
    explicit ParetoModel(QObject *parent = nullptr);

    void setAnalysis(ParetoAnalysis analysis);
    const ParetoAnalysis &analysis() const { return m_analysis; }

protected:
    int rows() const override { return int(m_analysis.points.size()); }

private:
    const ParetoEntry &at(int row) const { return m_analysis.points[std::size_t(row)]; }
    bool onFront(int row) const;
    QVariant segmentFrom(int row) const;

    ParetoAnalysis m_analysis;
};

} // namespace ys
