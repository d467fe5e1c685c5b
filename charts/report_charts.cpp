#include "report_charts.h"

#include "chart_export.h"
#include "provider_colours.h"
#include "report/report_content.h"
#include "report/report_html.h"

#include "models/chart_footnote.h"
#include "models/context_plot.h"
#include "models/pareto_plot.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace ys {

namespace {

const QColor kReportInk(0x20, 0x20, 0x20);

void printLook(QChart *chart)
{
    chart->setTheme(QChart::ChartThemeLight);
    chart->setBackgroundBrush(Qt::white);
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitleBrush(kReportInk);
    chart->legend()->setLabelColor(kReportInk);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->resize(ReportCharts::logicalSize());
}

QValueAxis *axis(QChart *chart, Qt::Alignment where, const QString &title, double lo, double hi)
{
    auto *a = new QValueAxis;
    a->setTitleText(title);
    a->setTitleBrush(kReportInk);
    a->setLabelsColor(kReportInk);
    const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(std::abs(hi) * 0.1, 1e-9);
    a->setRange(std::max(0.0, lo - pad), hi + pad);
    a->applyNiceNumbers();
    chart->addAxis(a, where);
    return a;
}

constexpr char kNoLegend[] = "ysNoLegend";

void attach(QChart *chart, QAbstractSeries *series, bool legend)
{
    chart->addSeries(series);
    for (QAbstractAxis *a : chart->axes())
        series->attachAxis(a);
    if (!legend) {
        // Counted by fitLegend(): a marker's own visibility reads false until the legend is
        // shown in a scene, so the series says it has no row.
        series->setProperty(kNoLegend, true);
        for (QLegendMarker *m : chart->legend()->markers(series))
            m->setVisible(false);
    }
}

QLineSeries *line(const QString &name, const QPen &pen, const std::vector<QPointF> &points)
{
    auto *s = new QLineSeries;
    s->setName(name);
    s->setPen(pen);
    for (const QPointF &p : points)
        s->append(p);
    return s;
}

std::unique_ptr<QChart> paretoChart(const SessionSummary &summary)
{
    const ParetoPlotData plot =
        ParetoPlot::of(summary, ParetoLatencyAxis::E2eP95, ParetoCostAxis::Measured);
    if (plot.points.empty())
        return nullptr;
    auto chart = std::make_unique<QChart>();
    printLook(chart.get());
    chart->setTitle(ReportCharts::tr("%1 against %2")
                        .arg(ParetoPlot::name(plot.latencyAxis), ParetoPlot::name(plot.costAxis)));
    const auto [cLo, cHi] = plot.costRange();
    const auto [lLo, lHi] = plot.latencyRange();
    axis(chart.get(), Qt::AlignBottom, ParetoPlot::name(plot.costAxis), cLo, cHi);
    axis(chart.get(), Qt::AlignLeft,
         ReportCharts::tr("%1 (ms)").arg(ParetoPlot::name(plot.latencyAxis)), lLo, lHi);
    QPen gatePen(QColor(0xb7, 0x1c, 0x1c), 1.2, Qt::DashLine);
    if (plot.latencyGate)
        attach(chart.get(),
               line(ReportCharts::tr("Gates"), gatePen,
                    {QPointF(cLo, *plot.latencyGate), QPointF(cHi, *plot.latencyGate)}),
               true);
    if (plot.costGate)
        attach(chart.get(),
               line(ReportCharts::tr("Gates"), gatePen,
                    {QPointF(*plot.costGate, lLo), QPointF(*plot.costGate, lHi)}),
               !plot.latencyGate);
    if (plot.frontSteps.size() > 1)
        attach(chart.get(),
               line(ReportCharts::tr("Pareto front"), QPen(kReportInk, 1.5), plot.frontSteps),
               true);
    for (std::size_t i = 0; i < plot.points.size(); ++i) {
        const ParetoPlotPoint &p = plot.points[i];
        const QColor colour = providerColour(int(i));
        QPen whisker(colour, 1.2);
        if (p.costCi)
            attach(
                chart.get(),
                line(p.provider, whisker,
                     {QPointF(p.costCi->first, p.latency), QPointF(p.costCi->second, p.latency)}),
                false);
        if (p.latencyCi)
            attach(
                chart.get(),
                line(p.provider, whisker,
                     {QPointF(p.cost, p.latencyCi->first), QPointF(p.cost, p.latencyCi->second)}),
                false);
        auto *dot = new QScatterSeries;
        dot->setName(p.provider);
        dot->setColor(p.onFront ? colour : colour.lighter(150));
        dot->setBorderColor(kReportInk);
        dot->setMarkerSize(p.onFront ? 12 : 9);
        dot->append(p.cost, p.latency);
        attach(chart.get(), dot, true);
    }
    return chart;
}

std::unique_ptr<QChart> contextChart(const SessionSummary &summary, ContextPane pane)
{
    const ContextPlotData plot = ContextPlot::of(summary, pane);
    if (plot.providers.empty())
        return nullptr;
    auto chart = std::make_unique<QChart>();
    printLook(chart.get());
    chart->setTitle(ContextPlot::name(pane));
    const auto [vLo, vHi] = plot.valueRange();
    axis(chart.get(), Qt::AlignBottom, ReportCharts::tr("Prompt tokens"), 0, plot.promptEnd);
    axis(chart.get(), Qt::AlignLeft, plot.valueTitle, vLo, vHi);
    for (const auto &[tokens, label] : plot.markers)
        attach(chart.get(),
               line(label, QPen(QColor(0x99, 0x99, 0x99), 1, Qt::DotLine),
                    {QPointF(tokens, vLo), QPointF(tokens, vHi)}),
               false);
    for (std::size_t i = 0; i < plot.providers.size(); ++i) {
        const ContextPlotProvider &p = plot.providers[i];
        const QColor colour = providerColour(int(i));
        if (!p.fitted.empty())
            attach(chart.get(), line(p.provider, QPen(colour, 1.5), p.fitted), false);
        if (!p.extrapolated.empty())
            attach(chart.get(), line(p.provider, QPen(colour, 1.2, Qt::DashLine), p.extrapolated),
                   false);
        if (!p.listPrice.empty())
            attach(chart.get(), line(p.provider, QPen(colour, 1, Qt::DotLine), p.listPrice), false);
        auto *dots = new QScatterSeries;
        dots->setName(p.provider);
        dots->setColor(colour);
        dots->setBorderColor(kReportInk);
        dots->setMarkerSize(9);
        for (const ContextPlotPoint &pt : p.points) {
            dots->append(pt.promptTokens, pt.value);
            if (pt.ci)
                attach(chart.get(),
                       line(p.provider, QPen(colour, 1),
                            {QPointF(pt.promptTokens, pt.ci->first),
                             QPointF(pt.promptTokens, pt.ci->second)}),
                       false);
        }
        attach(chart.get(), dots, true);
    }
    return chart;
}

// The legend sits at the right with one row per entry, so a chart of many providers is laid out
// taller rather than cutting the last names off: at least `layout`, and room for every row.
QSize fitLegend(QSize layout, const QChart *chart)
{
    int rows = 0;
    for (const QAbstractSeries *series : chart->series())
        rows += series->property(kNoLegend).toBool() ? 0 : 1;
    constexpr int kRowHeight = 26; // a marker and its label, in the chart's logical pixels
    constexpr int kFrame = 110;    // title, footnote and margins above and below the legend
    return QSize(layout.width(), std::max(layout.height(), kFrame + kRowHeight * rows));
}

ChartExportOptions printOptions(const SessionSummary &summary, ChartFormat format)
{
    ChartExportOptions options;
    options.format = format;
    options.size = ReportCharts::logicalSize();
    options.theme = ChartTheme::Print;
    options.footnote = ChartFootnote::text(summary.info);
    return options;
}

} // namespace

QSize ReportCharts::logicalSize()
{
    return QSize(960, 500);
}

std::unique_ptr<QChart> ReportCharts::chart(const SessionSummary &summary, const QString &id)
{
    if (id == QLatin1StringView("pareto"))
        return paretoChart(summary);
    if (id == QLatin1StringView("context_cost"))
        return contextChart(summary, ContextPane::Cost);
    if (id == QLatin1StringView("context_latency"))
        return contextChart(summary, ContextPane::Latency);
    return nullptr;
}

QHash<QString, QString> ReportCharts::svgs(const SessionSummary &summary)
{
    QHash<QString, QString> out;
    for (const QString &id : ReportBuilder::chartIds()) {
        const auto c = chart(summary, id);
        if (!c)
            continue;
        const QSize size = fitLegend(logicalSize(), c.get());
        ChartExportOptions options = printOptions(summary, ChartFormat::Svg);
        options.size = size;
        const QByteArray svg = ChartExport::svg(c.get(), size, options);
        out.insert(id, ReportHtml::inlineSvg(svg));
    }
    return out;
}

QHash<QString, QImage> ReportCharts::images(const SessionSummary &summary, double widthInches,
                                            int dpi)
{
    QHash<QString, QImage> out;
    const QSize logical = logicalSize();
    // Text is drawn at `dpi`, so the chart is laid out at the page's width in 96-dpi pixels.
    const int layoutWidth = int(widthInches * 96);
    const QSize layout(layoutWidth, layoutWidth * logical.height() / logical.width());
    for (const QString &id : ReportBuilder::chartIds()) {
        const auto c = chart(summary, id);
        if (!c)
            continue;
        const QSize fitted = fitLegend(layout, c.get());
        const QSize pixels(int(widthInches * dpi), fitted.height() * dpi / 96);
        ChartExportOptions options = printOptions(summary, ChartFormat::Png);
        options.size = pixels;
        out.insert(id, ChartExport::image(c.get(), pixels, dpi, options));
    }
    return out;
}

} // namespace ys
