// One plan for every way a session starts (run/session_plan.h): for a suite whose prices come
// from the catalog (one model with a tier past 200K prompt tokens, one with a cached price of the
// suite's own), the cost estimate the suite page shows, the one `yardstick-cli run` prints, the
// one a queue worker stores with its session (show --json "cost_estimate") and the one the
// command line's own run stores are the same figures. Real widgets, real HTTP to the simulator,
// real SQLite files.
#include "cli_runner.h"
#include "demo/sim_demo_host.h"
#include "domain/suite.h"
#include "fixtures.h"
#include "pricing/price_catalog.h"
#include "run/cost_estimate.h"
#include "run/session_plan.h"
#include "session_support.h"
#include "sim/sim_host.h"
#include "test_main.h"
#include "ui/suite_page.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// Every "$…" amount of a text, in order.
QStringList amounts(const QString &text)
{
    static const QRegularExpression usd(QStringLiteral("\\$[0-9]+(\\.[0-9]+)?"));
    QStringList out;
    for (auto it = usd.globalMatch(text); it.hasNext();)
        out << it.next().captured();
    return out;
}

} // namespace

class TstSessionPlan : public test::ScratchSimTest {
    Q_OBJECT

private:
    Suite suite() const
    {
        Suite s;
        s.name = QStringLiteral("one plan");
        s.budgetUsd = 50.0;
        test::ProviderExtras gemini;
        gemini.dialect = QStringLiteral("gemini");
        QUrl geminiUrl = m_sim->baseUrl();
        geminiUrl.setPath(QStringLiteral("/v1beta"));
        ProviderConfig pro = test::simProvider(QStringLiteral("Pro"), geminiUrl,
                                               QStringLiteral("gemini-2.5-pro"), gemini);
        pro.catalog = QStringLiteral("google/gemini-2.5-pro"); // tiered past 200K
        ProviderConfig mini = test::simProvider(QStringLiteral("Mini"), m_sim->baseUrl(),
                                                QStringLiteral("gpt-4o-mini"));
        mini.catalog = QStringLiteral("openai/gpt-4o-mini");
        PriceOverride cached;
        cached.cachedInputPerMtok = 0.05; // the suite's own cached price over the catalog's
        mini.priceOverride = cached;
        s.providers = {pro, mini};

        const Scenario latency = test::closedLoopScenario(3, 1, 300, 16);
        // Its probe at the claim is planned at 210,000 tokens: past Pro's tier.
        Scenario limit;
        limit.kind = QStringLiteral("context_limit");
        limit.contextLimit.claimed = 210000;
        limit.contextLimit.maxProbes = 2;
        limit.maxOutputTokens = 16;
        s.scenarios = {latency, limit};
        return s;
    }

    QString writeSuite(const QString &name) const
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(suite().toJson());
        return path;
    }

    // The stored estimate of the latest session of a database, through show --json.
    static std::optional<json> storedEstimate(const QString &db)
    {
        const test::CliResult shown = test::runCli(
            {QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        if (shown.code != 0) {
            qWarning("show: %s", qPrintable(shown.err));
            return std::nullopt;
        }
        const json doc = json::parse(shown.out.toStdString(), nullptr, false);
        if (!doc.is_object() || !doc.contains("cost_estimate"))
            return std::nullopt;
        return doc["cost_estimate"];
    }

    // The amounts a stored estimate prints as: the total, the budget, each provider's.
    static QStringList storedAmounts(const json &e)
    {
        QStringList out{CostEstimateText::usd(e["total_usd"].get<double>()),
                        CostEstimateText::usd(e["budget_usd"].get<double>())};
        for (const json &p : e["providers"])
            out << CostEstimateText::usd(p["usd"].get<double>());
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto shape = test::ProfileShape().withPrefill(5e6).withOutput(8, 8).withWindow(300000);
        m_sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("Pro"), QStringLiteral("gemini-2.5-pro"), shape),
             test::simProfileJson(QStringLiteral("Mini"), QStringLiteral("gpt-4o-mini"), shape)});
    }

    void oneEstimateEverywhere()
    {
        // The plan itself: catalog prices, Pro's probe at the claim past its tier.
        QString error;
        const auto plan = SessionPlan::make(suite(), {}, &error);
        QVERIFY2(plan, qPrintable(error));
        const CostEstimate &e = plan->estimate();
        QCOMPARE(e.providers.size(), std::size_t(2));
        QVERIFY(e.providers[0].usd && e.providers[1].usd);
        QVERIFY(plan->warnings().isEmpty());
        const Price &pro = *plan->suite().providers[0].price;
        QCOMPARE(pro.source, QStringLiteral("catalog"));
        QVERIFY(pro.tiered());
        QCOMPARE(plan->suite().providers[1].price->cachedInputPerMtok, std::optional<double>(0.05));
        // Pro's estimate pays the tier's rate for the 210,000-token probe.
        QVERIFY(*e.providers[0].usd > double(210000) * 2.5 / 1e6);
        const QStringList planned = amounts(CostEstimateText::line(e));
        QCOMPARE(planned.size(), 4); // total, Pro, Mini, budget

        // The suite page, as the analyst sees it.
        const QString suitePath = writeSuite(QStringLiteral("plan.json"));
        QVERIFY(!suitePath.isEmpty());
        Workbench workbench(m_dir.filePath(QStringLiteral("gui.sqlite")),
                            std::make_unique<SimDemoHost>());
        QVERIFY2(workbench.open(&error), qPrintable(error));
        SuitePage page(&workbench);
        QVERIFY(page.openFile(suitePath));
        auto *label = page.findChild<QLabel *>(QStringLiteral("costEstimate"));
        QVERIFY(label);
        // "Estimated cost at most T, budget B", then Pro's line, then Mini's.
        const QStringList shown = amounts(label->text());
        QCOMPARE(shown, (QStringList{planned[0], planned[3], planned[1], planned[2]}));
        QCOMPARE(amounts(label->toolTip()), planned);

        // The command line prints the same line before it runs, and its session stores it.
        const QString cliDb = m_dir.filePath(QStringLiteral("cli.sqlite"));
        const test::CliResult ran = test::runCli({QStringLiteral("run"), QStringLiteral("--suite"),
                                                  suitePath, QStringLiteral("--db"), cliDb});
        QVERIFY2(ran.code == 0, qPrintable(ran.err));
        QVERIFY2(ran.err.contains(CostEstimateText::line(e)), qPrintable(ran.err));
        const auto cliStored = storedEstimate(cliDb);
        QVERIFY(cliStored);
        QCOMPARE(storedAmounts(*cliStored),
                 (QStringList{planned[0], planned[3], planned[1], planned[2]}));

        // A worker makes its own plan when it claims the item, and stores the same figures.
        const QString teamDb = m_dir.filePath(QStringLiteral("team.sqlite"));
        const test::CliResult queued =
            test::runCli({QStringLiteral("queue"), QStringLiteral("--db"), teamDb,
                          QStringLiteral("--suite"), suitePath});
        QVERIFY2(queued.code == 0, qPrintable(queued.err));
        QVERIFY2(queued.err.contains(CostEstimateText::line(e)), qPrintable(queued.err));
        const test::CliResult worked = test::runCli(
            {QStringLiteral("worker"), QStringLiteral("--db"), teamDb, QStringLiteral("--once")});
        QVERIFY2(worked.code == 0, qPrintable(worked.err + QString::fromUtf8(worked.out)));
        const auto workerStored = storedEstimate(teamDb);
        QVERIFY(workerStored);
        QVERIFY2(*workerStored == *cliStored, workerStored->dump().c_str());
        for (std::size_t i = 0; i < 2; ++i) {
            const json &p = (*workerStored)["providers"][i];
            QCOMPARE(p["requests"].get<qint64>(), e.providers[i].requests);
            QCOMPARE(p["prompt_tokens"].get<qint64>(), e.providers[i].promptTokens);
            QCOMPARE(p["output_tokens"].get<qint64>(), e.providers[i].outputTokens);
        }
        qInfo("estimate %s: page, command line, its session and a worker's session agree",
              qPrintable(CostEstimateText::line(e)));
    }

    // Past the budget the same plan refuses everywhere: the queue does not take the item, the
    // command line does not start, and nothing is stored.
    void overBudgetRefusedAlike()
    {
        Suite s = suite();
        s.budgetUsd = 0.0001;
        const QString path = m_dir.filePath(QStringLiteral("over.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(s.toJson());
        }
        QString error;
        const auto plan = SessionPlan::make(s, {}, &error);
        QVERIFY2(plan, qPrintable(error));
        QVERIFY(plan->refused(false));
        const QString refusal = CostEstimateText::refusal(plan->estimate());
        const QString db = m_dir.filePath(QStringLiteral("over.sqlite"));
        const test::CliResult queued = test::runCli(
            {QStringLiteral("queue"), QStringLiteral("--db"), db, QStringLiteral("--suite"), path});
        QCOMPARE(queued.code, 2);
        QVERIFY2(queued.err.contains(refusal), qPrintable(queued.err));
        const test::CliResult ran = test::runCli(
            {QStringLiteral("run"), QStringLiteral("--suite"), path, QStringLiteral("--db"), db});
        QCOMPARE(ran.code, 2);
        QVERIFY2(ran.err.contains(refusal), qPrintable(ran.err));
    }
};

YS_TEST_MAIN(TstSessionPlan)
#include "tst_session_plan.moc"
