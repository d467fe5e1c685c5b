#pragma once

#include "models/attempt_detail.h"

#include <QChartView>

class QChart;
class QLineSeries;
class QScatterSeries;
class QAreaSeries;
class QValueAxis;

namespace ys {

// One attempt's stream over time: the content events received so far at each delivery (x: ms
// from the attempt's start, y: cumulative events), the phases (connect, TLS, request sent,
// headers, first event, first token, end) as dashed vertical markers, the stalls shaded and the
// coalesced reads (several events in one read) marked. Everything it draws is computed in core
// (attemptTimeline()).
class StreamTimelineChart : public QChartView {
    Q_OBJECT
public:
    explicit StreamTimelineChart(QWidget *parent = nullptr);

    void setTimeline(const AttemptTimeline &timeline);
    void clear();

    QLineSeries *eventSeries() const { return m_events; }
    QScatterSeries *coalescedSeries() const { return m_coalesced; }
    // Phase markers and shaded stalls drawn in the last rebuild.
    int phaseCount() const { return m_phaseCount; }
    int stallCount() const { return m_stallCount; }

private:
    QChart *m_chart = nullptr;
    QValueAxis *m_xAxis = nullptr; // kept for the chart's life: replacing axes leaves stale labels
    QValueAxis *m_yAxis = nullptr;
    QLineSeries *m_events = nullptr;
    QScatterSeries *m_coalesced = nullptr;
    int m_phaseCount = 0;
    int m_stallCount = 0;
};

} // namespace ys
