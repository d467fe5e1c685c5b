#include "run/server_metrics_scraper.h"

#include "net/prometheus_text.h"
#include "storage/sample_writer.h"
#include "util/monotonic_clock.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace ys {

// The scraper's half that lives on its thread.
class ScrapeWorker : public QObject {
    Q_OBJECT
public:
    ScrapeWorker(ServerMetricsSettings settings, QString provider, qint64 sessionId, qint64 runId,
                 qint64 runStartNs, SampleWriter *writer, ServerMetricsScraper::Observer observe)
        : m_settings(std::move(settings))
        , m_provider(std::move(provider))
        , m_sessionId(sessionId)
        , m_runId(runId)
        , m_runStartNs(runStartNs)
        , m_writer(writer)
        , m_observe(std::move(observe))
    {
    }

    Q_INVOKABLE void begin()
    {
        m_nam = new QNetworkAccessManager(this);
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::PreciseTimer);
        m_timer->setInterval(m_settings.intervalMs);
        connect(m_timer, &QTimer::timeout, this, &ScrapeWorker::scrape);
        m_timer->start();
        scrape();
    }

    Q_INVOKABLE void end()
    {
        if (m_timer)
            m_timer->stop();
        if (m_reply) {
            m_reply->disconnect(this);
            m_reply->abort();
            m_reply->deleteLater();
            m_reply = nullptr;
        }
        QJsonObject detail{
            {QStringLiteral("provider"), m_provider}, {QStringLiteral("url"), safeUrl()},
            {QStringLiteral("scrapes"), m_scrapes},   {QStringLiteral("failed"), m_failed},
            {QStringLiteral("skipped"), m_skipped},   {QStringLiteral("truncated"), m_truncated}};
        event(QStringLiteral("server_metrics"), detail);
    }

private:
    QString safeUrl() const
    {
        return m_settings.url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    }

    void scrape()
    {
        if (m_reply) {
            ++m_skipped; // the server is slower than the interval: keep one scrape out at once
            return;
        }
        QNetworkRequest request(m_settings.url);
        request.setRawHeader("Accept", "text/plain; version=0.0.4");
        // A scrape that takes longer than a few intervals says nothing of "now".
        request.setTransferTimeout(std::max(1000, 3 * m_settings.intervalMs));
        m_sentNs = monotonicNs();
        m_reply = m_nam->get(request);
        connect(m_reply, &QNetworkReply::finished, this, &ScrapeWorker::onFinished);
    }

    void onFinished()
    {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->deleteLater();
        // The server's figures are of a moment between sending and the answer: the midpoint.
        const qint64 atNs = (m_sentNs + monotonicNs()) / 2 - m_runStartNs;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (reply->error() != QNetworkReply::NoError || status != 200)
            return failed(reply->error() != QNetworkReply::NoError
                              ? reply->errorString()
                              : QStringLiteral("HTTP %1").arg(status));
        QString error;
        const auto samples = PromText::parse(reply->readAll(), &error);
        if (!samples)
            return failed(error);
        std::vector<ServerMetricRow> rows;
        for (const PromSample &s : *samples) {
            if (!m_settings.keep.isEmpty() && !m_settings.keep.contains(s.name))
                continue;
            if (std::isnan(s.value))
                continue; // no figure; the table holds numbers only
            if (rows.size() >= std::size_t(ServerMetricsSettings::kMaxSamplesPerScrape)) {
                ++m_truncated;
                break;
            }
            QByteArray labels = PromText::labelSet(s.labels);
            if (!labels.isEmpty())
                labels = labels.mid(1, labels.size() - 2);
            rows.push_back({m_runId, atNs, s.name, QString::fromUtf8(labels), s.value});
        }
        ++m_scrapes;
        if (rows.empty())
            return;
        if (m_observe)
            m_observe({m_provider, m_runStartNs, rows});
        SampleWriter *w = m_writer;
        QMetaObject::invokeMethod(
            w, [w, rows = std::move(rows)] { w->addServerMetrics(rows); }, Qt::QueuedConnection);
    }

    void failed(const QString &why)
    {
        ++m_failed;
        // A server that stays down would fill the log: the first few failures are kept, the
        // count of all of them comes with the summary at the end.
        if (m_failed > kMaxFailureEvents)
            return;
        event(QStringLiteral("server_metrics_failed"),
              QJsonObject{{QStringLiteral("provider"), m_provider},
                          {QStringLiteral("url"), safeUrl()},
                          {QStringLiteral("error"), why}});
    }

    void event(const QString &kind, const QJsonObject &detail)
    {
        SessionEvent e;
        e.sessionId = m_sessionId;
        e.runId = m_runId;
        e.at = QDateTime::currentDateTimeUtc();
        e.kind = kind;
        e.detail = QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact));
        SampleWriter *w = m_writer;
        QMetaObject::invokeMethod(
            w, [w, e] { w->addEvent(e); }, Qt::QueuedConnection);
    }

    static constexpr int kMaxFailureEvents = 10;

    ServerMetricsSettings m_settings;
    QString m_provider;
    qint64 m_sessionId;
    qint64 m_runId;
    qint64 m_runStartNs;
    SampleWriter *m_writer;
    ServerMetricsScraper::Observer m_observe;
    QNetworkAccessManager *m_nam = nullptr;
    QTimer *m_timer = nullptr;
    QNetworkReply *m_reply = nullptr;
    qint64 m_sentNs = 0;
    int m_scrapes = 0;
    int m_failed = 0;
    int m_skipped = 0;
    int m_truncated = 0;
};

ServerMetricsScraper::ServerMetricsScraper(const ServerMetricsSettings &settings,
                                           const QString &provider, qint64 sessionId, qint64 runId,
                                           qint64 runStartNs, SampleWriter *writer,
                                           Observer observe)
    : m_thread(std::make_unique<QThread>())
{
    m_thread->setObjectName(QStringLiteral("ys-scrape"));
    m_worker = new ScrapeWorker(settings, provider, sessionId, runId, runStartNs, writer,
                                std::move(observe));
    m_worker->moveToThread(m_thread.get());
    QObject::connect(m_thread.get(), &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start();
    QMetaObject::invokeMethod(m_worker, &ScrapeWorker::begin, Qt::QueuedConnection);
}

ServerMetricsScraper::~ServerMetricsScraper()
{
    QMetaObject::invokeMethod(m_worker, &ScrapeWorker::end, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
}

} // namespace ys

#include "server_metrics_scraper.moc"
