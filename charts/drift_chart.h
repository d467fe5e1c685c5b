#pragma once

#include <QChartView>
#include <QPointer>

class QAbstractItemModel;
class QChart;
class QCategoryAxis;
class QValueAxis;

namespace ys {

// One provider across sessions: its TTFT and E2E P95 (left axis) and measured $ per 1K (right
// axis), a point per session in time order, with the sessions where its model identity (model
// or fingerprint) changed marked. Fed from a DriftSeriesModel; redraws when it changes.
class DriftChart : public QChartView {
    Q_OBJECT
public:
    explicit DriftChart(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model);
    // Sessions drawn in the last rebuild, and how many of them are marked as identity changes.
    int pointCount() const { return m_pointCount; }
    int changeCount() const { return m_changeCount; }

private:
    void rebuild();

    QPointer<QAbstractItemModel> m_model;
    QChart *m_chart = nullptr;
    QCategoryAxis *m_xAxis = nullptr;
    QValueAxis *m_msAxis = nullptr;
    QValueAxis *m_usdAxis = nullptr;
    int m_pointCount = 0;
    int m_changeCount = 0;
};

} // namespace ys
