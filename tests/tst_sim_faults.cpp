// Every fault the simulator can inject (fault cases 1-20 of docs/simulator-profiles.md, the ones a
// server can cause), each asked for with an x-sim-fault header over real loopback HTTP and checked
// in the raw bytes where the fault is about bytes. Plus faults drawn from a profile's
// probabilities.

#include "fixtures.h"
#include "sim/sim_faults.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "sim_test_client.h"
#include "test_main.h"

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>
#include <QTest>
#include <QTimeZone>
#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

using namespace ys;
using namespace ys::simtest;

namespace {

// Quick answers of 10 to 14 tokens, one or two to an event.
test::ProfileShape faultsShape()
{
    return test::ProfileShape()
        .withTtft(10, 12)
        .withDecode(4000)
        .withEvents(1, 2)
        .withOutput(10, 14)
        .withWindow(4000)
        .withSeed(5);
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

// Where a fault's error object is: the reply's body, or an event near the end of the stream.
enum class ErrorAt { None, Body, LastEvent, EventBeforeLast };

// How the retry-after header must read, besides exact values.
enum class RetryAfter { Unchecked, NotANumber, HttpDate };

// What the reply to one fault must show. Empty, zero, negative or false fields are not checked.
struct Expect {
    int status = 200;
    int timeoutMs = 15000;

    // The body's bytes.
    QByteArrayList bodyHas{};
    QByteArrayList bodyLacks{};
    QString bodyMatches{}; // a regular expression over the body read as Latin-1
    bool bodyIsJson = false;
    bool bodyIsNotJson = false;

    // Headers: exact values; (name, fragment) where the header must not contain the fragment,
    // or must be absent when the fragment is empty; the form of retry-after.
    QList<QPair<QByteArray, QByteArray>> headers{};
    QList<QPair<QByteArray, QByteArray>> headersLack{};
    RetryAfter retryAfter = RetryAfter::Unchecked;
    QPair<int, int> retryAheadS{}; // with HttpDate: how far ahead the date is, in seconds

    // The events.
    QByteArray firstEvent{}; // event names
    QByteArray lastEvent{};
    QByteArray eventBeforeLast{};
    QByteArray lastData{};         // the last event's data, e.g. [DONE]
    int doneEvents = -1;           // events whose data is [DONE]
    int brokenEvents = -1;         // events other than [DONE] whose data is not JSON
    bool objectEvents = false;     // every event but [DONE] is a non-empty JSON object
    QString firstEventEmptyList{}; // a member of the first event that is an empty array
    QString noEventObject{};       // a member no event carries as an object
    int minComments = 0;
    QPair<QByteArray, QByteArray> moreEventsThan{}; // more events named first than second
    qsizetype largeEvent = 0; // some event's data, and the text, are longer than this

    // The answer text.
    bool text = false; // some arrived
    QStringList textHas{};
    QStringList textLacks{};

    // The error object and what it says.
    ErrorAt errorAt = ErrorAt::None;
    QString errorField{};
    QString errorValue{};
    QString errorMessageStart{};
    int contextWindow = 0; // the error reports this n_ctx and a larger n_prompt_tokens

    // Framing and timing.
    int minChunks = 0;
    int chunkSize = 0;              // of every chunk, in bytes
    bool splitsUtf8AndCrlf = false; // chunks end inside a character and between CR and LF
    qint64 serverNsPerByte = 0;     // the server's pacing from the head to the last byte
    int minReads = 0;
    qint64 minGapMs = 0;        // the longest wait between two chunks
    qint64 minHeadMs = 0;       // from sending to the response's head, at the client
    qint64 minServerHeadMs = 0; // from accepting to writing the head, at the server
    bool cutShort = false;      // fewer content events written than tokens planned
    bool closes = false;        // the server closes the connection after the reply
};

} // namespace

Q_DECLARE_METATYPE(Expect)

class TestSimFaults : public ys::simtest::HostedSimTest {
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
};

void TestSimFaults::initTestCase()
{
    SimProfile flaky = test::simProfile(QStringLiteral("flaky"), faultsShape());
    flaky.faults.push_back({SimFault::ServerError500, 0.5, std::nullopt});
    SimProfile stalling = test::simProfile(QStringLiteral("stalling"), faultsShape());
    stalling.faults.push_back({SimFault::Stall, 1.0, 300});
    m_host = std::make_unique<SimHost>(std::vector<SimProfile>{
        test::simProfile(QStringLiteral("plain"), faultsShape()), flaky, stalling});
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
    QTest::addColumn<WireDialect>("dialect");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<Expect>("expect");

    const WireDialect chat = WireDialect::OpenAiChat;
    const WireDialect responses = WireDialect::OpenAiResponses;
    const WireDialect anthropic = WireDialect::Anthropic;
    const WireDialect gemini = WireDialect::Gemini;
    const QByteArray done = "[DONE]";
    const QByteArray finishReason = "finishReason";
    using E = Expect;
    const auto row = [](const char *tag, const char *fault, WireDialect dialect, bool stream,
                        const Expect &expect) {
        QTest::newRow(tag) << QByteArray(fault) << dialect << stream << expect;
    };

    row("byte_per_write", "byte_per_write=50", chat, true,
        E{.lastData = done,
          .text = true,
          .textLacks = {QString(QChar::ReplacementCharacter)},
          .minChunks = 101,
          .chunkSize = 1});
    // Content-Length framing hides the writes, so the server's clock shows the pacing: one byte
    // a millisecond from the headers to the last byte. The client read it in many pieces (how
    // many depends on how busy it was).
    row("byte_per_write plain", "byte_per_write=1000", gemini, false,
        E{.bodyIsJson = true, .serverNsPerByte = 900'000, .minReads = 11});
    // All three line endings.
    row("split_utf8_crlf", "split_utf8_crlf=1", anthropic, true,
        E{.bodyHas = {"\r\n", "}\n"},
          .bodyMatches = QStringLiteral("\\}\\r(\\r|event)"),
          .firstEvent = "message_start",
          .lastEvent = "message_stop",
          .textHas = {QStringLiteral("中文 🚀")},
          .splitsUtf8AndCrlf = true});
    // U+2028 and U+0085 raw in JSON strings.
    row("unicode_separators", "unicode_separators", chat, true,
        E{.bodyHas = {"\xE2\x80\xA8", "\xC2\x85"},
          .headersLack = {{"content-type", "charset"}},
          .lastData = done,
          .textHas = {QString(QChar(0x2028)), QString(QChar(0x85))}});
    row("comments_and_pings", "comments_and_pings", anthropic, true,
        E{.bodyHas = {": PROCESSING", "\nretry: 3000\n\n", "\nid: 7\n\n"},
          .lastEvent = "message_stop",
          .minComments = 3,
          .moreEventsThan = {"ping", "content_block_delta"},
          .text = true});
    row("multiline_data", "multiline_data", chat, true,
        E{.bodyHas = {"data:{\n"}, .objectEvents = true, .text = true});
    row("empty_choices", "empty_choices", chat, true,
        E{.firstEventEmptyList = QStringLiteral("choices"), .text = true});
    row("no_usage", "no_usage", chat, true,
        E{.lastData = done, .noEventObject = QStringLiteral("usage")});
    // Cut after half of the planned content events, some content first.
    row("error_mid_stream chat", "error_mid_stream", chat, true,
        E{.lastData = done,
          .text = true,
          .errorAt = ErrorAt::EventBeforeLast,
          .errorField = QStringLiteral("type"),
          .errorValue = QStringLiteral("server_error"),
          .cutShort = true});
    row("error_mid_stream responses", "error_mid_stream", responses, true,
        E{.lastEvent = "response.failed",
          .eventBeforeLast = "error",
          .text = true,
          .cutShort = true});
    row("error_mid_stream anthropic", "error_mid_stream", anthropic, true,
        E{.lastEvent = "error",
          .text = true,
          .errorAt = ErrorAt::LastEvent,
          .errorField = QStringLiteral("type"),
          .errorValue = QStringLiteral("overloaded_error"),
          .cutShort = true,
          .closes = true});
    row("error_mid_stream gemini", "error_mid_stream", gemini, true,
        E{.bodyLacks = {finishReason},
          .text = true,
          .errorAt = ErrorAt::LastEvent,
          .errorField = QStringLiteral("status"),
          .errorValue = QStringLiteral("UNAVAILABLE"),
          .cutShort = true});
    row("no_end_marker chat", "no_end_marker", chat, true,
        E{.bodyLacks = {done, "\"finish_reason\":\"stop\""}, .text = true});
    row("no_end_marker responses", "no_end_marker", responses, true,
        E{.bodyLacks = {"response.completed"},
          .lastEvent = "response.output_text.delta",
          .text = true});
    row("no_end_marker anthropic", "no_end_marker", anthropic, true,
        E{.bodyLacks = {"message_stop"}, .lastEvent = "content_block_delta", .text = true});
    row("no_end_marker gemini", "no_end_marker", gemini, true,
        E{.bodyLacks = {finishReason}, .text = true});
    row("stall", "stall=600", chat, true, E{.lastData = done, .minGapMs = 550});
    row("tricky_text", "tricky_text", chat, true,
        E{.lastData = done, .doneEvents = 1, .textHas = {QStringLiteral("data: [DONE]")}});
    row("malformed_json", "malformed_json", chat, true, E{.lastData = done, .brokenEvents = 1});
    row("malformed_json plain", "malformed_json", anthropic, false, E{.bodyIsNotJson = true});
    row("oversized_event", "oversized_event", chat, true,
        E{.timeoutMs = 60000, .lastData = done, .largeEvent = 20 * 1024 * 1024});
    row("context_overflow", "context_overflow", anthropic, true,
        E{.status = 400,
          .errorAt = ErrorAt::Body,
          .errorMessageStart = QStringLiteral("prompt is too long: ")});
    row("context_overflow_500", "context_overflow_500", chat, true,
        E{.status = 500,
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("type"),
          .errorValue = QStringLiteral("exceed_context_size_error"),
          .contextWindow = 4000});
    row("retry_after_ms", "retry_after_ms", chat, true,
        E{.status = 429,
          .headers = {{"retry-after-ms", "1500"}},
          .headersLack = {{"retry-after", {}}},
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("code"),
          .errorValue = QStringLiteral("rate_limit_exceeded")});
    row("retry_after_seconds", "retry_after_seconds", anthropic, true,
        E{.status = 429,
          .headers = {{"retry-after", "2"}},
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("type"),
          .errorValue = QStringLiteral("rate_limit_error")});
    row("retry_after_date", "retry_after_date", gemini, true,
        E{.status = 429,
          .bodyHas = {"\"retryDelay\":\"3s\""},
          .retryAfter = RetryAfter::HttpDate,
          .retryAheadS = {1, 4},
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("status"),
          .errorValue = QStringLiteral("RESOURCE_EXHAUSTED")});
    row("retry_after_garbage", "retry_after_garbage", responses, true,
        E{.status = 429, .retryAfter = RetryAfter::NotANumber});
    row("quota openai", "quota", chat, true,
        E{.status = 429,
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("code"),
          .errorValue = QStringLiteral("insufficient_quota")});
    row("quota gemini", "quota", gemini, true,
        E{.status = 429, .bodyHas = {"PerDay"}, .bodyLacks = {"RetryInfo"}});
    row("quota anthropic", "quota", anthropic, true,
        E{.status = 400, .bodyHas = {"credit balance is too low"}});
    row("spend_limit openai", "spend_limit", chat, false,
        E{.status = 400,
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("code"),
          .errorValue = QStringLiteral("billing_hard_limit_reached")});
    row("spend_limit anthropic", "spend_limit", anthropic, false,
        E{.status = 400, .bodyHas = {"API usage limits"}});
    row("overloaded_529", "overloaded_529", anthropic, true,
        E{.status = 529,
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("type"),
          .errorValue = QStringLiteral("overloaded_error")});
    row("unavailable_503", "unavailable_503", gemini, true,
        E{.status = 503,
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("status"),
          .errorValue = QStringLiteral("UNAVAILABLE")});
    row("server_error_500", "server_error_500", responses, true,
        E{.status = 500,
          .errorAt = ErrorAt::Body,
          .errorField = QStringLiteral("type"),
          .errorValue = QStringLiteral("server_error")});
    row("slow_reply", "slow_reply=700", chat, true,
        E{.lastData = done, .minHeadMs = 650, .minServerHeadMs = 690});
}

// One generic check of every field the row's Expect sets.
void TestSimFaults::fault()
{
    QFETCH(QByteArray, fault);
    QFETCH(WireDialect, dialect);
    QFETCH(bool, stream);
    QFETCH(Expect, expect);

    RawClient client(port());
    client.send(generationRequest(dialect, QStringLiteral("plain"),
                                  QStringLiteral("Fault, please."), stream, std::nullopt, {},
                                  "x-sim-fault: " + fault + "\r\n"));
    QVERIFY2(client.wait(expect.timeoutMs), qPrintable(client.framingError));
    QVERIFY2(client.complete, "the response's HTTP framing did not end");
    const std::optional<SimRequestRecord> truth =
        waitRecord(*m_host, client.header("x-request-id"));
    QVERIFY(truth.has_value());
    QVERIFY2(truth->faults.contains(QString::fromLatin1(fault)),
             qPrintable(truth->faults.join(QLatin1Char(','))));

    int comments = 0;
    const QList<WireEvent> events = client.events(&comments);
    const QString text = answerText(dialect, events);
    const QJsonObject json = client.json();

    QCOMPARE(client.status, expect.status);

    for (const QByteArray &bytes : expect.bodyHas)
        QVERIFY2(client.body.contains(bytes), bytes.constData());
    for (const QByteArray &bytes : expect.bodyLacks)
        QVERIFY2(!client.body.contains(bytes), bytes.constData());
    if (!expect.bodyMatches.isEmpty())
        QVERIFY(QString::fromLatin1(client.body).contains(QRegularExpression(expect.bodyMatches)));
    if (expect.bodyIsJson)
        QVERIFY(!json.isEmpty());
    if (expect.bodyIsNotJson) {
        QJsonParseError error;
        QJsonDocument::fromJson(client.body, &error);
        QVERIFY(error.error != QJsonParseError::NoError);
    }

    for (const auto &[name, value] : expect.headers)
        QCOMPARE(client.header(name.constData()), value);
    for (const auto &[name, fragment] : expect.headersLack) {
        if (fragment.isEmpty())
            QVERIFY2(!client.headers.contains(name), name.constData());
        else
            QVERIFY2(!client.header(name.constData()).contains(fragment), name.constData());
    }
    const QByteArray retryAfter = client.header("retry-after");
    if (expect.retryAfter == RetryAfter::NotANumber) {
        bool number = false;
        retryAfter.toInt(&number);
        QVERIFY(!number);
        QVERIFY(!retryAfter.isEmpty());
    } else if (expect.retryAfter == RetryAfter::HttpDate) {
        const QDateTime at = QLocale::c().toDateTime(
            QString::fromLatin1(retryAfter), QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"));
        QVERIFY2(at.isValid(), retryAfter.constData());
        QDateTime utc = at;
        utc.setTimeZone(QTimeZone::utc());
        const qint64 ahead = QDateTime::currentDateTimeUtc().secsTo(utc);
        QVERIFY(ahead >= expect.retryAheadS.first && ahead <= expect.retryAheadS.second);
    }

    if (!expect.firstEvent.isEmpty())
        QCOMPARE(events.first().event, expect.firstEvent);
    if (!expect.lastEvent.isEmpty())
        QCOMPARE(events.last().event, expect.lastEvent);
    if (!expect.eventBeforeLast.isEmpty())
        QCOMPARE(events.at(events.size() - 2).event, expect.eventBeforeLast);
    if (!expect.lastData.isEmpty())
        QCOMPARE(events.last().data, expect.lastData);
    int doneEvents = 0;
    int brokenEvents = 0;
    qsizetype largest = 0;
    QHash<QByteArray, int> named;
    for (const WireEvent &event : events) {
        doneEvents += event.data == "[DONE]" ? 1 : 0;
        QJsonParseError error;
        QJsonDocument::fromJson(event.data, &error);
        brokenEvents += event.data != "[DONE]" && error.error != QJsonParseError::NoError;
        largest = std::max(largest, event.data.size());
        ++named[event.event];
        if (expect.objectEvents && event.data != "[DONE]")
            QVERIFY2(!event.json().isEmpty(), event.data.constData());
        if (!expect.noEventObject.isEmpty())
            QVERIFY(!event.json().value(expect.noEventObject).isObject());
    }
    if (expect.doneEvents >= 0)
        QCOMPARE(doneEvents, expect.doneEvents);
    if (expect.brokenEvents >= 0)
        QCOMPARE(brokenEvents, expect.brokenEvents);
    if (!expect.firstEventEmptyList.isEmpty()) {
        QVERIFY(events.first().json().value(expect.firstEventEmptyList).toArray().isEmpty());
        QVERIFY(events.first().json().contains(expect.firstEventEmptyList));
    }
    QVERIFY(comments >= expect.minComments);
    if (!expect.moreEventsThan.first.isEmpty())
        QVERIFY(named.value(expect.moreEventsThan.first) >
                named.value(expect.moreEventsThan.second));
    if (expect.largeEvent > 0) {
        QVERIFY(largest > expect.largeEvent);
        QVERIFY(text.size() > expect.largeEvent);
    }

    if (expect.text)
        QVERIFY(!text.isEmpty());
    for (const QString &part : expect.textHas)
        QVERIFY2(text.contains(part), qPrintable(part));
    for (const QString &part : expect.textLacks)
        QVERIFY2(!text.contains(part), qPrintable(part));

    if (expect.errorAt != ErrorAt::None) {
        const QJsonObject holder = expect.errorAt == ErrorAt::Body ? json
                                   : expect.errorAt == ErrorAt::LastEvent
                                       ? events.last().json()
                                       : events.at(events.size() - 2).json();
        const QJsonObject error = holder.value(L1("error")).toObject();
        if (!expect.errorField.isEmpty())
            QCOMPARE(error.value(expect.errorField).toString(), expect.errorValue);
        if (!expect.errorMessageStart.isEmpty())
            QVERIFY(error.value(L1("message")).toString().startsWith(expect.errorMessageStart));
        if (expect.contextWindow > 0) {
            QCOMPARE(error.value(L1("n_ctx")).toInt(), expect.contextWindow);
            QVERIFY(error.value(L1("n_prompt_tokens")).toInt() > expect.contextWindow);
        }
    }

    QVERIFY(client.chunks.size() >= expect.minChunks);
    if (expect.chunkSize > 0)
        for (const QByteArray &chunk : client.chunks)
            QCOMPARE(chunk.size(), expect.chunkSize);
    if (expect.splitsUtf8AndCrlf) {
        bool utf8Split = false;
        bool crlfSplit = false;
        for (qsizetype i = 0; i + 1 < client.chunks.size(); ++i) {
            const auto last = static_cast<unsigned char>(client.chunks[i].back());
            utf8Split = utf8Split || (last & 0xC0) == 0xC0;
            crlfSplit = crlfSplit || (last == '\r' && client.chunks[i + 1].startsWith('\n'));
        }
        QVERIFY(utf8Split);
        QVERIFY(crlfSplit);
    }
    if (expect.serverNsPerByte > 0)
        QVERIFY(truth->lastByteNs - truth->headersWrittenNs >=
                std::int64_t(client.body.size() - 1) * expect.serverNsPerByte);
    QVERIFY(client.reads.size() >= expect.minReads);
    if (expect.minGapMs > 0) {
        std::int64_t longest = 0;
        for (qsizetype i = 1; i < client.chunkNs.size(); ++i)
            longest = std::max(longest, client.chunkNs[i] - client.chunkNs[i - 1]);
        QVERIFY2(longest >= expect.minGapMs * 1'000'000,
                 qPrintable(QString::number(longest / 1e6)));
    }
    QVERIFY(client.headNs - client.startNs >= expect.minHeadMs * 1'000'000);
    QVERIFY(truth->headersWrittenNs - truth->acceptedNs >= expect.minServerHeadMs * 1'000'000);
    if (expect.cutShort)
        QVERIFY(truth->eventWrittenNs.size() < std::size_t(truth->completionTokens));
    if (expect.closes)
        QVERIFY(waitUntil([&] { return client.closed; }, 5000));
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
        posixExchange(port(), generationRequest(WireDialect::OpenAiChat, QStringLiteral("plain"),
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
    next.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("plain"),
                                QStringLiteral("Still there?"), true));
    QVERIFY(next.wait());
    QCOMPARE(next.status, 200);
}

void TestSimFaults::unknownFault()
{
    RawClient client(port());
    client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("plain"),
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
            client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("flaky"),
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

    SimProfile flaky = test::simProfile(QStringLiteral("flaky"), faultsShape());
    flaky.faults.push_back({SimFault::ServerError500, 0.5, std::nullopt});
    SimHost fresh({test::simProfile(QStringLiteral("plain"), faultsShape()), flaky});
    QString error;
    QVERIFY2(fresh.start(&error), qPrintable(error));
    QCOMPARE(pattern(quint16(fresh.baseUrl().port())), first);
}

void TestSimFaults::profileParameter()
{
    RawClient client(port());
    client.send(generationRequest(WireDialect::Anthropic, QStringLiteral("stalling"),
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

YS_TEST_GUILESS_MAIN(TestSimFaults)
#include "tst_sim_faults.moc"
