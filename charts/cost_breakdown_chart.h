#pragma once

#include "analysis/cost_split.h"
#include "charts/redrawn_when_shown.h"

#include <QChartView>
#include <vector>

class QBarCategoryAxis;
class QChart;
class QValueAxis;

namespace ys {

class Workbench;

// Where each provider's money went in the selected session: one stacked bar per provider of
// the spend on uncached input, cached input, visible output and reasoning of its answers, and on
// retried, failed and truncated attempts (analysis/cost_split.h). A part no provider has is left
// out of the stack. Redraws when the workbench's summary changes, lazily while hidden; clicking
// a bar selects its provider.
class CostBreakdownChart : public RedrawnWhenShown<QChartView> {
    Q_OBJECT
public:
    explicit CostBreakdownChart(Workbench *workbench, QWidget *parent = nullptr);

    static QString partName(CostSplit::Part part);
    // What the last rebuild drew: the providers with a measured cost, in the bars' order.
    const std::vector<CostSplit> &splits() const { return m_shown; }

private:
    void draw() override;

    Workbench *m_workbench;
    QChart *m_chart = nullptr;
    QBarCategoryAxis *m_providerAxis = nullptr;
    QValueAxis *m_usdAxis = nullptr;
    std::vector<CostSplit> m_shown;
};

} // namespace ys
