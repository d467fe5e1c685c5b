#pragma once

#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <QHash>
#include <QImage>
#include <QSize>
#include <QString>
#include <memory>

class QChart;

namespace ys {

// The report's charts, drawn offscreen from a session's summary in the print look (white
// background, dark ink): the Pareto front of latency against $ per 1K tokens, and the cost and
// the time to first token of a request against its prompt size. What they draw comes from
// ParetoPlot and ContextPlot, as on the workbench's charts; every provider's series carries its
// name, so the legend (and the SVG's text) names it.
class ReportCharts {
    Q_DECLARE_TR_FUNCTIONS(ys::ReportCharts)
public:
    // One chart by the report's id ("pareto", "context_cost", "context_latency"); null when the
    // session has nothing for it to draw.
    static std::unique_ptr<QChart> chart(const SessionSummary &summary, const QString &id);

    // Every chart of the report as SVG markup to inline in HTML (ReportHtml::inlineSvg), by id;
    // a chart with nothing to draw is left out.
    static QHash<QString, QString> svgs(const SessionSummary &summary);
    // The same as images for the PDF, at `dpi` for a width of `widthInches`.
    static QHash<QString, QImage> images(const SessionSummary &summary, double widthInches,
                                         int dpi);

    static QSize logicalSize(); // the size each chart is laid out at, in points
};

} // namespace ys
