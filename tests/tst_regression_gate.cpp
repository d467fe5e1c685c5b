// The regression gate (`yardstick-cli gate --baseline`): the rule on hand-built rows, a provider
// slowed by 20% caught by the real executable, no-change pairs of sessions raising at most one
// false alarm in 20, and bad input exiting 2 with a message naming it.
#include "analysis/regression_gate.h"
#include "analysis/regression_gate_json.h"
#include "cli_runner.h"
#include "fixtures.h"
#include "session_support.h"
#include "suite_files.h"
#include "test_main.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// A row of provider p for figure f: before, after, and the test's uncorrected p-value; a timing
// row's Hodges–Lehmann shift follows the change unless given.
DiffRow regressionRow(const QString &p, DiffFigure f, double before, double after,
                      std::optional<double> rawP, std::optional<double> shift = {})
{
    DiffRow r;
    r.provider = p;
    r.figure = f;
    r.before = before;
    r.after = after;
    r.change = after - before;
    r.rawPValue = rawP;
    r.pValue = rawP;
    if (f != DiffFigure::SuccessRate && f != DiffFigure::UsdPer1kMeasured)
        r.shift = shift.value_or(after - before);
    return r;
}

// The six rows of one provider with nothing changed (p = 1), E2E replaced by these two rows.
std::vector<DiffRow> providerRows(const QString &p, double e2eBefore, double e2eAfter,
                                  std::optional<double> e2eP)
{
    return {regressionRow(p, DiffFigure::TtftP50, 20, 20, 1.0),
            regressionRow(p, DiffFigure::TtftP95, 25, 25, 1.0),
            regressionRow(p, DiffFigure::E2eP50, e2eBefore, e2eAfter, e2eP),
            regressionRow(p, DiffFigure::E2eP95, e2eBefore * 1.2, e2eAfter * 1.2, e2eP),
            regressionRow(p, DiffFigure::SuccessRate, 1.0, 1.0, 1.0),
            regressionRow(p, DiffFigure::UsdPer1kMeasured, 0.001, 0.001, 1.0)};
}

const RegressionCheck *checkOf(const RegressionGate &g, const QString &p, DiffFigure f)
{
    for (const RegressionCheck &c : g.checks)
        if (c.row.provider == p && c.row.figure == f)
            return &c;
    return nullptr;
}

// Two simulated providers A and B (models "a" and "b"): TTFT median 100 ms, P95 110 ms, eight
// output tokens at 1,000 tokens/s; A's TTFT scaled by slowA.
std::vector<json> regressionProfiles(double slowA, std::uint64_t seedA, std::uint64_t seedB)
{
    const auto shape = [](double scale, std::uint64_t seed) {
        return test::ProfileShape()
            .withTtft(100 * scale, 110 * scale)
            .withOutput(8, 8)
            .withSeed(seed);
    };
    return {test::simProfileJson(QStringLiteral("A"), QStringLiteral("a"), shape(slowA, seedA)),
            test::simProfileJson(QStringLiteral("B"), QStringLiteral("b"), shape(1, seedB))};
}

} // namespace

class TstRegressionGate : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db; // sessions 1 (baseline) and 2 (A 20% slower), then 3 (only provider C)

    // Sessions into db, each on a fresh simulator of its profiles, all running at once so that
    // whatever else loads the machine loads them alike: `requests` per provider, ten at a time;
    // their ids in the order given (started in that order), or an empty list after a warning.
    // The simulated latencies (TTFT about 100 ms) stand well above what a sanitized client adds
    // itself, which varies with the machine's load: with a 20 ms TTFT, sessions run one after
    // the other differed by that load alone, and the gate rightly saw those changes.
    std::vector<qint64>
    sessions(const QString &db, const std::vector<std::vector<json>> &profiles, int requests,
             const QStringList &names = {QStringLiteral("A"), QStringLiteral("B")})
    {
        std::vector<std::unique_ptr<SimHost>> sims;
        std::vector<std::unique_ptr<SessionRunner>> runners;
        std::vector<std::unique_ptr<QSignalSpy>> finished;
        for (const std::vector<json> &set : profiles) {
            QString error;
            auto sim = test::startSim(set, &error);
            if (!sim) {
                qWarning("%s", qPrintable(error));
                return {};
            }
            test::ProviderExtras extras;
            extras.price = Price{0.5, 1.5, std::nullopt};
            extras.contextWindow = 128000;
            std::vector<ProviderConfig> providers;
            for (const QString &name : names)
                providers.push_back(
                    test::simProvider(name, sim->baseUrl(), name.toLower(), extras));
            Suite suite = test::suiteOf(QStringLiteral("regression"), providers,
                                        test::closedLoopScenario(requests, 10, 64, 8));
            Requirements generous;
            generous.maxP95LatencyMs = 10000;
            generous.maxUsdPer1k = 1.0;
            generous.minContextTokens = 1000;
            suite.requirements = generous;
            auto runner = std::make_unique<SessionRunner>();
            finished.push_back(
                std::make_unique<QSignalSpy>(runner.get(), &SessionRunner::finished));
            if (!runner->start(SessionRequest{suite, db, std::nullopt, {}}, &error)) {
                qWarning("%s", qPrintable(error));
                return {};
            }
            sims.push_back(std::move(sim));
            runners.push_back(std::move(runner));
        }
        std::vector<qint64> ids;
        for (const auto &spy : finished) {
            if (spy->isEmpty() && !spy->wait(60000 * test::kSlow)) {
                qWarning("a session did not finish");
                return {};
            }
            ids.push_back(spy->first().at(0).toLongLong());
        }
        return ids;
    }

    qint64 session(const QString &db, const std::vector<json> &profiles, int requests,
                   const QStringList &names = {QStringLiteral("A"), QStringLiteral("B")})
    {
        const std::vector<qint64> ids = sessions(db, {profiles}, requests, names);
        return ids.empty() ? 0 : ids.front();
    }

    test::CliResult gate(const QStringList &more)
    {
        return test::runCli(QStringList{QStringLiteral("gate"), QStringLiteral("--db"), m_db} +
                            more);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("slowed.sqlite"));
    }

    // Worse, significant after the gate's correction and beyond the tolerance: a regression;
    // short of any of the three, not.
    void ruleOnHandBuiltRows()
    {
        SessionDiff diff;
        diff.rows = providerRows(QStringLiteral("A"), 100, 120, 0.001);
        RegressionGate g = judgeRegressions(diff, {});
        QCOMPARE(g.tests, 4); // TTFT, E2E, success rate, price: P50 and P95 share their test
        const RegressionCheck *c = checkOf(g, QStringLiteral("A"), DiffFigure::E2eP95);
        QVERIFY(c && c->regression && c->worse && c->significant && c->beyondTolerance);
        QCOMPARE(*c->pValue, 0.004); // Holm: the smallest of 4 times 4
        QVERIFY(qAbs(*c->relativeChange - 0.2) < 1e-12);
        QVERIFY(checkOf(g, QStringLiteral("A"), DiffFigure::E2eP50)->regression);
        QVERIFY(!checkOf(g, QStringLiteral("A"), DiffFigure::TtftP50)->regression);
        QVERIFY(g.regressed());
        QCOMPARE(g.regressions().size(), std::size_t(2));

        // 8% slower: significant but within the default 10% tolerance; with one of 5%, beyond it.
        diff.rows = providerRows(QStringLiteral("A"), 100, 108, 0.001);
        g = judgeRegressions(diff, {});
        c = checkOf(g, QStringLiteral("A"), DiffFigure::E2eP50);
        QVERIFY(c->worse && c->significant && !c->beyondTolerance && !c->regression);
        QVERIFY(judgeRegressions(diff, {0.05, 0.05}).regressed());

        // Faster is never a regression; nor is a P95 that rose while the timing's shift fell.
        diff.rows = providerRows(QStringLiteral("A"), 120, 100, 0.001);
        QVERIFY(!judgeRegressions(diff, {}).regressed());
        diff.rows = providerRows(QStringLiteral("A"), 100, 120, 0.001);
        diff.rows[3].shift = -2.0;
        diff.rows[2].shift = -2.0;
        g = judgeRegressions(diff, {});
        QVERIFY(!checkOf(g, QStringLiteral("A"), DiffFigure::E2eP95)->worse);
        QVERIFY(!g.regressed());

        // Not significant (0.02 × 4 > 0.05), or without a test at all.
        diff.rows = providerRows(QStringLiteral("A"), 100, 120, 0.02);
        g = judgeRegressions(diff, {});
        QVERIFY(!g.regressed());
        QCOMPARE(*checkOf(g, QStringLiteral("A"), DiffFigure::E2eP50)->pValue, 0.08);
        diff.rows = providerRows(QStringLiteral("A"), 100, 120, std::nullopt);
        g = judgeRegressions(diff, {});
        QCOMPARE(g.tests, 3);
        QVERIFY(!checkOf(g, QStringLiteral("A"), DiffFigure::E2eP50)->pValue);
        QVERIFY(!g.regressed());
    }

    // The correction runs over every provider's tests: p = 0.01 for one provider of one is a
    // regression, for one of three (12 tests) it is not.
    void holmOverEveryProvider()
    {
        SessionDiff one;
        one.rows = providerRows(QStringLiteral("A"), 100, 130, 0.01);
        QVERIFY(judgeRegressions(one, {}).regressed());
        SessionDiff three = one;
        for (const char *name : {"B", "C"})
            for (DiffRow &r : providerRows(QString::fromLatin1(name), 100, 100, 1.0))
                three.rows.push_back(std::move(r));
        const RegressionGate g = judgeRegressions(three, {});
        QCOMPARE(g.tests, 12);
        QCOMPARE(*checkOf(g, QStringLiteral("A"), DiffFigure::E2eP50)->pValue, 0.12);
        QVERIFY(!g.regressed());
        // The latency rows' uncorrected p-value is used, not session_diff's Holm over two.
        one.rows[2].pValue = one.rows[3].pValue = 0.02;
        QCOMPARE(
            *checkOf(judgeRegressions(one, {}), QStringLiteral("A"), DiffFigure::E2eP50)->pValue,
            0.04);
    }

    // The success rate's size is the drop in percentage points, the price's its relative rise
    // (any rise from 0 counts); the ranges of the options.
    void successRateAndPrice()
    {
        const auto rate = [](double before, double after, double p) {
            SessionDiff d;
            d.rows = {
                regressionRow(QStringLiteral("A"), DiffFigure::SuccessRate, before, after, p)};
            return judgeRegressions(d, {}).checks.front();
        };
        QVERIFY(rate(0.99, 0.85, 1e-4).regression);
        QVERIFY(!rate(0.99, 0.90, 1e-4).beyondTolerance); // 9 points
        QVERIFY(!rate(0.50, 0.42, 1e-4).beyondTolerance); // 16% relative, but 8 points
        QVERIFY(!rate(0.90, 0.99, 1e-4).worse);           // better
        QVERIFY(!rate(0.99, 0.85, 0.2).significant);
        QVERIFY(qAbs(*rate(0.5, 0.4, 1e-4).relativeChange + 0.2) < 1e-12);

        SessionDiff d;
        d.rows = {regressionRow(QStringLiteral("A"), DiffFigure::UsdPer1kMeasured, 0, 0.001, 0)};
        RegressionCheck c = judgeRegressions(d, {}).checks.front();
        QVERIFY(c.regression && !c.relativeChange);
        d.rows = {
            regressionRow(QStringLiteral("A"), DiffFigure::UsdPer1kMeasured, 0.001, 0.00108, 0)};
        QVERIFY(!judgeRegressions(d, {}).regressed()); // 8% dearer

        QVERIFY(regressionToleranceInRange(0) && regressionToleranceInRange(0.99));
        QVERIFY(!regressionToleranceInRange(1) && !regressionToleranceInRange(-0.01));
        QVERIFY(!regressionToleranceInRange(qQNaN()));
        QVERIFY(regressionAlphaInRange(0.5) && regressionAlphaInRange(1e-6));
        QVERIFY(!regressionAlphaInRange(0) && !regressionAlphaInRange(0.51));
    }

    void gateJson()
    {
        SessionDiff diff;
        diff.rows = providerRows(QStringLiteral("A"), 100, 120, 0.001);
        diff.onlyBefore << QStringLiteral("Gone");
        const nlohmann::json j = regressionGateJson(judgeRegressions(diff, {}), 7, 5);
        QCOMPARE(j["session"].get<int>(), 7);
        QCOMPARE(j["baseline"].get<int>(), 5);
        QCOMPARE(j["correction"].get<std::string>(), "holm");
        QCOMPARE(j["tests"].get<int>(), 4);
        QCOMPARE(j["regressed"].get<bool>(), true);
        QCOMPARE(j["only_in_baseline"][0].get<std::string>(), "Gone");
        const nlohmann::json &f = j["figures"][3];
        QCOMPARE(f["provider"].get<std::string>(), "A");
        QCOMPARE(f["figure"].get<std::string>(), "e2e_p95_ms");
        QCOMPARE(f["before"].get<double>(), 120.0);
        QCOMPARE(f["after"].get<double>(), 144.0);
        QVERIFY(qAbs(f["relative_change"].get<double>() - 0.2) < 1e-12);
        QCOMPARE(f["p_value"].get<double>(), 0.004);
        QCOMPARE(f["p_value_uncorrected"].get<double>(), 0.001);
        QCOMPARE(f["regression"].get<bool>(), true);
        QCOMPARE(j["figures"][0]["regression"].get<bool>(), false);
    }

    // (a) A's TTFT is 20% longer in the second session, B's is unchanged (the same seed, so the
    // same draws): exit 3, A's latency named with before, after, size and p, B not flagged.
    void slowedProviderIsFlagged()
    {
        QCOMPARE(sessions(m_db, {regressionProfiles(1.0, 1, 2), regressionProfiles(1.2, 3, 2)}, 40),
                 (std::vector<qint64>{1, 2}));

        test::CliResult r = gate({QStringLiteral("--baseline"), QStringLiteral("1")});
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(r.code == 3, qPrintable(text + r.err));
        QVERIFY2(text.contains(QStringLiteral("Every provider qualifies.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("A, TTFT P50 (ms): ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Regressions against baseline session 1")),
                 qPrintable(text));
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            if (line.trimmed().startsWith(QStringLiteral("B, ")))
                QVERIFY2(!line.endsWith(QStringLiteral(": regression")), qPrintable(line));
        }

        r = gate({QStringLiteral("--baseline"), QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(r.code, 3);
        const nlohmann::json doc = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(doc["exit_code"].get<int>(), 3);
        QCOMPARE(doc["qualified"].get<bool>(), true);
        const nlohmann::json &g = doc["regression_gate"];
        QCOMPARE(g["baseline"].get<int>(), 1);
        QCOMPARE(g["session"].get<int>(), 2);
        QCOMPARE(g["tests"].get<int>(), 8);
        bool ttft = false;
        for (const nlohmann::json &f : g["figures"]) {
            const std::string provider = f["provider"].get<std::string>();
            QVERIFY2(provider == "A" || !f["regression"].get<bool>(), f.dump().c_str());
            if (provider == "A" && f["figure"] == "ttft_p50_ms") {
                ttft = f["regression"].get<bool>();
                qInfo("A's TTFT P50: %.2f -> %.2f ms (%+.1f%%), p = %.3g",
                      f["before"].get<double>(), f["after"].get<double>(),
                      100 * f["relative_change"].get<double>(), f["p_value"].get<double>());
            }
        }
        QVERIFY2(ttft, g.dump(2).c_str());

        // The other way round A got faster: none of its figures is a regression.
        r = gate({QStringLiteral("--session"), QStringLiteral("1"), QStringLiteral("--baseline"),
                  QStringLiteral("2"), QStringLiteral("--json")});
        const nlohmann::json reversed = nlohmann::json::parse(r.out.toStdString());
        for (const nlohmann::json &f : reversed["regression_gate"]["figures"]) {
            if (f["provider"] == "A" && f["figure"] != "success_rate" &&
                f["figure"] != "usd_per_1k_measured")
                QVERIFY2(!f["worse"].get<bool>() && !f["regression"].get<bool>(), f.dump().c_str());
        }
        // Without --baseline the requirements gate alone, as before.
        r = gate({});
        QCOMPARE(r.code, 0);
        QVERIFY(!r.out.contains("baseline"));
    }

    // (b) 20 pairs of sessions of the same profiles (other seeds): at most one raises an alarm at
    // the default level; the executable agrees with the core on the first pair.
    void noChangeRaisesAtMostOneAlarm()
    {
        const QString db = m_dir.filePath(QStringLiteral("nochange.sqlite"));
        QElapsedTimer timer;
        timer.start();
        int alarms = 0;
        std::optional<bool> firstPair;
        for (int pair = 0; pair < 20; ++pair) {
            const std::uint64_t seed = 100 + 4 * std::uint64_t(pair);
            const std::vector<qint64> ids = sessions(db,
                                                     {regressionProfiles(1.0, seed, seed + 1),
                                                      regressionProfiles(1.0, seed + 2, seed + 3)},
                                                     20);
            QCOMPARE(ids.size(), std::size_t(2));
            const qint64 before = ids[0];
            const qint64 after = ids[1];
            QString error;
            const auto b = test::readSummary(db, before, &error);
            const auto a = test::readSummary(db, after, &error);
            QVERIFY2(a && b, qPrintable(error));
            const RegressionGate g = judgeRegressions(b->providers, a->providers, {});
            QCOMPARE(g.checks.size(), std::size_t(12));
            if (!firstPair)
                firstPair = g.regressed();
            if (g.regressed()) {
                ++alarms;
                for (const RegressionCheck *c : g.regressions())
                    qInfo("pair %d: %s %s %.2f -> %.2f, p = %.3g", pair,
                          qPrintable(c->row.provider), qPrintable(diffFigureName(c->row.figure)),
                          *c->row.before, *c->row.after, *c->pValue);
            }
        }
        qInfo("%d of 20 no-change pairs raised an alarm (%lld ms)", alarms,
              qint64(timer.elapsed()));
        QVERIFY2(alarms <= 1, qPrintable(QString::number(alarms)));

        const test::CliResult r = test::runCli({QStringLiteral("gate"), QStringLiteral("--db"), db,
                                                QStringLiteral("--session"), QStringLiteral("2"),
                                                QStringLiteral("--baseline"), QStringLiteral("1")});
        QVERIFY2(r.code == (*firstPair ? 3 : 0), qPrintable(QString::fromUtf8(r.out) + r.err));
    }

    // (c) Bad input exits 2 and names what is wrong.
    void badInputExitsTwo()
    {
        if (!QFileInfo::exists(m_db))
            QSKIP("slowedProviderIsFlagged made the database");
        const auto expect = [this](const QStringList &args, const QString &named) {
            const test::CliResult r = gate(args);
            QVERIFY2(r.code == 2, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") +
                                             QString::number(r.code) + r.err));
            QVERIFY2(r.err.contains(named), qPrintable(r.err));
            QVERIFY(r.out.isEmpty());
        };
        const QString baseline = QStringLiteral("--baseline");
        expect({baseline, QStringLiteral("9")}, QStringLiteral("no session 9"));
        expect({baseline, QStringLiteral("2")}, QStringLiteral("--baseline 2 is the session"));
        expect({baseline, QStringLiteral("x")}, QStringLiteral("--baseline: \"x\""));
        expect({baseline, QStringLiteral("1"), QStringLiteral("--tolerance"), QStringLiteral("5")},
               QStringLiteral("--tolerance: \"5\""));
        expect(
            {baseline, QStringLiteral("1"), QStringLiteral("--tolerance"), QStringLiteral("-0.1")},
            QStringLiteral("--tolerance"));
        expect({baseline, QStringLiteral("1"), QStringLiteral("--alpha"), QStringLiteral("0")},
               QStringLiteral("--alpha: \"0\""));
        expect({QStringLiteral("--alpha"), QStringLiteral("0.01")},
               QStringLiteral("need --baseline"));

        // No provider in common: session 3 holds only C.
        QCOMPARE(session(m_db,
                         {test::simProfileJson(QStringLiteral("C"), QStringLiteral("c"),
                                               test::ProfileShape())},
                         10, {QStringLiteral("C")}),
                 qint64(3));
        expect({baseline, QStringLiteral("1")}, QStringLiteral("no provider in common"));

        // A database that does not exist, or is not a database.
        const QString missing = m_dir.filePath(QStringLiteral("missing.sqlite"));
        test::CliResult r = test::runCli({QStringLiteral("gate"), QStringLiteral("--db"), missing,
                                          baseline, QStringLiteral("1")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(missing), qPrintable(r.err));
        const QString junk = m_dir.filePath(QStringLiteral("junk.sqlite"));
        QVERIFY(test::writeFileBytes(junk, QByteArray(4096, 'x')));
        r = test::runCli(
            {QStringLiteral("gate"), QStringLiteral("--db"), junk, baseline, QStringLiteral("1")});
        QVERIFY2(r.code == 2, qPrintable(QString::number(r.code) + r.err));
        QVERIFY2(!r.err.isEmpty(), qPrintable(r.err));
    }
};

YS_TEST_GUILESS_MAIN(TstRegressionGate)
#include "tst_regression_gate.moc"
