// The budget guard against the simulator over real HTTP: the estimate made before a session,
// the refusal of a session past its budget (the command line exits 2 before any request and
// writes nothing), and the stop once the reported spend reaches the budget, with every sample
// so far stored.
#include "analysis/run_summary.h"
#include "analysis/summary_json.h"
#include "domain/suite.h"
#include "models/session_list_model.h"
#include "run/cost_estimate.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"
#include "test_support.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;

namespace {

// $1,000 per million tokens either way: a tenth of a dollar for a 100-token prompt, so a few
// requests reach a budget of cents.
const Price kDear{1000.0, 1000.0, std::nullopt};

// Requests the simulator received for a model.
qsizetype seenBy(const SimHost &sim, const QString &model)
{
    qsizetype n = 0;
    for (const SimRequestRecord &r : sim.records())
        n += r.model == model ? 1 : 0;
    return n;
}

} // namespace

class TstBudget : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<SimHost> m_sim;

    QString cli() const { return test::binDir() + QStringLiteral("/yardstick-cli"); }

    // A suite of one dear provider on the simulator (and an unpriced second one when asked).
    Suite dearSuite(double budgetUsd, int requests, int concurrency, bool second = false) const
    {
        Suite suite;
        suite.name = QStringLiteral("budget");
        suite.budgetUsd = budgetUsd;
        test::ProviderExtras dear;
        dear.price = kDear;
        suite.providers = {test::simProvider(QStringLiteral("Dear"), m_sim->baseUrl(),
                                             QStringLiteral("dear"), dear)};
        if (second)
            suite.providers.push_back(test::simProvider(QStringLiteral("Second"), m_sim->baseUrl(),
                                                        QStringLiteral("second"), dear));
        suite.scenarios = {test::closedLoopScenario(requests, concurrency, 100, 50, 20000)};
        return suite;
    }

private Q_SLOTS:
    void initTestCase()
    {
        auto shape = test::ProfileShape().withTtft(5, 5).withOutput(5, 5);
        m_sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("Dear"), QStringLiteral("dear"), shape),
             test::simProfileJson(QStringLiteral("Second"), QStringLiteral("second"), shape)});
    }

    void cleanupTestCase() { m_sim.reset(); }

    void budgetFieldParsesAndRoundTrips()
    {
        const auto suiteText = [](const char *budget) {
            nlohmann::json provider = nlohmann::json::object();
            provider["name"] = "P";
            provider["dialect"] = "openai-chat";
            provider["base_url"] = "http://127.0.0.1:9/v1";
            provider["model"] = "m";
            nlohmann::json scenario = nlohmann::json::object();
            scenario["kind"] = "latency";
            nlohmann::json doc = nlohmann::json::object();
            doc["format"] = "yardstick-suite/1";
            doc["name"] = "b";
            doc["providers"] = nlohmann::json::array({provider});
            doc["scenarios"] = nlohmann::json::array({scenario});
            if (budget)
                doc["budget_usd"] = nlohmann::json::parse(budget);
            return QByteArray::fromStdString(doc.dump());
        };
        QString error;
        auto suite = Suite::parse(suiteText("2.5"), QStringLiteral("s.json"), &error);
        QVERIFY2(suite, qPrintable(error));
        QCOMPARE(suite->budgetUsd, std::optional<double>(2.5));
        auto again = Suite::parse(suite->toJson(), QStringLiteral("again"), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->budgetUsd, std::optional<double>(2.5));

        suite = Suite::parse(suiteText(nullptr), QStringLiteral("s.json"), &error);
        QVERIFY(suite && !suite->budgetUsd);
        QVERIFY(!suite->toJson().contains("budget_usd"));

        for (const char *bad : {"0", "-1", "\"5\"", "null", "true"}) {
            error.clear();
            QVERIFY2(!Suite::parse(suiteText(bad), QStringLiteral("s.json"), &error), bad);
            QVERIFY2(error.startsWith(QStringLiteral("s.json.budget_usd: ")), qPrintable(error));
        }
    }

    // (c) The estimate is every planned request at its full prompt and output limit, warm-up
    // included, at the list price; a provider without a price is unpriced, not free.
    void estimateMatchesHandComputedFigures()
    {
        Suite suite;
        suite.name = QStringLiteral("estimate");
        test::ProviderExtras priced;
        priced.price = Price{2.0, 8.0, std::nullopt};
        const QUrl url(QStringLiteral("http://127.0.0.1:9/v1"));
        suite.providers = {test::simProvider(QStringLiteral("A"), url, QStringLiteral("a"), priced),
                           test::simProvider(QStringLiteral("B"), url, QStringLiteral("b"))};
        Scenario closed = test::closedLoopScenario(10, 4, 1000, 200);
        closed.warmup = 2;
        Scenario open = test::openLoopScenario(5, 100, 4, 500, 100);
        open.durationS = 3;
        suite.scenarios = {closed, open};

        // 12 × (1000 × $2 + 200 × $8) / 1M = $0.0432; 15 arrivals in 3 s at 5/s ×
        // (500 × $2 + 100 × $8) / 1M = $0.027.
        CostEstimate e = estimateCost(suite, {});
        QCOMPARE(e.providers.size(), 2u);
        QCOMPARE(e.providers[0].provider, QStringLiteral("A"));
        QCOMPARE(e.providers[0].requests, qint64(27));
        QCOMPARE(e.providers[0].promptTokens, qint64(12 * 1000 + 15 * 500));
        QCOMPARE(e.providers[0].outputTokens, qint64(12 * 200 + 15 * 100));
        QVERIFY(e.providers[0].usd);
        QVERIFY(qAbs(*e.providers[0].usd - 0.0702) < 1e-12);
        QCOMPARE(e.providers[1].requests, qint64(27));
        QVERIFY(!e.providers[1].usd);
        QCOMPARE(e.unpriced(), QStringList{QStringLiteral("B")});
        QVERIFY(qAbs(e.totalUsd - 0.0702) < 1e-12);
        QVERIFY(e.anyPriced() && !e.guarded() && !e.exceedsBudget()); // no budget

        suite.budgetUsd = 0.05;
        e = estimateCost(suite, {});
        QVERIFY(e.guarded() && e.exceedsBudget());
        const QString line = CostEstimateText::line(e);
        QVERIFY2(line.contains(QStringLiteral("$0.0702")) &&
                     line.contains(QStringLiteral("A $0.0702")) &&
                     line.contains(QStringLiteral("B unpriced")) &&
                     line.contains(QStringLiteral("$0.0500")),
                 qPrintable(line));
        suite.budgetUsd = 0.0702;
        QVERIFY(!estimateCost(suite, {}).exceedsBudget()); // exactly the budget is within it

        // Only the unpriced provider runs: nothing to guard.
        e = estimateCost(suite, {QStringLiteral("B")});
        QCOMPARE(e.providers.size(), 1u);
        QVERIFY(!e.anyPriced() && !e.guarded());

        // Open loop: the schedule within the duration, never more than asked; a ramp from 2/s
        // to 6/s over 2 s then 6/s for 2 s makes 8 + 12 = 20 arrivals.
        const ProviderConfig &a = suite.providers[0];
        Scenario capped = open;
        capped.requests = 10;
        QCOMPARE(plannedLoads(capped, a).front().count, qint64(10));
        Scenario ramp = open;
        ramp.ratePerS = 2;
        ramp.rampToRatePerS = 6;
        ramp.rampSeconds = 2;
        ramp.durationS = 4;
        QCOMPARE(plannedLoads(ramp, a).front().count, qint64(20));
        Scenario endless = open;
        endless.durationS.reset();
        endless.warmup = 3;
        QCOMPARE(plannedLoads(endless, a).front().count, qint64(103));
    }

    // (a) Past the budget the command line names the estimate and the budget and exits 2: the
    // simulator never saw a request and no database was made.
    void cliRefusesASessionPastItsBudget()
    {
        QTemporaryDir dir;
        const Suite suite = dearSuite(0.5, 10, 1);
        const QString suitePath = dir.filePath(QStringLiteral("dear.json"));
        QFile f(suitePath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(suite.toJson());
        f.close();
        const QString db = dir.filePath(QStringLiteral("dear.sqlite"));
        const qsizetype before = m_sim->records().size();

        QProcess p;
        p.start(cli(), {QStringLiteral("run"), QStringLiteral("--suite"), suitePath,
                        QStringLiteral("--db"), db});
        QVERIFY(p.waitForFinished(60000 * test::kSlow));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        qInfo().noquote() << err.trimmed();
        QCOMPARE(p.exitCode(), 2);
        // 10 × (100 + 50) tokens at $1,000 per million: $1.50 against $0.500.
        QVERIFY2(err.contains(QStringLiteral("$1.50")) && err.contains(QStringLiteral("$0.500")) &&
                     err.contains(QStringLiteral("budget")),
                 qPrintable(err));
        QCOMPARE(m_sim->records().size(), before);
        QVERIFY(!QFileInfo::exists(db));

        // Within the budget it prints the estimate and runs.
        const Suite ok = dearSuite(5.0, 2, 1);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(ok.toJson());
        f.close();
        QProcess q;
        q.start(cli(), {QStringLiteral("run"), QStringLiteral("--suite"), suitePath,
                        QStringLiteral("--db"), db});
        QVERIFY(q.waitForFinished(60000 * test::kSlow));
        const QString err2 = QString::fromUtf8(q.readAllStandardError());
        QCOMPARE(q.exitCode(), 0);
        QVERIFY2(err2.contains(QStringLiteral("Dear $0.300")) &&
                     err2.contains(QStringLiteral("$5.00")),
                 qPrintable(err2));
        QTRY_COMPARE_WITH_TIMEOUT(m_sim->records().size(), before + 2, 5000);
    }

    // (b) Run past the estimate (as the workbench does when the analyst says run anyway): the
    // spend from reported usage reaches the budget, the run is stopped, the next provider's run
    // never starts, and everything is stored as budget_exhausted with every sample so far.
    void spendReachingTheBudgetStopsTheSession()
    {
        QTemporaryDir dir;
        // About $0.105 a request; the budget is reached by the fifth of twenty.
        const double budget = 0.45;
        const Suite suite = dearSuite(budget, 20, 1, true);
        const QString path = dir.filePath(QStringLiteral("spend.sqlite"));
        const qsizetype dearBefore = seenBy(*m_sim, QStringLiteral("dear"));
        const qsizetype secondBefore = seenBy(*m_sim, QStringLiteral("second"));

        SessionRunner runner;
        QSignalSpy finished(&runner, &SessionRunner::finished);
        QSignalSpy warnings(&runner, &SessionRunner::warning);
        SessionRequest request{suite, path, std::nullopt, {}};
        QString error;
        QVERIFY(!runner.start(request, &error)); // the estimate ($6) is past the budget
        QVERIFY(error.contains(QStringLiteral("$6.00")));
        QVERIFY(!QFileInfo::exists(path));
        request.overBudgetAccepted = true;
        QVERIFY2(runner.start(request, &error), qPrintable(error));
        QVERIFY(finished.wait(60000 * test::kSlow));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("budget_exhausted"));
        const qint64 sessionId = finished.first().at(0).toLongLong();
        bool warned = false;
        for (const QList<QVariant> &w : warnings)
            warned = warned || w.at(0).toString().contains(QStringLiteral("$0.450"));
        QVERIFY(warned);

        Database db(path);
        QVERIFY(db.open(&error));
        SessionRepository repo(db);
        QCOMPARE(repo.session(sessionId, &error)->status, SessionStatus::BudgetExhausted);
        const auto runs = repo.runs(sessionId, &error);
        QCOMPARE(runs.size(), 2u);
        QCOMPARE(runs[0].status, SessionStatus::BudgetExhausted);
        QCOMPARE(runs[1].status, SessionStatus::BudgetExhausted);
        QVERIFY(repo.samples(runs[1].id, &error).empty());
        QCOMPARE(seenBy(*m_sim, QStringLiteral("second")), secondBefore);

        // Every request the simulator answered is a stored sample, and the run stopped at the
        // attempt whose cost reached the budget (one at a time, so nothing else was in flight).
        const auto samples = repo.samples(runs[0].id, &error);
        QTRY_COMPARE_WITH_TIMEOUT(seenBy(*m_sim, QStringLiteral("dear")) - dearBefore,
                                  qsizetype(samples.size()), 5000);
        QVERIFY(samples.size() >= 2 && samples.size() < 20);
        double spent = 0;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            QCOMPARE(samples[i].outcome, Outcome::Ok);
            QVERIFY(samples[i].costUsd);
            if (i + 1 == samples.size())
                QVERIFY2(spent < budget, qPrintable(QString::number(spent)));
            spent += *samples[i].costUsd;
        }
        QVERIFY2(spent >= budget, qPrintable(QString::number(spent)));

        // The event log says why, with the spend and the budget.
        int budgetEvents = 0;
        for (const SessionEvent &e : repo.events(sessionId, &error)) {
            if (e.kind != QLatin1StringView("budget"))
                continue;
            ++budgetEvents;
            const QJsonObject d = QJsonDocument::fromJson(e.detail.toUtf8()).object();
            QCOMPARE(d.value(QStringLiteral("budget_usd")).toDouble(), budget);
            QVERIFY(qAbs(d.value(QStringLiteral("spent_usd")).toDouble() - spent) < 1e-9);
            QVERIFY(qAbs(d.value(QStringLiteral("estimated_usd")).toDouble() - 6.0) < 1e-9);
            QCOMPARE(e.runId, std::optional<qint64>(runs[0].id));
        }
        QCOMPARE(budgetEvents, 1);

        const auto summary = loadSessionSummary(repo, sessionId, &error);
        QVERIFY2(summary, qPrintable(error));
        const auto doc = nlohmann::json::parse(sessionSummaryJson(*summary).toStdString());
        QVERIFY(doc["status"] == "budget_exhausted");
    }

    // Several attempts in flight when the budget is reached: they end as cancelled and are
    // kept, and nothing starts after the stop.
    void attemptsInFlightAreKeptAsCancelled()
    {
        QTemporaryDir dir;
        Suite suite = dearSuite(0.35, 40, 4);
        const qsizetype before = seenBy(*m_sim, QStringLiteral("dear"));
        const QString path = dir.filePath(QStringLiteral("inflight.sqlite"));
        SessionRunner runner;
        QSignalSpy finished(&runner, &SessionRunner::finished);
        SessionRequest request{suite, path, std::nullopt, {}};
        request.overBudgetAccepted = true;
        QString error;
        QVERIFY2(runner.start(request, &error), qPrintable(error));
        QVERIFY(finished.wait(60000 * test::kSlow));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("budget_exhausted"));
        const auto stored = test::readSession(path, finished.first().at(0).toLongLong(),
                                              test::WithSummary::No, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->runs.size(), 1u);
        QCOMPARE(stored->runs[0].status, SessionStatus::BudgetExhausted);
        const std::vector<Sample> &samples = stored->samples[0];
        QVERIFY2(samples.size() <= 4 + 3, qPrintable(QString::number(samples.size())));
        double spent = 0;
        int priced = 0;
        for (const Sample &s : samples) {
            QVERIFY(s.outcome == Outcome::Ok || s.outcome == Outcome::Cancelled);
            spent += s.costUsd.value_or(0);
            priced += s.costUsd ? 1 : 0;
        }
        qInfo().noquote() << QStringLiteral("%1 samples, %2 priced, $%3 spent")
                                 .arg(samples.size())
                                 .arg(priced)
                                 .arg(spent);
        QVERIFY(spent >= 0.35);
        // The simulator answered every priced attempt, and saw nothing that was not stored.
        const qsizetype seen = seenBy(*m_sim, QStringLiteral("dear")) - before;
        QVERIFY2(seen >= priced && seen <= qsizetype(samples.size()),
                 qPrintable(QString::number(seen)));
        // No request started after the one that reached the budget: at most the three others
        // in flight with it finished after it.
        QVERIFY2(priced <= 4 + 3, qPrintable(QString::number(priced)));
    }

    // The workbench asks before a session past its budget; declined, nothing is sent or stored.
    void workbenchAsksBeforeRunningPastTheBudget()
    {
        QTemporaryDir dir;
        Workbench bench(dir.filePath(QStringLiteral("wb.sqlite")));
        QString error;
        QVERIFY2(bench.open(&error), qPrintable(error));
        std::vector<CostEstimate> asked;
        bench.setOverBudgetHandler([&asked](const CostEstimate &e) {
            asked.push_back(e);
            return false;
        });
        QSignalSpy estimated(&bench, &Workbench::costEstimated);
        const qsizetype before = m_sim->records().size();
        error = QStringLiteral("untouched");
        QVERIFY(!bench.runSuite(dearSuite(0.5, 10, 1), &error));
        QVERIFY(error.isEmpty()); // declined, not a failure
        QCOMPARE(asked.size(), 1u);
        QVERIFY(qAbs(asked[0].totalUsd - 1.5) < 1e-12);
        QCOMPARE(estimated.size(), 1);
        QVERIFY(!bench.isRunning());
        QCOMPARE(m_sim->records().size(), before);
        QCOMPARE(bench.sessionModel()->rowCount(), 0);

        // Accepted: it runs, and the spend guard stops it.
        bench.setOverBudgetHandler([](const CostEstimate &) { return true; });
        QSignalSpy finished(&bench, &Workbench::sessionFinished);
        QVERIFY2(bench.runSuite(dearSuite(0.25, 10, 1), &error), qPrintable(error));
        QVERIFY(finished.wait(60000 * test::kSlow));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("budget_exhausted"));
    }
};

YS_TEST_GUILESS_MAIN(TstBudget)
#include "tst_budget.moc"
