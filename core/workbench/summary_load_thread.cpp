#include "workbench/summary_load_thread.h"

#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "util/log.h"

#include <QElapsedTimer>

namespace ys {

SummaryLoadThread::SummaryLoadThread(QString dbPath, QObject *parent)
    : QObject(parent)
    , m_dbPath(std::move(dbPath))
    , m_context(new QObject)
{
    m_thread.setObjectName(QStringLiteral("ys-summary-load"));
    m_context->moveToThread(&m_thread);
    m_thread.start();
}

SummaryLoadThread::~SummaryLoadThread()
{
    m_latest = 0; // whatever is still queued is skipped
    // The connection is closed on the thread that opened it.
    QMetaObject::invokeMethod(
        m_context,
        [this] {
            m_repo.reset();
            m_db.reset();
        },
        Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_context;
}

quint64 SummaryLoadThread::request(qint64 sessionId)
{
    const quint64 ticket = ++m_latest;
    m_pending = ticket;
    QMetaObject::invokeMethod(
        m_context, [this, ticket, sessionId] { load(ticket, sessionId); }, Qt::QueuedConnection);
    return ticket;
}

void SummaryLoadThread::load(quint64 ticket, qint64 sessionId)
{
    if (!isCurrent(ticket))
        return; // a newer request is queued behind this one
    QString error;
    std::shared_ptr<const SessionSummary> summary;
    std::shared_ptr<const SessionLatencyDistributions> distributions;
    if (!m_db) {
        auto db = std::make_unique<Database>(m_dbPath);
        if (db->open(&error)) {
            m_db = std::move(db);
            m_repo = std::make_unique<SessionRepository>(*m_db);
        }
    }
    if (m_repo) {
        QElapsedTimer timer;
        timer.start();
        if (auto loaded = loadSessionSummary(*m_repo, sessionId, &error)) {
            summary = std::make_shared<const SessionSummary>(std::move(*loaded));
            distributions = std::make_shared<const SessionLatencyDistributions>(
                sessionLatencyDistributions(*summary));
        }
        qCInfo(lcStorage).noquote()
            << QStringLiteral("session %1 summary loaded in %2 ms")
                   .arg(QString::number(sessionId), QString::number(timer.elapsed()));
    }
    if (!isCurrent(ticket))
        return;
    QMetaObject::invokeMethod(
        this,
        [this, ticket, sessionId, summary, distributions, error] {
            if (ticket != m_pending)
                return;
            m_pending = 0;
            Q_EMIT loaded(ticket, sessionId, summary, distributions, error);
        },
        Qt::QueuedConnection);
}

} // namespace ys
