// The regression gate where scheduled benchmarks run: a schedule with --gate-baseline latest
// whose suite's provider A got 20% slower than the baseline session; the worker that runs it
// names A's regression, keeps the verdict with the item (schedule list --json) and serves it on
// its metrics endpoint (scraped over HTTP on loopback); `run --gate --baseline` exits 3 on the
// slowed pair and 0 on an unchanged one; bad input exits 2 naming it.
#include "cli_runner.h"
#include "fixtures.h"
#include "metrics_support.h"
#include "suite_files.h"
#include "test_main.h"
#include "worker_support.h"

#include "net/prometheus_text.h"
#include "storage/database.h"
#include "storage/run_queue.h"

#include <QDateTime>
#include <QTest>
#include <csignal>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// Providers A and B (models "a" and "b"): TTFT median 100 ms, P95 110 ms, eight output tokens;
// A's TTFT scaled by slowA. The seeds are the same whatever slowA: the same draws, scaled.
std::vector<json> scheduleGateProfiles(double slowA)
{
    const auto shape = [](double scale, std::uint64_t seed) {
        return test::ProfileShape()
            .withTtft(100 * scale, 110 * scale)
            .withOutput(8, 8)
            .withSeed(seed);
    };
    return {test::simProfileJson(QStringLiteral("A"), QStringLiteral("a"), shape(slowA, 1)),
            test::simProfileJson(QStringLiteral("B"), QStringLiteral("b"), shape(1, 2))};
}

// Suite "regression" of A and B on the simulator at url: 40 requests each, ten at a time, with
// requirements every provider meets (only the regression gate can fail).
QString writeScheduleGateSuite(const QTemporaryDir &dir, const QString &file, const QUrl &url)
{
    json providers = json::array();
    for (const char *name : {"A", "B"})
        providers.push_back(
            test::suiteProviderJson(name, url, QString::fromLatin1(name).toLower().toStdString(),
                                    test::pricedProviderExtras()));
    const json requirements{
        {"max_e2e_p95_ms", 10000}, {"max_usd_per_1k", 1.0}, {"min_context_tokens", 1000}};
    return test::writeJsonFile(
        dir.filePath(file), test::suiteJson("regression", providers,
                                            json::array({test::latencyScenarioJson(40, 10, 64, 8)}),
                                            {{"requirements", requirements}}));
}

// The value of one sample of an exposition, if there.
std::optional<double> scheduleGateSample(const std::vector<PromSample> &samples,
                                         const QString &name, const PromLabels &labels)
{
    for (const PromSample &s : samples) {
        PromLabels sorted = s.labels;
        std::sort(sorted.begin(), sorted.end());
        PromLabels wanted = labels;
        std::sort(wanted.begin(), wanted.end());
        if (s.name == name && sorted == wanted)
            return s.value;
    }
    return std::nullopt;
}

} // namespace

class TstScheduleGate : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    std::unique_ptr<SimHost> m_base; // A and B as in the baseline
    std::unique_ptr<SimHost> m_slow; // A's TTFT 20% longer
    QString m_baseSuite;
    QString m_slowSuite;

    test::CliResult cli(const QStringList &args)
    {
        return test::runCli(args + QStringList{QStringLiteral("--db"), m_db});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("gate.sqlite"));
        m_base = test::startedSim(scheduleGateProfiles(1.0));
        QVERIFY(m_base);
        m_slow = test::startedSim(scheduleGateProfiles(1.2));
        QVERIFY(m_slow);
        m_baseSuite = writeScheduleGateSuite(m_dir, QStringLiteral("base.json"), m_base->baseUrl());
        m_slowSuite = writeScheduleGateSuite(m_dir, QStringLiteral("slow.json"), m_slow->baseUrl());
        // Session 1, the baseline.
        const test::CliResult r =
            cli({QStringLiteral("run"), QStringLiteral("--suite"), m_baseSuite});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    // Bad input exits 2 naming it, and stores no schedule.
    void badScheduleInput()
    {
        test::CliResult r =
            cli({QStringLiteral("schedule"), QStringLiteral("add"), QStringLiteral("--suite"),
                 m_slowSuite, QStringLiteral("--every"), QStringLiteral("1h"),
                 QStringLiteral("--gate-baseline"), QStringLiteral("99")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("99")), qPrintable(r.err));
        r = cli({QStringLiteral("schedule"), QStringLiteral("add"), QStringLiteral("--suite"),
                 m_slowSuite, QStringLiteral("--every"), QStringLiteral("1h"),
                 QStringLiteral("--gate-baseline"), QStringLiteral("latest"),
                 QStringLiteral("--tolerance"), QStringLiteral("ten")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--tolerance: \"ten\"")), qPrintable(r.err));
        r = cli({QStringLiteral("schedule"), QStringLiteral("add"), QStringLiteral("--suite"),
                 m_slowSuite, QStringLiteral("--every"), QStringLiteral("1h"),
                 QStringLiteral("--gate-baseline"), QStringLiteral("yesterday")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("yesterday")), qPrintable(r.err));
        r = cli({QStringLiteral("schedule"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(json::parse(r.out.toStdString()).size(), std::size_t(0));
    }

    // The worker runs the scheduled suite (session 2), finds A's regression against session 1
    // (latest), keeps it with the item and serves it for Prometheus.
    void workerGatesScheduledSession()
    {
        test::CliResult r =
            cli({QStringLiteral("schedule"), QStringLiteral("add"), QStringLiteral("--suite"),
                 m_slowSuite, QStringLiteral("--every"), QStringLiteral("1h"),
                 QStringLiteral("--gate-baseline"), QStringLiteral("latest")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const quint16 port = test::freePort();
        const QString address = QStringLiteral("127.0.0.1:%1").arg(port);
        auto worker = test::startCli({QStringLiteral("worker"), QStringLiteral("--db"), m_db,
                                      QStringLiteral("--metrics-listen"), address,
                                      QStringLiteral("--idle-exit"), QStringLiteral("120")});
        QString error;
        Database db(m_db);
        QVERIFY2(db.open(&error), qPrintable(error));
        RunQueue queue(db);
        const auto checked = [&] {
            for (const QueueItem &i : queue.items(nullptr))
                if (i.gateJson.contains("verdict"))
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(checked(), 60000 * test::kSlow);
        const qint64 now = QDateTime::currentSecsSinceEpoch();

        const auto body = test::curlGet(QStringLiteral("http://%1/metrics").arg(address));
        if (!body)
            QFAIL(worker->readAll().constData());
        const auto samples = PromText::parse(*body, &error);
        QVERIFY2(samples, qPrintable(error));
        const QString suite = QStringLiteral("suite");
        const QString provider = QStringLiteral("provider");
        const QString name = QStringLiteral("regression");
        QCOMPARE(scheduleGateSample(*samples, QStringLiteral("yardstick_regression_gate_regressed"),
                                    {{suite, name}, {provider, QStringLiteral("A")}}),
                 std::optional<double>(1));
        QCOMPARE(scheduleGateSample(*samples, QStringLiteral("yardstick_regression_gate_regressed"),
                                    {{suite, name}, {provider, QStringLiteral("B")}}),
                 std::optional<double>(0));
        const auto at = scheduleGateSample(
            *samples, QStringLiteral("yardstick_regression_gate_checked_timestamp_seconds"),
            {{suite, name}});
        QVERIFY(at && qAbs(*at - double(now)) < 120);
        const auto change = scheduleGateSample(
            *samples, QStringLiteral("yardstick_regression_relative_change_ratio"),
            {{suite, name},
             {provider, QStringLiteral("A")},
             {QStringLiteral("figure"), QStringLiteral("ttft_p50_ms")}});
        QVERIFY2(change && *change > 0.1 && *change < 0.3, qPrintable(QString::fromUtf8(*body)));
        qInfo("A's TTFT P50 against the baseline: %+.1f%%", 100 * *change);

        ::kill(pid_t(worker->processId()), SIGTERM);
        QTRY_VERIFY_WITH_TIMEOUT(worker->state() == QProcess::NotRunning, 60000 * test::kSlow);
        QCOMPARE(worker->exitCode(), 0);
        const QString said = QString::fromUtf8(worker->readAll());
        QVERIFY2(said.contains(QStringLiteral("A, TTFT P50 (ms): ")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("regression(s) against baseline session 1")),
                 qPrintable(said));

        r = cli({QStringLiteral("schedule"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const json list = json::parse(r.out.toStdString());
        QCOMPARE(list.size(), std::size_t(1));
        QCOMPARE(list[0]["gate"]["baseline"].get<std::string>(), std::string("latest"));
        const json &verdict = list[0]["last_gate_verdict"];
        QCOMPARE(verdict["regressed"].get<bool>(), true);
        QCOMPARE(verdict["baseline"].get<int>(), 1);
        QCOMPARE(verdict["session"].get<int>(), 2);
        for (const json &f : verdict["figures"])
            QVERIFY2(f["provider"] == "A" || !f["regression"].get<bool>(), f.dump().c_str());
    }

    // run --gate --baseline: the unchanged pair exits 0 (session 3 against 1), the slowed one 3
    // (session 4 against latest, 3); bad input exits 2 naming it before anything runs.
    void runGateBaseline()
    {
        test::CliResult r =
            cli({QStringLiteral("run"), QStringLiteral("--suite"), m_baseSuite,
                 QStringLiteral("--gate"), QStringLiteral("--baseline"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, qPrintable(QString::fromUtf8(r.out) + r.err));
        QVERIFY(r.out.contains("No regression against baseline session 1."));
        r = cli({QStringLiteral("run"), QStringLiteral("--suite"), m_slowSuite,
                 QStringLiteral("--gate"), QStringLiteral("--baseline"), QStringLiteral("latest")});
        QVERIFY2(r.code == 3, qPrintable(QString::fromUtf8(r.out) + r.err));
        QVERIFY2(r.out.contains("Regressions against baseline session 3"), r.out.constData());
        QVERIFY2(r.out.contains("A, TTFT P50 (ms): "), r.out.constData());

        r = cli({QStringLiteral("run"), QStringLiteral("--suite"), m_baseSuite,
                 QStringLiteral("--gate"), QStringLiteral("--baseline"), QStringLiteral("999")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--baseline 999")), qPrintable(r.err));
        r = cli({QStringLiteral("run"), QStringLiteral("--suite"), m_baseSuite,
                 QStringLiteral("--gate"), QStringLiteral("--baseline"), QStringLiteral("1"),
                 QStringLiteral("--tolerance"), QStringLiteral("ten")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--tolerance: \"ten\"")), qPrintable(r.err));
        r = cli({QStringLiteral("run"), QStringLiteral("--suite"), m_baseSuite,
                 QStringLiteral("--baseline"), QStringLiteral("1")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--gate")), qPrintable(r.err));
        r = cli({QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(json::parse(r.out.toStdString()).size(), std::size_t(4)); // none of those ran
    }
};

YS_TEST_GUILESS_MAIN(TstScheduleGate)
#include "tst_schedule_gate.moc"
