#pragma once

#include "analysis/server_timeline.h"

#include <QWidget>
#include <array>

class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace ys {

// One provider's session on one time axis, in two charts one above the other: above, what the
// client measured (the TTFT of every successful attempt at its start, and output tokens per
// second by window); below, what the provider's server reported at each scrape (requests
// running and waiting, KV cache use in percent). Both charts span the same seconds, so a queue
// at the server lines up with the TTFT it causes. The lower chart hides for a provider whose
// server metrics were not read.
class ServerTimelineChart : public QWidget {
    Q_OBJECT
public:
    explicit ServerTimelineChart(QWidget *parent = nullptr);

    // shownName: the provider as the other charts label it.
    void setTimeline(const ServerTimeline &timeline, const QString &shownName);
    void clear();

    QChartView *clientView() const { return m_clientView; }
    QChartView *serverView() const { return m_serverView; }
    QScatterSeries *ttftSeries() const { return m_ttft; }
    QLineSeries *throughputSeries() const { return m_throughput; }
    QLineSeries *gaugeSeries(ServerGauge gauge) const { return m_gauges[std::size_t(gauge)]; }
    // The seconds both time axes span.
    double timeSpanS() const;

private:
    void showServer(bool shown);

    QChartView *m_clientView;
    QChartView *m_serverView;
    QChart *m_client;
    QChart *m_server;
    QValueAxis *m_clientTime;
    QValueAxis *m_serverTime;
    QValueAxis *m_ttftAxis;
    QValueAxis *m_throughputAxis;
    QValueAxis *m_requestsAxis;
    QValueAxis *m_cacheAxis;
    QScatterSeries *m_ttft;
    QLineSeries *m_throughput;
    std::array<QLineSeries *, kServerGaugeCount> m_gauges{};
};

} // namespace ys
