#include "charts/latency_cost_chart.h"

#include "analysis/gates.h"
#include "analysis/pareto.h"
#include "models/comparison_table_model.h"

#include <QAbstractItemModel>
#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace ys {

namespace {
// Ten colours that stay apart from one another (Tableau 10), so neighbouring providers never
// share one as they do in the default theme.
QColor providerColour(int index)
{
    static const QRgb colours[] = {0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2,
                                   0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    return QColor(colours[index % 10]);
}
} // namespace

LatencyCostChart::LatencyCostChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_xAxis(new QValueAxis)
    , m_yAxis(new QValueAxis)
{
    setChart(m_chart); // the view owns the chart
    setRenderHint(QPainter::Antialiasing);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->legend()->setVisible(true);
    m_chart->setTitle(tr("Latency vs cost"));
    m_xAxis->setTitleText(tr("$ per 1K tokens (blended 3:1)"));
    m_xAxis->setLabelFormat(QStringLiteral("%.4f"));
    m_yAxis->setTitleText(tr("End-to-end P95 (ms)"));
    m_yAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    rebuild();
}

void LatencyCostChart::setModel(QAbstractItemModel *model)
{
    if (m_model)
        m_model->disconnect(this);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &LatencyCostChart::rebuild);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &LatencyCostChart::rebuild);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &LatencyCostChart::rebuild);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &LatencyCostChart::rebuild);
    }
    rebuild();
}

void LatencyCostChart::rebuild()
{
    m_chart->removeAllSeries();
    m_pointCount = 0;
    m_paretoCount = 0;
    QValueAxis *xAxis = m_xAxis;
    QValueAxis *yAxis = m_yAxis;

    Requirements req;
    if (auto *cmp = qobject_cast<ComparisonTableModel *>(m_model.data()))
        req = cmp->requirements();

    std::vector<ParetoPoint> points;
    double maxX = req.maxUsdPer1k.value_or(0.0) * 1.2;
    double maxY = req.maxP95LatencyMs.value_or(0.0) * 1.2;
    const int rows = m_model ? m_model->rowCount() : 0;
    for (int row = 0; row < rows; ++row) {
        const QModelIndex idx = m_model->index(row, 0);
        const QVariant cost = idx.data(ComparisonTableModel::UsdPer1kRole);
        const QVariant latency = idx.data(ComparisonTableModel::LatencyP95Role);
        if (!cost.isValid() || !latency.isValid())
            continue; // not measured: nothing to place, never a point at 0
        auto *series = new QScatterSeries;
        series->setName(idx.data(ComparisonTableModel::ProviderNameRole).toString());
        series->setMarkerSize(12);
        series->setColor(providerColour(m_pointCount));
        series->setBorderColor(providerColour(m_pointCount).darker(130));
        series->append(cost.toDouble(), latency.toDouble());
        series->setPointLabelsVisible(false);
        m_chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
        points.push_back({cost.toDouble(), latency.toDouble()});
        maxX = std::max(maxX, cost.toDouble() * 1.1);
        maxY = std::max(maxY, latency.toDouble() * 1.1);
        ++m_pointCount;
    }

    // The front: a ring around each provider nothing beats on both axes, joined by a line.
    const std::vector<int> front = paretoFront(points);
    if (!front.empty()) {
        auto *rings = new QScatterSeries;
        rings->setName(tr("Pareto front"));
        rings->setMarkerSize(22);
        rings->setColor(Qt::transparent);
        rings->setBorderColor(QColor(0x33, 0x33, 0x33));
        QPen ringPen(QColor(0x33, 0x33, 0x33));
        ringPen.setWidthF(1.5);
        rings->setPen(ringPen);
        for (int i : front)
            rings->append(points[std::size_t(i)].cost, points[std::size_t(i)].latency);
        m_chart->addSeries(rings);
        rings->attachAxis(xAxis);
        rings->attachAxis(yAxis);
        if (front.size() >= 2) {
            auto *line = new QLineSeries;
            line->setPen(ringPen);
            for (int i : front)
                line->append(points[std::size_t(i)].cost, points[std::size_t(i)].latency);
            m_chart->addSeries(line);
            line->attachAxis(xAxis);
            line->attachAxis(yAxis);
            m_chart->legend()->markers(line).constFirst()->setVisible(false);
        }
    }
    m_paretoCount = int(front.size());

    auto gate = [&](const QString &name, QPointF a, QPointF b) {
        auto *g = new QLineSeries;
        g->setName(name);
        QPen pen(QColor(0xb0, 0x20, 0x20));
        pen.setStyle(Qt::DashLine);
        g->setPen(pen);
        g->append(a);
        g->append(b);
        m_chart->addSeries(g);
        g->attachAxis(xAxis);
        g->attachAxis(yAxis);
    };
    if (const auto ms = req.maxP95LatencyMs)
        gate(tr("P95 ≤ %1 ms").arg(*ms), QPointF(0, *ms), QPointF(maxX, *ms));
    if (const auto usd = req.maxUsdPer1k)
        gate(tr("≤ $%1 / 1K").arg(*usd), QPointF(*usd, 0), QPointF(*usd, maxY));

    xAxis->setRange(0, maxX);
    yAxis->setRange(0, maxY);
    xAxis->applyNiceNumbers();
    yAxis->applyNiceNumbers();
}

} // namespace ys
