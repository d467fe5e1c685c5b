#include "charts/context_scaling_chart.h"

#include "charts/chart_legend.h"
#include "charts/chart_setup.h"
#include "charts/provider_colours.h"
#include "workbench/workbench.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace ys {

namespace {

// A round step (1, 2 or 5 times a power of ten) giving about five ticks up to `end`.
double tickStep(double end)
{
    const double raw = end / 5;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0}) {
        if (m * power >= raw)
            return m * power;
    }
    return 10 * power;
}

} // namespace

ContextScalingChart::ContextScalingChart(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_view(new QChartView(this))
    , m_chart(new QChart)
    , m_paneBox(new QComboBox(this))
    , m_xAxis(new QValueAxis)
    , m_yAxis(new QValueAxis)
{
    m_view->setObjectName(QStringLiteral("contextChartView"));
    showChart(m_view, m_chart, QString(), Qt::AlignRight); // the title follows the pane
    m_xAxis->setTickType(QValueAxis::TicksDynamic);
    m_xAxis->setTickAnchor(0);
    placeAxis(m_chart, m_xAxis, Qt::AlignBottom, QString(), QStringLiteral("%.0f"));
    placeAxis(m_chart, m_yAxis, Qt::AlignLeft, QString());

    m_paneBox->setObjectName(QStringLiteral("contextPane"));
    m_paneBox->addItem(tr("Cost per request"), int(ContextPane::Cost));
    m_paneBox->addItem(tr("Time to first token"), int(ContextPane::Latency));
    auto *controls = new QHBoxLayout;
    auto *label = new QLabel(tr("&Show:"), this);
    label->setBuddy(m_paneBox);
    controls->addWidget(label);
    controls->addWidget(m_paneBox);
    controls->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);
    // The legend names each provider once; the line styles are told here.
    auto *key = new QLabel(tr("Points: measured, with their 95% band · solid: fitted curve · "
                              "dashed: beyond the last point · dotted: list price · "
                              "dash-dot: verified context limit"),
                           this);
    key->setObjectName(QStringLiteral("contextKey"));
    key->setWordWrap(true);
    layout->addWidget(key);

    connect(m_paneBox, &QComboBox::currentIndexChanged, this, &ContextScalingChart::rebuild);
    if (m_workbench) {
        connect(m_workbench, &Workbench::summaryChanged, this, &ContextScalingChart::rebuild);
        connect(m_workbench, &Workbench::selectedProviderChanged, this,
                &ContextScalingChart::highlight);
    }
    rebuild();
}

void ContextScalingChart::setPane(ContextPane pane)
{
    m_paneBox->setCurrentIndex(m_paneBox->findData(int(pane)));
}

ContextPane ContextScalingChart::pane() const
{
    return ContextPane(m_paneBox->currentData().toInt());
}

int ContextScalingChart::pointCount() const
{
    int n = 0;
    for (const ContextPlotProvider &p : m_plot.providers)
        n += int(p.points.size());
    return n;
}

QList<QAbstractSeries *> ContextScalingChart::seriesNamed(const QString &objectName) const
{
    QList<QAbstractSeries *> out;
    for (QAbstractSeries *s : m_chart->series()) {
        if (s->objectName() == objectName)
            out.append(s);
    }
    return out;
}

QLineSeries *ContextScalingChart::line(const QString &objectName, const QString &name,
                                       const QPen &pen)
{
    auto *s = new QLineSeries;
    s->setObjectName(objectName);
    s->setName(name);
    s->setPen(pen);
    return s;
}

void ContextScalingChart::add(QAbstractSeries *series, const QString &provider, bool legend)
{
    m_chart->addSeries(series);
    series->attachAxis(m_xAxis);
    series->attachAxis(m_yAxis);
    if (!provider.isEmpty())
        m_providerOf.insert(series, provider);
    if (!legend)
        hideFromLegend(m_chart, series);
}

void ContextScalingChart::rebuild()
{
    m_chart->removeAllSeries();
    m_providerOf.clear();
    m_colourIndex.clear();
    const auto summary = m_workbench ? m_workbench->summary() : nullptr;
    m_plot = summary ? ContextPlot::of(*summary, pane()) : ContextPlotData{};
    if (summary) {
        for (std::size_t i = 0; i < summary->providers.size(); ++i)
            m_colourIndex.insert(summary->providers[i].name, int(i));
    }

    // The ranges rounded out first, so the vertical markers span the whole plot.
    const auto [lo, hi] = m_plot.valueRange();
    m_yAxis->setRange(std::min(0.0, lo), hi > 0 ? hi * 1.1 : 1.0);
    m_yAxis->applyNiceNumbers();
    const double yLo = m_yAxis->min(), yHi = m_yAxis->max();
    const double xEnd = m_plot.promptEnd > 0 ? m_plot.promptEnd : 210000;
    m_xAxis->setTickInterval(tickStep(xEnd));
    for (std::size_t i = 0; i < m_plot.providers.size(); ++i)
        drawProvider(int(i), yLo, yHi);

    // The prompt sizes the cost curve is read at.
    for (const auto &[w, name] : m_plot.markers) {
        QPen pen(QColor(0x70, 0x70, 0x70));
        pen.setStyle(Qt::DashLine);
        QLineSeries *marker = line(QStringLiteral("marker"), name, pen);
        marker->append(w, yLo);
        marker->append(w, yHi);
        add(marker, QString(), false);
        marker->setPointLabelsVisible(true);
        marker->setPointLabelsFormat(name);
        marker->setPointLabelsClipping(false);
    }

    m_xAxis->setTitleText(tr("Prompt tokens"));
    m_yAxis->setTitleText(ContextPlot::name(pane()));
    m_yAxis->setLabelFormat(pane() == ContextPane::Cost ? QStringLiteral("%.4f")
                                                        : QStringLiteral("%.0f"));
    m_xAxis->setRange(0, xEnd);
    m_yAxis->setRange(yLo, yHi);
    m_chart->legend()->setVisible(!m_plot.providers.empty());
    m_chart->setTitle(summary && m_plot.providers.empty()
                          ? tr("Context scaling: no context sweep in this session")
                          : tr("Context scaling"));
    highlight();
}

// One provider's curve, list price, verified limit, whiskers and points, in its colour.
void ContextScalingChart::drawProvider(int index, double yLo, double yHi)
{
    const ContextPlotProvider &p = m_plot.providers[std::size_t(index)];
    const QColor colour = providerColour(m_colourIndex.value(p.provider));
    QPen solid(colour);
    solid.setWidthF(2);
    QPen dashed = solid;
    dashed.setStyle(Qt::DashLine);
    const auto polyline = [&](const QString &kind, const QString &name, const QPen &pen,
                              const std::vector<QPointF> &points, bool legend) {
        if (points.empty())
            return;
        QLineSeries *s = line(kind, name, pen);
        for (const QPointF &q : points)
            s->append(q);
        add(s, p.provider, legend);
    };
    polyline(QStringLiteral("fit"), tr("%1 curve").arg(p.provider), solid, p.fitted, false);
    polyline(QStringLiteral("extrapolated"), QString(), dashed, p.extrapolated, false);
    QPen steps(colour.darker(140));
    steps.setStyle(Qt::DotLine);
    steps.setWidthF(1.5);
    polyline(QStringLiteral("listPrice"), tr("%1 list price").arg(p.provider), steps, p.listPrice,
             false);
    if (p.verifiedLimit) {
        QPen pen(colour);
        pen.setStyle(Qt::DashDotLine);
        pen.setWidthF(1.5);
        const double w = double(*p.verifiedLimit);
        polyline(QStringLiteral("verifiedLimit"),
                 tr("%1 verified limit %2").arg(p.provider).arg(*p.verifiedLimit), pen,
                 {QPointF(w, yLo), QPointF(w, yHi)}, false);
    }
    QPen whiskerPen(colour);
    whiskerPen.setWidthF(1.5);
    for (const ContextPlotPoint &pt : p.points) {
        if (pt.ci)
            polyline(
                QStringLiteral("whisker"), QString(), whiskerPen,
                {QPointF(pt.promptTokens, pt.ci->first), QPointF(pt.promptTokens, pt.ci->second)},
                false);
    }

    auto *points = new QScatterSeries;
    points->setObjectName(QStringLiteral("point"));
    points->setName(p.provider);
    points->setColor(colour);
    points->setMarkerSize(10);
    for (const ContextPlotPoint &pt : p.points)
        points->append(pt.promptTokens, pt.value);
    add(points, p.provider, true);
    if (m_workbench)
        labelInLegend(m_chart, points, m_workbench->providerLabels().of(p.provider));
    const QString provider = p.provider;
    connect(points, &QScatterSeries::clicked, this, [this, provider] {
        if (m_workbench)
            m_workbench->selectProvider(provider);
    });
    connect(points, &QScatterSeries::hovered, this, [this, index](QPointF at, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        const auto &pts = m_plot.providers[std::size_t(index)].points;
        int nearest = 0;
        for (int k = 1; k < int(pts.size()); ++k) {
            if (std::abs(pts[std::size_t(k)].promptTokens - at.x()) <
                std::abs(pts[std::size_t(nearest)].promptTokens - at.x()))
                nearest = k;
        }
        QToolTip::showText(QCursor::pos(), ContextPlot::details(m_plot, index, nearest), m_view);
    });
}

// The selected provider's lines are bolder; the others keep their width.
void ContextScalingChart::highlight()
{
    const QString selected = m_workbench ? m_workbench->selectedProvider() : QString();
    for (auto it = m_providerOf.cbegin(); it != m_providerOf.cend(); ++it) {
        const bool on = !selected.isEmpty() && it.value() == selected;
        if (auto *scatter = qobject_cast<QScatterSeries *>(it.key())) {
            scatter->setMarkerSize(on ? 14 : 10);
            QPen pen(on ? QColor(Qt::black) : scatter->color().darker(130));
            pen.setWidthF(on ? 2.0 : 1.0);
            scatter->setPen(pen);
        } else if (auto *l = qobject_cast<QLineSeries *>(it.key())) {
            QPen pen = l->pen();
            const QString kind = l->objectName();
            const qreal base =
                kind == QLatin1String("fit") || kind == QLatin1String("extrapolated") ? 2.0 : 1.5;
            pen.setWidthF(on ? base * 2 : base);
            l->setPen(pen);
        }
    }
}

} // namespace ys
