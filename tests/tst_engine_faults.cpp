// Fault cases 1–21 (docs/simulator-profiles.md) through the measurement engine: every stream, HTTP
// and network fault injected for real (the simulator over loopback, a closed port, a name under
// .invalid, an untrusted certificate, a small redirecting server), run as a session by
// SessionRunner, and checked on the samples as the database stored them: the outcome class, the
// error text (present, redacted), tokens NULL or reported, event times, finish reason, and one row
// per attempt when retries are on. Beside every fault a healthy provider or request shows that the
// rest of the run goes on.
#include "fixtures.h"
#include "run/session_runner.h"
#include "scripted_server.h"
#include "session_support.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "sim/sim_text.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "test_main.h"
#include "test_support.h"
#include "util/units.h"

#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace ys;
using nlohmann::json;
using ys::test::kSlow;

namespace {

constexpr char kKeyVar[] = "YS_FAULTS_TEST_KEY";
const QByteArray kFaultsSentinelKey = QByteArrayLiteral("ys-faults-sentinel-7c41");
constexpr int kAnswerTokens = 12;

// Scheduling slack on a busy two-core machine.
qint64 slackNs(qint64 ms)
{
    return ms * kSlow * kWholeNsPerMs;
}

void setKey(const QByteArray &key)
{
    qputenv(kKeyVar, key);
}

QByteArray currentKey()
{
    return qgetenv(kKeyVar);
}

json profile(const std::string &model, quint64 seed, int outputTokens = kAnswerTokens)
{
    auto shape = test::ProfileShape()
                     .withTtft(30, 30)
                     .withDecode(2000)
                     .withOutput(outputTokens, outputTokens)
                     .withSeed(seed);
    const QString name = QString::fromStdString(model);
    return test::simProfileJson(name, name, shape);
}

// A profile that injects `fault` into every request (probability 1) unless told otherwise.
json faulty(const std::string &model, quint64 seed, const QString &fault,
            std::optional<qint64> param = std::nullopt, double probability = 1.0)
{
    json p = profile(model, seed);
    json f = json{{"probability", probability}};
    if (param)
        f["param"] = *param;
    p["faults"] = json{{fault.toStdString(), f}};
    return p;
}

using test::startSim;

ProviderConfig faultyProvider(const QString &name, const QString &dialect, const QUrl &url,
                              const QString &model)
{
    return test::simProvider(name, url, model,
                             {dialect, QStringLiteral("env:") + QLatin1StringView(kKeyVar)});
}

Scenario faultScenario(int requests, int concurrency = 1)
{
    Scenario s = test::closedLoopScenario(requests, concurrency, 40, 64, 20000);
    s.firstTokenTimeoutMs = 20000;
    s.idleTimeoutMs = 20000;
    return s;
}

using test::suiteOf;

struct SessionResult {
    bool completed = false;
    QString status;
    qint64 wallMs = 0;
    QStringList warnings;
    std::vector<RunRecord> runs;
    std::vector<std::vector<Sample>> stored;   // per run, by seq: what the database holds
    std::vector<std::vector<Sample>> measured; // per run, by seq: as measured (startedAtNs set)
};

SessionResult runSession(const Suite &suite, int timeoutMs = 30000)
{
    SessionResult r;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("faults.sqlite"));
    SessionRunner runner;
    QSignalSpy finished(&runner, &SessionRunner::finished);
    std::vector<Sample> measured;
    QObject::connect(&runner, &SessionRunner::sampleMeasured,
                     [&measured](const Sample &s) { measured.push_back(s); });
    QObject::connect(&runner, &SessionRunner::warning, [&r](const QString &w) { r.warnings << w; });
    SessionRequest request;
    request.suite = suite;
    request.dbPath = path;
    QElapsedTimer clock;
    clock.start();
    QString error;
    if (!runner.start(request, &error)) {
        r.warnings << error;
        return r;
    }
    if (!finished.wait(timeoutMs * kSlow)) {
        r.warnings << QStringLiteral("the session did not finish within %1 ms").arg(timeoutMs);
        runner.cancel();
        finished.wait(10000 * kSlow);
        return r;
    }
    r.wallMs = clock.elapsed();
    r.completed = true;
    r.status = finished.first().at(1).toString();
    const qint64 sessionId = finished.first().at(0).toLongLong();
    Database db(path);
    if (!db.open(&error)) {
        r.warnings << error;
        r.completed = false;
        return r;
    }
    SessionRepository repo(db);
    r.runs = repo.runs(sessionId, &error);
    for (const RunRecord &run : r.runs) {
        r.stored.push_back(repo.samples(run.id, &error));
        std::vector<Sample> mine;
        for (const Sample &s : measured)
            if (s.runId == run.id)
                mine.push_back(s);
        std::sort(mine.begin(), mine.end(),
                  [](const Sample &a, const Sample &b) { return a.seq < b.seq; });
        r.measured.push_back(std::move(mine));
    }
    return r;
}

// One session of one provider, "Faulty" speaking `dialect`, against a simulator whose only
// profile injects `fault`. A simulator that cannot start shows as a session that did not complete,
// with the reason among its warnings.
SessionResult runFaulty(const QString &title, const QString &fault, const QString &dialect,
                        const Scenario &s, quint64 seed)
{
    QString error;
    auto sim = startSim({faulty("faulty", seed, fault)}, &error);
    if (!sim) {
        SessionResult r;
        r.warnings << error;
        return r;
    }
    return runSession(suiteOf(title,
                              {faultyProvider(QStringLiteral("Faulty"), dialect, sim->baseUrl(),
                                              QStringLiteral("faulty"))},
                              s));
}

QString describeAttempt(const Sample &s)
{
    return QStringLiteral("seq %1 request %2 attempt %3: %4 (HTTP %5) \"%6\"")
        .arg(s.seq)
        .arg(s.requestIndex)
        .arg(s.attemptNumber)
        .arg(outcomeName(s.outcome))
        .arg(s.httpStatus)
        .arg(s.error);
}

// One scenario against "Faulty" (model faulty) and "Healthy" (model healthy) of sim, both in
// this dialect: the faulty provider's run first.
SessionResult runFaultyAndHealthy(const QString &name, const QString &dialect, const SimHost &sim,
                                  const Scenario &s)
{
    return runSession(suiteOf(
        name,
        {faultyProvider(QStringLiteral("Faulty"), dialect, sim.baseUrl(), QStringLiteral("faulty")),
         faultyProvider(QStringLiteral("Healthy"), dialect, sim.baseUrl(),
                        QStringLiteral("healthy"))},
        s));
}

// What every session must show whatever was injected: it finished, every run finished, every
// measured sample is in the database as measured, and no stored text holds the key.
void checkSession(const SessionResult &r, std::size_t runs)
{
    QVERIFY2(r.completed, qPrintable(r.warnings.join(QLatin1Char('\n'))));
    QCOMPARE(r.status, QStringLiteral("finished"));
    QCOMPARE(r.runs.size(), runs);
    const QString key = QString::fromUtf8(currentKey());
    for (std::size_t i = 0; i < r.runs.size(); ++i) {
        QCOMPARE(r.runs[i].status, SessionStatus::Finished);
        const auto &stored = r.stored[i];
        const auto &measured = r.measured[i];
        QCOMPARE(stored.size(), measured.size());
        for (std::size_t k = 0; k < stored.size(); ++k) {
            const Sample &a = stored[k];
            const Sample &b = measured[k];
            QCOMPARE(a.seq, b.seq);
            QCOMPARE(a.outcome, b.outcome);
            QCOMPARE(a.requestIndex, b.requestIndex);
            QCOMPARE(a.attemptNumber, b.attemptNumber);
            QCOMPARE(a.retryDelayNs, b.retryDelayNs);
            QCOMPARE(a.error, b.error);
            QCOMPARE(a.outputTokens, b.outputTokens);
            QCOMPARE(a.eventTimesNs.size(), b.eventTimesNs.size());
            QCOMPARE(a.endNs, b.endNs);
            if (!outcomeIsSuccess(a.outcome))
                QVERIFY2(!a.error.isEmpty(), qPrintable(describeAttempt(a)));
            QVERIFY2(!a.error.contains(key), qPrintable(describeAttempt(a)));
            QVERIFY2(!a.responseHeaders.contains(key), qPrintable(describeAttempt(a)));
        }
    }
}

// The simulator files a request's record when its response is done, which may be a moment after
// the client saw the end.
std::optional<SimRequestRecord> recordOf(const SimHost &host, const QString &requestId)
{
    for (int i = 0; i < 200; ++i) {
        if (auto r = host.record(requestId.toLatin1()))
            return r;
        QTest::qWait(10);
    }
    return std::nullopt;
}

// The record lists injected faults with their parameter ("stall=1500").
bool injected(const SimRequestRecord &record, const QString &fault)
{
    for (const QString &f : record.faults)
        if (f == fault || f.startsWith(fault + QLatin1Char('=')))
            return true;
    return false;
}

QString simAnswer(quint64 seed, quint64 number, int tokens, const QString &firstSuffix = {});

// The output tokens a cut or failed stream of `dialect` holds after `received` content events:
// Chat Completions and Responses report usage only at the end, so none (NULL, estimated);
// Gemini's usageMetadata on every event is cumulative: the encoding's count of the text so far,
// the first `received` pieces of request `number`'s answer. Anthropic's message_start carries an
// output_tokens placeholder that a cut stream is left with; nullopt here: not checked.
std::optional<std::optional<qint64>> partialTokens(const QString &dialect, int received,
                                                   quint64 seed, quint64 number)
{
    if (dialect == QLatin1StringView("gemini"))
        return std::optional<qint64>(test::simTokens(simAnswer(seed, number, received)));
    if (dialect == QLatin1StringView("anthropic-messages"))
        return std::nullopt;
    return std::optional<qint64>();
}

void checkPartialTokens(const Sample &x, const QString &dialect, int received, quint64 seed)
{
    // The run's requests are numbers 0 and 1 of the faulty profile, in either order.
    auto expected = partialTokens(dialect, received, seed, 0);
    if (expected && *expected != x.outputTokens)
        expected = partialTokens(dialect, received, seed, 1);
    if (!expected)
        return;
    QCOMPARE(x.outputTokens, *expected);
    QCOMPARE(x.tokensEstimated, !expected->has_value());
    QVERIFY(x.localOutputTokens > 0);
}

quint64 fnv1a64(const QString &text)
{
    quint64 hash = 14695981039346656037ull;
    for (const char c : text.toUtf8()) {
        hash ^= quint8(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

// The answer the simulator writes for request `number` of a profile with `seed`, one token per
// event; the text faults append `firstSuffix` to the first event.
QString simAnswer(quint64 seed, quint64 number, int tokens, const QString &firstSuffix)
{
    SimText text(seed, number);
    const QString first = text.take(1);
    return first + firstSuffix + text.take(tokens - 1);
}

bool hasWideCharacters(const QString &text)
{
    bool threeBytes = false; // e.g. CJK
    bool fourBytes = false;  // e.g. an emoji: a surrogate pair in UTF-16
    for (const QChar c : text) {
        threeBytes = threeBytes || (c.unicode() >= 0x800 && !c.isSurrogate());
        fourBytes = fourBytes || c.isHighSurrogate();
    }
    return threeBytes && fourBytes;
}

const QStringList &dialects()
{
    static const QStringList d = {QStringLiteral("openai-chat"), QStringLiteral("openai-responses"),
                                  QStringLiteral("anthropic-messages"), QStringLiteral("gemini")};
    return d;
}

QByteArray rowTag(int number, const QString &fault, const QString &dialect)
{
    return QStringLiteral("%1 %2 %3").arg(number).arg(fault, dialect).toUtf8();
}

QTestData &resultRow(int number, const QString &fault, const QString &dialect)
{
    return QTest::newRow(rowTag(number, fault, dialect).constData());
}

QByteArray httpReply(int status, const QByteArray &reason, const QByteArray &type,
                     const QByteArray &body, const QByteArray &extraHeaders = {})
{
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: " + type +
           "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extraHeaders +
           "Connection: close\r\n\r\n" + body;
}

// A complete Chat Completions stream answering "Hello".
QByteArray cannedChatStream()
{
    const json delta{{"id", "c1"},
                     {"object", "chat.completion.chunk"},
                     {"model", "redirected"},
                     {"choices", json::array({json{{"index", 0},
                                                   {"delta", {{"content", "Hello"}}},
                                                   {"finish_reason", nullptr}}})}};
    const json last{
        {"id", "c1"},
        {"object", "chat.completion.chunk"},
        {"model", "redirected"},
        {"choices",
         json::array({json{{"index", 0}, {"delta", json::object()}, {"finish_reason", "stop"}}})},
        {"usage", {{"prompt_tokens", 40}, {"completion_tokens", 1}, {"total_tokens", 41}}}};
    return "data: " + QByteArray::fromStdString(delta.dump()) +
           "\n\ndata: " + QByteArray::fromStdString(last.dump()) + "\n\ndata: [DONE]\n\n";
}

} // namespace

class TstEngineFaults : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init() { setKey(kFaultsSentinelKey); }

    void outcomeNamesMatchDesign();

    void streamShape_data();
    void streamShape();  // 1, 2, 3, 4, 5, 13
    void emptyChoices(); // 6
    void noUsage_data();
    void noUsage(); // 7
    void errorMidStream_data();
    void errorMidStream(); // 8, 9, 10
    void noEndMarker_data();
    void noEndMarker(); // 11
    void stallPastIdleTimeout_data();
    void stallPastIdleTimeout(); // 12
    void badEvent_data();
    void badEvent(); // 14
    void contextOverflow_data();
    void contextOverflow(); // 15
    void retryAfter_data();
    void retryAfter(); // 16
    void quota_data();
    void quota(); // 17
    void overloadedRetried_data();
    void overloadedRetried(); // 18
    void networkFailures();   // 19
    void slowReply();         // 20
    void redirects();         // 21

private:
    quint64 m_seed = 0; // a seed whose answers hold CJK and emoji
};

void TstEngineFaults::initTestCase()
{
    setKey(kFaultsSentinelKey);
    // Fault case 1 needs multi-byte characters in the answer: pick a seed whose first answer has
    // both a three-byte (CJK) and a four-byte (emoji) character.
    for (quint64 seed = 1; seed < 500 && !m_seed; ++seed)
        if (hasWideCharacters(simAnswer(seed, 0, kAnswerTokens)))
            m_seed = seed;
    QVERIFY2(m_seed != 0, "no seed gives an answer with CJK and emoji");
}

// The classes these tests expect are the ones docs/measurements.md names, in its table of
// outcome classes (one row each, the name first), no more and no fewer.
void TstEngineFaults::outcomeNamesMatchDesign()
{
    QFile design((ys::test::sourceDir() + QStringLiteral("/docs/measurements.md")));
    QVERIFY2(design.open(QIODevice::ReadOnly), qPrintable(design.fileName()));
    const QString text = QString::fromUtf8(design.readAll());
    const qsizetype from = text.indexOf(QLatin1StringView("\n## Outcome classes\n"));
    QVERIFY(from >= 0);
    const QString section = text.mid(from, text.indexOf(QLatin1StringView("\n#"), from + 1) - from);
    QStringList documented;
    static const QRegularExpression name(QStringLiteral("^\\| `([a-z_]+)` \\|"),
                                         QRegularExpression::MultilineOption);
    for (const auto &m : name.globalMatch(section))
        documented << m.captured(1);
    QStringList ours;
    for (int i = 0; i < kOutcomeCount; ++i)
        ours << outcomeName(Outcome(i));
    QCOMPARE(documented, ours);
}

// 1, 2, 3, 4, 5, 13: faults in the shape of the stream that must not change what is decoded.
// Each row runs the same request against a clean profile and a faulty one with the same seed,
// so both answer the same text; the decoded text is compared by hash with the simulator's own
// text generator, and the count of content events with the clean run's.
void TstEngineFaults::streamShape_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<QString>("dialect");
    QTest::addColumn<QString>("suffix"); // text the fault adds to the first event
    struct Row {
        int number;
        const char *fault;
        QString suffix;
    };
    const Row rows[] = {
        {1, "byte_per_write", {}},
        {2, "split_utf8_crlf", QStringLiteral(" é 中文 🚀")},
        {3, "unicode_separators", QStringLiteral(" line\u2028separator next\u0085line")},
        {4, "comments_and_pings", {}},
        {5, "multiline_data", {}},
        {13, "tricky_text", QStringLiteral("\n\ndata: [DONE]\n\n[DONE] data: {\"x\": 1}\n\n")},
    };
    for (const Row &r : rows)
        for (const QString &dialect : dialects())
            resultRow(r.number, QLatin1StringView(r.fault), dialect)
                << QString::fromLatin1(r.fault) << dialect << r.suffix;
}

void TstEngineFaults::streamShape()
{
    QFETCH(QString, fault);
    QFETCH(QString, dialect);
    QFETCH(QString, suffix);
    QString error;
    auto sim = startSim({profile("clean", m_seed), faulty("faulty", m_seed, fault)}, &error);
    QVERIFY2(sim, qPrintable(error));
    const SessionResult r = runSession(suiteOf(
        QStringLiteral("stream shape"),
        {faultyProvider(QStringLiteral("Clean"), dialect, sim->baseUrl(), QStringLiteral("clean")),
         faultyProvider(QStringLiteral("Faulty"), dialect, sim->baseUrl(),
                        QStringLiteral("faulty"))},
        faultScenario(1)));
    checkSession(r, 2);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(r.stored[0].size(), 1u);
    QCOMPARE(r.stored[1].size(), 1u);
    const Sample &clean = r.stored[0][0];
    const Sample &bad = r.stored[1][0];
    QVERIFY2(clean.outcome == Outcome::Ok, qPrintable(describeAttempt(clean)));
    QVERIFY2(bad.outcome == Outcome::Ok, qPrintable(describeAttempt(bad)));
    const auto truth = recordOf(*sim, bad.requestId);
    QVERIFY(truth);
    QVERIFY2(injected(*truth, fault), qPrintable(truth->faults.join(QLatin1Char(','))));
    // Usage counts the answer's text with the profile's encoding (the fault's text aside).
    QCOMPARE(truth->completionTokens,
             test::simTokens(simAnswer(m_seed, truth->requestNumber, kAnswerTokens)));

    const QString expected = simAnswer(m_seed, truth->requestNumber, kAnswerTokens, suffix);
    const QString plain = simAnswer(m_seed, 0, kAnswerTokens);
    QVERIFY(hasWideCharacters(expected));
    // Same text as one read of a clean stream: nothing lost, nothing decoded half-way.
    QCOMPARE(r.measured[0][0].textHash, fnv1a64(plain));
    QCOMPARE(r.measured[1][0].textHash, fnv1a64(expected));
    QCOMPARE(r.measured[1][0].replacementChars, 0);
    QCOMPARE(bad.outputChars, qint64(expected.size()));
    QCOMPARE(clean.outputChars, qint64(plain.size()));
    // The same events: one content event per token, as in the clean stream.
    QCOMPARE(bad.eventTimesNs.size(), clean.eventTimesNs.size());
    QCOMPARE(bad.eventTimesNs.size(), std::size_t(kAnswerTokens));
    QCOMPARE(bad.finishReason, clean.finishReason);
    QCOMPARE(bad.outputTokens, std::optional<qint64>(truth->completionTokens));
    QCOMPARE(bad.inputTokens, std::optional<qint64>(truth->promptTokens));
    QVERIFY(!bad.tokensEstimated);
    QVERIFY(bad.firstTokenNs && bad.firstTokenNs == bad.firstContentNs);
    QCOMPARE(*bad.firstTokenNs, bad.eventTimesNs.front());
    // Split writes 2 ms apart arrive in more reads than the clean stream's. (How many reads the
    // one-byte writes become depends on how the simulator batches its 100 µs wake-ups and how
    // fast the client reads, so byte_per_write is checked by its text alone.)
    if (fault == QLatin1StringView("split_utf8_crlf"))
        QVERIFY2(
            bad.readCount > clean.readCount,
            qPrintable(
                QStringLiteral("%1 reads against %2").arg(bad.readCount).arg(clean.readCount)));
}

// 6: a first chunk with "choices": [] and a usage-only last chunk.
void TstEngineFaults::emptyChoices()
{
    QString error;
    auto sim = startSim({faulty("faulty", m_seed, QStringLiteral("empty_choices"))}, &error);
    QVERIFY2(sim, qPrintable(error));
    const SessionResult r =
        runSession(suiteOf(QStringLiteral("empty choices"),
                           {faultyProvider(QStringLiteral("Faulty"), QStringLiteral("openai-chat"),
                                           sim->baseUrl(), QStringLiteral("faulty"))},
                           faultScenario(2)));
    checkSession(r, 1);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(r.stored[0].size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        const Sample &s = r.stored[0][i];
        const Sample &m = r.measured[0][i];
        QVERIFY2(s.outcome == Outcome::Ok, qPrintable(describeAttempt(s)));
        const auto truth = recordOf(*sim, s.requestId);
        QVERIFY(truth);
        QVERIFY(injected(*truth, QStringLiteral("empty_choices")));
        // Usage kept from the last chunk, whose choices are empty.
        QCOMPARE(s.outputTokens, std::optional<qint64>(truth->completionTokens));
        QCOMPARE(s.inputTokens, std::optional<qint64>(truth->promptTokens));
        QVERIFY(!s.tokensEstimated);
        QCOMPARE(s.finishReason, QStringLiteral("stop"));
        // TTFT from the first non-empty delta, not the empty first chunk that came at once.
        QVERIFY(s.firstEventNs && s.firstTokenNs);
        QCOMPARE(*s.firstTokenNs, s.eventTimesNs.front());
        QVERIFY2(*s.firstTokenNs - *s.firstEventNs > 10 * kWholeNsPerMs,
                 qPrintable(QStringLiteral("first event %1 ns, first token %2 ns")
                                .arg(*s.firstEventNs)
                                .arg(*s.firstTokenNs)));
        const qint64 seenAt = m.startedAtNs + *s.firstTokenNs;
        QVERIFY2(seenAt >= truth->firstContentNs && seenAt - truth->firstContentNs < slackNs(200),
                 qPrintable(QStringLiteral("client saw the first token %1 ns after it was written")
                                .arg(seenAt - truth->firstContentNs)));
        QCOMPARE(s.eventTimesNs.size(), std::size_t(kAnswerTokens));
    }
}

// 7: usage not sent even when asked for: NULL and estimated, never 0.
void TstEngineFaults::noUsage_data()
{
    QTest::addColumn<QString>("dialect");
    // Anthropic reports usage in message_start and message_delta whatever the request says, so
    // the simulator has nothing to leave out there.
    for (const QString &dialect : dialects())
        if (dialect != QLatin1StringView("anthropic-messages"))
            resultRow(7, QStringLiteral("no_usage"), dialect) << dialect;
}

void TstEngineFaults::noUsage()
{
    QFETCH(QString, dialect);
    const SessionResult r = runFaulty(QStringLiteral("no usage"), QStringLiteral("no_usage"),
                                      dialect, faultScenario(2), m_seed);
    checkSession(r, 1);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(r.stored[0].size(), 2u);
    for (const Sample &s : r.stored[0]) {
        QVERIFY2(s.outcome == Outcome::Ok, qPrintable(describeAttempt(s)));
        QCOMPARE(s.inputTokens, std::nullopt);
        QCOMPARE(s.outputTokens, std::nullopt);
        QCOMPARE(s.costUsd, std::nullopt);
        QVERIFY(s.tokensEstimated);
        QVERIFY(s.localOutputTokens > 0);
        QVERIFY(s.outputChars > 0);
        QCOMPARE(s.eventTimesNs.size(), std::size_t(kAnswerTokens));
    }
}

// 8, 9, 10: the dialect's error event after half of the content.
void TstEngineFaults::errorMidStream_data()
{
    QTest::addColumn<QString>("dialect");
    QTest::addColumn<QString>("errorType");
    // An error in a stream gets the class the same error gets as an HTTP reply: a plain server
    // error says nothing more than "stream error", an overload is an overload.
    QTest::addColumn<Outcome>("expected");
    QTest::newRow("8 error_mid_stream openai-chat")
        << QStringLiteral("openai-chat") << QStringLiteral("server_error") << Outcome::StreamError;
    QTest::newRow("8 error_mid_stream openai-responses")
        << QStringLiteral("openai-responses") << QStringLiteral("server_error")
        << Outcome::StreamError;
    QTest::newRow("9 error_mid_stream anthropic-messages")
        << QStringLiteral("anthropic-messages") << QStringLiteral("overloaded_error")
        << Outcome::Overloaded;
    QTest::newRow("10 error_mid_stream gemini")
        << QStringLiteral("gemini") << QStringLiteral("UNAVAILABLE") << Outcome::Overloaded;
}

void TstEngineFaults::errorMidStream()
{
    QFETCH(QString, dialect);
    QFETCH(QString, errorType);
    QFETCH(Outcome, expected);
    QString error;
    auto sim = startSim(
        {faulty("faulty", m_seed, QStringLiteral("error_mid_stream")), profile("healthy", m_seed)},
        &error);
    QVERIFY2(sim, qPrintable(error));
    Scenario s = faultScenario(2);
    s.retries = 2; // a partial answer is never retried
    const SessionResult r =
        runFaultyAndHealthy(QStringLiteral("error mid-stream"), dialect, *sim, s);
    checkSession(r, 2);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(r.stored[0].size(), 2u);
    for (const Sample &x : r.stored[0]) {
        QVERIFY2(x.outcome == expected, qPrintable(describeAttempt(x)));
        QVERIFY(!outcomeIsSuccess(x.outcome));
        QCOMPARE(x.attemptNumber, 0); // retryable as a class, but part of the answer came
        QCOMPARE(x.httpStatus, 200);
        QVERIFY2(x.error.contains(errorType), qPrintable(describeAttempt(x)));
        // Partial: the first half of the answer arrived and was timed.
        QVERIFY(x.firstTokenNs.has_value());
        QCOMPARE(x.eventTimesNs.size(), std::size_t(kAnswerTokens / 2));
        QVERIFY(x.outputChars > 0);
        QVERIFY(x.endNs >= x.eventTimesNs.back());
        checkPartialTokens(x, dialect, kAnswerTokens / 2, m_seed);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(r.stored[1].size(), 2u);
    for (const Sample &x : r.stored[1])
        QVERIFY2(x.outcome == Outcome::Ok, qPrintable(describeAttempt(x)));
}

// 11: the stream ends cleanly without its end marker.
void TstEngineFaults::noEndMarker_data()
{
    QTest::addColumn<QString>("dialect");
    for (const QString &dialect : dialects())
        resultRow(11, QStringLiteral("no_end_marker"), dialect) << dialect;
}

void TstEngineFaults::noEndMarker()
{
    QFETCH(QString, dialect);
    const SessionResult r =
        runFaulty(QStringLiteral("no end marker"), QStringLiteral("no_end_marker"), dialect,
                  faultScenario(2), m_seed);
    checkSession(r, 1);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(r.stored[0].size(), 2u);
    for (const Sample &x : r.stored[0]) {
        QVERIFY2(x.outcome == Outcome::StreamCut, qPrintable(describeAttempt(x)));
        QVERIFY(x.finishReason.isEmpty());
        QCOMPARE(x.eventTimesNs.size(), std::size_t(kAnswerTokens));
        QVERIFY(x.outputChars > 0);
        checkPartialTokens(x, dialect, kAnswerTokens, m_seed);
        if (QTest::currentTestFailed())
            return;
    }
}

// 12: silent past the idle timeout after the first content event.
void TstEngineFaults::stallPastIdleTimeout_data()
{
    QTest::addColumn<QString>("dialect");
    for (const QString &dialect : dialects())
        resultRow(12, QStringLiteral("stall"), dialect) << dialect;
}

void TstEngineFaults::stallPastIdleTimeout()
{
    QFETCH(QString, dialect);
    constexpr int kIdleMs = 300;
    QString error;
    auto sim = startSim(
        {faulty("faulty", m_seed, QStringLiteral("stall"), 5000), profile("healthy", m_seed)},
        &error);
    QVERIFY2(sim, qPrintable(error));
    Scenario s = faultScenario(2, 2);
    s.idleTimeoutMs = kIdleMs;
    const SessionResult r = runFaultyAndHealthy(QStringLiteral("stall"), dialect, *sim, s);
    checkSession(r, 2);
    if (QTest::currentTestFailed())
        return;
    // Each stalled attempt is cut at the idle timeout, long before the stall ends.
    QVERIFY2(r.wallMs < 4000 * kSlow, qPrintable(QString::number(r.wallMs)));
    QCOMPARE(r.stored[0].size(), 2u);
    for (const Sample &x : r.stored[0]) {
        QVERIFY2(x.outcome == Outcome::TimeoutIdle, qPrintable(describeAttempt(x)));
        QCOMPARE(x.eventTimesNs.size(), 1u);
        const qint64 silent = x.endNs - x.eventTimesNs.back();
        QVERIFY2(silent >= kIdleMs * kWholeNsPerMs - kWholeNsPerMs &&
                     silent < kIdleMs * kWholeNsPerMs + slackNs(200),
                 qPrintable(QStringLiteral("aborted after %1 ms of silence").arg(silent / 1e6)));
    }
    QCOMPARE(r.stored[1].size(), 2u);
    for (const Sample &x : r.stored[1])
        QVERIFY2(x.outcome == Outcome::Ok, qPrintable(describeAttempt(x)));
}

// 14: an oversized event or malformed JSON: only that attempt fails, and the error keeps a
// redacted excerpt of the bytes. The key of these rows is a string that occurs in the dialect's
// event JSON, so a redacted excerpt must show the marker where the key was.
void TstEngineFaults::badEvent_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<qint64>("param");
    QTest::addColumn<double>("probability");
    QTest::addColumn<int>("requests");
    QTest::addColumn<QString>("dialect");
    QTest::addColumn<QByteArray>("key");
    const std::map<QString, QByteArray> keys = {
        {QStringLiteral("openai-chat"), "chat.completion.chunk"},
        {QStringLiteral("openai-responses"), "response.output_text.delta"},
        {QStringLiteral("anthropic-messages"), "content_block_delta"},
        {QStringLiteral("gemini"), "candidates"},
    };
    for (const QString &dialect : dialects()) {
        // Malformed JSON in about half of the requests: the others of the same run are Ok.
        resultRow(14, QStringLiteral("malformed_json"), dialect)
            << QStringLiteral("malformed_json") << qint64(0) << 0.5 << 6 << dialect
            << keys.at(dialect);
        // 17 MiB in one event, above the parser's 16 MiB limit. (Not on the Responses dialect:
        // its closing events repeat the whole text four times, which costs the simulator seconds
        // to build; the limit is the parser's, the same for every dialect.)
        if (dialect == QLatin1StringView("openai-responses"))
            continue;
        resultRow(14, QStringLiteral("oversized_event"), dialect)
            << QStringLiteral("oversized_event") << qint64(17 * 1024 * 1024) << 1.0 << 1 << dialect
            << keys.at(dialect);
    }
}

void TstEngineFaults::badEvent()
{
    QFETCH(QString, fault);
    QFETCH(qint64, param);
    QFETCH(double, probability);
    QFETCH(int, requests);
    QFETCH(QString, dialect);
    QFETCH(QByteArray, key);
    setKey(key);
    QString error;
    auto sim = startSim({faulty("faulty", m_seed, fault,
                                param ? std::optional<qint64>(param) : std::nullopt, probability),
                         profile("healthy", m_seed)},
                        &error);
    QVERIFY2(sim, qPrintable(error));
    const SessionResult r =
        runFaultyAndHealthy(QStringLiteral("bad event"), dialect, *sim, faultScenario(requests));
    checkSession(r, 2);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(r.stored[0].size(), std::size_t(requests));
    int failed = 0;
    int ok = 0;
    for (const Sample &x : r.stored[0]) {
        const auto truth = recordOf(*sim, x.requestId);
        QVERIFY2(truth, qPrintable(describeAttempt(x)));
        if (!injected(*truth, fault)) {
            QVERIFY2(x.outcome == Outcome::Ok, qPrintable(describeAttempt(x)));
            ++ok;
            continue;
        }
        ++failed;
        QVERIFY2(x.outcome == Outcome::MalformedStream, qPrintable(describeAttempt(x)));
        // A redacted excerpt of the bytes: the JSON's start is there, the key is not.
        QVERIFY2(x.error.contains(QLatin1StringView("starts with")),
                 qPrintable(describeAttempt(x)));
        QVERIFY2(x.error.contains(QLatin1StringView("{\"")), qPrintable(describeAttempt(x)));
        QVERIFY2(x.error.contains(QLatin1StringView("[REDACTED]")), qPrintable(describeAttempt(x)));
        QVERIFY2(!x.error.contains(QString::fromLatin1(key)), qPrintable(describeAttempt(x)));
        QVERIFY2(x.error.size() < 2000, qPrintable(QString::number(x.error.size())));
    }
    QVERIFY(failed >= 1);
    if (probability < 1)
        QVERIFY2(ok >= 1, "every request drew the fault; the run shows nothing going on");
    for (const Sample &x : r.stored[1])
        QVERIFY2(x.outcome == Outcome::Ok, qPrintable(describeAttempt(x)));
}

// 15: each provider's context-overflow error, never retried even with retries on.
void TstEngineFaults::contextOverflow_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<QString>("dialect");
    QTest::addColumn<int>("status");
    for (const QString &dialect : dialects())
        resultRow(15, QStringLiteral("context_overflow"), dialect)
            << QStringLiteral("context_overflow") << dialect << 400;
    // llama.cpp's older form: HTTP 500 with exceed_context_size_error.
    QTest::newRow("15 context_overflow_500 openai-chat")
        << QStringLiteral("context_overflow_500") << QStringLiteral("openai-chat") << 500;
}

void TstEngineFaults::contextOverflow()
{
    QFETCH(QString, fault);
    QFETCH(QString, dialect);
    QFETCH(int, status);
    Scenario s = faultScenario(2);
    s.retries = 3;
    const SessionResult r =
        runFaulty(QStringLiteral("context overflow"), fault, dialect, s, m_seed);
    checkSession(r, 1);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(r.stored[0].size(), 2u); // one attempt per request: no retry
    for (std::size_t i = 0; i < 2; ++i) {
        const Sample &x = r.stored[0][i];
        QVERIFY2(x.outcome == Outcome::ContextExceeded, qPrintable(describeAttempt(x)));
        QCOMPARE(x.httpStatus, status);
        QCOMPARE(x.attemptNumber, 0);
        QCOMPARE(x.retryDelayNs, std::nullopt);
        QCOMPARE(x.eventTimesNs.size(), 0u);
        QCOMPARE(x.outputTokens, std::nullopt);
    }
    QVERIFY(r.stored[0][0].requestIndex != r.stored[0][1].requestIndex);
}

// 16: the wait a 429 asks for, in each form, and what happens without a usable one.
void TstEngineFaults::retryAfter_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<qint64>("param");
    QTest::addColumn<qint64>("minDelayNs"); // the retry's wait, inclusive bounds
    QTest::addColumn<qint64>("maxDelayNs");
    QTest::addColumn<bool>("retried");
    const qint64 s = 1000 * kWholeNsPerMs;
    QTest::newRow("16 retry_after_ms=1500") << QStringLiteral("retry_after_ms") << qint64(1500)
                                            << 1500 * kWholeNsPerMs << 1500 * kWholeNsPerMs << true;
    QTest::newRow("16 retry_after_seconds=2")
        << QStringLiteral("retry_after_seconds") << qint64(2) << 2 * s << 2 * s << true;
    // An HTTP date has whole seconds: the wait to "now + 2 s" rounded down is in (1 s, 2 s].
    QTest::newRow("16 retry_after_date=+2s") << QStringLiteral("retry_after_date") << qint64(2)
                                             << s - 100 * kWholeNsPerMs << 2 * s << true;
    // Unparseable: the normal first backoff, 0.5 s less up to 25% jitter.
    QTest::newRow("16 retry_after_garbage") << QStringLiteral("retry_after_garbage") << qint64(0)
                                            << 375 * kWholeNsPerMs << 500 * kWholeNsPerMs << true;
    // A wait past the 60 s cap: give up at once.
    QTest::newRow("16 retry_after_seconds=120 past the cap")
        << QStringLiteral("retry_after_seconds") << qint64(120) << qint64(0) << qint64(0) << false;
}

void TstEngineFaults::retryAfter()
{
    QFETCH(QString, fault);
    QFETCH(qint64, param);
    QFETCH(qint64, minDelayNs);
    QFETCH(qint64, maxDelayNs);
    QFETCH(bool, retried);
    QString error;
    auto sim = startSim(
        {faulty("faulty", m_seed, fault, param ? std::optional<qint64>(param) : std::nullopt)},
        &error);
    QVERIFY2(sim, qPrintable(error));
    Scenario s = faultScenario(2, 2);
    s.retries = 1;
    const SessionResult r =
        runSession(suiteOf(QStringLiteral("retry-after"),
                           {faultyProvider(QStringLiteral("Faulty"), QStringLiteral("openai-chat"),
                                           sim->baseUrl(), QStringLiteral("faulty"))},
                           s));
    checkSession(r, 1);
    if (QTest::currentTestFailed())
        return;
    const auto &stored = r.stored[0];
    for (const Sample &x : stored) {
        QVERIFY2(x.outcome == Outcome::RateLimited, qPrintable(describeAttempt(x)));
        QCOMPARE(x.httpStatus, 429);
        QVERIFY2(x.responseHeaders.contains(QLatin1StringView("retry-after")),
                 qPrintable(x.responseHeaders));
    }
    if (!retried) {
        QCOMPARE(stored.size(), 2u);
        for (const Sample &x : stored) {
            QCOMPARE(x.attemptNumber, 0);
            QCOMPARE(x.retryDelayNs, std::nullopt);
        }
        QVERIFY2(r.wallMs < 10000 * kSlow, qPrintable(QString::number(r.wallMs)));
        return;
    }
    QCOMPARE(stored.size(), 4u);
    for (int request = 0; request < 2; ++request) {
        const Sample *first = nullptr;
        const Sample *retry = nullptr;
        const Sample *firstMeasured = nullptr;
        const Sample *retryMeasured = nullptr;
        for (std::size_t i = 0; i < stored.size(); ++i) {
            if (stored[i].requestIndex != request)
                continue;
            if (stored[i].attemptNumber == 0) {
                first = &stored[i];
                firstMeasured = &r.measured[0][i];
            } else if (stored[i].attemptNumber == 1) {
                retry = &stored[i];
                retryMeasured = &r.measured[0][i];
            }
        }
        QVERIFY2(first && retry, "each request has attempts 0 and 1");
        QCOMPARE(first->retryDelayNs, std::nullopt);
        QVERIFY(retry->retryDelayNs.has_value());
        const qint64 delay = *retry->retryDelayNs;
        QVERIFY2(delay >= minDelayNs && delay <= maxDelayNs,
                 qPrintable(QStringLiteral("waited %1 ms").arg(delay / 1e6)));
        // And the retry really started that long after the first attempt ended.
        const qint64 gap =
            retryMeasured->startedAtNs - (firstMeasured->startedAtNs + firstMeasured->endNs);
        QVERIFY2(gap >= delay - 2 * kWholeNsPerMs && gap <= delay + slackNs(250),
                 qPrintable(QStringLiteral("asked for %1 ms, retried after %2 ms")
                                .arg(delay / 1e6)
                                .arg(gap / 1e6)));
    }
}

// 17: quota and spend limits: quota_exhausted, no retry.
void TstEngineFaults::quota_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<QString>("dialect");
    for (const char *fault : {"quota", "spend_limit"})
        for (const QString &dialect : dialects())
            resultRow(17, QLatin1StringView(fault), dialect)
                << QString::fromLatin1(fault) << dialect;
}

void TstEngineFaults::quota()
{
    QFETCH(QString, fault);
    QFETCH(QString, dialect);
    Scenario s = faultScenario(2);
    s.retries = 3;
    const SessionResult r = runFaulty(QStringLiteral("quota"), fault, dialect, s, m_seed);
    checkSession(r, 1);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(r.stored[0].size(), 2u);
    for (const Sample &x : r.stored[0]) {
        QVERIFY2(x.outcome == Outcome::QuotaExhausted, qPrintable(describeAttempt(x)));
        QCOMPARE(x.attemptNumber, 0);
        QVERIFY(x.httpStatus >= 400);
    }
}

// 18: 529 and 503 with retries on: retried with jittered backoff, each attempt its own row.
void TstEngineFaults::overloadedRetried_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<QString>("dialect");
    QTest::addColumn<int>("status");
    QTest::newRow("18 overloaded_529 anthropic-messages")
        << QStringLiteral("overloaded_529") << QStringLiteral("anthropic-messages") << 529;
    QTest::newRow("18 unavailable_503 openai-chat")
        << QStringLiteral("unavailable_503") << QStringLiteral("openai-chat") << 503;
}

void TstEngineFaults::overloadedRetried()
{
    QFETCH(QString, fault);
    QFETCH(QString, dialect);
    QFETCH(int, status);
    Scenario s = faultScenario(2, 2);
    s.retries = 2;
    const SessionResult r = runFaulty(QStringLiteral("overloaded"), fault, dialect, s, m_seed);
    checkSession(r, 1);
    if (QTest::currentTestFailed())
        return;
    const auto &stored = r.stored[0];
    QCOMPARE(stored.size(), 6u); // 2 requests × (1 + 2 retries)
    std::map<std::pair<int, int>, std::size_t> byAttempt;
    std::set<int> seqs;
    for (std::size_t i = 0; i < stored.size(); ++i) {
        const Sample &x = stored[i];
        QVERIFY2(x.outcome == Outcome::Overloaded, qPrintable(describeAttempt(x)));
        QCOMPARE(x.httpStatus, status);
        QVERIFY2(byAttempt.emplace(std::pair(x.requestIndex, x.attemptNumber), i).second,
                 "one row per attempt");
        seqs.insert(x.seq);
    }
    QCOMPARE(seqs.size(), 6u);
    std::vector<qint64> firstRetryDelays;
    for (int request = 0; request < 2; ++request) {
        for (int attempt = 0; attempt <= 2; ++attempt) {
            const auto it = byAttempt.find({request, attempt});
            QVERIFY2(it != byAttempt.end(),
                     qPrintable(QStringLiteral("request %1 attempt %2").arg(request).arg(attempt)));
            const Sample &x = stored[it->second];
            if (attempt == 0) {
                QCOMPARE(x.retryDelayNs, std::nullopt);
                continue;
            }
            // min(0.5 · 2^n, 8) s less up to 25% jitter.
            const qint64 nominal = (500 * kWholeNsPerMs) << (attempt - 1);
            QVERIFY(x.retryDelayNs.has_value());
            const qint64 delay = *x.retryDelayNs;
            QVERIFY2(delay >= nominal * 3 / 4 && delay <= nominal,
                     qPrintable(
                         QStringLiteral("attempt %1 waited %2 ms").arg(attempt).arg(delay / 1e6)));
            if (attempt == 1)
                firstRetryDelays.push_back(delay);
            const Sample &before = r.measured[0][byAttempt.at({request, attempt - 1})];
            const Sample &now = r.measured[0][it->second];
            const qint64 gap = now.startedAtNs - (before.startedAtNs + before.endNs);
            QVERIFY2(gap >= delay - 2 * kWholeNsPerMs && gap <= delay + slackNs(250),
                     qPrintable(QStringLiteral("waited %1 ms for a delay of %2 ms")
                                    .arg(gap / 1e6)
                                    .arg(delay / 1e6)));
        }
    }
    // Jitter: the two requests drew different waits for their first retry.
    QVERIFY(firstRetryDelays[0] != firstRetryDelays[1]);
}

// 19: connection refused, DNS failure, untrusted TLS, reset mid-stream, and a healthy provider
// after them in the same suite.
void TstEngineFaults::networkFailures()
{
    QString error;
    auto sim = startSim(
        {faulty("reset", m_seed, QStringLiteral("reset_mid_stream")), profile("healthy", m_seed)},
        &error);
    QVERIFY2(sim, qPrintable(error));
    SimHostOptions tlsOptions;
    tlsOptions.tls = true;
    auto tlsSim = startSim({profile("healthy", m_seed)}, &error, tlsOptions);
    QVERIFY2(tlsSim, qPrintable(error));
    QCOMPARE(tlsSim->baseUrl().scheme(), QStringLiteral("https"));

    // A port that was just listening and is closed now: nothing accepts there.
    quint16 closedPort = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        closedPort = probe.serverPort();
    }
    QUrl refused;
    refused.setScheme(QStringLiteral("http"));
    refused.setHost(QStringLiteral("127.0.0.1"));
    refused.setPort(closedPort);
    refused.setPath(QStringLiteral("/v1"));
    QUrl noDns;
    noDns.setScheme(QStringLiteral("http"));
    noDns.setHost(QStringLiteral("yardstick-fault-test.invalid"));
    noDns.setPath(QStringLiteral("/v1"));

    const QString chat = QStringLiteral("openai-chat");
    Scenario s = faultScenario(2);
    s.connectTimeoutMs = 5000;
    const SessionResult r = runSession(suiteOf(
        QStringLiteral("network"),
        {faultyProvider(QStringLiteral("Refused"), chat, refused, QStringLiteral("healthy")),
         faultyProvider(QStringLiteral("No DNS"), chat, noDns, QStringLiteral("healthy")),
         faultyProvider(QStringLiteral("Untrusted TLS"), chat, tlsSim->baseUrl(),
                        QStringLiteral("healthy")),
         faultyProvider(QStringLiteral("Reset chat"), chat, sim->baseUrl(),
                        QStringLiteral("reset")),
         faultyProvider(QStringLiteral("Reset anthropic"), QStringLiteral("anthropic-messages"),
                        sim->baseUrl(), QStringLiteral("reset")),
         faultyProvider(QStringLiteral("Healthy"), chat, sim->baseUrl(),
                        QStringLiteral("healthy"))},
        s));
    checkSession(r, 6);
    if (QTest::currentTestFailed())
        return;
    for (const auto &run : r.stored)
        QCOMPARE(run.size(), 2u);
    // Refused and DNS: no reply at all.
    for (int i : {0, 1}) {
        for (const Sample &x : r.stored[std::size_t(i)]) {
            QVERIFY2(x.outcome == Outcome::ConnectionError, qPrintable(describeAttempt(x)));
            QCOMPARE(x.httpStatus, 0);
            QVERIFY(!x.headersNs.has_value());
            QVERIFY(x.endNs < 5000 * kWholeNsPerMs);
        }
    }
    QVERIFY2(r.stored[0][0].error.contains(QLatin1StringView("refused"), Qt::CaseInsensitive),
             qPrintable(describeAttempt(r.stored[0][0])));
    QVERIFY2(r.stored[1][0].error.contains(QLatin1StringView("not found"), Qt::CaseInsensitive),
             qPrintable(describeAttempt(r.stored[1][0])));
    // TLS: the handshake fails on the self-signed certificate, its own outcome with the reason;
    // nothing is sent in the clear.
    for (const Sample &x : r.stored[2]) {
        QVERIFY2(x.outcome == Outcome::TlsError, qPrintable(describeAttempt(x)));
        QCOMPARE(x.httpStatus, 0);
        QVERIFY2(x.error.contains(QLatin1StringView("SSL"), Qt::CaseInsensitive) ||
                     x.error.contains(QLatin1StringView("certificate"), Qt::CaseInsensitive),
                 qPrintable(describeAttempt(x)));
        QVERIFY(!x.requestSentNs.has_value());
    }
    QVERIFY(tlsSim->records().empty());
    // Reset after half of the content: a failed partial attempt.
    for (int i : {3, 4}) {
        for (const Sample &x : r.stored[std::size_t(i)]) {
            QVERIFY2(x.outcome == Outcome::ConnectionError, qPrintable(describeAttempt(x)));
            QCOMPARE(x.httpStatus, 200);
            // Data still unread when the RST arrives may be dropped by the kernel.
            QVERIFY(x.eventTimesNs.size() <= std::size_t(kAnswerTokens / 2));
            const auto truth = recordOf(*sim, x.requestId);
            QVERIFY(truth);
            QVERIFY(!truth->completed);
        }
    }
    for (const Sample &x : r.stored[5])
        QVERIFY2(x.outcome == Outcome::Ok, qPrintable(describeAttempt(x)));
}

// 20: headers only after 4 s, against a total timeout of 400 ms.
void TstEngineFaults::slowReply()
{
    constexpr int kTotalMs = 400;
    QString error;
    auto sim = startSim(
        {faulty("faulty", m_seed, QStringLiteral("slow_reply"), 4000), profile("healthy", m_seed)},
        &error);
    QVERIFY2(sim, qPrintable(error));
    Scenario s = faultScenario(2, 2);
    s.timeoutMs = kTotalMs;
    const QString chat = QStringLiteral("openai-chat");
    const SessionResult r = runFaultyAndHealthy(QStringLiteral("slow reply"), chat, *sim, s);
    checkSession(r, 2);
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(r.wallMs < 3500 * kSlow, qPrintable(QString::number(r.wallMs)));
    QCOMPARE(r.stored[0].size(), 2u);
    for (const Sample &x : r.stored[0]) {
        QVERIFY2(x.outcome == Outcome::TimeoutTotal, qPrintable(describeAttempt(x)));
        QVERIFY(!x.headersNs.has_value());
        QVERIFY2(x.endNs >= kTotalMs * kWholeNsPerMs &&
                     x.endNs < kTotalMs * kWholeNsPerMs + slackNs(250),
                 qPrintable(QStringLiteral("aborted at %1 ms").arg(x.endNs / 1e6)));
    }
    for (const Sample &x : r.stored[1])
        QVERIFY2(x.outcome == Outcome::Ok, qPrintable(describeAttempt(x)));
}

// 21: a redirect within the origin is followed (with the key, method and body); one to another
// host is not, and that host never hears from the client.
void TstEngineFaults::redirects()
{
    test::ScriptedServer other;
    other.setAnswer([](const QByteArray &, const QByteArray &) {
        return httpReply(200, "OK", "text/event-stream", cannedChatStream());
    });
    // Another origin: another loopback address where the system has one, else another port.
    const bool otherAddress = other.listen(QHostAddress(QStringLiteral("127.0.0.2")));
    if (!otherAddress)
        QVERIFY(other.listen(QHostAddress::LocalHost));

    test::ScriptedServer origin;
    origin.setAnswer([&](const QByteArray &method, const QByteArray &path) {
        if (path.startsWith("/same/"))
            return httpReply(
                307, "Temporary Redirect", "text/plain", {},
                "Location: " +
                    origin.url(QStringLiteral("/final/v1/chat/completions")).toEncoded() + "\r\n");
        if (path.startsWith("/away/"))
            return httpReply(
                307, "Temporary Redirect", "text/plain", {},
                "Location: " + other.url(QStringLiteral("/v1/chat/completions")).toEncoded() +
                    "\r\n");
        if (path.startsWith("/final/") && method == "POST")
            return httpReply(200, "OK", "text/event-stream", cannedChatStream());
        return httpReply(404, "Not Found", "application/json", "{\"error\":\"not found\"}");
    });
    QVERIFY(origin.listen(QHostAddress::LocalHost));

    const QString chat = QStringLiteral("openai-chat");
    Scenario s = faultScenario(1);
    s.timeoutMs = 3000;
    const SessionResult r = runSession(
        suiteOf(QStringLiteral("redirects"),
                {faultyProvider(QStringLiteral("Same origin"), chat,
                                origin.url(QStringLiteral("/same/v1")), QStringLiteral("m")),
                 faultyProvider(QStringLiteral("Other origin"), chat,
                                origin.url(QStringLiteral("/away/v1")), QStringLiteral("m"))},
                s));
    checkSession(r, 2);
    if (QTest::currentTestFailed())
        return;

    const Sample &same = r.stored[0].at(0);
    QVERIFY2(same.outcome == Outcome::Ok, qPrintable(describeAttempt(same)));
    QCOMPARE(same.outputChars, qint64(5)); // "Hello"
    QCOMPARE(same.outputTokens, std::optional<qint64>(1));
    // The followed request is the same POST with its body and key.
    QByteArray finalRequest;
    for (const QByteArray &req : origin.requests())
        if (req.contains(" /final/"))
            finalRequest = req;
    QVERIFY2(finalRequest.startsWith("POST /final/v1/chat/completions"),
             finalRequest.left(200).constData());
    QVERIFY(finalRequest.contains("Bearer " + kFaultsSentinelKey));
    QVERIFY(finalRequest.contains("\"model\":\"m\""));

    const Sample &away = r.stored[1].at(0);
    QVERIFY2(away.outcome == Outcome::ClientError, qPrintable(describeAttempt(away)));
    QCOMPARE(away.httpStatus, 307);
    QVERIFY2(away.error.contains(QLatin1StringView("another origin")),
             qPrintable(describeAttempt(away)));
    // The first hop did carry the key (so the test would see a leak), the other host got nothing.
    bool firstHopHadKey = false;
    for (const QByteArray &req : origin.requests())
        firstHopHadKey = firstHopHadKey ||
                         (req.contains(" /away/") && req.contains("Bearer " + kFaultsSentinelKey));
    QVERIFY(firstHopHadKey);
    QCOMPARE(other.connections(), 0);
    QVERIFY(!other.received().contains(kFaultsSentinelKey));
}

YS_TEST_GUILESS_MAIN(TstEngineFaults)
#include "tst_engine_faults.moc"
