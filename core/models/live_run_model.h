#pragma once

#include "analysis/throughput_windows.h"
#include "domain/outcome.h"
#include "domain/sample.h"
#include "domain/session_status.h"
#include "models/row_table_model.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QStringList>
#include <array>
#include <optional>
#include <vector>

namespace ys {

class RunEventsModel;
struct ServerScrape;
struct Suite;

// The points of one live chart series, kept to a bound: when the chart's points exceed it, every
// other point goes and from then on only every stride-th new point is kept, so a long run is
// still drawn as an even sample of all of it.
class ThinnedPoints {
public:
    void add(QPointF point);
    void halve();
    const QList<QPointF> &points() const { return m_points; }
    qsizetype size() const { return m_points.size(); }
    int stride() const { return m_stride; }

private:
    QList<QPointF> m_points;
    qint64 m_seen = 0;
    int m_stride = 1;
};

// The running session as it goes, for the Run page: one row per provider of the run (requests
// done of those planned, attempts that succeeded and failed, the failures by outcome class, the
// time left at the provider's own pace), the session's overall progress and time left as the
// runner reports them, the data of the live charts (TTFT of every attempt over time; output
// tokens per second of each completed window) and the session's events (events()). Fed by the
// Workbench's signals; keeps the last run's figures after it ends.
class LiveRunModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column {
        ProviderColumn,
        ProgressColumn,
        SucceededColumn,
        FailedColumn,
        FailuresByOutcomeColumn,
        TimeLeftColumn,
        ColumnCount
    };
    enum Role {
        ProviderNameRole = FirstOwnRole,
        DoneRole,  // requests done
        TotalRole, // requests planned
        StateRole, // int(RowState)
    };
    enum class RowState { Waiting, Running, Done, Stopped };

    struct Series {
        QString provider;
        QList<QPointF> points;
        int row = 0; // the provider's row: its colour in every chart
    };

    // The most points all TTFT series hold together (the throughput series are bounded the
    // same way, by widening their windows).
    static constexpr int kMaxChartPoints = 10000;

    explicit LiveRunModel(QObject *parent = nullptr);

    // A run starts: its providers (all of the suite's, or those named) with their planned
    // requests. Forgets the previous run.
    void begin(const Suite &suite, const QStringList &onlyProviders);
    // The runner's progress: requests done of the total, the provider running, the time left.
    void setProgress(int done, int total, const QString &provider, qint64 etaMs);
    void addSample(const Sample &sample);
    void addRecordedEvent(const QString &kind, const QByteArray &detailJson);
    // A scrape of a provider's server metrics: its requests waiting (the series of the
    // provider's model, analysis/server_timeline.h) at the scrape's time.
    void addServerScrape(const ServerScrape &scrape);
    void finish(qint64 sessionId, SessionStatus status);

    RunEventsModel *events() const { return m_events; }
    bool isRunning() const { return m_running; }
    int done() const { return m_done; }
    int total() const { return m_total; }
    qint64 etaMs() const { return m_etaMs; }
    qint64 sessionId() const { return m_sessionId; }
    std::optional<SessionStatus> status() const { return m_status; }
    // Attempts seen in this run (retries and fallbacks each count), warm-up included.
    int attemptCount() const { return m_attempts; }
    // One line on the run: what is going on and the time left, or how it ended.
    QString statusText() const;
    int rowOf(const QString &provider) const;
    // The run's providers, in row order.
    QStringList providers() const;

    // Chart data: per provider, TTFT in ms at the attempt's start (s since the run started), and
    // output tokens per second of each completed window (at the window's middle). Warm-up
    // attempts and failures are left out.
    std::vector<Series> ttftSeries() const;
    std::vector<Series> throughputSeries() const;
    // Per provider whose server metrics are scraped: the requests waiting in its server's queue
    // at each scrape (s since the run started). Providers without server metrics have none.
    std::vector<Series> serverQueueSeries() const;
    // Whether any provider of the run has its server metrics read.
    bool hasServerMetrics() const;
    int ttftPointCount() const;
    // Changes with every change of the chart data, so a chart redraws only when it moved.
    quint64 chartRevision() const { return m_chartRevision; }

Q_SIGNALS:
    // The overall progress or the status changed (statusText()).
    void statusChanged();
    // New chart points; a chart coalesces these into a few redraws a second.
    void chartDataChanged();

protected:
    int rows() const override { return int(m_rows.size()); }
    QVariant ownData(int row, int column, int role) const override;

private:
    struct Row {
        QString provider;
        QString model;
        int total = 0;
        int done = 0;
        int succeeded = 0;
        int failed = 0;
        std::array<int, kOutcomeCount> failures{};
        RowState state = RowState::Waiting;
        qint64 startedMs = -1; // on m_clock, when the provider's first run started
        ThinnedPoints ttft;
        ThroughputWindows throughput;
        bool scraped = false; // its server's metrics are read during its runs
        ThinnedPoints waiting;
    };

    double secondsOf(qint64 monotonicNs) const;
    void rowChanged(int row);
    void setRunning(const QString &provider);
    void addThroughput(Row &row, qint64 endNs, double tokens);
    int windowCap() const;
    QString timeLeftText(const Row &row) const;
    QString failuresText(const Row &row) const;

    std::vector<Row> m_rows;
    QHash<qint64, int> m_runRow; // run id → row
    RunEventsModel *m_events;
    QElapsedTimer m_clock;
    qint64 m_originNs = 0; // monotonic time of begin()
    int m_current = -1;    // the row running now
    int m_done = 0;
    int m_total = 0;
    qint64 m_etaMs = -1;
    int m_attempts = 0;
    qint64 m_sessionId = 0;
    bool m_running = false;
    std::optional<SessionStatus> m_status;
    quint64 m_chartRevision = 0;
};

} // namespace ys
