#pragma once

#include "analysis/latency_distribution.h"
#include "analysis/run_summary.h"

#include <QObject>
#include <QString>
#include <memory>

namespace ys {

class BackgroundReader;

// Loads session summaries on a thread of its own, through a database connection of its own (a
// BackgroundReader of its own, apart from the pages' reads), so a session with a million
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
    std::unique_ptr<BackgroundReader> m_reader;
    quint64 m_tickets = 0;
    quint64 m_pending = 0;
};

} // namespace ys
