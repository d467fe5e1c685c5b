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

// Per-attempt time limits in milliseconds; 0 turns one off. Connect runs until the request is
// written, first token from the start until the first text, idle between reads once the reply
// began, total over everything.
struct AttemptTimeouts {
    int connectMs = 10'000;
    int firstTokenMs = 60'000;
    int idleMs = 30'000;
    int totalMs = 600'000;
};

// One HTTP request to a provider and everything it records: the timestamps QtNetwork reports,
// the arrival of every stream event, the decoded usage and the outcome class. Lives on the
// runner's worker thread, never on the UI thread.
class HttpAttempt : public QObject {
    Q_OBJECT
public:
    HttpAttempt(const Dialect &dialect, HttpRequestParts parts, AttemptTimeouts timeouts,
                QList<QByteArray> secrets, QObject *parent = nullptr);
    ~HttpAttempt() override;

    // Sends the request now. intendedStartNs is the absolute monotonic time the schedule
    // wanted it sent; the difference becomes the sample's queue delay.
    void start(QNetworkAccessManager *nam, qint64 intendedStartNs);
    void cancel();
    // Which run and request this attempt is, and the prompt size sent, for its sample.
    void setIdentity(qint64 runId, int seq, qint64 localPromptTokens);
    // Which logical request this is, and which try of it.
    void setRequest(int requestIndex, int attemptNumber, std::optional<qint64> retryDelayNs,
                    bool warmup);
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
    void armWatchdog();
    void onWatchdog();
    void keepResponseHeaders();

    const Dialect &m_dialect;
    HttpRequestParts m_parts;
    AttemptTimeouts m_timeouts;
    qint64 m_lastReadNs = 0;
    QList<QByteArray> m_secrets;
    QPointer<QNetworkReply> m_reply;
    QTimer m_watchdog; // armed for the earliest pending deadline
    SseParser m_parser;
    std::vector<SseEvent> m_events;
    std::unique_ptr<StreamDecoder> m_decoder;
    DecodeState m_state;
    QByteArray m_errorBody;
    Sample m_sample;
    bool m_isEventStream = false;
    std::optional<Outcome> m_timedOut;
    bool m_cancelled = false;
    bool m_finished = false;
};

} // namespace ys
