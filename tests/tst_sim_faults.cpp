// Every fault the simulator can inject (fault cases 1-20 of docs/simulator-profiles.md, the ones a
// server can cause), each asked for with an x-sim-fault header over real loopback HTTP and checked
// in the raw bytes where the fault is about bytes. Plus faults drawn from a profile's
// probabilities.

#include "sim/sim_faults.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "sim_test_client.h"

#include <QDateTime>
#include <QLocale>
#include <QTimeZone>
#include <QtTest>
#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

using namespace ys;
using namespace ys::simtest;

Q_DECLARE_METATYPE(ys::simtest::Dialect)

namespace {

SimProfile profile(const QString &model)
{
    SimProfile p;
    p.name = QStringLiteral("Test ") + model;
    p.model = model;
    p.ttftMedianMs = 10;
    p.ttftP95Ms = 12;
    p.prefillTokensPerS = 1e6;
    p.decodeTokensPerS = 4000;
    p.tokensPerEventMin = 1;
    p.tokensPerEventMax = 2;
    p.outputTokensMin = 10;
    p.outputTokensMax = 14;
    p.contextWindow = 4000;
    p.seed = 5;
    return p;
}

QString errorType(Dialect dialect, const QJsonObject &json)
{
    const QJsonObject error = json.value(L1("error")).toObject();
    switch (dialect) {
    case Dialect::Anthropic:
        return error.value(L1("type")).toString();
    case Dialect::Gemini:
        return error.value(L1("status")).toString();
    default:
        return error.value(L1("code")).toString();
    }
}

// A blocking POSIX client for the one thing Qt cannot tell apart: a reset from a close.
struct PosixResult {
    QByteArray received;
    int error = 0; // errno of the failed recv(), 0 when the peer closed normally
};

PosixResult posixExchange(quint16 port, const QByteArray &request)
{
    PosixResult result;
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address = {};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval timeout = {10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        result.error = errno;
        ::close(fd);
        return result;
    }
    [[maybe_unused]] const ssize_t sent = ::send(fd, request.constData(), request.size(), 0);
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
        if (got > 0) {
            result.received.append(buffer, got);
            continue;
        }
        result.error = got < 0 ? errno : 0;
        break;
    }
    ::close(fd);
    return result;
}

} // namespace

class TestSimFaults : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void faultNames();
    void fault_data();
    void fault();
    void resetMidStream_data();
    void resetMidStream();
    void unknownFault();
    void profileProbabilities();
    void profileParameter();

private:
    quint16 port() const { return quint16(m_host->baseUrl().port()); }

    std::unique_ptr<SimHost> m_host;
};

void TestSimFaults::initTestCase()
{
    SimProfile flaky = profile(QStringLiteral("flaky"));
    flaky.faults.push_back({SimFault::ServerError500, 0.5, std::nullopt});
    SimProfile stalling = profile(QStringLiteral("stalling"));
    stalling.faults.push_back({SimFault::Stall, 1.0, 300});
    m_host = std::make_unique<SimHost>(
        std::vector<SimProfile>{profile(QStringLiteral("plain")), flaky, stalling});
    QString error;
    QVERIFY2(m_host->start(&error), qPrintable(error));
}

void TestSimFaults::cleanupTestCase()
{
    m_host.reset();
}

void TestSimFaults::faultNames()
{
    const QStringList names = simFaultNames();
    QCOMPARE(names.size(), kSimFaultCount);
    for (const QString &name : names) {
        const std::optional<SimFault> fault = simFaultFromName(name.toLatin1());
        QVERIFY(fault.has_value());
        QCOMPARE(QString::fromLatin1(simFaultName(*fault)), name);
    }
    SimFaultSet set;
    QString error;
    QVERIFY(set.parse("stall=1500, byte_per_write", &error));
    QVERIFY(set.has(SimFault::Stall) && set.has(SimFault::BytePerWrite));
    QCOMPARE(set.param(SimFault::Stall, 0), std::int64_t(1500));
    QVERIFY(!set.parse("stall=soon", &error));
    QVERIFY(error.contains(QStringLiteral("stall")));
}

void TestSimFaults::fault_data()
{
    QTest::addColumn<QByteArray>("fault");
    QTest::addColumn<Dialect>("dialect");
    QTest::addColumn<bool>("stream");

    const Dialect chat = Dialect::OpenAiChat;
    const Dialect responses = Dialect::OpenAiResponses;
    const Dialect anthropic = Dialect::Anthropic;
    const Dialect gemini = Dialect::Gemini;
    QTest::newRow("byte_per_write") << QByteArray("byte_per_write=50") << chat << true;
    QTest::newRow("byte_per_write plain") << QByteArray("byte_per_write=1000") << gemini << false;
    QTest::newRow("split_utf8_crlf") << QByteArray("split_utf8_crlf=1") << anthropic << true;
    QTest::newRow("unicode_separators") << QByteArray("unicode_separators") << chat << true;
    QTest::newRow("comments_and_pings") << QByteArray("comments_and_pings") << anthropic << true;
    QTest::newRow("multiline_data") << QByteArray("multiline_data") << chat << true;
    QTest::newRow("empty_choices") << QByteArray("empty_choices") << chat << true;
    QTest::newRow("no_usage") << QByteArray("no_usage") << chat << true;
    QTest::newRow("error_mid_stream chat") << QByteArray("error_mid_stream") << chat << true;
    QTest::newRow("error_mid_stream responses")
        << QByteArray("error_mid_stream") << responses << true;
    QTest::newRow("error_mid_stream anthropic")
        << QByteArray("error_mid_stream") << anthropic << true;
    QTest::newRow("error_mid_stream gemini") << QByteArray("error_mid_stream") << gemini << true;
    QTest::newRow("no_end_marker chat") << QByteArray("no_end_marker") << chat << true;
    QTest::newRow("no_end_marker responses") << QByteArray("no_end_marker") << responses << true;
    QTest::newRow("no_end_marker anthropic") << QByteArray("no_end_marker") << anthropic << true;
    QTest::newRow("no_end_marker gemini") << QByteArray("no_end_marker") << gemini << true;
    QTest::newRow("stall") << QByteArray("stall=600") << chat << true;
    QTest::newRow("tricky_text") << QByteArray("tricky_text") << chat << true;
    QTest::newRow("malformed_json") << QByteArray("malformed_json") << chat << true;
    QTest::newRow("malformed_json plain") << QByteArray("malformed_json") << anthropic << false;
    QTest::newRow("oversized_event") << QByteArray("oversized_event") << chat << true;
    QTest::newRow("context_overflow") << QByteArray("context_overflow") << anthropic << true;
    QTest::newRow("context_overflow_500") << QByteArray("context_overflow_500") << chat << true;
    QTest::newRow("retry_after_ms") << QByteArray("retry_after_ms") << chat << true;
    QTest::newRow("retry_after_seconds") << QByteArray("retry_after_seconds") << anthropic << true;
    QTest::newRow("retry_after_date") << QByteArray("retry_after_date") << gemini << true;
    QTest::newRow("retry_after_garbage") << QByteArray("retry_after_garbage") << responses << true;
    QTest::newRow("quota openai") << QByteArray("quota") << chat << true;
    QTest::newRow("quota gemini") << QByteArray("quota") << gemini << true;
    QTest::newRow("quota anthropic") << QByteArray("quota") << anthropic << true;
    QTest::newRow("spend_limit openai") << QByteArray("spend_limit") << chat << false;
    QTest::newRow("spend_limit anthropic") << QByteArray("spend_limit") << anthropic << false;
    QTest::newRow("overloaded_529") << QByteArray("overloaded_529") << anthropic << true;
    QTest::newRow("unavailable_503") << QByteArray("unavailable_503") << gemini << true;
    QTest::newRow("server_error_500") << QByteArray("server_error_500") << responses << true;
    QTest::newRow("slow_reply") << QByteArray("slow_reply=700") << chat << true;
}

void TestSimFaults::fault()
{
    QFETCH(QByteArray, fault);
    QFETCH(Dialect, dialect);
    QFETCH(bool, stream);
    const QByteArray name = fault.split('=').first();

    RawClient client(port());
    client.send(generationRequest(dialect, QStringLiteral("plain"),
                                  QStringLiteral("Fault, please."), stream, std::nullopt, {},
                                  "x-sim-fault: " + fault + "\r\n"));
    QVERIFY2(client.wait(name == "oversized_event" ? 60000 : 15000),
             qPrintable(client.framingError));
    QVERIFY2(client.complete, "the response's HTTP framing did not end");
    const std::optional<SimRequestRecord> truth =
        waitRecord(*m_host, client.header("x-request-id"));
    QVERIFY(truth.has_value());
    QVERIFY2(truth->faults.contains(QString::fromLatin1(fault)),
             qPrintable(truth->faults.join(QLatin1Char(','))));

    int comments = 0;
    const QList<SseEvent> events = client.events(&comments);
    const QString text = answerText(dialect, events);
    const QJsonObject json = client.json();

    if (name == "byte_per_write") {
        QCOMPARE(client.status, 200);
        if (stream) {
            QVERIFY(client.chunks.size() > 100);
            for (const QByteArray &chunk : client.chunks)
                QCOMPARE(chunk.size(), 1);
            QCOMPARE(events.last().data, QByteArray("[DONE]"));
            QVERIFY(!text.isEmpty());
            QVERIFY(!text.contains(QChar::ReplacementCharacter));
        } else {
            // Content-Length framing hides the writes, so the server's clock shows the pacing:
            // one byte a millisecond from the headers to the last byte. The client read it in
            // many pieces (how many depends on how busy it was).
            QVERIFY(!json.isEmpty());
            QVERIFY(truth->lastByteNs - truth->headersWrittenNs >=
                    std::int64_t(client.body.size() - 1) * 900'000);
            QVERIFY(client.reads.size() > 10);
        }
    } else if (name == "split_utf8_crlf") {
        QCOMPARE(client.status, 200);
        bool utf8Split = false;
        bool crlfSplit = false;
        for (qsizetype i = 0; i + 1 < client.chunks.size(); ++i) {
            const auto last = static_cast<unsigned char>(client.chunks[i].back());
            utf8Split = utf8Split || (last & 0xC0) == 0xC0;
            crlfSplit = crlfSplit || (last == '\r' && client.chunks[i + 1].startsWith('\n'));
        }
        QVERIFY(utf8Split);
        QVERIFY(crlfSplit);
        // All three line endings.
        QVERIFY(client.body.contains("\r\n"));
        QVERIFY(client.body.contains("}\n"));
        QVERIFY(client.body.contains("}\r\r") || client.body.contains("}\revent"));
        QCOMPARE(events.first().event, QByteArray("message_start"));
        QCOMPARE(events.last().event, QByteArray("message_stop"));
        QVERIFY(text.contains(QStringLiteral("中文 🚀")));
    } else if (name == "unicode_separators") {
        QVERIFY(!client.header("content-type").contains("charset"));
        QVERIFY(client.body.contains("\xE2\x80\xA8")); // U+2028 raw in a JSON string
        QVERIFY(client.body.contains("\xC2\x85"));     // U+0085
        QVERIFY(text.contains(QChar(0x2028)) && text.contains(QChar(0x85)));
        QCOMPARE(events.last().data, QByteArray("[DONE]"));
    } else if (name == "comments_and_pings") {
        QVERIFY(client.body.contains(": PROCESSING"));
        QVERIFY(client.body.contains("\nretry: 3000\n\n"));
        QVERIFY(client.body.contains("\nid: 7\n\n"));
        QVERIFY(comments >= 3);
        int pings = 0;
        int deltas = 0;
        for (const SseEvent &event : events) {
            pings += event.event == "ping" ? 1 : 0;
            deltas += event.event == "content_block_delta" ? 1 : 0;
        }
        QVERIFY(pings > deltas);
        QCOMPARE(events.last().event, QByteArray("message_stop"));
        QVERIFY(!text.isEmpty());
    } else if (name == "multiline_data") {
        QVERIFY(client.body.contains("data:{\n"));
        for (const SseEvent &event : events) {
            if (event.data != "[DONE]")
                QVERIFY2(!event.json().isEmpty(), event.data.constData());
        }
        QVERIFY(!text.isEmpty());
    } else if (name == "empty_choices") {
        QVERIFY(events.first().json().value(L1("choices")).toArray().isEmpty());
        QVERIFY(events.first().json().contains(L1("choices")));
        QVERIFY(!text.isEmpty());
    } else if (name == "no_usage") {
        for (const SseEvent &event : events)
            QVERIFY(!event.json().value(L1("usage")).isObject());
        QCOMPARE(events.last().data, QByteArray("[DONE]"));
    } else if (name == "error_mid_stream") {
        QCOMPARE(client.status, 200);
        QVERIFY(!text.isEmpty()); // some content came first
        // Cut after half of the planned content events.
        QVERIFY(truth->eventWrittenNs.size() < std::size_t(truth->completionTokens));
        switch (dialect) {
        case Dialect::OpenAiChat:
            QCOMPARE(events.last().data, QByteArray("[DONE]"));
            QCOMPARE(events.at(events.size() - 2)
                         .json()
                         .value(L1("error"))
                         .toObject()
                         .value(L1("type"))
                         .toString(),
                     QStringLiteral("server_error"));
            break;
        case Dialect::OpenAiResponses:
            QCOMPARE(events.at(events.size() - 2).event, QByteArray("error"));
            QCOMPARE(events.last().event, QByteArray("response.failed"));
            break;
        case Dialect::Anthropic:
            QCOMPARE(events.last().event, QByteArray("error"));
            QCOMPARE(errorType(dialect, events.last().json()), QStringLiteral("overloaded_error"));
            QVERIFY(waitUntil([&] { return client.closed; }, 5000)); // then the connection closes
            break;
        case Dialect::Gemini:
            QCOMPARE(errorType(dialect, events.last().json()), QStringLiteral("UNAVAILABLE"));
            QVERIFY(!client.body.contains("finishReason"));
            break;
        }
    } else if (name == "no_end_marker") {
        QCOMPARE(client.status, 200);
        QVERIFY(!text.isEmpty());
        switch (dialect) {
        case Dialect::OpenAiChat:
            QVERIFY(!client.body.contains("[DONE]"));
            QVERIFY(!client.body.contains("\"finish_reason\":\"stop\""));
            break;
        case Dialect::OpenAiResponses:
            QVERIFY(!client.body.contains("response.completed"));
            QCOMPARE(events.last().event, QByteArray("response.output_text.delta"));
            break;
        case Dialect::Anthropic:
            QVERIFY(!client.body.contains("message_stop"));
            QCOMPARE(events.last().event, QByteArray("content_block_delta"));
            break;
        case Dialect::Gemini:
            QVERIFY(!client.body.contains("finishReason"));
            break;
        }
    } else if (name == "stall") {
        std::int64_t longest = 0;
        for (qsizetype i = 1; i < client.chunkNs.size(); ++i)
            longest = std::max(longest, client.chunkNs[i] - client.chunkNs[i - 1]);
        QVERIFY2(longest >= 550'000'000, qPrintable(QString::number(longest / 1e6)));
        QCOMPARE(events.last().data, QByteArray("[DONE]"));
    } else if (name == "tricky_text") {
        QVERIFY(text.contains(QStringLiteral("data: [DONE]")));
        QCOMPARE(events.last().data, QByteArray("[DONE]"));
        int done = 0;
        for (const SseEvent &event : events)
            done += event.data == "[DONE]" ? 1 : 0;
        QCOMPARE(done, 1);
    } else if (name == "malformed_json") {
        QCOMPARE(client.status, 200);
        if (stream) {
            int broken = 0;
            for (const SseEvent &event : events) {
                QJsonParseError error;
                QJsonDocument::fromJson(event.data, &error);
                broken += event.data != "[DONE]" && error.error != QJsonParseError::NoError;
            }
            QCOMPARE(broken, 1);
            QCOMPARE(events.last().data, QByteArray("[DONE]"));
        } else {
            QJsonParseError error;
            QJsonDocument::fromJson(client.body, &error);
            QVERIFY(error.error != QJsonParseError::NoError);
        }
    } else if (name == "oversized_event") {
        qsizetype largest = 0;
        for (const SseEvent &event : events)
            largest = std::max(largest, event.data.size());
        QVERIFY(largest > 20 * 1024 * 1024);
        QVERIFY(text.size() > 20 * 1024 * 1024);
        QCOMPARE(events.last().data, QByteArray("[DONE]"));
    } else if (name == "context_overflow") {
        QCOMPARE(client.status, 400);
        QVERIFY(json.value(L1("error"))
                    .toObject()
                    .value(L1("message"))
                    .toString()
                    .startsWith(QStringLiteral("prompt is too long: ")));
    } else if (name == "context_overflow_500") {
        QCOMPARE(client.status, 500);
        const QJsonObject error = json.value(L1("error")).toObject();
        QCOMPARE(error.value(L1("type")).toString(), QStringLiteral("exceed_context_size_error"));
        QCOMPARE(error.value(L1("n_ctx")).toInt(), 4000);
        QVERIFY(error.value(L1("n_prompt_tokens")).toInt() > 4000);
    } else if (name == "retry_after_ms") {
        QCOMPARE(client.status, 429);
        QCOMPARE(client.header("retry-after-ms"), QByteArray("1500"));
        QVERIFY(!client.headers.contains("retry-after"));
        QCOMPARE(errorType(dialect, json), QStringLiteral("rate_limit_exceeded"));
    } else if (name == "retry_after_seconds") {
        QCOMPARE(client.status, 429);
        QCOMPARE(client.header("retry-after"), QByteArray("2"));
        QCOMPARE(errorType(dialect, json), QStringLiteral("rate_limit_error"));
    } else if (name == "retry_after_date") {
        QCOMPARE(client.status, 429);
        const QDateTime at =
            QLocale::c().toDateTime(QString::fromLatin1(client.header("retry-after")),
                                    QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"));
        QVERIFY2(at.isValid(), client.header("retry-after").constData());
        QDateTime utc = at;
        utc.setTimeZone(QTimeZone::utc());
        const qint64 ahead = QDateTime::currentDateTimeUtc().secsTo(utc);
        QVERIFY(ahead >= 1 && ahead <= 4);
        QCOMPARE(errorType(dialect, json), QStringLiteral("RESOURCE_EXHAUSTED"));
        QVERIFY(client.body.contains("\"retryDelay\":\"3s\""));
    } else if (name == "retry_after_garbage") {
        QCOMPARE(client.status, 429);
        bool number = false;
        client.header("retry-after").toInt(&number);
        QVERIFY(!number);
        QVERIFY(!client.header("retry-after").isEmpty());
    } else if (name == "quota") {
        if (dialect == Dialect::OpenAiChat) {
            QCOMPARE(client.status, 429);
            QCOMPARE(errorType(dialect, json), QStringLiteral("insufficient_quota"));
        } else if (dialect == Dialect::Gemini) {
            QCOMPARE(client.status, 429);
            QVERIFY(client.body.contains("PerDay"));
            QVERIFY(!client.body.contains("RetryInfo"));
        } else {
            QCOMPARE(client.status, 400);
            QVERIFY(client.body.contains("credit balance is too low"));
        }
    } else if (name == "spend_limit") {
        QCOMPARE(client.status, 400);
        if (dialect == Dialect::OpenAiChat)
            QCOMPARE(errorType(dialect, json), QStringLiteral("billing_hard_limit_reached"));
        else
            QVERIFY(client.body.contains("API usage limits"));
    } else if (name == "overloaded_529") {
        QCOMPARE(client.status, 529);
        QCOMPARE(errorType(dialect, json), QStringLiteral("overloaded_error"));
    } else if (name == "unavailable_503") {
        QCOMPARE(client.status, 503);
        QCOMPARE(errorType(dialect, json), QStringLiteral("UNAVAILABLE"));
    } else if (name == "server_error_500") {
        QCOMPARE(client.status, 500);
        QCOMPARE(json.value(L1("error")).toObject().value(L1("type")).toString(),
                 QStringLiteral("server_error"));
    } else if (name == "slow_reply") {
        QCOMPARE(client.status, 200);
        QVERIFY(client.headNs - client.startNs >= 650'000'000);
        QVERIFY(truth->headersWrittenNs - truth->acceptedNs >= 690'000'000);
        QCOMPARE(events.last().data, QByteArray("[DONE]"));
    } else {
        QFAIL(qPrintable(QStringLiteral("no check for fault ") + QString::fromLatin1(name)));
    }
}

void TestSimFaults::resetMidStream_data()
{
    QTest::addColumn<bool>("stream");
    QTest::newRow("stream") << true;
    QTest::newRow("plain") << false;
}

// A reset is only visible below Qt (which reports a reset as a remote close): a POSIX socket sees
// ECONNRESET after some content.
void TestSimFaults::resetMidStream()
{
    QFETCH(bool, stream);
    const PosixResult result =
        posixExchange(port(), generationRequest(Dialect::OpenAiChat, QStringLiteral("plain"),
                                                QStringLiteral("Reset me."), stream, std::nullopt,
                                                {}, "x-sim-fault: reset_mid_stream\r\n"));
    QCOMPARE(result.error, ECONNRESET);
    QVERIFY(result.received.startsWith("HTTP/1.1 200 OK\r\n"));
    QVERIFY(result.received.contains(stream ? QByteArray("\"content\":\"") : QByteArray("{")));
    QVERIFY(!result.received.contains("[DONE]"));
    const qsizetype at = result.received.indexOf("x-request-id: ") + 14;
    const QByteArray id = result.received.mid(at, result.received.indexOf('\r', at) - at);
    const std::optional<SimRequestRecord> truth = waitRecord(*m_host, id);
    QVERIFY(truth.has_value());
    QVERIFY(!truth->completed);
    QVERIFY(truth->faults.contains(QStringLiteral("reset_mid_stream")));
    // The server goes on serving.
    RawClient next(port());
    next.send(generationRequest(Dialect::OpenAiChat, QStringLiteral("plain"),
                                QStringLiteral("Still there?"), true));
    QVERIFY(next.wait());
    QCOMPARE(next.status, 200);
}

void TestSimFaults::unknownFault()
{
    RawClient client(port());
    client.send(generationRequest(Dialect::OpenAiChat, QStringLiteral("plain"),
                                  QStringLiteral("hi"), true, std::nullopt, {},
                                  "x-sim-fault: gremlins\r\n"));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 400);
    QVERIFY(client.body.contains("gremlins"));
}

// A profile's fault probability is drawn per request from its seed: about half of 40 requests
// fail, and the same requests fail on a fresh server.
void TestSimFaults::profileProbabilities()
{
    auto pattern = [](quint16 port) {
        QString outcome;
        RawClient client(port);
        for (int i = 0; i < 40; ++i) {
            client.send(generationRequest(Dialect::OpenAiChat, QStringLiteral("flaky"),
                                          QStringLiteral("Maybe."), false));
            if (!client.wait())
                return QString();
            outcome += client.status == 500 ? QLatin1Char('x') : QLatin1Char('.');
        }
        return outcome;
    };
    const QString first = pattern(port());
    QCOMPARE(first.size(), 40);
    const qsizetype failures = first.count(QLatin1Char('x'));
    QVERIFY2(failures >= 10 && failures <= 30, qPrintable(first));

    SimProfile flaky = profile(QStringLiteral("flaky"));
    flaky.faults.push_back({SimFault::ServerError500, 0.5, std::nullopt});
    SimHost fresh({profile(QStringLiteral("plain")), flaky});
    QString error;
    QVERIFY2(fresh.start(&error), qPrintable(error));
    QCOMPARE(pattern(quint16(fresh.baseUrl().port())), first);
}

void TestSimFaults::profileParameter()
{
    RawClient client(port());
    client.send(generationRequest(Dialect::Anthropic, QStringLiteral("stalling"),
                                  QStringLiteral("Take your time."), true));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    std::int64_t longest = 0;
    for (qsizetype i = 1; i < client.chunkNs.size(); ++i)
        longest = std::max(longest, client.chunkNs[i] - client.chunkNs[i - 1]);
    QVERIFY(longest >= 250'000'000);
    QVERIFY(waitRecord(*m_host, client.header("x-request-id"))
                ->faults.contains(QStringLiteral("stall=300")));
}

QTEST_GUILESS_MAIN(TestSimFaults)
#include "tst_sim_faults.moc"
