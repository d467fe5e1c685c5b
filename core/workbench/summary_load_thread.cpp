#include "workbench/summary_load_thread.h"

#include "storage/summary_loader.h"
#include "util/log.h"
#include "workbench/background_reader.h"

#include <QElapsedTimer>

namespace ys {

SummaryLoadThread::SummaryLoadThread(QString dbPath, QObject *parent)
    : QObject(parent)
    , m_reader(std::make_unique<BackgroundReader>(std::move(dbPath), nullptr,
                                                  QStringLiteral("ys-summary-load")))
{
}

SummaryLoadThread::~SummaryLoadThread() = default;

quint64 SummaryLoadThread::request(qint64 sessionId)
{
    const quint64 ticket = ++m_tickets;
    m_pending = ticket;
    m_reader->submit(
        QStringLiteral("summary"), this,
        [this, ticket, sessionId](const SessionRepository *repo, const QString &openError) {
            QString error = openError;
            std::shared_ptr<const SessionSummary> summary;
            std::shared_ptr<const SessionLatencyDistributions> distributions;
            if (repo) {
                QElapsedTimer timer;
                timer.start();
                if (auto loaded = loadSessionView(*repo, sessionId, &error)) {
                    summary = std::make_shared<const SessionSummary>(std::move(*loaded));
                    distributions = std::make_shared<const SessionLatencyDistributions>(
                        sessionLatencyDistributions(*summary));
                }
                qCInfo(lcStorage).noquote()
                    << QStringLiteral("session %1 summary loaded in %2 ms")
                           .arg(QString::number(sessionId), QString::number(timer.elapsed()));
            }
            return [this, ticket, sessionId, summary, distributions, error] {
                m_pending = 0;
                Q_EMIT loaded(ticket, sessionId, summary, distributions, error);
            };
        });
    return ticket;
}

} // namespace ys
