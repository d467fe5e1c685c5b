#include "charts/live_series_chart.h"

#include "charts/chart_legend.h"
#include "charts/chart_setup.h"
#include "charts/provider_colours.h"
#include "domain/provider_labels.h"

#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>

#include <QValueAxis>
#include <QXYSeries>
#include <algorithm>

namespace ys {

LiveSeriesChart::LiveSeriesChart(Figure figure, QWidget *parent)
    : QChartView(parent)
    , m_figure(figure)
    , m_chart(new QChart)
    , m_xAxis(new QValueAxis)
    , m_yAxis(new QValueAxis)
{
    struct Look {
        const char *name;
        QString title;
        QString axis;
    };
    const Look look =
        figure == Figure::Ttft ? Look{"liveTtftChart", tr("Time to first token"), tr("TTFT (ms)")}
        : figure == Figure::Throughput
            ? Look{"liveThroughputChart", tr("Throughput"), tr("Output tokens/s")}
            : Look{"liveServerQueueChart", tr("Server queue"), tr("Requests waiting")};
    setObjectName(QString::fromLatin1(look.name));
    showChart(this, m_chart, look.title, Qt::AlignBottom);
    placeAxis(m_chart, m_xAxis, Qt::AlignBottom, tr("Time into the run (s)"),
              QStringLiteral("%.0f"));
    placeAxis(m_chart, m_yAxis, Qt::AlignLeft, look.axis, QStringLiteral("%.0f"));
    m_xAxis->setRange(0, 10);
    m_yAxis->setRange(0, 1);
    // No vertical axis before the first attempt: its "0 0 0 1 1" would say nothing (redraw()).
    m_yAxis->setVisible(false);
    m_timer.setSingleShot(true);
    m_timer.setInterval(kRedrawMs);
    connect(&m_timer, &QTimer::timeout, this, &LiveSeriesChart::redraw);
}

std::vector<LiveRunModel::Series> LiveSeriesChart::seriesOf(const LiveRunModel &model) const
{
    switch (m_figure) {
    case Figure::Ttft:
        return model.ttftSeries();
    case Figure::Throughput:
        return model.throughputSeries();
    case Figure::ServerQueue:
        break;
    }
    return model.serverQueueSeries();
}

QXYSeries *LiveSeriesChart::makeSeries() const
{
    if (m_figure != Figure::Ttft) {
        auto *line = new QLineSeries;
        line->setPointsVisible(true);
        return line;
    }
    auto *scatter = new QScatterSeries;
    scatter->setMarkerSize(6);
    scatter->setBorderColor(Qt::transparent);
    return scatter;
}

void LiveSeriesChart::setModel(LiveRunModel *model)
{
    if (m_model)
        m_model->disconnect(this);
    m_model = model;
    if (m_model)
        connect(m_model, &LiveRunModel::chartDataChanged, this, &LiveSeriesChart::scheduleRedraw);
    m_drawnRevision = ~quint64(0);
    redraw();
}

void LiveSeriesChart::scheduleRedraw()
{
    if (!m_timer.isActive())
        m_timer.start();
}

void LiveSeriesChart::redraw()
{
    m_timer.stop();
    if (!m_model || m_model->chartRevision() == m_drawnRevision)
        return;
    m_drawnRevision = m_model->chartRevision();
    ++m_redraws;
    const std::vector<LiveRunModel::Series> data = seriesOf(*m_model);

    // One series per provider, kept while the providers stay the same, so a redraw replaces
    // points instead of rebuilding the legend.
    bool same = qsizetype(data.size()) == m_series.size();
    for (std::size_t i = 0; same && i < data.size(); ++i)
        same = m_series[qsizetype(i)]->name() == data[i].provider;
    if (!same) {
        for (QXYSeries *s : std::as_const(m_series)) {
            m_chart->removeSeries(s);
            delete s;
        }
        m_series.clear();
        const ProviderLabels labels(m_model->providers());
        for (std::size_t i = 0; i < data.size(); ++i) {
            QXYSeries *s = makeSeries();
            s->setName(data[i].provider);
            s->setColor(providerColour(data[i].row));
            m_chart->addSeries(s);
            labelInLegend(m_chart, s, labels.of(data[i].provider));
            s->attachAxis(m_xAxis);
            s->attachAxis(m_yAxis);
            m_series.append(s);
        }
    }
    double maxX = 0;
    double maxY = 0;
    m_pointCount = 0;
    for (std::size_t i = 0; i < data.size(); ++i) {
        for (const QPointF &p : data[i].points) {
            maxX = std::max(maxX, p.x());
            maxY = std::max(maxY, p.y());
        }
        m_pointCount += int(data[i].points.size());
        m_series[qsizetype(i)]->replace(data[i].points);
    }
    m_xAxis->setRange(0, std::max(10.0, maxX * 1.05));
    m_yAxis->setRange(0, maxY > 0 ? maxY * 1.1 : 10.0);
    m_yAxis->setVisible(m_pointCount > 0);
    m_xAxis->applyNiceNumbers();
    m_yAxis->applyNiceNumbers();
}

} // namespace ys
