#pragma once

#include "charts/redrawn_when_shown.h"

#include <QChartView>
#include <QString>
#include <vector>

class QBarCategoryAxis;
class QChart;
class QValueAxis;

namespace ys {

class Workbench;

// How often each provider's streams stalled in the selected session's stability scenario: for
// each stall threshold the scenario set (a category, "≥ 200 ms"), one bar per provider counting
// the gaps between deliveries at least that long (analysis/kind_results.h, StabilityResult's
// stalls). Redraws when the workbench's summary changes, lazily while hidden; clicking a bar
// selects its provider.
class StallChart : public RedrawnWhenShown<QChartView> {
    Q_OBJECT
public:
    explicit StallChart(Workbench *workbench, QWidget *parent = nullptr);

    // What the last rebuild drew: the thresholds in ms, in the categories' order, and the
    // providers with a stability result, in the bar sets' order.
    const std::vector<int> &thresholds() const { return m_thresholds; }
    const std::vector<QString> &providers() const { return m_providers; }

private:
    void draw() override;

    Workbench *m_workbench;
    QChart *m_chart = nullptr;
    QBarCategoryAxis *m_thresholdAxis = nullptr;
    QValueAxis *m_countAxis = nullptr;
    std::vector<int> m_thresholds;
    std::vector<QString> m_providers;
};

} // namespace ys
