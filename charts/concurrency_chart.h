#pragma once

#include "charts/redrawn_when_shown.h"

#include <QChartView>

class QChart;
class QLogValueAxis;
class QValueAxis;

namespace ys {

class Workbench;

// What more requests in flight buy each provider, from its concurrency sweep: output tokens per
// second (solid, left axis) and end-to-end P95 (dashed, right axis) against the level, on a
// log₂ axis, with the saturation point (the lowest level past which throughput stops growing)
// marked on the throughput line. Redraws when the workbench's summary changes, lazily while
// hidden; clicking a line selects its provider.
class ConcurrencyChart : public RedrawnWhenShown<QChartView> {
    Q_OBJECT
public:
    explicit ConcurrencyChart(Workbench *workbench, QWidget *parent = nullptr);

    // Series names: the provider's name with these suffixes, so tests and legends tell them
    // apart.
    static QString throughputName(const QString &provider);
    static QString p95Name(const QString &provider);
    static QString saturationName(const QString &provider);

private:
    void draw() override;

    Workbench *m_workbench;
    QChart *m_chart = nullptr;
    QLogValueAxis *m_levelAxis = nullptr;
    QValueAxis *m_throughputAxis = nullptr;
    QValueAxis *m_p95Axis = nullptr;
};

} // namespace ys
