// One meaning of success, and no failure counted as one. A reply that ends properly but carries
// nothing, or that reports an error inside a 200 stream (as llama.cpp's server does with an
// "error:" field line), is never a success; an error in a stream gets the class the same error
// gets as an HTTP reply, in every dialect; and the table, the command line's text and
// `show --json` agree on how many attempts succeeded. Everything over real loopback HTTP: a
// server that answers fixed bytes, and the simulator with its in-stream error faults.
#include "analysis/run_summary.h"
#include "analysis/summary_json.h"
#include "domain/dialect_names.h"
#include "fixtures.h"
#include "lane_attempt.h"
#include "models/comparison_table_model.h"
#include "provider/dialect.h"
#include "run/network_pool.h"
#include "run/session_runner.h"
#include "scripted_server.h"
#include "session_support.h"
#include "sim/sim_anthropic.h"
#include "sim/sim_gemini.h"
#include "sim/sim_host.h"
#include "sim/sim_openai_chat.h"
#include "sim/sim_openai_responses.h"
#include "sim/sim_profile.h"
#include "test_main.h"
#include "test_support.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;
using ys::test::kSlow;

namespace {

// What llama.cpp's server sends for a streaming request larger than its context.
const QByteArray kLlamaErrorStream =
    "error: {\"code\":400,\"message\":\"the request exceeds the available context size, try "
    "increasing it\",\"type\":\"invalid_request_error\"}\n\ndata: [DONE]\n\n";

// A server that answers every request with the same 200 event stream, then closes.
void answerWithStream(test::ScriptedServer &server, const QByteArray &body)
{
    server.setAnswer([body](const QByteArray &, const QByteArray &) {
        return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n"
               "Content-Length: " +
               QByteArray::number(body.size()) + "\r\n\r\n" + body;
    });
}

QUrl baseOf(const test::ScriptedServer &server)
{
    return server.url(QStringLiteral("/v1"));
}

// A quick simulated provider: `outputTokens` tokens, a window of `contextWindow`.
json simProfile(const std::string &model, int outputTokens, int contextWindow = 128000)
{
    auto shape = test::ProfileShape()
                     .withTtft(5, 5)
                     .withDecode(5000)
                     .withOutput(outputTokens, outputTokens)
                     .withWindow(contextWindow)
                     .withSeed(7);
    const QString name = QString::fromStdString(model);
    return test::simProfileJson(name, name, shape);
}

std::unique_ptr<SimHost> startSim(const std::vector<json> &profiles)
{
    QString error;
    auto host = test::startSim(profiles, &error);
    if (!host)
        qWarning() << error;
    return host;
}

ProviderConfig truthProviderAt(const QString &dialect, const QUrl &url, const QString &model)
{
    test::ProviderExtras extras;
    extras.dialect = dialect;
    return test::simProvider(QStringLiteral("Under test"), url, model, extras);
}

struct TruthRun {
    QString dbPath;
    qint64 id = 0;
    std::vector<Sample> samples;
    SessionSummary summary;
};

// Runs one latency scenario of `requests` attempts against one provider, into a new database in
// dir, and reads back what was stored.
std::optional<TruthRun> runTruth(const QTemporaryDir &dir, const ProviderConfig &provider,
                                 int requests, int maxOutputTokens = 64)
{
    const Suite suite =
        test::suiteOf(QStringLiteral("truth"), {provider},
                      test::closedLoopScenario(requests, 1, 40, maxOutputTokens, 20000));

    TruthRun out;
    out.dbPath = dir.filePath(QStringLiteral("truth.sqlite"));
    auto stored =
        test::runAndRead(SessionRequest{suite, out.dbPath, std::nullopt, {}}, 30000 * kSlow);
    if (!stored)
        return std::nullopt;
    out.id = stored->end.id;
    out.samples = stored->allSamples();
    out.summary = std::move(*stored->summary);
    return out;
}

QString describeOutcome(const Sample &s)
{
    return QStringLiteral("%1 (HTTP %2) \"%3\"")
        .arg(outcomeName(s.outcome))
        .arg(s.httpStatus)
        .arg(s.error);
}

// The six kinds of error, as the simulator's reply faults produce them in each dialect.
struct ErrorKind {
    const char *name;
    const char *fault;
    Outcome asHttp;
    Outcome inStream;
};
const ErrorKind kKinds[] = {
    {"context", "context_overflow", Outcome::ContextExceeded, Outcome::ContextExceeded},
    {"rate limit", "retry_after_ms", Outcome::RateLimited, Outcome::RateLimited},
    {"quota", "quota", Outcome::QuotaExhausted, Outcome::QuotaExhausted},
    {"overloaded", "overloaded_529", Outcome::Overloaded, Outcome::Overloaded},
    {"auth", "auth_error", Outcome::AuthError, Outcome::AuthError},
    // Nothing names the error: as a reply its status decides, in a stream it is a stream error.
    {"other", "server_error_500", Outcome::ServerError, Outcome::StreamError},
};

} // namespace

class TstOutcomeTruth : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Acceptance: llama.cpp's streamed context overflow is context_exceeded, every time, and
    // none of it reaches a latency figure.
    void llamaErrorFieldIsContextExceeded()
    {
        test::ScriptedServer server;
        answerWithStream(server, kLlamaErrorStream);
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const auto session = runTruth(
            dir,
            truthProviderAt(QStringLiteral("openai-chat"), baseOf(server), QStringLiteral("m")), 8);
        QVERIFY(session);
        QCOMPARE(server.requests().size(), 8);
        QCOMPARE(int(session->samples.size()), 8);
        for (const Sample &x : session->samples) {
            QVERIFY2(x.outcome == Outcome::ContextExceeded, qPrintable(describeOutcome(x)));
            QVERIFY2(x.error.contains(QStringLiteral("available context size")),
                     qPrintable(x.error));
        }
        const ProviderSummary &p = session->summary.providers.at(0);
        QCOMPARE(p.successes, 0);
        QCOMPARE(p.outcomeCount(Outcome::ContextExceeded), 8);
        QCOMPARE(p.e2eMs.count, 0);
        QVERIFY(!p.e2eMs.p95.has_value());
        QVERIFY(!p.ttftMs.p50.has_value());
        const json doc = json::parse(sessionSummaryJson(session->summary).toStdString());
        QCOMPARE(doc["providers"][0]["successful"].get<int>(), 0);
        QVERIFY(doc["providers"][0]["e2e_ms"]["p95"].is_null());
    }

    // Acceptance: "data: [DONE]" alone is an empty response, a failure everywhere.
    void doneAloneIsEmptyResponse()
    {
        test::ScriptedServer server;
        answerWithStream(server, "data: [DONE]\n\n");
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const auto session = runTruth(
            dir,
            truthProviderAt(QStringLiteral("openai-chat"), baseOf(server), QStringLiteral("m")), 4);
        QVERIFY(session);
        QCOMPARE(int(session->samples.size()), 4);
        for (const Sample &x : session->samples)
            QVERIFY2(x.outcome == Outcome::EmptyResponse, qPrintable(describeOutcome(x)));
        const ProviderSummary &p = session->summary.providers.at(0);
        QCOMPARE(p.successes, 0);
        QVERIFY(!p.e2eMs.p95.has_value());
        QVERIFY(!outcomeIsSuccess(Outcome::EmptyResponse));
        QCOMPARE(outcomeName(Outcome::EmptyResponse), QStringLiteral("empty_response"));
    }

    // Unknown field lines are not parsed, but what they said is kept with the attempt.
    void unknownFieldLinesAreKept()
    {
        test::ScriptedServer server;
        answerWithStream(
            server,
            "x-trace: upstream=gpu-7\n"
            "data: {\"choices\":[{\"delta\":{\"content\":\"hi\"},\"finish_reason\":null}]}\n\n"
            "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
            "data: [DONE]\n\n");
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const auto session = runTruth(
            dir,
            truthProviderAt(QStringLiteral("openai-chat"), baseOf(server), QStringLiteral("m")), 1);
        QVERIFY(session);
        const Sample &x = session->samples.at(0);
        QVERIFY2(x.outcome == Outcome::Ok, qPrintable(describeOutcome(x)));
        QVERIFY2(x.diagnostics.contains(QStringLiteral("x-trace: upstream=gpu-7")),
                 qPrintable(x.diagnostics));
    }

    // The simulator does what llama.cpp does: a profile whose window is too small, with the
    // error_field fault, streams the overflow as an "error:" line.
    void simulatorErrorFieldProfile()
    {
        json p = simProfile("llama", 8, 16);
        p["context_overflow"] = "error";
        p["faults"] = json{{"error_field", json{{"probability", 1.0}}}};
        auto sim = startSim({p});
        QVERIFY(sim);
        QTemporaryDir dir;
        const auto session = runTruth(
            dir,
            truthProviderAt(QStringLiteral("openai-chat"), sim->baseUrl(), QStringLiteral("llama")),
            3);
        QVERIFY(session);
        for (const Sample &x : session->samples) {
            QVERIFY2(x.outcome == Outcome::ContextExceeded, qPrintable(describeOutcome(x)));
            QCOMPARE(x.httpStatus, 200);
        }
    }

    // Acceptance: in every dialect, each kind of error gets the same class inside a stream (as
    // the dialect's error event, and as an "error:" field line) as it gets as an HTTP reply.
    void inStreamErrorMatchesHttpClass_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QByteArray>("fault");
        QTest::addColumn<int>("asHttp");
        QTest::addColumn<int>("inStream");
        for (const QString &dialect : knownDialects()) {
            for (const ErrorKind &kind : kKinds) {
                QTest::addRow("%s, %s", qPrintable(dialect), kind.name)
                    << dialect << QByteArray(kind.fault) << int(kind.asHttp) << int(kind.inStream);
            }
        }
    }

    void inStreamErrorMatchesHttpClass()
    {
        QFETCH(QString, dialect);
        QFETCH(QByteArray, fault);
        QFETCH(int, asHttp);
        QFETCH(int, inStream);
        const auto d = makeDialect(dialect);
        QVERIFY(d);
        const ProviderConfig provider =
            truthProviderAt(dialect, m_sim->baseUrl(), QStringLiteral("m"));
        const auto send = [&](const QByteArray &faults) {
            RequestSpec spec;
            spec.prompt = QStringLiteral("Say hello.");
            spec.maxOutputTokens = 16;
            HttpRequestParts parts = d->buildRequest(provider, spec, {});
            parts.headers.append({QByteArrayLiteral("x-sim-fault"), faults});
            return test::runOnLane(m_pool, *d, parts, 10000 * kSlow);
        };
        const auto http = send(fault);
        QVERIFY(http);
        QVERIFY2(http->httpStatus >= 400, qPrintable(describeOutcome(*http)));
        QVERIFY2(http->outcome == Outcome(asHttp), qPrintable(describeOutcome(*http)));

        for (const QByteArray &modifier : {QByteArray("in_stream"), QByteArray("error_field")}) {
            const auto streamed = send(fault + ", " + modifier);
            QVERIFY(streamed);
            QCOMPARE(streamed->httpStatus, 200);
            QVERIFY2(streamed->outcome == Outcome(inStream),
                     qPrintable(QString::fromLatin1(modifier) + QStringLiteral(": ") +
                                describeOutcome(*streamed)));
            QVERIFY(!outcomeIsSuccess(streamed->outcome));
        }
    }

    // The simulator's empty stream: the end marker and nothing else, in the dialects that have
    // one apart from the finish reason.
    void emptyStreamInEveryDialect_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<int>("expected");
        QTest::newRow("openai-chat")
            << QStringLiteral("openai-chat") << int(Outcome::EmptyResponse);
        QTest::newRow("anthropic")
            << QStringLiteral("anthropic-messages") << int(Outcome::EmptyResponse);
        // Gemini's only end marker is the finish reason: without it the stream was cut.
        QTest::newRow("gemini") << QStringLiteral("gemini") << int(Outcome::StreamCut);
    }

    void emptyStreamInEveryDialect()
    {
        QFETCH(QString, dialect);
        QFETCH(int, expected);
        const auto d = makeDialect(dialect);
        RequestSpec spec;
        spec.prompt = QStringLiteral("Say hello.");
        HttpRequestParts parts = d->buildRequest(
            truthProviderAt(dialect, m_sim->baseUrl(), QStringLiteral("m")), spec, {});
        parts.headers.append({QByteArrayLiteral("x-sim-fault"), QByteArrayLiteral("empty_stream")});
        const auto x = test::runOnLane(m_pool, *d, parts, 10000 * kSlow);
        QVERIFY(x);
        QVERIFY2(x->outcome == Outcome(expected), qPrintable(describeOutcome(*x)));
    }

    // Acceptance: all attempts cut by the output limit are all successes, in the table, the
    // command line's text and show --json alike.
    void truncatedCountsAsSuccessEverywhere()
    {
        auto sim = startSim({simProfile("long", 200)});
        QVERIFY(sim);
        QTemporaryDir dir;
        const auto session = runTruth(
            dir,
            truthProviderAt(QStringLiteral("openai-chat"), sim->baseUrl(), QStringLiteral("long")),
            6, 16);
        QVERIFY(session);
        for (const Sample &x : session->samples)
            QVERIFY2(x.outcome == Outcome::TruncatedByLimit, qPrintable(describeOutcome(x)));

        // The table.
        ComparisonTableModel table;
        table.setSummaries(session->summary.providers);
        const QModelIndex success = table.index(0, ComparisonTableModel::SuccessRateColumn);
        QVERIFY2(success.data().toString().contains(QStringLiteral("6/6")),
                 qPrintable(success.data().toString()));
        QCOMPARE(success.data(ComparisonTableModel::ValueRole).toDouble(), 100.0); // percent

        // The command line: text and JSON.
        const QString cli = test::binDir() + QStringLiteral("/yardstick-cli");
        QProcess text;
        text.start(cli, {QStringLiteral("show"), QStringLiteral("--db"), session->dbPath});
        QVERIFY(text.waitForFinished(30000 * kSlow));
        const QString out = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY2(out.contains(QStringLiteral(" 6/6 ")), qPrintable(out));

        QProcess js;
        js.start(cli, {QStringLiteral("show"), QStringLiteral("--db"), session->dbPath,
                       QStringLiteral("--json")});
        QVERIFY(js.waitForFinished(30000 * kSlow));
        const json doc = json::parse(js.readAllStandardOutput().toStdString());
        const json &p = doc["providers"][0];
        QCOMPARE(p["successful"].get<int>(), 6);
        QCOMPARE(p["ok"].get<int>(), 0); // ok counts exactly the ok class
        QCOMPARE(p["outcomes"]["truncated_by_limit"].get<int>(), 6);
    }

    // Every dialect of the simulator words every kind of error reply (its table is complete),
    // and the client classes each as the kind it is: the simulator's wording and the client's
    // classifier checked against each other.
    void simulatorErrorTablesMatchTheClassifier_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("expected");
        const std::pair<SimErrorKind, Outcome> kinds[] = {
            {SimErrorKind::MissingKey, Outcome::AuthError},
            {SimErrorKind::WrongKey, Outcome::AuthError},
            {SimErrorKind::UnknownModel, Outcome::ClientError},
            {SimErrorKind::ContextOverflow, Outcome::ContextExceeded},
            {SimErrorKind::RateLimited, Outcome::RateLimited},
            {SimErrorKind::Quota, Outcome::QuotaExhausted},
            {SimErrorKind::SpendLimit, Outcome::QuotaExhausted},
            {SimErrorKind::Overloaded, Outcome::Overloaded},
            {SimErrorKind::Unavailable, Outcome::Overloaded},
            {SimErrorKind::ServerError, Outcome::ServerError},
        };
        for (const auto &[kind, expected] : kinds)
            QTest::addRow("kind %d", int(kind)) << int(kind) << int(expected);
    }

    void simulatorErrorTablesMatchTheClassifier()
    {
        QFETCH(int, kind);
        QFETCH(int, expected);
        SimError error;
        error.kind = SimErrorKind(kind);
        error.model = QStringLiteral("m");
        error.key = QByteArrayLiteral("sk-wrong-0123456789");
        error.promptTokens = 9000;
        error.contextWindow = 8192;
        error.rate.requestLimit = 60;
        const std::pair<const char *, std::unique_ptr<SimDialect>> dialects[] = {
            {"openai-chat", std::make_unique<SimOpenAiChat>()},
            {"openai-responses", std::make_unique<SimOpenAiResponses>()},
            {"anthropic-messages", std::make_unique<SimAnthropic>()},
            {"gemini", std::make_unique<SimGemini>(true)},
        };
        for (const auto &[name, sim] : dialects) {
            const SimReply reply = sim->errorReply(error);
            QVERIFY2(reply.status >= 400, name);
            QVERIFY2(json::accept(reply.body.toStdString()), name);
            QString message;
            const Outcome got = makeDialect(QString::fromLatin1(name))
                                    ->classifyHttpError(reply.status, reply.body, &message);
            QVERIFY2(got == Outcome(expected),
                     qPrintable(QStringLiteral("%1: %2 (%3)")
                                    .arg(QLatin1StringView(name), outcomeName(got), message)));
            QVERIFY2(!message.isEmpty(), name);
        }
    }

    // Small windows are shown exactly, larger ones in thousands, in both outputs.
    void contextWindowText()
    {
        ProviderSummary s;
        s.name = QStringLiteral("tiny");
        s.contextWindow = 512;
        ComparisonTableModel table;
        table.setSummaries({s});
        QCOMPARE(table.index(0, ComparisonTableModel::ContextColumn).data().toString(),
                 QStringLiteral("512"));
        s.contextWindow = 131072;
        table.setSummaries({s});
        QCOMPARE(table.index(0, ComparisonTableModel::ContextColumn).data().toString(),
                 QStringLiteral("131K"));
    }

    void initTestCase()
    {
        // One model under every name the data-driven tests use; faults come per request.
        m_sim = startSim({simProfile("m", 8)});
        QVERIFY(m_sim);
    }

    void cleanupTestCase() { m_sim.reset(); }

private:
    std::unique_ptr<SimHost> m_sim;
    NetworkPool m_pool;
};

YS_TEST_GUILESS_MAIN(TstOutcomeTruth)
#include "tst_outcome_truth.moc"
