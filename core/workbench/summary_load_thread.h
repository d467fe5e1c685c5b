#pragma once

#include "analysis/latency_distribution.h"
#include "analysis/run_summary.h"

#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>
#include <memory>

namespace ys {

class Database;
class SessionRepository;

// Loads session summaries on a thread of its own, through a database connection of its own (a
// QSqlDatabase connection belongs to the thread that opened it), so a session with a million
// attempts never stalls the window. loaded() is emitted on the thread that owns this object. A
// newer request supersedes older ones: a request still queued is skipped and the result of one
// already under way is dropped.
class SummaryLoadThread : public QObject {
    Q_OBJECT
public:
    explicit SummaryLoadThread(QString dbPath, QObject *parent = nullptr);
    // Waits for a load under way to end (a load cannot be interrupted half-way).
    ~SummaryLoadThread() override;

    // Queues the loading of a session; returns the request's ticket, which loaded() carries.
    quint64 request(qint64 sessionId);
    // The ticket of the newest request, whose result is still to come (0 when none is).
    quint64 pending() const { return m_pending; }

Q_SIGNALS:
    // summary is null when the load failed, with error saying why; distributions are the
    // summary's latency distributions (null with it).
    void loaded(quint64 ticket, qint64 sessionId, std::shared_ptr<const ys::SessionSummary> summary,
                std::shared_ptr<const ys::SessionLatencyDistributions> distributions,
                const QString &error);

private:
    void load(quint64 ticket, qint64 sessionId); // on the worker thread
    bool isCurrent(quint64 ticket) const { return m_latest.load() == ticket; }

    QString m_dbPath;
    QThread m_thread;
    QObject *m_context;             // lives on m_thread: what requests are queued to
    std::unique_ptr<Database> m_db; // opened and closed on m_thread only
    std::unique_ptr<SessionRepository> m_repo;
    std::atomic<quint64> m_latest{0};
    quint64 m_pending = 0; // owner's thread only
};

} // namespace ys
