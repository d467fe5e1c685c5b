// The routing what-if (analysis/routing_replay.h): exact figures of hand-made attempts through a
// fallback, a latency budget and a breaker; then the acceptance check: a session that measured a
// primary with 20% server errors and a fallback apart, its what-if through a policy (breaker,
// fallback, latency budget) against a direct run of the same policy on a fresh simulator, their
// SLO attainments within 5 points.
#include "analysis/routing_replay.h"
#include "cli_runner.h"
#include "fixtures.h"
#include "session_support.h"
#include "storage/routing_attempts.h"
#include "test_main.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

constexpr qint64 kReplayMs = 1'000'000;

RoutedAttempt replayAttempt(int index, Outcome outcome, double e2eMs, std::optional<double> cost)
{
    RoutedAttempt a;
    a.requestIndex = index;
    a.outcome = outcome;
    a.endNs = qint64(e2eMs * double(kReplayMs));
    const bool ok = outcomeIsSuccess(outcome);
    if (ok)
        a.firstTokenNs = a.endNs / 2;
    a.costUsd = cost;
    a.timing = {ok ? e2eMs / 2 : NAN, ok ? 1.0 : NAN, e2eMs, ok};
    return a;
}

// P: 10 requests, those in failing a 2 ms server error, the others answers of pMs at $0.001;
// F: 10 answers of fMs at $0.002. One at a time.
std::vector<RunAttempts> replayRuns(const std::vector<int> &failing, double pMs = 50,
                                    double fMs = 100)
{
    RunAttempts p{QStringLiteral("P"), 1, false, 1, 10, {}};
    RunAttempts f{QStringLiteral("F"), 2, false, 1, 10, {}};
    for (int i = 0; i < 10; ++i) {
        const bool fails = std::find(failing.begin(), failing.end(), i) != failing.end();
        p.attempts.push_back(fails ? replayAttempt(i, Outcome::ServerError, 2, std::nullopt)
                                   : replayAttempt(i, Outcome::Ok, pMs, 0.001));
        f.attempts.push_back(replayAttempt(i, Outcome::Ok, fMs, 0.002));
    }
    return {p, f};
}

RoutingPolicy replayPolicy()
{
    RoutingPolicy p;
    p.primary = QStringLiteral("P");
    p.fallbacks = {QStringLiteral("F")};
    return p;
}

int servedCount(const RoutingFigures &f, const QString &name)
{
    for (const auto &[n, count] : f.servedBy)
        if (n == name)
            return count;
    return -1;
}

// The simulated primary ("prim": TTFT median 80 ms, P95 220 ms, a 500 on 20% of requests) and
// fallback ("fall": TTFT 30 ms flat), four output tokens each: times well above what a busy
// sanitized client adds to them, which differs between the two sessions compared.
std::vector<json> routingProfiles()
{
    const auto shape = test::ProfileShape().withOutput(4, 4);
    return {test::simProfileJson(QStringLiteral("Primary"), QStringLiteral("prim"),
                                 test::ProfileShape(shape).withTtft(80, 220).withSeed(11),
                                 json{{"faults", {{"server_error_500", 0.2}}}}),
            test::simProfileJson(QStringLiteral("Fallback"), QStringLiteral("fall"),
                                 test::ProfileShape(shape).withTtft(30, 30).withSeed(12))};
}

} // namespace

class TstRoutingReplay : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void fallbackFigures()
    {
        SloObjectives slo;
        slo.e2eMs = 80;
        QString error;
        const auto r = RoutingReplay::replay(replayPolicy(), replayRuns({0, 5}), slo, &error);
        QVERIFY2(r, qPrintable(error));
        const RoutingFigures &w = r->withPolicy;
        QCOMPARE(w.requests, 10);
        QCOMPARE(w.successes, 10);
        QCOMPARE(w.fellBack, 2);
        QCOMPARE(w.attempts, 12);
        QCOMPARE(servedCount(w, QStringLiteral("P")), 8);
        QCOMPARE(servedCount(w, QStringLiteral("F")), 2);
        QCOMPARE(*w.slo.share, 0.8); // the two that fell back took 2 + 100 ms
        QCOMPARE(*w.p95Ms, 102.0);
        QVERIFY(std::abs(*w.costUsd - 0.012) < 1e-12);
        const RoutingFigures &a = r->primaryAlone;
        QCOMPARE(a.successes, 8);
        QCOMPARE(*a.slo.share, 0.8);
        QVERIFY(std::abs(*a.costUsd - 0.008) < 1e-12);
        QCOMPARE(*a.p95Ms, 50.0);
    }

    void latencyBudget()
    {
        // P answers in 120 ms, F in 60: every answer of P is given up at the budget of 100 ms,
        // unbilled, and F's come in under it.
        RoutingPolicy p = replayPolicy();
        p.latencyBudgetMs = 100;
        SloObjectives slo;
        slo.e2eMs = 130;
        QString error;
        auto r = RoutingReplay::replay(p, replayRuns({0, 5}, 120, 60), slo, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->withPolicy.successes, 10);
        QCOMPARE(servedCount(r->withPolicy, QStringLiteral("F")), 10);
        QCOMPARE(*r->withPolicy.slo.share, 0.2); // 2 + 60 attains, 100 + 60 does not
        QCOMPARE(*r->withPolicy.p95Ms, 160.0);
        QVERIFY(std::abs(*r->withPolicy.costUsd - 0.02) < 1e-12);
        QCOMPARE(*r->primaryAlone.slo.share, 0.8); // alone, no budget: 120 ms answers attain
        // The budget holds for the fallback too (it is the scenarios' timeout): F's 60 ms
        // answers given up at 50 ms leave nothing answered.
        p.latencyBudgetMs = 50;
        r = RoutingReplay::replay(p, replayRuns({0, 5}, 120, 60), slo, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->withPolicy.successes, 0);
        QVERIFY(!r->withPolicy.costUsd);
    }

    void breakerOnTheAttemptsClock()
    {
        RoutingPolicy p = replayPolicy();
        p.breaker = BreakerSettings{2, 1.0, 0.3, 1};
        QString error;
        const auto r = RoutingReplay::replay(p, replayRuns({0, 1}), SloObjectives{}, &error);
        QVERIFY2(r, qPrintable(error));
        // 0 and 1 fail at 2 and 104 ms (open at 104); 2 and 3 start at 204 and 304, refused; 4
        // starts at 404, 300 ms after it opened: the probe, which closes it.
        const RoutingFigures &w = r->withPolicy;
        QCOMPARE(w.breakerOpened, 1);
        QCOMPARE(w.breakerRefused, 2);
        QCOMPARE(w.fellBack, 4);
        QCOMPARE(servedCount(w, QStringLiteral("P")), 6);
        QCOMPARE(servedCount(w, QStringLiteral("F")), 4);
        QCOMPARE(w.attempts, 12);
        QCOMPARE(*w.slo.share, 1.0); // no objective set: every success attains
    }

    void missingProvider()
    {
        RoutingPolicy p = replayPolicy();
        p.fallbacks.push_back(QStringLiteral("Ghost"));
        QString error;
        QVERIFY(!RoutingReplay::replay(p, replayRuns({}), SloObjectives{}, &error));
        QVERIFY2(error.contains(QStringLiteral("Ghost")), qPrintable(error));
    }

    // Acceptance: the what-if of a measured session against the policy run directly.
    void replayMatchesDirectRun()
    {
        const QString db = m_dir.filePath(QStringLiteral("routing.sqlite"));
        const QString truthLog = m_dir.filePath(QStringLiteral("truth.jsonl"));
        QString error;
        SimHostOptions logged;
        logged.logFile = truthLog;
        auto measuredSim = test::startSim(routingProfiles(), &error, logged);
        QVERIFY2(measuredSim, qPrintable(error));
        test::ProviderExtras extras;
        extras.price = Price{0.5, 1.5, std::nullopt};
        ProviderConfig prim = test::simProvider(QStringLiteral("Primary"), measuredSim->baseUrl(),
                                                QStringLiteral("prim"), extras);
        extras.price = Price{1.0, 3.0, std::nullopt};
        ProviderConfig fall = test::simProvider(QStringLiteral("Fallback"), measuredSim->baseUrl(),
                                                QStringLiteral("fall"), extras);
        Suite suite = test::suiteOf(QStringLiteral("routing"), {prim, fall},
                                    test::closedLoopScenario(200, 4, 32, 4));
        Requirements req = Requirements::none();
        req.slo.e2eMs = 160;
        suite.requirements = req;
        const auto measured =
            test::runAndRead(SessionRequest{suite, db, std::nullopt, {}}, 60000 * test::kSlow);
        QVERIFY(measured);
        measuredSim->stop();

        // The simulator's truth: about one request in five of the primary got a 500.
        QFile truth(truthLog);
        QVERIFY(truth.open(QIODevice::ReadOnly));
        int primRequests = 0, primErrors = 0;
        for (const QByteArray &line : truth.readAll().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            const json r = json::parse(line.toStdString());
            if (r.value("model", std::string()) != "prim")
                continue;
            ++primRequests;
            for (const json &f : r.value("faults", json::array()))
                primErrors += f.get<std::string>() == "server_error_500" ? 1 : 0;
        }
        QCOMPARE(primRequests, 200);
        QVERIFY2(primErrors >= 24 && primErrors <= 56, qPrintable(QString::number(primErrors)));

        RoutingPolicy policy;
        policy.primary = prim.name;
        policy.fallbacks = {fall.name};
        policy.latencyBudgetMs = 200;
        policy.breaker = BreakerSettings{5, 0.2, 0.1, 1};
        Database database(db);
        QVERIFY2(database.open(&error), qPrintable(error));
        SessionRepository repo(database);
        const auto runs = loadRoutingRuns(repo, *measured->summary,
                                          {policy.primary, policy.fallbacks.front()}, &error);
        QVERIFY2(runs, qPrintable(error));
        const auto replay = RoutingReplay::replay(policy, *runs, req.slo, &error);
        QVERIFY2(replay, qPrintable(error));

        // The same policy applied to the suite and run directly, on a fresh simulator of the
        // same profiles.
        auto directSim = test::startSim(routingProfiles(), &error);
        QVERIFY2(directSim, qPrintable(error));
        Suite direct = suite;
        for (ProviderConfig &p : direct.providers)
            p.baseUrl = directSim->baseUrl();
        QVERIFY2(policy.applyTo(direct, &error), qPrintable(error));
        const auto ran = test::runAndRead(
            SessionRequest{direct, db, std::nullopt, {policy.primary}}, 60000 * test::kSlow);
        QVERIFY(ran);
        const ProviderSummary *p = test::providerNamed(*ran->summary, policy.primary);
        QVERIFY(p);
        const auto directRun = loadRunAttempts(repo, ran->end.id, p->runId, &error);
        QVERIFY2(directRun, qPrintable(error));
        const RoutingFigures d = RoutingReplay::measured(
            *directRun, {policy.primary, policy.fallbacks.front()}, req.slo);
        const RoutingFigures &w = replay->withPolicy;
        const RoutingFigures &alone = replay->primaryAlone;
        qInfo("SLO attainment: primary alone %.3f, what-if %.3f, direct %.3f; success %.3f / "
              "%.3f / %.3f; P95 %.1f / %.1f ms; cost $%.5f / $%.5f; fell back %d / %d; breaker "
              "opened %d in the what-if",
              *alone.slo.share, *w.slo.share, *d.slo.share, *alone.successRate, *w.successRate,
              *d.successRate, *w.p95Ms, *d.p95Ms, *w.costUsd, *d.costUsd, w.fellBack, d.fellBack,
              w.breakerOpened);
        QCOMPARE(d.requests, 200);
        QCOMPARE(w.requests, 200);
        // Neither trivially all nor nothing, and the fallback visibly helps.
        QVERIFY(*w.slo.share > 0.5 && *w.slo.share < 0.97);
        QVERIFY(*w.slo.share - *alone.slo.share > 0.1);
        QVERIFY(std::abs(*alone.successRate - 0.8) < 0.1);
        QVERIFY2(std::abs(*w.slo.share - *d.slo.share) <= 0.05, "what-if and direct run differ");
        QVERIFY(std::abs(*w.successRate - *d.successRate) <= 0.05);
        // The cost follows the share the (dearer) fallback answered, which the breaker's openings
        // move: each is a threshold crossed, so a few milliseconds can add or spare one.
        QVERIFY(std::abs(*w.costUsd - *d.costUsd) <= 0.3 * *d.costUsd);
        QVERIFY(d.fellBack > 0 && w.fellBack > 0);
        checkRouteCommand(db, measured->end.id, policy, *replay);
    }

private:
    // yardstick-cli route prints the same what-if, writes the policy, and refuses bad input (2).
    void checkRouteCommand(const QString &db, qint64 session, const RoutingPolicy &policy,
                           const RoutingReplayResult &replay)
    {
        const QString policyFile = m_dir.filePath(QStringLiteral("policy.json"));
        QFile f(policyFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(policy.toJson());
        f.close();
        const QString sessionId = QString::number(session);
        const QString copy = m_dir.filePath(QStringLiteral("copy.json"));
        const QString yaml = m_dir.filePath(QStringLiteral("litellm.yaml"));
        const test::CliResult r = test::runCli(
            {QStringLiteral("route"), QStringLiteral("--db"), db, QStringLiteral("--session"),
             sessionId, QStringLiteral("--policy"), policyFile, QStringLiteral("--json"),
             QStringLiteral("--write-policy"), copy, QStringLiteral("--litellm"), yaml});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const json doc = json::parse(r.out.toStdString());
        QVERIFY(doc.at("with_policy").at("slo_attainment") == *replay.withPolicy.slo.share);
        QVERIFY(doc.at("primary_alone").at("slo_attainment") == *replay.primaryAlone.slo.share);
        QVERIFY(doc.at("with_policy").at("requests") == 200);
        QString error;
        const auto written = RoutingPolicy::loadFile(copy, &error);
        QVERIFY2(written && *written == policy, qPrintable(error));
        QVERIFY(QFile::exists(yaml));
        const test::CliResult text =
            test::runCli({QStringLiteral("route"), QStringLiteral("--db"), db,
                          QStringLiteral("--session"), sessionId, QStringLiteral("--primary"),
                          policy.primary, QStringLiteral("--fallback"), policy.fallbacks.front()});
        QVERIFY2(text.code == 0, qPrintable(text.err));
        QVERIFY(text.out.contains("SLO attainment"));
        const test::CliResult bad = test::runCli(
            {QStringLiteral("route"), QStringLiteral("--db"), db, QStringLiteral("--session"),
             sessionId, QStringLiteral("--primary"), QStringLiteral("Nobody")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("Nobody")), qPrintable(bad.err));
    }
};

YS_TEST_GUILESS_MAIN(TstRoutingReplay)
#include "tst_routing_replay.moc"
