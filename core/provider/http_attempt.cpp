#include "provider/http_attempt.h"

#include "net/http1_pool.h"
#include "provider/alpn_memory.h"
#include "provider/secrets.h"
#include "tokenize/approx_tokens.h"
#include "util/monotonic_clock.h"
#include "util/units.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslError>
#include <limits>

namespace ys {

namespace {
constexpr qsizetype kMaxErrorBody = 64 * 1024;
constexpr qsizetype kExcerptBytes = 256;

// The start of bytes that could not be parsed, for the diagnosis; redacted with the rest of the
// error text when the attempt finishes.
QString excerpt(QByteArrayView bytes)
{
    return QString::fromUtf8(bytes.first(std::min(bytes.size(), kExcerptBytes)));
}

quint64 fnv1a64(const QByteArray &bytes)
{
    quint64 hash = 14695981039346656037ull;
    for (const char c : bytes) {
        hash ^= quint8(c);
        hash *= 1099511628211ull;
    }
    return hash;
}
} // namespace

HttpAttempt::HttpAttempt(const Dialect &dialect, HttpRequestParts parts, AttemptTimeouts timeouts,
                         QList<QByteArray> secrets, QObject *parent)
    : QObject(parent)
    , m_dialect(dialect)
    , m_parts(std::move(parts))
    , m_timeouts(timeouts)
    , m_secrets(std::move(secrets))
    , m_watchdog(this)
    , m_decoder(dialect.newDecoder())
{
    // Parented, so that moving the attempt to a network lane's thread moves its timer too.
    m_watchdog.setSingleShot(true);
    m_watchdog.setTimerType(Qt::PreciseTimer);
    connect(&m_watchdog, &QTimer::timeout, this, &HttpAttempt::onWatchdog);
}

namespace {
}

// The deadlines that still apply, as (time since start, outcome when it passes).
void HttpAttempt::armWatchdog()
{
    if (m_finished)
        return;
    qint64 earliest = std::numeric_limits<qint64>::max();
    auto consider = [&](int ms, qint64 from, bool applies) {
        if (ms > 0 && applies)
            earliest = std::min(earliest, from + qint64(ms) * kWholeNsPerMs);
    };
    consider(m_timeouts.totalMs, 0, true);
    consider(m_timeouts.connectMs, 0, !m_sample.requestSentNs);
    consider(m_timeouts.firstTokenMs, 0, !m_sample.firstTokenNs);
    consider(m_timeouts.idleMs, m_lastReadNs, m_sample.headersNs.has_value());
    if (earliest == std::numeric_limits<qint64>::max())
        return;
    const qint64 waitNs = std::max<qint64>(0, earliest - sinceStart());
    m_watchdog.start(int((waitNs + kWholeNsPerMs - 1) / kWholeNsPerMs));
}

void HttpAttempt::onWatchdog()
{
    const qint64 now = sinceStart();
    auto passed = [&](int ms, qint64 from, bool applies) {
        return ms > 0 && applies && now >= from + qint64(ms) * kWholeNsPerMs;
    };
    if (passed(m_timeouts.connectMs, 0, !m_sample.requestSentNs))
        m_timedOut = Outcome::TimeoutConnect;
    else if (passed(m_timeouts.idleMs, m_lastReadNs, m_sample.headersNs.has_value()))
        m_timedOut = Outcome::TimeoutIdle;
    else if (passed(m_timeouts.firstTokenMs, 0, !m_sample.firstTokenNs))
        m_timedOut = Outcome::TimeoutFirstToken;
    else if (passed(m_timeouts.totalMs, 0, true))
        m_timedOut = Outcome::TimeoutTotal;
    if (m_timedOut)
        abortTransport();
    else
        armWatchdog(); // woke early: a deadline moved (a read came in)
}

HttpAttempt::~HttpAttempt()
{
    m_http1.reset(); // drops its connection without reporting
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

qint64 HttpAttempt::sinceStart() const
{
    return monotonicNs() - m_sample.startedAtNs;
}

void HttpAttempt::abortTransport()
{
    if (m_reply)
        m_reply->abort();
    else if (m_http1)
        m_http1->abort();
}

void HttpAttempt::start(QNetworkAccessManager *nam, Http1Pool *http1, qint64 intendedStartNs)
{
    m_sample.startedAtNs = monotonicNs();
    m_sample.intendedStartNs = std::min<qint64>(0, intendedStartNs - m_sample.startedAtNs);
    m_sample.queueDelayNs = -m_sample.intendedStartNs;
    if (http1 && usesHttp1()) {
        Http1Exchange::Receiver *receiver = this;
        m_http1 = std::make_unique<Http1Exchange>(http1, receiver);
        if (m_transport) {
            m_http1->setProxy(m_transport->proxy);
            m_http1->setTls(m_transport->tls);
            m_http1->setPoolTag(m_transport->poolTag);
        }
        armWatchdog();
        const QByteArray body = std::exchange(m_parts.body, {});
        m_http1->start(m_parts.url, QByteArrayLiteral("POST"), m_parts.headers, body);
        return;
    }
    startQt(nam);
}

bool HttpAttempt::usesHttp1() const
{
    const HttpVersionChoice choice =
        m_transport ? m_transport->httpVersion : HttpVersionChoice::Auto;
    if (m_parts.url.scheme() == QLatin1StringView("http"))
        return choice != HttpVersionChoice::Http2;
    if (!m_transport || !m_transport->tls)
        return false;
    return choice == HttpVersionChoice::Http11 ||
           (choice == HttpVersionChoice::Auto && AlpnMemory::offersHttp2(m_parts.url) == false);
}

void HttpAttempt::startQt(QNetworkAccessManager *nam)
{
    QNetworkRequest request(m_parts.url);
    for (const auto &[name, value] : std::as_const(m_parts.headers))
        request.setRawHeader(name, value);
    // Compressed streams arrive in bursts; identity keeps event arrival times honest.
    request.setRawHeader("Accept-Encoding", "identity");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::SameOriginRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    applyTransport(request);

    m_reply = nam->post(request, m_parts.body);
    m_parts.body.clear();

    connect(m_reply, &QNetworkReply::socketStartedConnecting, this, [this] {
        if (!m_sample.connectStartNs)
            m_sample.connectStartNs = sinceStart();
    });
    connect(m_reply, &QNetworkReply::encrypted, this,
            [this] { m_sample.tlsDoneNs = sinceStart(); });
    connect(m_reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        for (const QSslError &e : errors)
            m_tlsErrors.append(e.errorString());
    });
    connect(m_reply, &QNetworkReply::requestSent, this, [this] {
        const qint64 now = sinceStart();
        m_sample.requestSentNs = now;
        // QtNetwork reports no separate "connected" signal; on a new connection the request is
        // written right after the socket connects, so this is its closest observable bound.
        if (m_sample.connectStartNs && !m_sample.connectedNs)
            m_sample.connectedNs = m_sample.tlsDoneNs.value_or(now);
        armWatchdog();
    });
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &HttpAttempt::onMetaData);
    // A followed redirect (same origin only) is not the reply: what its 3xx set is forgotten so
    // that the final response's status, headers and body are the ones recorded.
    connect(m_reply, &QNetworkReply::redirected, this, &HttpAttempt::forgetRedirect);
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpAttempt::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &HttpAttempt::onFinished);
    armWatchdog();
}

// The provider's trust and client certificate for https://, and the HTTP version asked for:
// 1.1 never offers HTTP/2; 2 offers it by ALPN over TLS and speaks it with prior knowledge over
// http:// (the server must then speak it; versionRefused() checks the answer).
void HttpAttempt::applyTransport(QNetworkRequest &request) const
{
    if (!m_transport)
        return;
    if (m_parts.url.scheme() == QLatin1StringView("https"))
        request.setSslConfiguration(m_transport->sslConfiguration());
    switch (m_transport->httpVersion) {
    case HttpVersionChoice::Http11:
        request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
        break;
    case HttpVersionChoice::Http2:
        request.setAttribute(QNetworkRequest::Http2AllowedAttribute, true);
        if (m_parts.url.scheme() == QLatin1StringView("http"))
            request.setAttribute(QNetworkRequest::Http2DirectAttribute, true);
        break;
    case HttpVersionChoice::Auto:
        break;
    }
}

// Whether the server answered in another HTTP version than the one the provider asks for.
bool HttpAttempt::versionRefused() const
{
    if (!m_transport || m_sample.httpStatus == 0)
        return false;
    switch (m_transport->httpVersion) {
    case HttpVersionChoice::Http11:
        return m_sample.httpVersion != QLatin1StringView("1.1");
    case HttpVersionChoice::Http2:
        return m_sample.httpVersion != QLatin1StringView("2");
    case HttpVersionChoice::Auto:
        break;
    }
    return false;
}

void HttpAttempt::setIdentity(qint64 runId, int seq, qint64 localPromptTokens)
{
    m_sample.runId = runId;
    m_sample.seq = seq;
    m_sample.localPromptTokens = localPromptTokens;
}

void HttpAttempt::setRequest(int requestIndex, int attemptNumber,
                             std::optional<qint64> retryDelayNs, bool warmup)
{
    m_sample.requestIndex = requestIndex;
    m_sample.attemptNumber = attemptNumber;
    m_sample.retryDelayNs = retryDelayNs;
    m_sample.warmup = warmup;
}

void HttpAttempt::cancel()
{
    if (m_finished)
        return;
    m_cancelled = true;
    abortTransport();
}

// A followed redirect (same origin only) is not the reply: what its 3xx set is forgotten so that
// the final response's status, headers and body are the ones recorded.
void HttpAttempt::forgetRedirect()
{
    m_sample.headersNs.reset();
    m_sample.httpStatus = 0;
    m_sample.requestId.clear();
    m_sample.responseHeaders.clear();
    m_sample.retryAfterHeaders.clear();
    m_isEventStream = false;
    m_errorBody.clear();
}

void HttpAttempt::onMetaData()
{
    if (m_sample.headersNs)
        return;
    m_sample.headersNs = sinceStart();
    m_sample.requestId = QString::fromLatin1(m_reply->rawHeader("x-request-id"));
    if (m_sample.requestId.isEmpty())
        m_sample.requestId = QString::fromLatin1(m_reply->rawHeader("request-id"));
    keepResponseHeaders(m_reply->rawHeaderPairs());
    const bool http2 = m_reply->attribute(QNetworkRequest::Http2WasUsedAttribute).toBool();
    // Offered HTTP/2 and answered in HTTP/1.1: the server does not offer HTTP/2.
    if (m_transport && m_transport->httpVersion == HttpVersionChoice::Auto &&
        m_parts.url.scheme() == QLatin1StringView("https"))
        AlpnMemory::note(m_parts.url, http2);
    recordHead(m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
               http2 ? QStringLiteral("2") : QStringLiteral("1.1"),
               m_reply->header(QNetworkRequest::ContentTypeHeader).toByteArray());
}

// The rest of what the response head tells, once headersNs, requestId and the kept headers are
// set.
void HttpAttempt::recordHead(int status, const QString &version, QByteArrayView contentType)
{
    m_sample.httpStatus = status;
    m_sample.httpVersion = version;
    // QtNetwork may hand an attempt a connection another reply started to make: the attempt then
    // sees the TLS handshake end but not the start of connecting, and its connection is new.
    m_sample.connectionReused = !m_sample.connectStartNs && !m_sample.tlsDoneNs;
    m_lastReadNs = *m_sample.headersNs;
    armWatchdog();
    m_isEventStream = m_sample.httpStatus >= 200 && m_sample.httpStatus < 300 &&
                      contentType.trimmed().startsWith("text/event-stream");
}

template <typename Pairs> void HttpAttempt::keepResponseHeaders(const Pairs &headers)
{
    // What a failure's diagnosis needs: the provider's rate-limit state and the wait it asks
    // for. Auth headers never come back in replies, but the text is redacted all the same.
    QStringList kept;
    for (const auto &[name, value] : headers) {
        const QByteArray lower = name.toLower();
        if (lower.startsWith("retry-after") || lower.startsWith("x-ratelimit-") ||
            lower.startsWith("anthropic-ratelimit-"))
            kept << QString::fromLatin1(lower) + QStringLiteral(": ") + QString::fromLatin1(value);
        if (lower == "retry-after-ms" || lower == "retry-after")
            m_sample.retryAfterHeaders.append(std::pair(lower, value));
    }
    m_sample.responseHeaders = Secrets::redact(kept.join(QLatin1Char('\n')), m_secrets);
}

void HttpAttempt::onReadyRead()
{
    const qint64 at = sinceStart();
    const QByteArray bytes = m_reply->readAll();
    if (bytes.isEmpty())
        return;
    if (!m_sample.headersNs)
        onMetaData();
    recordRead(bytes, at);
}

void HttpAttempt::recordRead(QByteArrayView bytes, qint64 at)
{
    ++m_sample.readCount;
    m_lastReadNs = at;
    if (m_isEventStream) {
        consumeStream(bytes, at);
    } else if (m_errorBody.size() < kMaxErrorBody) {
        m_errorBody += bytes.first(std::min(bytes.size(), kMaxErrorBody - m_errorBody.size()));
    }
}

void HttpAttempt::consumeStream(QByteArrayView bytes, qint64 at)
{
    const int count = m_parser.feedReusing(bytes, m_events);
    int contentEvents = 0;
    for (int i = 0; i < count; ++i) {
        const SseEvent &event = m_events[std::size_t(i)];
        ++m_sample.eventCount;
        if (!m_sample.firstEventNs)
            m_sample.firstEventNs = at;
        const bool failedBefore = m_state.failure.has_value();
        const EventYield yield = m_decoder->take(event, m_state);
        if (!failedBefore && m_state.failure == Outcome::MalformedStream)
            m_state.error.message =
                tr("%1; the event starts with: %2").arg(m_state.error.message, excerpt(event.data));
        if (yield.meaningful()) {
            if (!m_sample.firstTokenNs)
                m_sample.firstTokenNs = at;
            if (yield.answers() && !m_sample.firstContentNs)
                m_sample.firstContentNs = at;
            m_sample.eventTimesNs.push_back(at);
            ++contentEvents;
        }
        if (yield.toolArgsComplete)
            m_sample.toolArgsNs = at; // the last call's, when there are several
        if (m_state.failure && m_state.failure != Outcome::StreamError)
            break;
    }
    // Several tokens in one read arrived together: their gaps are not measurable, and the
    // analysis must not read them as 0 ms.
    if (contentEvents > 1)
        ++m_sample.coalescedReads;
    // No re-arming here: reads only move the idle deadline later, and the first-token one goes
    // away; a watchdog that wakes early re-arms itself for the deadline in force.
    if (m_parser.overflowed() && !m_state.failure)
        m_state.failMalformed(tr("stream event larger than the limit; starts with: %1")
                                  .arg(QString::fromUtf8(m_parser.overflowExcerpt())));
    if (m_state.failure == Outcome::MalformedStream)
        abortTransport(); // nothing more of this attempt can be trusted
}

void HttpAttempt::onFinished()
{
    if (m_finished)
        return;
    const qint64 at = sinceStart();
    if (m_reply->bytesAvailable() > 0)
        onReadyRead();
    if (!m_sample.headersNs &&
        m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid())
        onMetaData();

    TransportEnd end;
    end.failed = m_reply->error() != QNetworkReply::NoError;
    end.errorString = m_reply->errorString();
    if (m_reply->error() == QNetworkReply::SslHandshakeFailedError) {
        end.tlsFailed = true;
        if (!m_tlsErrors.isEmpty())
            end.errorString = m_tlsErrors.join(QStringLiteral("; "));
    }
    if (m_reply->error() == QNetworkReply::InsecureRedirectError) {
        end.crossOriginRedirect = true;
        end.redirectTarget = m_reply->url().resolved(
            m_reply->attribute(QNetworkRequest::RedirectionTargetAttribute).toUrl());
    }
    conclude(at, end);
}

void HttpAttempt::conclude(qint64 at, const TransportEnd &end)
{
    m_sample.endNs = at;
    const int status = m_sample.httpStatus;

    if (m_cancelled)
        return finish(Outcome::Cancelled, tr("cancelled"));
    if (m_state.failure == Outcome::MalformedStream)
        return finish(Outcome::MalformedStream, m_state.error.message);
    if (m_timedOut) {
        switch (*m_timedOut) {
        case Outcome::TimeoutConnect:
            return finish(*m_timedOut, tr("no connection within %1 ms").arg(m_timeouts.connectMs));
        case Outcome::TimeoutIdle:
            return finish(*m_timedOut,
                          tr("the reply went silent for %1 ms").arg(m_timeouts.idleMs));
        case Outcome::TimeoutFirstToken:
            return finish(*m_timedOut,
                          tr("no first token within %1 ms").arg(m_timeouts.firstTokenMs));
        default:
            return finish(*m_timedOut,
                          tr("no complete reply within %1 ms").arg(m_timeouts.totalMs));
        }
    }
    if (end.crossOriginRedirect) {
        // A redirect to another origin is never followed: the request carries the key.
        return finish(
            Outcome::ClientError,
            tr("HTTP %1: redirected to another origin (%2), not followed")
                .arg(status)
                .arg(end.redirectTarget
                         .adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemovePath)
                         .toString()));
    }
    if (status == 0 && end.tlsFailed)
        return finish(Outcome::TlsError, tr("TLS handshake failed: %1").arg(end.errorString));
    if (status == 0) {
        return finish(Outcome::ConnectionError, end.errorString);
    }
    if (versionRefused()) {
        return finish(
            Outcome::ClientError,
            tr("the server answered over HTTP/%1, but the provider's http_version "
               "asks for HTTP/%2")
                .arg(m_sample.httpVersion, httpVersionChoiceName(m_transport->httpVersion)));
    }
    if (status < 200 || status >= 300) {
        QString message;
        const Outcome o = m_dialect.classifyHttpError(status, m_errorBody, &message);
        return finish(o, tr("HTTP %1: %2").arg(status).arg(message));
    }
    if (!m_isEventStream) {
        m_decoder->decodeBody(m_errorBody, m_state);
        if (m_state.failure == Outcome::MalformedStream)
            m_state.error.message =
                tr("%1; the body starts with: %2").arg(m_state.error.message, excerpt(m_errorBody));
        if (m_state.text.size() > 0 || !m_state.toolCalls.empty()) {
            m_sample.firstTokenNs = m_sample.firstContentNs = m_sample.firstEventNs = at;
            m_sample.eventTimesNs.push_back(at);
        }
        if (!m_state.toolCalls.empty())
            m_sample.toolArgsNs = at; // the whole body: every call complete with it
    }
    if (m_state.failure == Outcome::StreamError) {
        // The provider said it failed, in band: the class the same error gets as an HTTP reply.
        return finish(m_dialect.classifyError(m_state.error, ErrorChannel::InBand),
                      tr("in-band error: %1").arg(m_state.error.describe()));
    }
    if (m_state.failure)
        return finish(*m_state.failure, m_state.error.describe());
    if (end.failed && !m_state.endMarkerSeen)
        return finish(Outcome::ConnectionError, end.errorString);
    if (!m_state.endMarkerSeen)
        return finish(Outcome::StreamCut, tr("the stream ended without its end marker"));
    if (!m_state.carriesAnswer()) {
        return finish(Outcome::EmptyResponse,
                      tr("the reply ended properly but carried no answer, no output tokens and "
                         "no finish reason"));
    }
    // A call still open when the reply ended properly (a stream without the event that closes
    // it) was complete at the end at the latest.
    if (m_state.completeToolCalls())
        m_sample.toolArgsNs = at;
    finish(m_dialect.outcomeForFinish(m_state.finishReason), {});
}

void HttpAttempt::finish(Outcome outcome, const QString &error)
{
    m_finished = true;
    m_watchdog.stop();
    m_sample.outcome = outcome;
    m_sample.error = Secrets::redact(error, m_secrets);
    if (m_parser.unknownFieldCount() > 0) {
        // Not part of the protocol, so not parsed, but never dropped unseen either.
        m_sample.diagnostics =
            Secrets::redact(tr("unknown SSE field lines (%1): %2")
                                .arg(m_parser.unknownFieldCount())
                                .arg(QString::fromUtf8(m_parser.unknownFields())),
                            m_secrets);
    }
    m_sample.finishReason = m_state.finishReason;
    m_sample.modelReported = m_state.model;
    m_sample.systemFingerprint = m_state.systemFingerprint;
    m_sample.inputTokens = m_state.inputTokens;
    m_sample.outputTokens = m_state.outputTokens;
    m_sample.cachedTokens = m_state.cachedTokens;
    m_sample.reasoningTokens = m_state.reasoningTokens;
    m_sample.reportedCostUsd = m_state.reportedCostUsd;
    m_sample.cacheWriteTokens = m_state.cacheWriteTokens;
    m_sample.tokensEstimated = !m_state.outputTokens.has_value();
    m_sample.outputChars = m_state.text.size();
    m_sample.textHash = fnv1a64(m_state.text.toUtf8());
    m_sample.replacementChars = int(m_state.text.count(QChar::ReplacementCharacter));
    m_sample.localOutputTokens = approxTokenCount(m_state.text);
    for (const ToolCall &call : m_state.toolCalls) // the arguments are output tokens too
        m_sample.localOutputTokens += approxTokenCount(QString::fromUtf8(call.arguments));
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    Q_EMIT finished(this);
}

void HttpAttempt::http1ConnectStarted()
{
    if (!m_sample.connectStartNs)
        m_sample.connectStartNs = sinceStart();
}

void HttpAttempt::http1Connected()
{
    if (m_sample.connectStartNs && !m_sample.connectedNs)
        m_sample.connectedNs = sinceStart();
}

void HttpAttempt::http1Tunnelled()
{
    if (m_sample.connectedNs && !m_sample.tunnelNs)
        m_sample.tunnelNs = sinceStart();
}

void HttpAttempt::http1Encrypted()
{
    m_sample.tlsDoneNs = sinceStart();
}

void HttpAttempt::http1RequestSent(qint64 atNs)
{
    m_sample.requestSentNs = atNs - m_sample.startedAtNs;
    armWatchdog();
}

void HttpAttempt::http1Redirected()
{
    forgetRedirect();
}

void HttpAttempt::http1Head(const Http1Head &head, qint64 readAtNs)
{
    if (m_sample.headersNs || m_finished)
        return;
    m_sample.headersNs = readAtNs - m_sample.startedAtNs;
    m_sample.requestId = QString::fromLatin1(head.header("x-request-id"));
    if (m_sample.requestId.isEmpty())
        m_sample.requestId = QString::fromLatin1(head.header("request-id"));
    keepResponseHeaders(head.headers);
    recordHead(head.status, QString::fromLatin1(head.version), head.header("content-type"));
}

void HttpAttempt::http1Body(QByteArrayView bytes, qint64 readAtNs)
{
    if (m_finished || bytes.isEmpty())
        return;
    recordRead(bytes, readAtNs - m_sample.startedAtNs);
}

void HttpAttempt::http1Finished(Http1Error error, const QString &message, qint64 atNs)
{
    if (m_finished)
        return;
    // An abort this attempt did not ask for: its lane is going away.
    if (error == Http1Error::Aborted && !m_timedOut && m_state.failure != Outcome::MalformedStream)
        m_cancelled = true;
    TransportEnd end;
    end.failed = error != Http1Error::None;
    end.errorString = message;
    end.tlsFailed = error == Http1Error::TlsUntrusted || error == Http1Error::Tls;
    if (error == Http1Error::CrossOriginRedirect) {
        end.crossOriginRedirect = true;
        end.redirectTarget = m_http1->redirectTarget();
    }
    // Never before the last read recorded, nor before the request went out.
    qint64 at = atNs - m_sample.startedAtNs;
    at = std::max({at, m_lastReadNs, m_sample.requestSentNs.value_or(0)});
    conclude(at, end);
}

} // namespace ys
