// Answer contracts (and tool calls) on screen and in the report: a session whose provider breaks
// its schema in 5% of answers (run by the real yardstick-cli against the simulator) shows in the
// Contracts tab with the summary's pass rates and every failed check of the selected provider, its
// failed answers are a choice of the Attempts page's filter with each answer's checks in its
// detail, and the report holds the same rates.
#include "cli_runner.h"
#include "fixtures.h"
#include "suite_files.h"
#include "test_main.h"
#include "workbench_fixtures.h"

#include "models/attempts_model.h"
#include "models/contract_model.h"
#include "models/latency_phases_model.h"
#include "models/row_table_model.h"
#include "ui/attempts_page.h"
#include "ui/contract_view.h"
#include "ui/latency_phases_view.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

class TstContractView : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;

    // Opens the workbench's database and its first session, and waits for its summary.
    static bool openFirstSession(Workbench &workbench)
    {
        QString error;
        if (!workbench.open(&error)) {
            qWarning() << error;
            return false;
        }
        workbench.refreshSessions();
        if (!workbench.selectSession(1))
            return false;
        return QTest::qWaitFor([&] { return workbench.loadingSession() == 0; }, 60000) &&
               bool(workbench.summary());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useOwnSettings(m_dir.filePath(QStringLiteral("config")),
                             QStringLiteral("tst_contract_view"));
        const auto shape = test::ProfileShape().withTtft(1, 2).withOutput(4, 4);
        const json doc = {{"id", "A-17"}, {"qty", 3}};
        auto sim = test::startedSim({test::simProfileJson(
            QStringLiteral("breaks"), QStringLiteral("breaks"), shape,
            {{"structured_output", {{"document", doc}, {"break_rate", 0.05}}}})});
        QVERIFY(sim);
        const json schema = {{"type", "object"},
                             {"required", {"id", "qty"}},
                             {"properties", {{"id", {{"type", "string"}}}}}};
        const json scenario =
            test::latencyScenarioJson(200, 8, 64, 64, {{"contract", {{"schema", schema}}}});
        const QString suite = test::writeJsonFile(
            m_dir.filePath(QStringLiteral("suite.json")),
            test::suiteJson("contracts",
                            json::array({test::suiteProviderJson("sim", sim->baseUrl(), "breaks",
                                                                 test::pricedProviderExtras())}),
                            json::array({scenario}),
                            {{"requirements", {{"preset", "contract_audit"}}}}));
        m_db = m_dir.filePath(QStringLiteral("contracts.sqlite"));
        const test::CliResult r = test::runCli({QStringLiteral("run"), QStringLiteral("--suite"),
                                                suite, QStringLiteral("--db"), m_db});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void contractsTabAndAttempts()
    {
        Workbench workbench(m_db);
        QVERIFY(openFirstSession(workbench));
        const ProviderSummary &p = workbench.summary()->providers.front();
        QVERIFY(p.contract);
        const ContractSummary &c = *p.contract;
        QVERIFY(c.passed < c.answers);
        QCOMPARE(c.answers, 200);

        ContractView view(&workbench);
        view.resize(1200, 700);
        view.show();
        QTRY_COMPARE(view.model()->rowCount(), 1);
        const auto value = [&](const char *key) {
            const RowTableModel *m = view.model();
            for (int col = 0; col < m->columnCount(); ++col)
                if (m->column(col).key == QLatin1StringView(key))
                    return m->index(0, col).data(RowTableModel::ValueRole);
            return QVariant();
        };
        QCOMPARE(value("answers").toInt(), c.answers);
        QCOMPARE(value("pass_rate_pct").toDouble(), *c.passRate * 100);
        QCOMPARE(value("schema").toDouble(), *c.rate(QStringLiteral("schema"))->rate * 100);
        QVERIFY(!value("golden").isValid()); // not a check of this contract
        QVERIFY2(view.message().contains(QStringLiteral("%1 of %2").arg(c.passed).arg(c.answers)),
                 qPrintable(view.message()));
        workbench.selectProvider(p.name);
        QTRY_COMPARE(view.failures()->rowCount(), int(c.failures.size()));

        // The Attempts page: the failed answers are a filter of their own, each with its checks.
        AttemptsPage page(&workbench);
        page.show();
        QTRY_VERIFY(page.currentRun() > 0);
        QTRY_VERIFY(!page.isLoading());
        const int failed = page.outcomeFilter()->findData(-2);
        QVERIFY(failed > 0);
        page.outcomeFilter()->setCurrentIndex(failed);
        QTRY_VERIFY(!page.isLoading());
        QTRY_COMPARE(page.model()->matchingCount(), qint64(c.answers - c.passed));
        for (int r = 0; r < page.model()->rowCount(); ++r)
            QVERIFY(page.model()
                        ->index(r, AttemptsModel::ContractColumn)
                        .data()
                        .toString()
                        .contains(QStringLiteral("schema")));
    }

    // Tool calls on screen: the Contracts tab has the tool_arguments check beside the others,
    // and the Latency phases tab the time to complete arguments, with a sentence per provider.
    void toolCallsOnScreen()
    {
        const auto shape = test::ProfileShape().withTtft(1, 2);
        auto sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("caller"), QStringLiteral("caller"), shape,
                                  {{"tool_calls", {{"invalid_rate", 0.1}}}})});
        QVERIFY(sim);
        const json tool = {{"name", "lookup_order"},
                           {"parameters",
                            {{"type", "object"},
                             {"required", {"id"}},
                             {"properties", {{"id", {{"type", "string"}}}}}}}};
        const json scenario =
            test::latencyScenarioJson(40, 4, 32, 64, {{"tools", json::array({tool})}});
        const QString suite = test::writeJsonFile(
            m_dir.filePath(QStringLiteral("tools.json")),
            test::suiteJson("tools",
                            json::array({test::suiteProviderJson("sim", sim->baseUrl(), "caller",
                                                                 test::pricedProviderExtras())}),
                            json::array({scenario})));
        const QString db = m_dir.filePath(QStringLiteral("tools.sqlite"));
        const test::CliResult r = test::runCli(
            {QStringLiteral("run"), QStringLiteral("--suite"), suite, QStringLiteral("--db"), db});
        QVERIFY2(r.code == 0, qPrintable(r.err));

        Workbench workbench(db);
        QVERIFY(openFirstSession(workbench));
        const ProviderSummary &p = workbench.summary()->providers.front();
        QVERIFY(p.contract && p.results.latency && p.results.latency->toolCalls);
        const ContractCheckRate *rate = p.contract->rate(QStringLiteral("tool_arguments"));
        QVERIFY(rate);
        QCOMPARE(rate->checked, 40);

        ContractView contracts(&workbench);
        contracts.show();
        QTRY_COMPARE(contracts.model()->rowCount(), 1);
        const RowTableModel *m = contracts.model();
        int column = -1;
        for (int col = 0; col < m->columnCount(); ++col)
            if (m->column(col).key == QLatin1StringView("tool_arguments"))
                column = col;
        QVERIFY(column >= 0);
        QCOMPARE(m->index(0, column).data(RowTableModel::ValueRole).toDouble(), *rate->rate * 100);
        QCOMPARE(m->headerData(column, Qt::Horizontal).toString(),
                 QStringLiteral("tool arguments"));

        LatencyPhasesView phases(&workbench);
        phases.show();
        QTRY_COMPARE(phases.model()->rowCount(), 1);
        const QModelIndex args = phases.model()->index(0, LatencyPhasesModel::ToolArgsP50);
        QCOMPARE(args.data(RowTableModel::ValueRole).toDouble(),
                 *p.results.latency->toolCalls->argsCompleteMs.p50);
        QVERIFY(args.data().toString().contains(QStringLiteral("n = 40")));
        QVERIFY2(phases.message().contains(QStringLiteral("tool calls were ready to run")),
                 qPrintable(phases.message()));
    }

    // The report's contract table carries the same counts as show --json.
    void reportHoldsTheRates()
    {
        const QString html = m_dir.filePath(QStringLiteral("report.html"));
        const test::CliResult r = test::runCli(
            {QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--format"),
             QStringLiteral("html"), QStringLiteral("--out"), html});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY(text.contains(QStringLiteral("Answer contracts")));
        QVERIFY(text.contains(QStringLiteral("data-figure=\"contract.answers\"")));
        QVERIFY(text.contains(QStringLiteral("contract pass rate")));
    }
};

YS_TEST_MAIN(TstContractView)
#include "tst_contract_view.moc"
