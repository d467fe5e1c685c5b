#pragma once

#include "analysis/latency_distribution.h"
#include "charts/redrawn_when_shown.h"

#include <QWidget>
#include <vector>

class QChart;
class QChartView;
class QComboBox;
class QValueAxis;
class QBarCategoryAxis;

namespace ys {

class Workbench;

// How each provider's latency spreads in the selected session: its empirical CDF as a line and
// its box (quartiles, whiskers at 1.5 IQR, outliers counted in the category label), end-to-end
// or TTFT. The figures come from core (analysis/latency_distribution.h), at most a few hundred
// points per provider. Redraws when the workbench's summary changes, lazily while hidden;
// clicking a line or box selects that provider.
class LatencyDistributionChart : public RedrawnWhenShown<QWidget> {
    Q_OBJECT
public:
    explicit LatencyDistributionChart(Workbench *workbench, QWidget *parent = nullptr);

    LatencyMetric metric() const { return m_metric; }
    void setMetric(LatencyMetric metric);

    QChart *cdfChart() const { return m_cdf; }
    QChart *boxChart() const { return m_box; }
    // What the last rebuild drew, one entry per provider of the session.
    const std::vector<LatencyDistribution> &distributions() const { return m_shown; }

private:
    void draw() override;
    void highlightSelected();

    Workbench *m_workbench;
    LatencyMetric m_metric = LatencyMetric::E2e;
    QComboBox *m_metricBox = nullptr;
    QChartView *m_cdfView = nullptr;
    QChartView *m_boxView = nullptr;
    QChart *m_cdf = nullptr;
    QChart *m_box = nullptr;
    QValueAxis *m_cdfX = nullptr;
    QValueAxis *m_cdfY = nullptr;
    QBarCategoryAxis *m_boxX = nullptr;
    QValueAxis *m_boxY = nullptr;
    std::vector<LatencyDistribution> m_shown;
};

} // namespace ys
