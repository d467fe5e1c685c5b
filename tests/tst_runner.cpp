// The runner end to end on loopback: real HTTP to an in-process simulator, real SQLite files.
#include "analysis/run_summary.h"
#include "analysis/summary_json.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include "fixtures.h"
#include "scripted_server.h"
#include "session_support.h"
#include "test_main.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace ys;

namespace {

const char kRunnerSentinelKey[] = "ys-test-sentinel-7f3a9c1e5b2d4f6a8c0e";

// Fast answers of 10 to 20 tokens; "quiet" reports no usage, "locked" wants the sentinel key.
std::vector<nlohmann::json> runnerProfiles()
{
    test::ProfileShape shape;
    shape.withTtft(30, 40).withPrefill(100000).withDecode(2000).withOutput(10, 20);
    test::ProfileShape locked = shape;
    locked.ttftMedianMs = 20;
    locked.ttftP95Ms = 30;
    using test::simProfileJson;
    return {
        simProfileJson(QStringLiteral("Fast"), QStringLiteral("fast"), shape),
        simProfileJson(QStringLiteral("Quiet"), QStringLiteral("quiet"), shape, {{"usage", false}}),
        simProfileJson(QStringLiteral("Locked"), QStringLiteral("locked"), locked,
                       {{"api_key", kRunnerSentinelKey}})};
}

// Priced, with a known context window.
const test::ProviderExtras kPriced{
    QStringLiteral("openai-chat"), {}, Price{1.0, 2.0, std::nullopt}, 128000};

Scenario probe(int requests, int concurrency)
{
    return test::closedLoopScenario(requests, concurrency, 200, 64, 20000);
}

QUrl closedPortUrl()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost, 0);
    const quint16 port = server.serverPort();
    server.close();
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
}

// Runs a request to completion and returns (session id, status).
test::SessionEnd runToEnd(SessionRunner &runner, SessionRequest request)
{
    QString error;
    const test::SessionEnd end = test::runToEnd(runner, std::move(request), 60000, &error);
    if (end.id == 0)
        qWarning() << error;
    return end;
}

} // namespace

class TstRunner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { m_sim = test::startedSim(runnerProfiles()); }

    void cleanupTestCase() { m_sim.reset(); }

    void everySampleStoredAndNullsStayNull()
    {
        QTemporaryDir dir;
        Suite suite = test::suiteOf(QStringLiteral("runner"),
                                    {priced(QStringLiteral("Fast"), QStringLiteral("fast")),
                                     priced(QStringLiteral("Quiet"), QStringLiteral("quiet")),
                                     test::simProvider(QStringLiteral("Dead"), closedPortUrl(),
                                                       QStringLiteral("x"), kPriced)},
                                    probe(9, 3));
        suite.providers[2].price.reset();
        SessionRunner runner;
        QSignalSpy progress(&runner, &SessionRunner::progress);
        SessionRequest request{suite, dir.filePath(QStringLiteral("r.sqlite")), std::nullopt, {}};
        const auto [sessionId, status] = runToEnd(runner, request);
        QVERIFY(sessionId > 0);
        QCOMPARE(status, QStringLiteral("finished"));
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(0).toInt(), 27);
        QCOMPARE(progress.last().at(1).toInt(), 27);

        Database db(request.dbPath);
        QString error;
        QVERIFY(db.open(&error));
        SessionRepository repo(db);
        const auto summary = loadSessionSummary(repo, sessionId, &error);
        QVERIFY2(summary, qPrintable(error));
        QCOMPARE(summary->providers.size(), 3u);
        QCOMPARE(summary->info.sampleCount, 27);

        const ProviderSummary &fast = summary->providers[0];
        QCOMPARE(fast.attempts, 9);
        QCOMPARE(fast.outcomeCount(Outcome::Ok), 9);
        QVERIFY(fast.ttftMs.p50 && *fast.ttftMs.p50 > 20 && *fast.ttftMs.p50 < 200);
        QVERIFY(fast.inputTokens && *fast.inputTokens == 9 * 200);
        QVERIFY(fast.costUsd.has_value());
        for (const Sample &s : repo.samples(fast.runId, &error)) {
            QVERIFY(s.headersNs && s.firstTokenNs && s.firstContentNs);
            QVERIFY(*s.headersNs <= *s.firstTokenNs && *s.firstTokenNs <= s.endNs);
            QCOMPARE(s.httpStatus, 200);
            QCOMPARE(qsizetype(s.eventTimesNs.size()) > 0, true);
            QCOMPARE(s.localPromptTokens, 200);
            QVERIFY(!s.requestId.isEmpty());
        }

        // The server ignored include_usage: tokens are NULL and marked estimated, never 0.
        const ProviderSummary &quiet = summary->providers[1];
        QCOMPARE(quiet.outcomeCount(Outcome::Ok), 9);
        QVERIFY(!quiet.inputTokens && !quiet.outputTokens && !quiet.costUsd);
        QVERIFY(quiet.tokensEstimated);
        QVERIFY(!quiet.outputTokensPerSecondP50);
        QVERIFY(quiet.ttftMs.p50.has_value());

        // Nothing answered: every attempt classified, every figure null.
        const ProviderSummary &dead = summary->providers[2];
        QCOMPARE(dead.outcomeCount(Outcome::ConnectionError), 9);
        QVERIFY(!dead.ttftMs.p50 && !dead.e2eMs.p95);

        const auto doc = nlohmann::json::parse(sessionSummaryJson(*summary).toStdString());
        const auto &q = doc["providers"][1];
        QVERIFY(q["input_tokens"].is_null() && q["output_tokens"].is_null());
        QVERIFY(q["cost_usd"].is_null());
        QVERIFY(q["output_tokens_per_s"]["p50"].is_null());
        const auto &d = doc["providers"][2];
        for (const char *k : {"p50", "p95", "p99", "p95_ci"}) {
            QVERIFY(d["ttft_ms"][k].is_null());
            QVERIFY(d["e2e_ms"][k].is_null());
        }
        QVERIFY(d["itl_ms"]["mean"].is_null());
        QVERIFY(d["usd_per_1k_tokens"].is_null());
        QVERIFY(d["ok"] == 0);
        QVERIFY(d["outcomes"]["connection_error"] == 9);
    }

    void cancelKeepsWhatWasMeasured()
    {
        QTemporaryDir dir;
        Suite suite;
        suite.name = QStringLiteral("cancel");
        // A provider that reads the requests and never answers: the test cancels once both of
        // the first run's requests have arrived, whenever that is.
        test::ScriptedServer silent;
        QVERIFY(silent.listen());
        suite.providers = {test::simProvider(QStringLiteral("Slow"),
                                             silent.url(QStringLiteral("/v1")),
                                             QStringLiteral("slow"), kPriced),
                           priced(QStringLiteral("Fast"), QStringLiteral("fast"))};
        suite.scenarios = {probe(20, 2)};
        SessionRunner runner;
        QSignalSpy started(&runner, &SessionRunner::sessionStarted);
        QSignalSpy finished(&runner, &SessionRunner::finished);
        QString error;
        const QString path = dir.filePath(QStringLiteral("c.sqlite"));
        QVERIFY(runner.start(SessionRequest{suite, path, std::nullopt, {}}, &error));
        QVERIFY(started.wait(5000));
        QTRY_COMPARE_WITH_TIMEOUT(silent.requests().size(), 2, 10000);
        QElapsedTimer t;
        t.start();
        runner.cancel();
        QVERIFY(finished.wait(5000));
        QVERIFY(t.elapsed() < 3000); // did not wait for answers
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("cancelled"));

        const auto stored = test::readSession(path, finished.first().at(0).toLongLong(),
                                              test::WithSummary::No, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->runs.size(), 2u);
        QCOMPARE(stored->runs[0].status, SessionStatus::Cancelled);
        const std::vector<Sample> &samples = stored->samples[0];
        QCOMPARE(samples.size(), 2u); // the two in flight, recorded as cancelled
        for (const Sample &s : samples)
            QCOMPARE(s.outcome, Outcome::Cancelled);
        QVERIFY(stored->samples[1].empty()); // never started
    }

    void rerunAddsARunForThatProviderOnly()
    {
        QTemporaryDir dir;
        const Suite suite =
            test::suiteOf(QStringLiteral("rerun"),
                          {priced(QStringLiteral("Fast"), QStringLiteral("fast")),
                           priced(QStringLiteral("Quiet"), QStringLiteral("quiet"))},
                          probe(4, 2));
        const QString path = dir.filePath(QStringLiteral("rr.sqlite"));
        SessionRunner runner;
        const auto [id, status] = runToEnd(runner, SessionRequest{suite, path, std::nullopt, {}});
        QCOMPARE(status, QStringLiteral("finished"));
        const auto [id2, status2] =
            runToEnd(runner, SessionRequest{suite, path, id, {QStringLiteral("Quiet")}});
        QCOMPARE(id2, id);
        QCOMPARE(status2, QStringLiteral("finished"));

        QString error;
        const auto summary = test::readSummary(path, id, &error);
        QVERIFY2(summary, qPrintable(error));
        QCOMPARE(summary->providers[0].runs, 1);
        QCOMPARE(summary->providers[1].runs, 2);
        QCOMPARE(summary->info.sampleCount, 12);
    }

    void sentinelKeyIsNeverStored()
    {
        QTemporaryDir dir;
        qputenv("YS_TEST_SENTINEL_KEY", kRunnerSentinelKey);
        auto good = priced(QStringLiteral("Locked"), QStringLiteral("locked"));
        good.apiKeyRef = QStringLiteral("env:YS_TEST_SENTINEL_KEY");
        auto keyless = priced(QStringLiteral("Locked without key"), QStringLiteral("locked"));
        const Suite suite = test::suiteOf(QStringLiteral("secrets"), {good, keyless}, probe(4, 2));
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        SessionRunner runner;
        QStringList warnings;
        connect(&runner, &SessionRunner::warning, this, [&](const QString &w) { warnings << w; });
        const auto [id, status] = runToEnd(runner, SessionRequest{suite, path, std::nullopt, {}});
        QCOMPARE(status, QStringLiteral("finished"));

        {
            QString error;
            const auto summary = test::readSummary(path, id, &error);
            QVERIFY2(summary, qPrintable(error));
            QCOMPARE(summary->providers[0].outcomeCount(Outcome::Ok), 4);
            QCOMPARE(summary->providers[1].outcomeCount(Outcome::AuthError), 4);
        }
        // Neither the database, its WAL, its journal nor any message holds the key.
        const QByteArray needle(kRunnerSentinelKey);
        for (const QFileInfo &f : QDir(dir.path()).entryInfoList(QDir::Files)) {
            QFile file(f.filePath());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains(needle), qPrintable(f.fileName()));
        }
        for (const QString &w : warnings)
            QVERIFY(!w.contains(QLatin1StringView(kRunnerSentinelKey)));
        qunsetenv("YS_TEST_SENTINEL_KEY");
    }

    void unsetKeyReferenceIsReportedByName()
    {
        QTemporaryDir dir;
        auto p = priced(QStringLiteral("Locked"), QStringLiteral("locked"));
        p.apiKeyRef = QStringLiteral("env:YS_TEST_UNSET_VARIABLE");
        const Suite suite = test::suiteOf(QStringLiteral("no key"), {p}, probe(2, 1));
        SessionRunner runner;
        QSignalSpy warnings(&runner, &SessionRunner::warning);
        const auto [id, status] = runToEnd(
            runner,
            SessionRequest{suite, dir.filePath(QStringLiteral("k.sqlite")), std::nullopt, {}});
        QVERIFY(id > 0);
        // Other warnings (a busy machine's calibration) may come first: look through them all.
        const bool named =
            std::any_of(warnings.begin(), warnings.end(), [](const QList<QVariant> &w) {
                return w.at(0).toString().contains(QStringLiteral("YS_TEST_UNSET_VARIABLE"));
            });
        QVERIFY(named);
    }

private:
    // The simulated provider of that name and model, priced.
    ProviderConfig priced(const QString &name, const QString &model) const
    {
        return test::simProvider(name, m_sim->baseUrl(), model, kPriced);
    }

    std::unique_ptr<SimHost> m_sim;
};

YS_TEST_GUILESS_MAIN(TstRunner)
#include "tst_runner.moc"
