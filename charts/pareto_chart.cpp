#include "charts/pareto_chart.h"

#include "charts/chart_legend.h"
#include "charts/chart_setup.h"
#include "charts/provider_colours.h"
#include "workbench/workbench.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace ys {

namespace {

constexpr int kFadedAlpha = 80; // dominated points: still there, but behind the front
constexpr qreal kMarker = 12;
constexpr qreal kSelectedMarker = 17;
constexpr int kPickRadius = 10; // pixels around a point that still pick it

QColor faded(QColor c, bool dominated)
{
    if (dominated)
        c.setAlpha(kFadedAlpha);
    return c;
}

} // namespace

ParetoChart::ParetoChart(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_view(new QChartView(this))
    , m_chart(new QChart)
    , m_latencyBox(new QComboBox(this))
    , m_costBox(new QComboBox(this))
    , m_logBox(new QCheckBox(tr("Log axes"), this))
    , m_xValue(new QValueAxis)
    , m_yValue(new QValueAxis)
    , m_xLog(new QLogValueAxis)
    , m_yLog(new QLogValueAxis)
{
    m_view->setObjectName(QStringLiteral("paretoChartView"));
    showChart(m_view, m_chart, tr("Latency vs cost"), Qt::AlignRight);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    static_cast<QValueAxis *>(m_yValue)->setLabelFormat(QStringLiteral("%.0f"));
    static_cast<QValueAxis *>(m_xValue)->setLabelFormat(QStringLiteral("%.4f"));
    static_cast<QLogValueAxis *>(m_xLog)->setLabelFormat(QStringLiteral("%.4g"));
    static_cast<QLogValueAxis *>(m_yLog)->setLabelFormat(QStringLiteral("%.4g"));
    m_chart->addAxis(m_xValue, Qt::AlignBottom);
    m_chart->addAxis(m_yValue, Qt::AlignLeft);

    m_latencyBox->setObjectName(QStringLiteral("paretoLatencyAxis"));
    for (ParetoLatencyAxis a :
         {ParetoLatencyAxis::E2eP95, ParetoLatencyAxis::E2eP99, ParetoLatencyAxis::TtftP95})
        m_latencyBox->addItem(ParetoPlot::name(a), int(a));
    m_costBox->setObjectName(QStringLiteral("paretoCostAxis"));
    for (ParetoCostAxis a : {ParetoCostAxis::Measured, ParetoCostAxis::List})
        m_costBox->addItem(ParetoPlot::name(a), int(a));
    m_logBox->setObjectName(QStringLiteral("paretoLogAxes"));

    auto *controls = new QHBoxLayout;
    auto *latencyLabel = new QLabel(tr("&Latency:"), this);
    latencyLabel->setBuddy(m_latencyBox);
    auto *costLabel = new QLabel(tr("&Cost:"), this);
    costLabel->setBuddy(m_costBox);
    controls->addWidget(latencyLabel);
    controls->addWidget(m_latencyBox);
    controls->addSpacing(12);
    controls->addWidget(costLabel);
    controls->addWidget(m_costBox);
    controls->addSpacing(12);
    controls->addWidget(m_logBox);
    controls->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);

    connect(m_latencyBox, &QComboBox::currentIndexChanged, this, &ParetoChart::rebuild);
    connect(m_costBox, &QComboBox::currentIndexChanged, this, &ParetoChart::rebuild);
    connect(m_logBox, &QCheckBox::toggled, this, &ParetoChart::rebuild);
    connect(m_view, &QWidget::customContextMenuRequested, this, &ParetoChart::showMenu);
    if (m_workbench) {
        connect(m_workbench, &Workbench::summaryChanged, this, &ParetoChart::rebuild);
        connect(m_workbench, &Workbench::selectedProviderChanged, this, &ParetoChart::highlight);
    }
    rebuild();
}

ParetoChart::~ParetoChart()
{
    // The axes not on the chart are ours; the chart deletes the ones it shows.
    const QList<QAbstractAxis *> shown = m_chart->axes();
    for (QAbstractAxis *axis : {m_xValue, m_yValue, m_xLog, m_yLog}) {
        if (!shown.contains(axis))
            delete axis;
    }
}

void ParetoChart::setAxes(ParetoLatencyAxis latency, ParetoCostAxis cost)
{
    m_latencyBox->setCurrentIndex(m_latencyBox->findData(int(latency)));
    m_costBox->setCurrentIndex(m_costBox->findData(int(cost)));
}

void ParetoChart::setLogAxes(bool log)
{
    m_logBox->setChecked(log);
}

QAbstractAxis *ParetoChart::costAxis() const
{
    return m_logBox->isChecked() ? m_xLog : m_xValue;
}

QAbstractAxis *ParetoChart::latencyAxis() const
{
    return m_logBox->isChecked() ? m_yLog : m_yValue;
}

QScatterSeries *ParetoChart::pointSeries(const QString &provider) const
{
    return m_points.value(provider, nullptr);
}

void ParetoChart::attach(QAbstractSeries *series)
{
    m_chart->addSeries(series);
    series->attachAxis(costAxis());
    series->attachAxis(latencyAxis());
}

void ParetoChart::useAxes()
{
    for (QAbstractAxis *axis : m_chart->axes()) {
        if (axis != costAxis() && axis != latencyAxis())
            m_chart->removeAxis(axis);
    }
    if (!m_chart->axes().contains(costAxis()))
        m_chart->addAxis(costAxis(), Qt::AlignBottom);
    if (!m_chart->axes().contains(latencyAxis()))
        m_chart->addAxis(latencyAxis(), Qt::AlignLeft);
}

// From 0 on linear axes; on log ones from just below the smallest positive figure, anything at
// or below it (a lower whisker reaching 0) drawn at the axis' start.
void ParetoChart::frame()
{
    auto [xLo, xHi] = m_plot.costRange();
    auto [yLo, yHi] = m_plot.latencyRange();
    if (m_plot.points.empty()) {
        xLo = 0.0001;
        xHi = 0.01;
        yLo = 10;
        yHi = 1000;
    }
    m_xMin = m_yMin = 0;
    m_xMax = xHi * 1.1;
    m_yMax = yHi * 1.1;
    if (!m_logBox->isChecked()) {
        // Rounded out first, so the gate lines and the shaded region reach the plot's edges.
        auto *x = static_cast<QValueAxis *>(m_xValue);
        auto *y = static_cast<QValueAxis *>(m_yValue);
        x->setRange(m_xMin, m_xMax);
        y->setRange(m_yMin, m_yMax);
        x->applyNiceNumbers();
        y->applyNiceNumbers();
        m_xMax = x->max();
        m_yMax = y->max();
        return;
    }
    double xPos = xHi, yPos = yHi;
    for (const ParetoPlotPoint &p : m_plot.points) {
        xPos = std::min(xPos, p.cost);
        yPos = std::min(yPos, p.latency);
    }
    m_xMin = std::min(xPos, xLo > 0 ? xLo : xPos) / 1.5;
    m_yMin = std::min(yPos, yLo > 0 ? yLo : yPos) / 1.5;
    m_xMax = xHi * 1.5;
    m_yMax = yHi * 1.5;
}

QPointF ParetoChart::clamped(double cost, double latency) const
{
    return {std::clamp(cost, m_xMin, m_xMax), std::clamp(latency, m_yMin, m_yMax)};
}

void ParetoChart::rebuild()
{
    m_chart->removeAllSeries();
    m_points.clear();
    m_colourIndex.clear();
    m_gates.clear();
    m_front = nullptr;
    m_passRegion = nullptr;
    m_whiskerCount = 0;
    useAxes();

    const auto summary = m_workbench ? m_workbench->summary() : nullptr;
    const auto latency = ParetoLatencyAxis(m_latencyBox->currentData().toInt());
    const auto cost = ParetoCostAxis(m_costBox->currentData().toInt());
    m_plot = summary ? ParetoPlot::of(*summary, latency, cost) : ParetoPlotData{};
    if (summary) {
        for (std::size_t i = 0; i < summary->providers.size(); ++i)
            m_colourIndex.insert(summary->providers[i].name, int(i));
    }
    costAxis()->setTitleText(ParetoPlot::name(cost));
    latencyAxis()->setTitleText(tr("%1 (ms)").arg(ParetoPlot::name(latency)));
    frame();
    drawGates(); // first, so everything else draws over the shaded region
    if (!m_plot.frontSteps.empty()) {
        m_front = new QLineSeries;
        m_front->setName(tr("Pareto front"));
        m_front->setObjectName(QStringLiteral("paretoFront"));
        QPen pen(QColor(0x33, 0x33, 0x33));
        pen.setWidthF(1.5);
        m_front->setPen(pen);
        for (const QPointF &p : m_plot.frontSteps)
            m_front->append(clamped(p.x(), p.y()));
        attach(m_front);
    }
    for (const ParetoPlotPoint &p : m_plot.points)
        drawPoint(p);
    m_chart->legend()->setVisible(!m_plot.points.empty());

    // Again now the series are attached, as attaching one may fit the axis to its data.
    if (m_logBox->isChecked()) {
        static_cast<QLogValueAxis *>(m_xLog)->setRange(m_xMin, m_xMax);
        static_cast<QLogValueAxis *>(m_yLog)->setRange(m_yMin, m_yMax);
    } else {
        static_cast<QValueAxis *>(m_xValue)->setRange(m_xMin, m_xMax);
        static_cast<QValueAxis *>(m_yValue)->setRange(m_yMin, m_yMax);
    }
    m_chart->setTitle(m_plot.points.empty() && summary
                          ? tr("Latency vs cost: no provider has both figures")
                          : tr("Latency vs cost"));
    highlight();
}

// The gate lines, dashed across the whole plot, and the region inside all of them shaded.
void ParetoChart::drawGates()
{
    if (!m_plot.latencyGate && !m_plot.costGate)
        return;
    const QPointF corner =
        clamped(m_plot.costGate.value_or(m_xMax), m_plot.latencyGate.value_or(m_yMax));
    auto *upper = new QLineSeries;
    upper->append(m_xMin, corner.y());
    upper->append(corner);
    auto *lower = new QLineSeries;
    lower->append(m_xMin, m_yMin);
    lower->append(corner.x(), m_yMin);
    m_passRegion = new QAreaSeries(upper, lower);
    upper->setParent(m_passRegion); // the area does not own its edges
    lower->setParent(m_passRegion);
    m_passRegion->setName(tr("Passes the gates"));
    m_passRegion->setObjectName(QStringLiteral("passRegion"));
    m_passRegion->setColor(QColor(0x59, 0xa1, 0x4f, 40));
    m_passRegion->setBorderColor(Qt::transparent);
    attach(m_passRegion);

    const auto gate = [this](const QString &name, QPointF a, QPointF b) {
        auto *g = new QLineSeries;
        g->setName(name);
        g->setObjectName(QStringLiteral("gate"));
        QPen pen(QColor(0xb0, 0x20, 0x20));
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.5);
        g->setPen(pen);
        g->append(a);
        g->append(b);
        attach(g);
        m_gates.append(g);
    };
    if (m_plot.latencyGate)
        gate(tr("%1 ≤ %2 ms").arg(ParetoPlot::name(m_plot.latencyAxis)).arg(*m_plot.latencyGate),
             QPointF(m_xMin, corner.y()), QPointF(m_xMax, corner.y()));
    if (m_plot.costGate)
        gate(tr("≤ $%1 / 1K").arg(*m_plot.costGate), QPointF(corner.x(), m_yMin),
             QPointF(corner.x(), m_yMax));
}

// One provider: its whiskers, then its point (faded when dominated), which picks and hovers.
void ParetoChart::drawPoint(const ParetoPlotPoint &p)
{
    const QColor colour = faded(providerColour(m_colourIndex.value(p.provider)), !p.onFront);
    const auto whisker = [&](QPointF a, QPointF b) {
        auto *w = new QLineSeries;
        w->setObjectName(QStringLiteral("whisker"));
        QPen pen(colour);
        pen.setWidthF(1.5);
        w->setPen(pen);
        w->append(a);
        w->append(b);
        attach(w);
        hideFromLegend(m_chart, w);
        ++m_whiskerCount;
    };
    if (p.costCi)
        whisker(clamped(p.costCi->first, p.latency), clamped(p.costCi->second, p.latency));
    if (p.latencyCi)
        whisker(clamped(p.cost, p.latencyCi->first), clamped(p.cost, p.latencyCi->second));

    auto *series = new QScatterSeries;
    series->setName(p.provider);
    series->setObjectName(QStringLiteral("point"));
    series->setColor(colour);
    series->append(clamped(p.cost, p.latency));
    attach(series);
    if (m_workbench)
        labelInLegend(m_chart, series, m_workbench->providerLabels().of(p.provider));
    m_points.insert(p.provider, series);
    const QString provider = p.provider;
    connect(series, &QScatterSeries::clicked, this, [this, provider] {
        if (m_workbench)
            m_workbench->selectProvider(provider);
    });
    connect(series, &QScatterSeries::hovered, this, [this, provider](QPointF, bool state) {
        if (state)
            QToolTip::showText(QCursor::pos(),
                               ParetoPlot::details(m_plot, m_plot.indexOf(provider)), m_view);
        else
            QToolTip::hideText();
    });
}

// The selected provider's point is larger and outlined; the others keep their look.
void ParetoChart::highlight()
{
    const QString selected = m_workbench ? m_workbench->selectedProvider() : QString();
    for (auto it = m_points.cbegin(); it != m_points.cend(); ++it) {
        QScatterSeries *s = it.value();
        const bool on = it.key() == selected;
        s->setMarkerSize(on ? kSelectedMarker : kMarker);
        QPen pen(on ? QColor(Qt::black) : s->color().darker(130));
        pen.setWidthF(on ? 2.5 : 1.0);
        s->setPen(pen);
    }
}

QPoint ParetoChart::positionOf(const QString &provider) const
{
    const QScatterSeries *s = pointSeries(provider);
    if (!s || s->count() == 0)
        return {};
    const QPointF scene =
        m_chart->mapToScene(m_chart->mapToPosition(s->at(0), const_cast<QScatterSeries *>(s)));
    return m_view->mapFromScene(scene);
}

QString ParetoChart::providerAt(const QPoint &viewPos) const
{
    QString best;
    int bestDistance = kPickRadius + 1;
    for (auto it = m_points.cbegin(); it != m_points.cend(); ++it) {
        const int d = (positionOf(it.key()) - viewPos).manhattanLength();
        if (d < bestDistance) {
            bestDistance = d;
            best = it.key();
        }
    }
    return best;
}

QMenu *ParetoChart::contextMenuFor(const QString &provider, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("paretoPointMenu"));
    QAction *rerun = menu->addAction(tr("Re-run this provider"));
    rerun->setObjectName(QStringLiteral("actionRerunThisProvider"));
    rerun->setEnabled(!(m_workbench && m_workbench->isRunning()));
    connect(rerun, &QAction::triggered, this,
            [this, provider] { Q_EMIT rerunRequested(provider); });
    QAction *select = menu->addAction(tr("Select %1").arg(provider));
    connect(select, &QAction::triggered, this, [this, provider] {
        if (m_workbench)
            m_workbench->selectProvider(provider);
    });
    // The view's own actions (exporting the chart) follow the point's.
    if (!m_view->actions().isEmpty()) {
        menu->addSeparator();
        menu->addActions(m_view->actions());
    }
    return menu;
}

void ParetoChart::showMenu(const QPoint &viewPos)
{
    const QString provider = providerAt(viewPos);
    if (provider.isEmpty() && m_view->actions().isEmpty())
        return;
    if (m_workbench && !provider.isEmpty())
        m_workbench->selectProvider(provider);
    QMenu *menu = provider.isEmpty() ? new QMenu(this) : contextMenuFor(provider, this);
    if (provider.isEmpty()) {
        menu->setObjectName(QStringLiteral("paretoChartMenu"));
        menu->addActions(m_view->actions());
    }
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_view->viewport()->mapToGlobal(viewPos));
}

} // namespace ys
