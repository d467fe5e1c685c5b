#include "charts/server_timeline_chart.h"

#include "charts/chart_setup.h"
#include "charts/provider_colours.h"

#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace ys {

namespace {

QList<QPointF> pointsOf(const std::vector<TimePoint> &points)
{
    QList<QPointF> out;
    out.reserve(qsizetype(points.size()));
    for (const TimePoint &p : points)
        out.append({p.atS, p.value});
    return out;
}

double highest(const std::vector<TimePoint> &points)
{
    double top = 0;
    for (const TimePoint &p : points)
        top = std::max(top, p.value);
    return top;
}

// A value axis from 0 to a little above top (at least minTop), on round numbers, with few
// ticks: the two charts share the tab's height, and labels closer than a line are cut.
void fitAxis(QValueAxis *axis, double top, double minTop)
{
    axis->setRange(0, std::max(minTop, top * 1.1));
    axis->setTickCount(3);
    axis->applyNiceNumbers();
}

QChartView *chartView(QChart *chart, const QString &name, QWidget *parent)
{
    auto *view = new QChartView(parent);
    view->setObjectName(name);
    // The legend at the side: the height goes to the plot.
    showChart(view, chart, {}, Qt::AlignRight);
    // Two charts share the tab's height: thin margins leave the plots room for their labels.
    chart->setMargins(QMargins(4, 2, 4, 2));
    view->setMinimumHeight(160);
    return view;
}

} // namespace

ServerTimelineChart::ServerTimelineChart(QWidget *parent)
    : QWidget(parent)
    , m_client(new QChart)
    , m_server(new QChart)
    , m_clientTime(new QValueAxis)
    , m_serverTime(new QValueAxis)
    , m_ttftAxis(new QValueAxis)
    , m_throughputAxis(new QValueAxis)
    , m_requestsAxis(new QValueAxis)
    , m_cacheAxis(new QValueAxis)
    , m_ttft(new QScatterSeries)
    , m_throughput(new QLineSeries)
{
    setObjectName(QStringLiteral("serverTimelineChart"));
    m_clientView = chartView(m_client, QStringLiteral("serverTimelineClient"), this);
    m_serverView = chartView(m_server, QStringLiteral("serverTimelineServer"), this);
    const QString time = tr("Time from the provider's first run (s)");
    placeAxis(m_client, m_clientTime, Qt::AlignBottom, time, QStringLiteral("%.0f"));
    placeAxis(m_server, m_serverTime, Qt::AlignBottom, time, QStringLiteral("%.0f"));
    placeAxis(m_client, m_ttftAxis, Qt::AlignLeft, tr("TTFT (ms)"), QStringLiteral("%.0f"));
    placeAxis(m_client, m_throughputAxis, Qt::AlignRight, tr("Tokens/s"), QStringLiteral("%.0f"));
    placeAxis(m_server, m_requestsAxis, Qt::AlignLeft, tr("Requests"), QStringLiteral("%.0f"));
    placeAxis(m_server, m_cacheAxis, Qt::AlignRight, tr("KV cache (%)"), QStringLiteral("%.0f"));
    m_cacheAxis->setRange(0, 100);
    m_cacheAxis->setTickCount(3);

    m_ttft->setName(tr("TTFT"));
    m_ttft->setMarkerSize(6);
    m_ttft->setColor(providerColour(0));
    m_ttft->setBorderColor(Qt::transparent);
    m_throughput->setName(tr("Output tokens/s"));
    m_throughput->setColor(providerColour(1));
    m_client->addSeries(m_ttft);
    m_client->addSeries(m_throughput);
    m_ttft->attachAxis(m_clientTime);
    m_ttft->attachAxis(m_ttftAxis);
    m_throughput->attachAxis(m_clientTime);
    m_throughput->attachAxis(m_throughputAxis);

    const std::array<QString, kServerGaugeCount> names{tr("Requests running"),
                                                       tr("Requests waiting"), tr("KV cache use")};
    for (int g = 0; g < kServerGaugeCount; ++g) {
        auto *line = new QLineSeries;
        line->setName(names[std::size_t(g)]);
        QPen pen(providerColour(2 + g));
        pen.setWidthF(2);
        if (ServerGauge(g) == ServerGauge::KvCache)
            pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        m_server->addSeries(line);
        line->attachAxis(m_serverTime);
        line->attachAxis(ServerGauge(g) == ServerGauge::KvCache ? m_cacheAxis : m_requestsAxis);
        m_gauges[std::size_t(g)] = line;
    }

    // Both legends as wide as the wider one, so that the two plots span nearly the same width
    // (their left labels may differ by a digit) and their time axes line up.
    qreal legendWidth = 0;
    for (QChart *chart : {m_client, m_server}) {
        const QFontMetricsF metrics(chart->legend()->font());
        for (const QAbstractSeries *series : chart->series())
            legendWidth = std::max(legendWidth, metrics.horizontalAdvance(series->name()));
    }
    legendWidth += 3 * QFontMetricsF(m_client->legend()->font()).height() + 16;
    for (QChart *chart : {m_client, m_server}) {
        chart->legend()->setMinimumWidth(legendWidth);
        chart->legend()->setMaximumWidth(legendWidth);
    }

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_clientView, 1);
    layout->addWidget(m_serverView, 1);
    clear();
}

void ServerTimelineChart::clear()
{
    m_ttft->clear();
    m_throughput->clear();
    for (QLineSeries *line : m_gauges)
        line->clear();
    m_client->setTitle(tr("Select a provider to see its client and server over the session"));
    for (QValueAxis *axis : {m_clientTime, m_serverTime})
        axis->setRange(0, 10);
    fitAxis(m_ttftAxis, 0, 10);
    fitAxis(m_throughputAxis, 0, 10);
    fitAxis(m_requestsAxis, 0, 4);
    showServer(false);
}

void ServerTimelineChart::showServer(bool shown)
{
    m_serverView->setVisible(shown);
    // With the server's chart below, its time axis is the one read: the client's chart above
    // spans the same seconds and leaves its own unlabelled, for the room.
    m_clientTime->setLabelsVisible(!shown);
    m_clientTime->setTitleVisible(!shown);
}

void ServerTimelineChart::setTimeline(const ServerTimeline &timeline, const QString &shownName)
{
    m_ttft->replace(pointsOf(timeline.ttftMs));
    m_throughput->replace(pointsOf(timeline.throughput));
    double span = 0;
    for (const auto *series : {&timeline.ttftMs, &timeline.throughput})
        span = std::max(span, series->empty() ? 0.0 : series->back().atS);
    double requests = 0;
    for (int g = 0; g < kServerGaugeCount; ++g) {
        const std::vector<TimePoint> &points = timeline.gauges[std::size_t(g)];
        m_gauges[std::size_t(g)]->replace(pointsOf(points));
        if (!points.empty())
            span = std::max(span, points.back().atS);
        if (ServerGauge(g) != ServerGauge::KvCache)
            requests = std::max(requests, highest(points));
    }
    for (QValueAxis *axis : {m_clientTime, m_serverTime}) {
        axis->setRange(0, std::max(1.0, span * 1.02));
        axis->applyNiceNumbers();
    }
    fitAxis(m_ttftAxis, highest(timeline.ttftMs), 10);
    fitAxis(m_throughputAxis, highest(timeline.throughput), 10);
    fitAxis(m_requestsAxis, requests, 4);
    m_client->setTitle(tr("%1: what the client measured").arg(shownName));
    m_server->setTitle(tr("%1: what its server reported").arg(shownName));
    showServer(timeline.hasServerMetrics());
}

double ServerTimelineChart::timeSpanS() const
{
    return m_clientTime->max();
}

} // namespace ys
