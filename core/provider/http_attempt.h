#pragma once

#include "domain/sample.h"
#include "provider/dialect.h"
#include "provider/sse_parser.h"

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace ys {

// One HTTP request to a provider and everything it records: the timestamps QtNetwork reports,
// the arrival of every stream event, the decoded usage and the outcome class. Lives on the
// runner's worker thread, never on the UI thread.
class HttpAttempt : public QObject {
    Q_OBJECT
public:
    HttpAttempt(const Dialect &dialect, HttpRequestParts parts, int timeoutMs,
                QList<QByteArray> secrets, QObject *parent = nullptr);
    ~HttpAttempt() override;

    // Sends the request now. intendedStartNs is the absolute monotonic time the schedule
    // wanted it sent; the difference becomes the sample's queue delay.
    void start(QNetworkAccessManager *nam, qint64 intendedStartNs);
    void cancel();
    // Which run and request this attempt is, and the prompt size sent, for its sample.
    void setIdentity(qint64 runId, int seq, qint64 localPromptTokens);
    bool isFinished() const { return m_finished; }
    const Sample &sample() const { return m_sample; }

Q_SIGNALS:
    void finished(ys::HttpAttempt *attempt);

private:
    qint64 sinceStart() const;
    void onReadyRead();
    void onMetaData();
    void onFinished();
    void consumeStream(const QByteArray &bytes, qint64 at);
    void finish(Outcome outcome, const QString &error);

    const Dialect &m_dialect;
    HttpRequestParts m_parts;
    int m_timeoutMs;
    QList<QByteArray> m_secrets;
    QPointer<QNetworkReply> m_reply;
    QTimer m_timeout;
    SseParser m_parser;
    std::vector<SseEvent> m_events;
    std::unique_ptr<StreamDecoder> m_decoder;
    DecodeState m_state;
    QByteArray m_errorBody;
    Sample m_sample;
    bool m_isEventStream = false;
    bool m_timedOut = false;
    bool m_cancelled = false;
    bool m_finished = false;
};

} // namespace ys
