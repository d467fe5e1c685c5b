#pragma once

#include "domain/sample.h"
#include "storage/server_metrics_store.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <vector>

namespace ys {

// One scrape of a provider's server metrics as it is stored during a run, for the live view:
// the rows (atNs from the run's start) and where the run's clock starts (monotonic ns).
struct ServerScrape {
    QString provider;
    qint64 runStartNs = 0;
    std::vector<ServerMetricRow> rows;
};

// What a running session reports as it goes. The worker that runs the session on the network
// thread emits these, and the SessionRunner its caller holds re-emits each of them on the
// caller's thread: both are SessionSignals, so the two cannot drift apart.
class SessionSignals : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

Q_SIGNALS:
    void sessionStarted(qint64 sessionId);
    // Requests done of the total, the provider now running, and the time left in ms at the pace
    // so far (-1 while unknown).
    void progress(int done, int total, const QString &provider, qint64 etaMs);
    void warning(const QString &message);
    // Every attempt as it ends, with its absolute monotonic start (startedAtNs) still set; the
    // database copy is written independently.
    void sampleMeasured(const ys::Sample &sample);
    // Each entry of the session's event log as it is queued for the database (breaker, fallback,
    // model identity, budget, ...): kind and a JSON object.
    void eventRecorded(const QString &kind, const QByteArray &detailJson);
    // A run (one step of a scenario) starts sending attempts, and has ended: every one of its
    // samples was delivered by sampleMeasured() in between.
    void runStarted(qint64 runId, const QString &provider);
    void runEnded(qint64 runId, const QString &provider);
    // Every scrape of a provider's server metrics that stored rows (emitted on the scraper's
    // thread, delivered queued).
    void serverScraped(const ys::ServerScrape &scrape);
};

} // namespace ys

Q_DECLARE_METATYPE(ys::ServerScrape)
