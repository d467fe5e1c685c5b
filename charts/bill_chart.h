#pragma once

#include "analysis/bill.h"

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QStringList>

class QChart;
class QDateTimeAxis;
class QValueAxis;

namespace ys {

// The bill's effective price by day (analysis/bill.h): for each model the billed $/1K of each
// day as a line and the recorded $/1K of the same days dashed in the same colour, and the days
// the outlier test flagged marked on the billed line.
class BillChart : public QChartView {
    Q_OBJECT
public:
    explicit BillChart(QWidget *parent = nullptr);

    void setReconciliation(const BillReconciliation &r);
    void clear();

    // The flagged days drawn: x in milliseconds since the epoch (the day's start, UTC), y the
    // day's billed $/1K.
    const QList<QPointF> &flaggedPoints() const { return m_flagged; }
    // The models with a billed line, in the order drawn.
    const QStringList &models() const { return m_models; }

private:
    void finishAxes(double minX, double maxX, double maxY, int days);

    QChart *m_chart = nullptr;
    QDateTimeAxis *m_xAxis = nullptr;
    QValueAxis *m_yAxis = nullptr;
    QList<QPointF> m_flagged;
    QStringList m_models;
};

} // namespace ys
