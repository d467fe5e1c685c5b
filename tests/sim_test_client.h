#pragma once

// Test helpers for the simulator's integration tests: a raw HTTP/1.1 client over QSslSocket
// (plain TCP unless told to encrypt) that keeps every byte, chunk and read with its arrival time,
// a WHATWG-style SSE parser to decode what it got, and request builders for each dialect.

#include "sim/sim_host.h"
#include "util/monotonic_clock.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QEventLoop>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTimer>
#include <cctype>
#include <cstdint>
#include <functional>
#include <memory>

namespace ys::simtest {

using L1 = QLatin1StringView;

// Runs the event loop (checking every millisecond) until pred() holds or the time is up.
inline bool waitUntil(const std::function<bool()> &pred, int timeoutMs = 10000)
{
    if (pred())
        return true;
    QEventLoop loop;
    QTimer tick;
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (pred())
            loop.quit();
    });
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    tick.start();
    timeout.start(timeoutMs);
    loop.exec();
    return pred();
}

// The server adds a request's record just after its last byte, so the client can be first.
inline std::optional<SimRequestRecord> waitRecord(const SimHost &host, const QByteArray &requestId,
                                                  int timeoutMs = 3000)
{
    std::optional<SimRequestRecord> found;
    waitUntil([&] { return (found = host.record(requestId)).has_value(); }, timeoutMs);
    return found;
}

struct WireEvent {
    QByteArray event; // empty: "message"
    QByteArray data;
    QJsonObject json() const { return QJsonDocument::fromJson(data).object(); }
};

// Decodes an event stream as the WHATWG rules say: CR, LF and CRLF end lines, ':' starts a
// comment, data lines are joined with LF, and a block without data dispatches nothing.
inline QList<WireEvent> parseSse(const QByteArray &stream, int *comments = nullptr)
{
    QList<WireEvent> events;
    WireEvent current;
    bool haveData = false;
    qsizetype i = 0;
    while (i < stream.size()) {
        qsizetype end = i;
        while (end < stream.size() && stream[end] != '\n' && stream[end] != '\r')
            ++end;
        if (end == stream.size())
            break; // an unfinished line is not a line
        const QByteArray line = stream.mid(i, end - i);
        i = end + 1;
        if (stream[end] == '\r' && i < stream.size() && stream[i] == '\n')
            ++i;
        if (line.isEmpty()) {
            if (haveData) {
                if (current.data.endsWith('\n'))
                    current.data.chop(1);
                events.append(current);
            }
            current = WireEvent();
            haveData = false;
            continue;
        }
        if (line.startsWith(':')) {
            if (comments)
                ++*comments;
            continue;
        }
        const qsizetype colon = line.indexOf(':');
        const QByteArray field = colon < 0 ? line : line.left(colon);
        QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1);
        if (value.startsWith(' '))
            value.remove(0, 1);
        if (field == "event") {
            current.event = value;
        } else if (field == "data") {
            current.data += value + '\n';
            haveData = true;
        }
    }
    return events;
}

// Lenient reads what a fault may bend; Strict also refuses any framing HTTP/1.1 does not
// allow or the simulator never sends (a status line other than HTTP/1.1, a header line without a
// colon, a chunk size that is not plain hex, trailers, a chunk without its CRLF, bytes after the
// response, a close before its end) and reports it in framingError.
enum class Framing { Lenient, Strict };

// One HTTP/1.1 connection that records everything it receives.
class RawClient {
public:
    explicit RawClient(quint16 port, const QByteArray &trustedPem = {}, bool tls = false,
                       Framing framing = Framing::Lenient)
        : m_socket(std::make_unique<QSslSocket>())
        , m_strict(framing == Framing::Strict)
    {
        QSslSocket *socket = m_socket.get();
        QObject::connect(socket, &QSslSocket::readyRead, [this] { onReadyRead(); });
        QObject::connect(socket, &QSslSocket::disconnected, [this] {
            closed = true;
            if (m_mode == Mode::UntilClose) {
                complete = true;
                endNs = monotonicNs();
            } else if (m_strict && !complete && m_mode != Mode::Done) {
                fail(QStringLiteral("connection closed before the response was complete"));
            }
        });
        QObject::connect(socket, &QSslSocket::errorOccurred,
                         [this](QAbstractSocket::SocketError error) {
                             socketError = error;
                             errored = true;
                         });
        QObject::connect(socket, &QSslSocket::sslErrors,
                         [this](const QList<QSslError> &errors) { sslErrors = errors; });
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        if (tls) {
            QSslConfiguration config = QSslConfiguration::defaultConfiguration();
            if (!trustedPem.isEmpty())
                config.setCaCertificates(QSslCertificate::fromData(trustedPem, QSsl::Pem));
            socket->setSslConfiguration(config);
            socket->connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
            waitUntil([socket, this] { return socket->isEncrypted() || errored; }, 10000);
        } else {
            socket->connectToHost(QStringLiteral("127.0.0.1"), port);
            socket->waitForConnected(5000);
        }
    }

    void send(const QByteArray &request)
    {
        status = 0;
        headers.clear();
        body.clear();
        chunks.clear();
        chunkNs.clear();
        reads.clear();
        raw.clear();
        framingError.clear();
        complete = false;
        m_mode = Mode::Head;
        m_buffer.clear();
        startNs = monotonicNs();
        headNs = 0;
        endNs = 0;
        m_socket->write(request);
        m_socket->flush();
    }

    bool wait(int timeoutMs = 10000)
    {
        return waitUntil([this] { return complete || closed || !framingError.isEmpty(); },
                         timeoutMs);
    }

    bool connected() const { return m_socket->state() == QAbstractSocket::ConnectedState; }
    bool encrypted() const { return m_socket->isEncrypted(); }
    void abort() { m_socket->abort(); }
    QByteArray header(const char *name) const { return headers.value(QByteArray(name)); }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QList<WireEvent> events(int *comments = nullptr) const { return parseSse(body, comments); }

    int status = 0;
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;                       // de-chunked
    QList<QByteArray> chunks;              // each chunk's data
    QList<std::int64_t> chunkNs;           // when each chunk was complete
    QList<QByteArray> reads;               // each socket read, as it came
    QByteArray raw;                        // every byte received
    QString framingError;
    bool complete = false;
    bool closed = false;
    bool errored = false;
    QAbstractSocket::SocketError socketError = QAbstractSocket::UnknownSocketError;
    QList<QSslError> sslErrors;
    std::int64_t startNs = 0;
    std::int64_t headNs = 0;
    std::int64_t endNs = 0;

private:
    enum class Mode { Head, Length, Chunked, UntilClose, Done };

    void fail(const QString &why)
    {
        framingError = why;
        m_mode = Mode::Done;
    }

    void onReadyRead()
    {
        const std::int64_t now = monotonicNs();
        const QByteArray data = m_socket->readAll();
        reads.append(data);
        raw += data;
        m_buffer += data;
        parse(now);
    }

    void parse(std::int64_t now)
    {
        for (;;) {
            if (m_mode == Mode::Head) {
                const qsizetype end = m_buffer.indexOf("\r\n\r\n");
                if (end < 0)
                    return;
                const QList<QByteArray> lines = m_buffer.left(end).split('\n');
                m_buffer.remove(0, end + 4);
                const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
                if (m_strict && (statusLine.size() < 2 || statusLine.first() != "HTTP/1.1"))
                    return fail(QStringLiteral("bad status line"));
                status = statusLine.size() >= 2 ? statusLine.at(1).toInt() : -1;
                if (status == 100)
                    continue;
                headNs = now;
                for (qsizetype i = 1; i < lines.size(); ++i) {
                    const qsizetype colon = lines[i].indexOf(':');
                    if (colon > 0)
                        headers.insert(lines[i].left(colon).trimmed().toLower(),
                                       lines[i].mid(colon + 1).trimmed());
                    else if (m_strict)
                        return fail(QStringLiteral("bad header line"));
                }
                if (headers.value("transfer-encoding") == "chunked")
                    m_mode = Mode::Chunked;
                else if (headers.contains("content-length"))
                    m_mode = Mode::Length;
                else
                    m_mode = Mode::UntilClose;
            } else if (m_mode == Mode::Length) {
                const qsizetype length = headers.value("content-length").toLongLong();
                if (m_buffer.size() < length)
                    return;
                body = m_buffer.left(length);
                m_buffer.remove(0, length);
                finish(now);
                return;
            } else if (m_mode == Mode::Chunked) {
                const qsizetype lineEnd = m_buffer.indexOf("\r\n");
                if (lineEnd < 0)
                    return;
                const QByteArray sizeText = m_buffer.left(lineEnd);
                bool ok = false;
                const qsizetype size = sizeText.toLongLong(&ok, 16);
                if (m_strict)
                    for (const char c : sizeText)
                        ok = ok && std::isxdigit(static_cast<unsigned char>(c));
                if (!ok) {
                    if (m_strict)
                        return fail(QStringLiteral("bad chunk size line: ") +
                                    QString::fromLatin1(sizeText));
                    framingError = QStringLiteral("bad chunk size line");
                    return;
                }
                if (size == 0) {
                    if (m_buffer.size() < lineEnd + 4)
                        return;
                    if (m_strict && m_buffer.mid(lineEnd + 2, 2) != "\r\n")
                        return fail(QStringLiteral("trailer after the last chunk"));
                    m_buffer.remove(0, lineEnd + 4);
                    finish(now);
                    return;
                }
                if (m_buffer.size() < lineEnd + 2 + size + 2)
                    return;
                if (m_strict && m_buffer.mid(lineEnd + 2 + size, 2) != "\r\n")
                    return fail(QStringLiteral("chunk not followed by CRLF"));
                const QByteArray chunk = m_buffer.mid(lineEnd + 2, size);
                m_buffer.remove(0, lineEnd + 2 + size + 2);
                chunks.append(chunk);
                chunkNs.append(now);
                body += chunk;
            } else if (m_mode == Mode::UntilClose) {
                body += m_buffer;
                m_buffer.clear();
                return;
            } else {
                return;
            }
        }
    }

    void finish(std::int64_t now)
    {
        endNs = now;
        complete = true;
        m_mode = Mode::Done;
        if (m_strict && !m_buffer.isEmpty())
            framingError =
                QStringLiteral("bytes after the response: ") + QString::fromUtf8(m_buffer);
    }

    std::unique_ptr<QSslSocket> m_socket;
    bool m_strict = false;
    QByteArray m_buffer;
    Mode m_mode = Mode::Head;
};

inline QByteArray httpPost(const QByteArray &path, const QByteArray &body,
                           const QByteArray &headers = {})
{
    return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
           "Content-Length: " + QByteArray::number(body.size()) + "\r\n" + headers + "\r\n" + body;
}

inline QByteArray httpGet(const QByteArray &path, const QByteArray &headers = {})
{
    return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n";
}

inline QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// The four dialects, as a test names them.
enum class WireDialect { OpenAiChat, OpenAiResponses, Anthropic, Gemini };

inline const char *dialectName(WireDialect dialect)
{
    switch (dialect) {
    case WireDialect::OpenAiChat:
        return "openai-chat";
    case WireDialect::OpenAiResponses:
        return "openai-responses";
    case WireDialect::Anthropic:
        return "anthropic-messages";
    case WireDialect::Gemini:
        return "gemini";
    }
    return "";
}

// A whole request of the dialect: path, headers (with key when given) and body.
inline QByteArray generationRequest(WireDialect dialect, const QString &model,
                                    const QString &prompt, bool stream,
                                    std::optional<int> maxTokens = std::nullopt,
                                    const QByteArray &key = {}, const QByteArray &extra = {})
{
    QJsonObject body;
    QByteArray path;
    QByteArray headers = extra;
    switch (dialect) {
    case WireDialect::OpenAiChat: {
        path = "/v1/chat/completions";
        body.insert(L1("model"), model);
        body.insert(L1("messages"),
                    QJsonArray{QJsonObject{{L1("role"), L1("user")}, {L1("content"), prompt}}});
        body.insert(L1("stream"), stream);
        if (stream)
            body.insert(L1("stream_options"), QJsonObject{{L1("include_usage"), true}});
        if (maxTokens)
            body.insert(L1("max_tokens"), *maxTokens);
        if (!key.isEmpty())
            headers += "Authorization: Bearer " + key + "\r\n";
        break;
    }
    case WireDialect::OpenAiResponses:
        path = "/v1/responses";
        body.insert(L1("model"), model);
        body.insert(L1("input"), prompt);
        body.insert(L1("stream"), stream);
        if (maxTokens)
            body.insert(L1("max_output_tokens"), *maxTokens);
        if (!key.isEmpty())
            headers += "Authorization: Bearer " + key + "\r\n";
        break;
    case WireDialect::Anthropic:
        path = "/v1/messages";
        body.insert(L1("model"), model);
        body.insert(L1("max_tokens"), maxTokens.value_or(1024));
        body.insert(L1("messages"),
                    QJsonArray{QJsonObject{{L1("role"), L1("user")}, {L1("content"), prompt}}});
        body.insert(L1("stream"), stream);
        headers += "anthropic-version: 2023-06-01\r\n";
        if (!key.isEmpty())
            headers += "x-api-key: " + key + "\r\n";
        break;
    case WireDialect::Gemini:
        path = "/v1beta/models/" + model.toUtf8() +
               (stream ? ":streamGenerateContent?alt=sse" : ":generateContent");
        body.insert(
            L1("contents"),
            QJsonArray{QJsonObject{{L1("role"), L1("user")},
                                   {L1("parts"), QJsonArray{QJsonObject{{L1("text"), prompt}}}}}});
        if (maxTokens)
            body.insert(L1("generationConfig"), QJsonObject{{L1("maxOutputTokens"), *maxTokens}});
        if (!key.isEmpty())
            headers += "x-goog-api-key: " + key + "\r\n";
        break;
    }
    return httpPost(path, compact(body), headers);
}

// The answer text a dialect's stream (or whole reply) carries.
inline QString answerText(WireDialect dialect, const QList<WireEvent> &events)
{
    QString text;
    for (const WireEvent &event : events) {
        const QJsonObject json = event.json();
        switch (dialect) {
        case WireDialect::OpenAiChat: {
            const QJsonArray choices = json.value(L1("choices")).toArray();
            if (!choices.isEmpty())
                text += choices.first()
                            .toObject()
                            .value(L1("delta"))
                            .toObject()
                            .value(L1("content"))
                            .toString();
            break;
        }
        case WireDialect::OpenAiResponses:
            if (json.value(L1("type")).toString() == L1("response.output_text.delta"))
                text += json.value(L1("delta")).toString();
            break;
        case WireDialect::Anthropic:
            if (json.value(L1("type")).toString() == L1("content_block_delta"))
                text += json.value(L1("delta")).toObject().value(L1("text")).toString();
            break;
        case WireDialect::Gemini: {
            const QJsonArray candidates = json.value(L1("candidates")).toArray();
            if (!candidates.isEmpty())
                for (const QJsonValue &part : candidates.first()
                                                  .toObject()
                                                  .value(L1("content"))
                                                  .toObject()
                                                  .value(L1("parts"))
                                                  .toArray())
                    text += part.toObject().value(L1("text")).toString();
            break;
        }
        }
    }
    return text;
}

// The first choice ("choices"[0]) of an OpenAI chat completion or of one of its stream's chunks.
inline QJsonObject firstChoice(const QJsonObject &reply)
{
    return reply.value(L1("choices")).toArray().first().toObject();
}

// The base of a simulator integration test's class: the in-process simulator its initTestCase
// starts (and its cleanupTestCase stops) and the port it listens on. The test functions stay the
// derived class's own slots.
class HostedSimTest : public QObject {
protected:
    quint16 port() const { return quint16(m_host->baseUrl().port()); }

    std::unique_ptr<SimHost> m_host;
};

} // namespace ys::simtest

Q_DECLARE_METATYPE(ys::simtest::WireDialect)
