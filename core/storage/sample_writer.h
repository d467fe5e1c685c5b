#pragma once

#include "domain/sample.h"
#include "storage/server_metrics_store.h"
#include "storage/session_repository.h"
#include "storage/wal_checkpointer.h"

#include <QObject>
#include <QTimer>
#include <memory>
#include <vector>

namespace ys {

class Database;
class SessionRepository;

// Writes samples to SQLite from its own thread in short batched transactions, so neither the
// UI nor the network thread ever waits on the disk. Samples stay buffered while the database is
// locked or failing, and are retried; nothing measured is dropped while the writer lives.
class SampleWriter : public QObject {
    Q_OBJECT
public:
    explicit SampleWriter(QString dbPath, QObject *parent = nullptr);
    ~SampleWriter() override;

    // All of these are meant to be called through queued invocations from other threads.
    Q_INVOKABLE bool open();
    Q_INVOKABLE void add(const ys::Sample &sample);
    Q_INVOKABLE void finishRun(qint64 runId, ys::SessionStatus status);
    Q_INVOKABLE void addEvent(const ys::SessionEvent &event);
    Q_INVOKABLE void setAchievedConcurrency(qint64 runId, int achieved);
    // A scrape of a server's own metrics (run/server_metrics_scraper.h), stored with the next
    // batch.
    void addServerMetrics(const std::vector<ServerMetricRow> &rows);
    // Creates a run row on the writer's connection; call it blocking from another thread.
    std::optional<qint64> createRun(qint64 sessionId, qint64 providerId, const Scenario &scenario,
                                    const QString &stepJson, std::optional<qint64> batch,
                                    QString *error);
    Q_INVOKABLE void finishSession(qint64 sessionId, ys::SessionStatus status);
    // Keeps the session's heartbeat fresh while it runs (storage/session_liveness.h), until
    // finishSession; existing says the session was made by another process and is claimed.
    Q_INVOKABLE void watchSession(qint64 sessionId, bool existing = false);
    // Writes everything buffered, then emits flushed().
    Q_INVOKABLE void flushAll();
    Q_INVOKABLE void close();

    // A batch is committed when this many samples wait, or at the latest every
    // kFlushIntervalMs: a crash loses at most that much, however fast samples arrive.
    static constexpr int kBatchSize = 1024;
    static constexpr int kFlushIntervalMs = 100;

Q_SIGNALS:
    void writeFailed(const QString &message);
    void flushed(int pendingSamples);

private:
    bool flush();
    void heartbeat();

    QString m_path;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<SessionRepository> m_repo;
    std::unique_ptr<WalCheckpointer> m_checkpointer; // destroyed before m_db
    std::vector<Sample> m_pending;
    std::vector<SessionEvent> m_pendingEvents;
    std::vector<ServerMetricRow> m_pendingServerMetrics;
    QTimer *m_timer = nullptr;
    std::vector<qint64> m_watched;
    qint64 m_lastHeartbeatMs = 0;
    bool m_reportedFailure = false;
};

} // namespace ys
