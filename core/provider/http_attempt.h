#pragma once

#include "domain/sample.h"
#include "net/http1_connection.h"
#include "provider/dialect.h"
#include "provider/transport_options.h"
#include "wire/sse_parser.h"

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace ys {

class Http1Pool;

// Per-attempt time limits in milliseconds; 0 turns one off. Connect runs until the request is
// written, first token from the start until the first text, idle between reads once the reply
// began, total over everything.
struct AttemptTimeouts {
    int connectMs = 10'000;
    int firstTokenMs = 60'000;
    int idleMs = 30'000;
    int totalMs = 600'000;
};

// One HTTP request to a provider and everything it records: the timestamps of the connection
// and the request, the arrival of every stream event, the decoded usage and the outcome class.
// Plain http:// goes through the lean HTTP/1.1 client (Http1Exchange, connections kept alive in
// the lane's Http1Pool); https:// through QtNetwork, which negotiates HTTP/2 where it can. Lives
// on a network lane's thread, never on the UI thread.
class HttpAttempt : public QObject, private Http1Exchange::Receiver {
    Q_OBJECT
public:
    HttpAttempt(const Dialect &dialect, HttpRequestParts parts, AttemptTimeouts timeouts,
                QList<QByteArray> secrets, QObject *parent = nullptr);
    ~HttpAttempt() override;

    // Sends the request now. intendedStartNs is the absolute monotonic time the schedule
    // wanted it sent; the difference becomes the sample's queue delay.
    // http1: the pool for http:// URLs (nullptr sends those through nam as well).
    void start(QNetworkAccessManager *nam, Http1Pool *http1, qint64 intendedStartNs);
    void start(QNetworkAccessManager *nam, qint64 intendedStartNs)
    {
        start(nam, nullptr, intendedStartNs);
    }
    void cancel();
    // Which run and request this attempt is, and the prompt size sent, for its sample.
    void setIdentity(qint64 runId, int seq, qint64 localPromptTokens);
    // Which logical request this is, and which try of it.
    void setRequest(int requestIndex, int attemptNumber, std::optional<qint64> retryDelayNs,
                    bool warmup);
    bool isFinished() const { return m_finished; }
    // How the attempt travels (proxy, TLS trust, HTTP version); none: directly, with the
    // process's defaults. Before start().
    void setTransport(std::shared_ptr<const TransportOptions> transport)
    {
        m_transport = std::move(transport);
    }
    const TransportOptions *transport() const { return m_transport.get(); }
    // Whether start() sends this attempt over the lanes' own HTTP/1.1 client when given a pool:
    // plain http:// unless HTTP/2 was asked for (prior knowledge, through QtNetwork); https://
    // with a transport when HTTP/1.1 was asked for, or with "auto" once the origin is known not
    // to offer HTTP/2 (AlpnMemory). The rest goes through QtNetwork.
    bool usesHttp1() const;
    const Sample &sample() const { return m_sample; }
    // The answer text decoded so far (the whole answer once finished).
    const QString &answerText() const { return m_state.text; }
    // The tool calls the answer made, their arguments assembled.
    const std::vector<ToolCall> &toolCalls() const { return m_state.toolCalls; }

Q_SIGNALS:
    void finished(ys::HttpAttempt *attempt);

private:
    // How the transport ended, whichever it was.
    struct TransportEnd {
        bool failed = false;
        bool crossOriginRedirect = false;
        bool tlsFailed = false; // the handshake failed (errorString says why)
        QUrl redirectTarget;    // absolute
        QString errorString;
    };

    qint64 sinceStart() const;
    void startQt(QNetworkAccessManager *nam);
    void applyTransport(QNetworkRequest &request) const;
    bool versionRefused() const;
    void onReadyRead();
    void onMetaData();
    void onFinished();
    void recordHead(int status, const QString &version, QByteArrayView contentType);
    void recordRead(QByteArrayView bytes, qint64 at);
    void forgetRedirect();
    void conclude(qint64 at, const TransportEnd &end);
    void abortTransport();
    void consumeStream(QByteArrayView bytes, qint64 at);
    void finish(Outcome outcome, const QString &error);
    void armWatchdog();
    void onWatchdog();
    template <typename Pairs> void keepResponseHeaders(const Pairs &headers);

    // Http1Exchange::Receiver
    void http1ConnectStarted() override;
    void http1Connected() override;
    void http1Tunnelled() override;
    void http1Encrypted() override;
    void http1RequestSent(qint64 atNs) override;
    void http1Redirected() override;
    void http1Head(const Http1Head &head, qint64 readAtNs) override;
    void http1Body(QByteArrayView bytes, qint64 readAtNs) override;
    void http1Finished(Http1Error error, const QString &message, qint64 atNs) override;

    const Dialect &m_dialect;
    HttpRequestParts m_parts;
    AttemptTimeouts m_timeouts;
    std::shared_ptr<const TransportOptions> m_transport;
    QStringList m_tlsErrors; // why the server's certificate was not trusted
    qint64 m_lastReadNs = 0;
    QList<QByteArray> m_secrets;
    QPointer<QNetworkReply> m_reply;
    std::unique_ptr<Http1Exchange> m_http1;
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
