#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace ys {

class LiveRunModel;
class LiveSeriesChart;
class Workbench;

// The running session, live: per-provider progress with the time left, the TTFT and throughput
// charts filling as attempts land, the session's events (breaker, fallback, rate limits, model
// identity changes) and a Cancel button. Cancelling keeps every attempt so far; the page then
// says how the session ended. When a run starts the page brings itself forward in the tab
// widget that holds it.
class RunPage : public QWidget {
    Q_OBJECT
public:
    explicit RunPage(Workbench *workbench, QWidget *parent = nullptr);

    LiveRunModel *model() const { return m_model; }
    QTableView *progressTable() const { return m_progress; }
    QTableView *eventsView() const { return m_events; }
    LiveSeriesChart *ttftChart() const { return m_ttft; }
    LiveSeriesChart *throughputChart() const { return m_throughput; }
    // Shown while the run (or the last one) reads a provider's server metrics.
    LiveSeriesChart *serverQueueChart() const { return m_serverQueue; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *statusLabel() const { return m_status; }

private:
    void showStatus();
    void bringForward();

    Workbench *m_workbench;
    LiveRunModel *m_model;
    QLabel *m_status;
    QProgressBar *m_bar;
    QPushButton *m_cancel;
    QTableView *m_progress;
    LiveSeriesChart *m_ttft;
    LiveSeriesChart *m_throughput;
    LiveSeriesChart *m_serverQueue;
    QTableView *m_events;
    bool m_cancelling = false;
};

} // namespace ys
