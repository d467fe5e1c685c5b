#include "charts/stream_timeline_chart.h"

#include "charts/chart_points.h"
#include "charts/chart_setup.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace ys {

StreamTimelineChart::StreamTimelineChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_xAxis(new QValueAxis)
    , m_yAxis(new QValueAxis)
{
    setObjectName(QStringLiteral("streamTimelineChart"));
    showChart(this, m_chart, tr("Stream timeline"), Qt::AlignTop);
    placeAxis(m_chart, m_xAxis, Qt::AlignBottom, tr("Time from the attempt's start (ms)"),
              QStringLiteral("%.0f"));
    placeAxis(m_chart, m_yAxis, Qt::AlignLeft, tr("Content events received"),
              QStringLiteral("%.0f"));
    clear();
}

void StreamTimelineChart::clear()
{
    m_chart->removeAllSeries();
    m_events = new QLineSeries;
    m_events->setName(tr("Events"));
    m_coalesced = new QScatterSeries;
    m_coalesced->setName(tr("Coalesced reads"));
    m_phaseCount = 0;
    m_stallCount = 0;
    for (QAbstractSeries *s :
         {static_cast<QAbstractSeries *>(m_events), static_cast<QAbstractSeries *>(m_coalesced)}) {
        m_chart->addSeries(s);
        s->attachAxis(m_xAxis);
        s->attachAxis(m_yAxis);
    }
    m_xAxis->setRange(0, 1);
    m_yAxis->setRange(0, 1);
}

void StreamTimelineChart::setTimeline(const AttemptTimeline &t)
{
    clear();
    const double top = std::max(1, t.events);
    double right = std::max(1.0, t.endMs);
    for (const TimelinePhase &p : t.phases)
        right = std::max(right, p.ms);

    // Stalls first, so the lines are drawn over the shading: one area whose top is 0 outside
    // the stalls and the full height inside them.
    if (!t.stalls.empty()) {
        auto *upper = new QLineSeries;
        for (const TimelineStall &s : t.stalls) {
            upper->append(s.fromMs, 0);
            upper->append(s.fromMs, top);
            upper->append(s.toMs, top);
            upper->append(s.toMs, 0);
        }
        auto *area = new QAreaSeries(upper);
        area->setName(tr("Stalls"));
        QColor shade(Qt::red);
        shade.setAlpha(50);
        area->setBrush(shade);
        area->setPen(QPen(Qt::NoPen));
        m_chart->addSeries(area);
        area->attachAxis(m_xAxis);
        area->attachAxis(m_yAxis);
        m_stallCount = int(t.stalls.size());
    }

    m_events->replace(pointsOf(
        t.deliveries, [](const TimelinePoint &p) { return QPointF(p.ms, p.cumulativeEvents); }));
    m_coalesced->replace(pointsOf(
        t.coalesced, [](const CoalescedRead &c) { return QPointF(c.ms, c.cumulativeEvents); }));
    m_coalesced->setMarkerSize(8);

    for (const TimelinePhase &p : t.phases) {
        auto *marker = new QLineSeries;
        marker->setName(p.name);
        marker->append(p.ms, 0);
        marker->append(p.ms, top);
        QPen pen = marker->pen();
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.0);
        marker->setPen(pen);
        m_chart->addSeries(marker);
        marker->attachAxis(m_xAxis);
        marker->attachAxis(m_yAxis);
        ++m_phaseCount;
    }
    m_xAxis->setRange(0, right * 1.02);
    m_yAxis->setRange(0, top * 1.05);
}

} // namespace ys
