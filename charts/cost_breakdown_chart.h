#pragma once

#include "analysis/cost_split.h"

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
class CostBreakdownChart : public QChartView {
    Q_OBJECT
public:
    explicit CostBreakdownChart(Workbench *workbench, QWidget *parent = nullptr);

    static QString partName(CostSplit::Part part);
    // What the last rebuild drew: the providers with a measured cost, in the bars' order.
    const std::vector<CostSplit> &splits() const { return m_shown; }

    void rebuild();

protected:
    void showEvent(QShowEvent *event) override;

private:
    // Redraws now when visible, else when next shown.
    void refresh();

    Workbench *m_workbench;
    QChart *m_chart = nullptr;
    QBarCategoryAxis *m_providerAxis = nullptr;
    QValueAxis *m_usdAxis = nullptr;
    std::vector<CostSplit> m_shown;
    bool m_dirty = true;
};

} // namespace ys
