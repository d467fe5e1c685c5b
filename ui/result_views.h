#pragma once

#include <QCoreApplication>
#include <QString>
#include <vector>

class QWidget;

namespace ys {

class Workbench;

struct ResultView {
    QWidget *widget = nullptr;
    QString title;
};

// The result views of the selected session beyond the table and the Pareto chart: latency
// distribution, concurrency, cost breakdown and verdict cards, each following the workbench's
// summary and selected provider. The results page adds each as a tab.
class ResultViews {
    Q_DECLARE_TR_FUNCTIONS(ys::ResultViews)
public:
    static std::vector<ResultView> make(Workbench *workbench, QWidget *parent);
};

} // namespace ys
