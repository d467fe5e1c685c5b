// `yardstick-cli gate` and `run --gate`, the real executable on sessions run against the
// simulator: 0 when every provider qualifies, 3 when one does not, 2 on bad requirements,
// 1 when there is nothing to gate.
#include "cli_runner.h"
#include "fixtures.h"
#include "suite_files.h"
#include "test_main.h"
#include "test_support.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

// A JSON member against a value; on failure the member's JSON is shown.
#define JSON_COMPARE(actual, expected) QVERIFY2((actual) == (expected), (actual).dump().c_str())

class TstCliGate : public test::ScratchSimTest {
    Q_OBJECT

private:
    using Result = test::CliResult;

    Result cli(const QStringList &args) { return test::runCli(args); }

    QString write(const QString &name, const json &doc)
    {
        return test::writeJsonFile(m_dir.filePath(name), doc);
    }

    // A suite of one provider on the simulator, with these requirements.
    QString suite(const QString &name, const json &requirements)
    {
        const json provider =
            test::suiteProviderJson("sim", m_sim->baseUrl(), "fast", test::pricedProviderExtras());
        const json scenario = test::latencyScenarioJson(12, 2, 64, 16);
        return write(name + QStringLiteral(".json"),
                     test::suiteJson(name.toStdString(), json::array({provider}),
                                     json::array({scenario}), {{"requirements", requirements}}));
    }

    QString m_passDb, m_failDb;

private Q_SLOTS:
    void initTestCase()
    {
        test::startFastSimIn(m_dir, m_sim);
        m_passDb = m_dir.filePath(QStringLiteral("pass.sqlite"));
        m_failDb = m_dir.filePath(QStringLiteral("fail.sqlite"));
    }

    void cleanupTestCase() { m_sim.reset(); }

    // Generous thresholds: every interval lies on the passing side.
    void runGatePasses()
    {
        const QString file = suite(QStringLiteral("pass"), {{"max_e2e_p95_ms", 10000},
                                                            {"max_ttft_p95_ms", 10000},
                                                            {"max_usd_per_1k", 1.0},
                                                            {"min_context_tokens", 1000},
                                                            {"slo", {{"e2e_ms", 10000}}}});
        const Result r = cli({QStringLiteral("run"), QStringLiteral("--suite"), file,
                              QStringLiteral("--db"), m_passDb, QStringLiteral("--gate")});
        QVERIFY2(r.code == 0, qPrintable(QString::fromUtf8(r.out) + r.err));
        QVERIFY2(r.out.contains("Every provider qualifies."), r.out.constData());
    }

    // The window the suite declares is below the requirement, and no latency is that fast.
    void runGateFails()
    {
        const QString file =
            suite(QStringLiteral("fail"),
                  {{"preset", "line"}, {"max_e2e_p95_ms", 0.001}, {"min_context_tokens", 200000}});
        const Result r = cli({QStringLiteral("run"), QStringLiteral("--suite"), file,
                              QStringLiteral("--db"), m_failDb, QStringLiteral("--gate")});
        QVERIFY2(r.code == 3, qPrintable(QString::number(r.code) + r.err));
        // The run's summary comes first, then the gates.
        QVERIFY2(r.out.contains("Session ") && r.out.contains("fail"), r.out.constData());
    }

    void gateOnStoredSessions()
    {
        Result r = cli({QStringLiteral("gate"), QStringLiteral("--db"), m_passDb});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("from the suite"), r.out.constData());

        r = cli(
            {QStringLiteral("gate"), QStringLiteral("--db"), m_passDb, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        json doc = json::parse(r.out.toStdString());
        JSON_COMPARE(doc["qualified"], true);
        JSON_COMPARE(doc["exit_code"], 0);
        JSON_COMPARE(doc["requirements_source"], "suite");
        JSON_COMPARE(doc["requirements"]["max_usd_per_1k"], 1.0);
        const json &gates = doc["providers"][0]["gates"];
        JSON_COMPARE(gates["overall"], "pass");
        JSON_COMPARE(gates["count"], 4);
        JSON_COMPARE(gates["checks"]["context"]["source"], "declared");
        JSON_COMPARE(gates["checks"]["usd_per_1k"]["source"], "measured");
        QVERIFY(gates["checks"]["usd_per_1k"]["value"].get<double>() > 0);
        QVERIFY(gates["checks"]["e2e_p95"]["interval"].is_array());

        r = cli({QStringLiteral("gate"), QStringLiteral("--db"), m_failDb, QStringLiteral("--json"),
                 QStringLiteral("--session"), QStringLiteral("1")});
        QCOMPARE(r.code, 3);
        doc = json::parse(r.out.toStdString());
        JSON_COMPARE(doc["qualified"], false);
        JSON_COMPARE(doc["providers"][0]["gates"]["overall"], "fail");
        JSON_COMPARE(doc["providers"][0]["gates"]["checks"]["context"]["verdict"], "fail");
        JSON_COMPARE(doc["providers"][0]["gates"]["checks"]["e2e_p95"]["verdict"], "fail");

        // show --json carries the same gates.
        r = cli(
            {QStringLiteral("show"), QStringLiteral("--db"), m_failDb, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        doc = json::parse(r.out.toStdString());
        JSON_COMPARE(doc["providers"][0]["gates"]["overall"], "fail");
        JSON_COMPARE(doc["requirements"]["min_context_tokens"], 200000);
    }

    // A requirements file replaces the suite's: the passing session fails a strict one and
    // qualifies with 2 of the 3 gates.
    void requirementsFileOverridesTheSuite()
    {
        const QString strict = write(QStringLiteral("strict.json"),
                                     {{"preset", "line"}, {"min_context_tokens", 1000000}});
        Result r = cli({QStringLiteral("gate"), QStringLiteral("--db"), m_passDb,
                        QStringLiteral("--requirements"), strict, QStringLiteral("--json")});
        QCOMPARE(r.code, 3);
        json doc = json::parse(r.out.toStdString());
        JSON_COMPARE(doc["requirements_source"], "file");
        JSON_COMPARE(doc["providers"][0]["gates"]["checks"]["context"]["verdict"], "fail");

        const QString twoOfThree =
            write(QStringLiteral("two.json"), {{"max_e2e_p95_ms", 10000},
                                               {"max_usd_per_1k", 1.0},
                                               {"min_context_tokens", 1000000},
                                               {"min_passed", 2}});
        r = cli({QStringLiteral("gate"), QStringLiteral("--db"), m_passDb,
                 QStringLiteral("--requirements"), twoOfThree});
        QVERIFY2(r.code == 0, r.out.constData());
    }

    // show --json reads the session's SLO objectives and scores with the weights asked for;
    // a negative, unknown or all-zero weight is bad input naming it.
    void showSloAndWeights()
    {
        Result r =
            cli({QStringLiteral("show"), QStringLiteral("--db"), m_passDb, QStringLiteral("--json"),
                 QStringLiteral("--weights"), QStringLiteral("cost=1,latency=0.5")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        json doc = json::parse(r.out.toStdString());
        JSON_COMPARE(doc["slo"]["objectives"]["e2e_ms"], 10000.0);
        const json &slo = doc["slo"]["providers"][0];
        QVERIFY(slo["requests"].get<int>() > 0);
        JSON_COMPARE(slo["attained"], slo["requests"].get<int>());
        JSON_COMPARE(slo["share"], 1.0);
        QVERIFY(slo["goodput_per_s"].get<double>() > 0);
        JSON_COMPARE(doc["score"]["weights"], json({{"cost", 1.0}, {"latency", 0.5}}));
        JSON_COMPARE(doc["score"]["providers"][0]["rank"], 1);

        r = cli({QStringLiteral("show"), QStringLiteral("--db"), m_passDb,
                 QStringLiteral("--weights"), QStringLiteral("throughput=1")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("Score (throughput 1): 1. sim "), r.out.constData());

        for (const QString &bad : {QStringLiteral("latency=-1"), QStringLiteral("speed=1"),
                                   QStringLiteral("cost=0,latency=0"), QStringLiteral("cost")}) {
            r = cli({QStringLiteral("show"), QStringLiteral("--db"), m_passDb,
                     QStringLiteral("--weights"), bad});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QStringLiteral("--weights")), qPrintable(r.err));
        }
        r = cli({QStringLiteral("show"), QStringLiteral("--db"), m_passDb,
                 QStringLiteral("--weights"), QStringLiteral("latency=-1")});
        QVERIFY2(r.err.contains(QStringLiteral("\"latency\"")), qPrintable(r.err));
        r = cli({QStringLiteral("show"), QStringLiteral("--db"), m_passDb,
                 QStringLiteral("--weights"), QStringLiteral("speed=1")});
        QVERIFY2(r.err.contains(QStringLiteral("\"speed\"")), qPrintable(r.err));
    }

    void badInput()
    {
        // An unknown requirement name: exit 2, naming it; the same in a suite given to run.
        const QString unknown =
            write(QStringLiteral("unknown.json"), {{"preset", "line"}, {"max_p95_ms", 300}});
        Result r = cli({QStringLiteral("gate"), QStringLiteral("--db"), m_passDb,
                        QStringLiteral("--requirements"), unknown});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("\"max_p95_ms\"")) &&
                     r.err.contains(QStringLiteral("unknown.json")),
                 qPrintable(r.err));
        const QString negative = write(QStringLiteral("negative.json"), {{"max_usd_per_1k", -1}});
        r = cli({QStringLiteral("gate"), QStringLiteral("--db"), m_passDb,
                 QStringLiteral("--requirements"), negative});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("max_usd_per_1k")), qPrintable(r.err));
        const QString badSuite = suite(QStringLiteral("bad"), {{"ttft_ms", 100}});
        r = cli({QStringLiteral("run"), QStringLiteral("--suite"), badSuite, QStringLiteral("--db"),
                 m_dir.filePath(QStringLiteral("bad.sqlite")), QStringLiteral("--gate")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("requirements")) &&
                     r.err.contains(QStringLiteral("\"ttft_ms\"")),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("bad.sqlite"))));
        r = cli({QStringLiteral("gate"), QStringLiteral("--db"), m_passDb,
                 QStringLiteral("--session"), QStringLiteral("x")});
        QCOMPARE(r.code, 2);
    }

    void errors()
    {
        // No such database, no such session: exit 1.
        Result r = cli({QStringLiteral("gate"), QStringLiteral("--db"),
                        m_dir.filePath(QStringLiteral("missing.sqlite"))});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("missing.sqlite")), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("missing.sqlite"))));
        r = cli({QStringLiteral("gate"), QStringLiteral("--db"), m_passDb,
                 QStringLiteral("--session"), QStringLiteral("999")});
        QCOMPARE(r.code, 1);
    }
};

YS_TEST_GUILESS_MAIN(TstCliGate)
#include "tst_cli_gate.moc"
