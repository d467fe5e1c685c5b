#include "storage/sample_writer.h"

#include "storage/database.h"
#include "storage/session_liveness.h"
#include "storage/session_repository.h"
#include "util/log.h"

#include <algorithm>

namespace ys {

SampleWriter::SampleWriter(QString dbPath, QObject *parent)
    : QObject(parent)
    , m_path(std::move(dbPath))
{
}

SampleWriter::~SampleWriter()
{
    close();
}

bool SampleWriter::open()
{
    m_db = std::make_unique<Database>(m_path);
    QString error;
    if (!m_db->open(&error)) {
        Q_EMIT writeFailed(error);
        m_db.reset();
        return false;
    }
    m_repo = std::make_unique<SessionRepository>(*m_db);
    m_checkpointer = std::make_unique<WalCheckpointer>(*m_db);
    m_timer = new QTimer(this);
    m_timer->setInterval(kFlushIntervalMs);
    connect(m_timer, &QTimer::timeout, this, [this] {
        flush();
        heartbeat();
    });
    m_timer->start();
    return true;
}

void SampleWriter::add(const Sample &sample)
{
    m_pending.push_back(sample);
    // While writes fail (a full disk, a lock), only the timer retries: retrying the whole backlog
    // at every new sample would cost time that grows with the square of the backlog.
    if (m_pending.size() >= std::size_t(kBatchSize) && !m_reportedFailure)
        flush();
}

bool SampleWriter::flush()
{
    if (m_pending.empty() && m_pendingEvents.empty() && m_pendingServerMetrics.empty())
        return true;
    if (!m_repo)
        return false;
    QString error;
    if (!m_pendingServerMetrics.empty() &&
        ServerMetricsStore::insert(*m_db, m_pendingServerMetrics, &error))
        m_pendingServerMetrics.clear();
    if (!m_pendingEvents.empty()) {
        // Events are few; a failure keeps them for the next try like samples.
        if (m_repo->insertEvents(m_pendingEvents, &error))
            m_pendingEvents.clear();
    }
    if (m_pending.empty())
        return m_pendingEvents.empty();
    if (!m_repo->insertSamples(m_pending, &error)) {
        if (!m_reportedFailure)
            Q_EMIT writeFailed(tr("Could not write %n sample(s); they are kept in memory and "
                                  "retried: %1",
                                  nullptr, int(m_pending.size()))
                                   .arg(error.startsWith(Database::display(m_path))
                                            ? error
                                            : tr("%1: %2").arg(Database::display(m_path), error)));
        m_reportedFailure = true;
        return false;
    }
    m_reportedFailure = false;
    m_pending.clear();
    return true;
}

void SampleWriter::finishRun(qint64 runId, SessionStatus status)
{
    flush();
    QString error;
    if (m_repo && !m_repo->finishRun(runId, status, &error))
        Q_EMIT writeFailed(error);
}

void SampleWriter::addServerMetrics(const std::vector<ServerMetricRow> &rows)
{
    m_pendingServerMetrics.insert(m_pendingServerMetrics.end(), rows.begin(), rows.end());
}

void SampleWriter::addEvent(const SessionEvent &event)
{
    m_pendingEvents.push_back(event);
    if (m_pendingEvents.back().at.isNull())
        m_pendingEvents.back().at = QDateTime::currentDateTimeUtc();
}

void SampleWriter::setAchievedConcurrency(qint64 runId, int achieved)
{
    QString error;
    if (m_repo && !m_repo->setAchievedConcurrency(runId, achieved, &error))
        Q_EMIT writeFailed(error);
}

std::optional<qint64> SampleWriter::createRun(qint64 sessionId, qint64 providerId,
                                              const Scenario &scenario, const QString &stepJson,
                                              std::optional<qint64> batch, QString *error)
{
    if (!m_repo) {
        *error = tr("The database is not open");
        return std::nullopt;
    }
    return m_repo->createRun(sessionId, providerId, scenario, error, stepJson, batch);
}

void SampleWriter::watchSession(qint64 sessionId, bool existing)
{
    QString error;
    if (existing && m_db && !SessionLiveness::claim(*m_db, sessionId, &error))
        Q_EMIT writeFailed(error);
    m_watched.push_back(sessionId);
}

void SampleWriter::heartbeat()
{
    const qint64 now = SessionLiveness::nowMs();
    if (!m_db || m_watched.empty() ||
        now - m_lastHeartbeatMs < SessionLiveness::kHeartbeatIntervalMs)
        return;
    m_lastHeartbeatMs = now;
    // A missed heartbeat is only retried at the next interval: the lease is many intervals long.
    for (qint64 id : m_watched) {
        QString error;
        if (!SessionLiveness::heartbeat(*m_db, id, &error))
            qCWarning(lcStorage).noquote()
                << tr("%1: session %2: heartbeat not written: %3").arg(m_path).arg(id).arg(error);
    }
}

void SampleWriter::finishSession(qint64 sessionId, SessionStatus status)
{
    m_watched.erase(std::remove(m_watched.begin(), m_watched.end(), sessionId), m_watched.end());
    flush();
    QString error;
    if (m_repo && !m_repo->finishSession(sessionId, status, &error))
        Q_EMIT writeFailed(error);
}

void SampleWriter::flushAll()
{
    // A locked database gets the busy timeout on every try; give it a few before reporting.
    for (int attempt = 0; attempt < 3 && !flush(); ++attempt) {
    }
    Q_EMIT flushed(int(m_pending.size()));
}

void SampleWriter::close()
{
    if (m_timer)
        m_timer->stop();
    flush();
    m_repo.reset();
    m_checkpointer.reset();
    m_db.reset();
}

} // namespace ys
