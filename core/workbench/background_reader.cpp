#include "workbench/background_reader.h"

#include "storage/database.h"
#include "storage/session_repository.h"
#include "util/background_priority.h"

#include <QMutexLocker>
#include <QPointer>

namespace ys {

BackgroundReader::BackgroundReader(QString dbPath, QObject *parent, const QString &threadName)
    : QObject(parent)
    , m_dbPath(std::move(dbPath))
    , m_context(new QObject)
{
    m_thread.setObjectName(threadName);
    m_context->moveToThread(&m_thread);
    m_thread.start();
    // Behind the window: the UI thread keeps the CPU first.
    QMetaObject::invokeMethod(
        m_context, [] { lowerThisThreadsPriority(); }, Qt::QueuedConnection);
}

BackgroundReader::~BackgroundReader()
{
    {
        const QMutexLocker lock(&m_latestLock);
        m_latest.clear(); // whatever is still queued is skipped
    }
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

bool BackgroundReader::busy() const
{
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it)
        if (it.value() != 0)
            return true;
    return false;
}

bool BackgroundReader::isCurrent(const QString &channel, quint64 ticket) const
{
    const QMutexLocker lock(&m_latestLock);
    return m_latest.value(channel) == ticket;
}

void BackgroundReader::submit(const QString &channel, QObject *context, Job job)
{
    const bool wasBusy = busy();
    const quint64 ticket = ++m_nextTicket;
    {
        const QMutexLocker lock(&m_latestLock);
        m_latest.insert(channel, ticket);
    }
    m_pending.insert(channel, ticket);
    QPointer<QObject> target(context);
    QMetaObject::invokeMethod(
        m_context,
        [this, channel, ticket, job = std::move(job), target] {
            if (!isCurrent(channel, ticket))
                return; // a newer job of the channel is queued behind this one
            if (!m_db && m_openError.isEmpty()) {
                auto db = std::make_unique<Database>(m_dbPath);
                if (db->open(&m_openError)) {
                    m_db = std::move(db);
                    m_repo = std::make_unique<SessionRepository>(*m_db);
                }
            }
            Delivery delivery = job(m_repo.get(), m_openError);
            if (!isCurrent(channel, ticket))
                return;
            QMetaObject::invokeMethod(
                this,
                [this, channel, ticket, delivery = std::move(delivery), target] {
                    if (m_pending.value(channel) != ticket)
                        return;
                    m_pending.insert(channel, 0);
                    if (target && delivery)
                        delivery();
                    if (!busy())
                        Q_EMIT busyChanged(false);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
    if (!wasBusy)
        Q_EMIT busyChanged(true);
}

} // namespace ys
