// Total cost of ownership: hand-computed $ per 1M and break-even volumes on both sides of one
// deployment's capacity, every out-of-range field refused by name, and the throughput taken from
// a concurrency sweep measured on the simulator, through the library and the real executable.
#include "analysis/tco.h"
#include "domain/suite.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "workbench/tco_form.h"

#include "cli_runner.h"
#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

bool relativelyNear(double a, double b, double relative = 1e-9)
{
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

// 1 GPU at $2/h, $1,000 a month of operations, 1,000 tokens/s, an API at $1 per 1M.
TcoInput example()
{
    return TcoInput{.gpuUsdPerHour = 2.0,
                    .gpus = 1,
                    .utilisation = 0.5,
                    .opsUsdPerMonth = 1000.0,
                    .tokensPerS = 1000.0,
                    .apiUsdPer1m = 1.0,
                    .monthlyTokens = 2e9,
                    .throughputSource = {},
                    .apiPriceSource = {},
                    .redundancy = 0,
                    .fineTunes = {}};
}

} // namespace

class TstTco : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_lastStderr;

    std::pair<int, QByteArray> runCli(const QStringList &args)
    {
        const test::CliResult r = test::runCli(args, 60000 * test::kSlow);
        m_lastStderr = r.err;
        return {r.code, r.out};
    }

    static QStringList tcoArgs(const QString &gpuPrice, const QString &gpus,
                               const QString &utilisation)
    {
        return {QStringLiteral("tco"),
                QStringLiteral("--gpu-usd-per-hour"),
                gpuPrice,
                QStringLiteral("--gpus"),
                gpus,
                QStringLiteral("--utilisation"),
                utilisation,
                QStringLiteral("--ops-usd-per-month"),
                QStringLiteral("1000"),
                QStringLiteral("--monthly-tokens"),
                QStringLiteral("2B")};
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // By hand: G = 2 × 730 = $1,460 a month for the always-on GPU.
    // At u = 0.5: capacity 1000 × 0.5 × 3600 × 730 = 1.314e9 tokens; GPU time
    // 2 / (3600 × 1000 × 0.5) = $1.1111 per 1M, above the API's $1: never breaks even. At 2e9
    // tokens: 1000 + max(1460, 2e9 × 1.1111e-6 = 2222.2) = $3,222.2, $1.6111 per 1M.
    // At u = 1: capacity 2.628e9; (1000 + 1460) / $1e-6 = 2.46e9 tokens, within it.
    // At u = 0.75: (1000 + 1460) / 1e-6 = 2.46e9 is past the capacity 1.971e9, so
    // 1000 / (1e-6 − 0.74074e-6) = 3.857142857e9.
    void handComputed()
    {
        QString error;
        const auto r = Tco::compute(example(), &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(relativelyNear(r->at.capacityTokensPerMonth, 1.314e9));
        QVERIFY(relativelyNear(r->at.gpuUsdPer1m, 2.0 / 1800.0 * 1000.0));
        QVERIFY(relativelyNear(r->at.selfUsdPerMonth, 1000.0 + 2e9 * 2.0 / 1.8e6));
        QVERIFY(relativelyNear(*r->at.selfUsdPer1m, r->at.selfUsdPerMonth / 2000.0));
        QVERIFY(!r->at.breakEvenTokensPerMonth);
        QVERIFY(relativelyNear(r->apiUsdPerMonth, 2000.0));
        QVERIFY(!r->selfCheaper());

        QCOMPARE(r->byUtilisation.size(), std::size_t(5)); // 0.5 is one of the table's own
        const TcoPoint &full = r->byUtilisation.back();
        QCOMPARE(full.utilisation, 1.0);
        QVERIFY(relativelyNear(full.capacityTokensPerMonth, 2.628e9));
        QVERIFY(relativelyNear(*full.breakEvenTokensPerMonth, 2.46e9));
        QVERIFY(relativelyNear(full.selfUsdPerMonth, 2460.0)); // 2e9 tokens fit one deployment
        QVERIFY(relativelyNear(*full.selfUsdPer1m, 1.23));
        const TcoPoint &three = r->byUtilisation[3];
        QCOMPARE(three.utilisation, 0.75);
        QVERIFY(relativelyNear(*three.breakEvenTokensPerMonth, 1000.0 / (1e-6 - 2.0 / 2.7e6)));
        // Break-even falls as utilisation rises, until it is reached.
        QVERIFY(*three.breakEvenTokensPerMonth > *full.breakEvenTokensPerMonth);

        // A utilisation not in the table is added in order; at V = 0 self $/1M is null.
        TcoInput in = example();
        in.utilisation = 0.6;
        in.monthlyTokens = 0;
        const auto r2 = Tco::compute(in, &error);
        QVERIFY(r2);
        QCOMPARE(r2->byUtilisation.size(), std::size_t(6));
        QCOMPARE(r2->byUtilisation[3].utilisation, 0.6);
        QVERIFY(!r2->at.selfUsdPer1m);
        QVERIFY(relativelyNear(r2->at.selfUsdPerMonth, 2460.0));
        // Self-hosting wins at volume when the API is dear: $5 per 1M.
        in = example();
        in.apiUsdPer1m = 5.0;
        const auto r3 = Tco::compute(in, &error);
        QVERIFY(relativelyNear(*r3->at.breakEvenTokensPerMonth, 2460.0 / 5e-6));
        QVERIFY(r3->selfCheaper());
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<double>("value");
        for (double v : {-2.0, 0.0, double(NAN)})
            QTest::addRow("gpu price %g", v) << QStringLiteral("gpu-usd-per-hour") << v;
        QTest::newRow("gpus 0") << QStringLiteral("gpus") << 0.0;
        QTest::newRow("gpus -1") << QStringLiteral("gpus") << -1.0;
        for (double v : {0.0, -0.5, 1.01})
            QTest::addRow("utilisation %g", v) << QStringLiteral("utilisation") << v;
        QTest::newRow("ops -1") << QStringLiteral("ops-usd-per-month") << -1.0;
        QTest::newRow("tokens/s 0") << QStringLiteral("tokens-per-s") << 0.0;
        QTest::newRow("api price 0") << QStringLiteral("api-usd-per-1m") << 0.0;
        QTest::newRow("volume -1") << QStringLiteral("monthly-tokens") << -1.0;
    }

    void badInput()
    {
        QFETCH(QString, field);
        QFETCH(double, value);
        TcoInput in = example();
        if (field == QLatin1StringView("gpu-usd-per-hour"))
            in.gpuUsdPerHour = value;
        else if (field == QLatin1StringView("gpus"))
            in.gpus = int(value);
        else if (field == QLatin1StringView("utilisation"))
            in.utilisation = value;
        else if (field == QLatin1StringView("ops-usd-per-month"))
            in.opsUsdPerMonth = value;
        else if (field == QLatin1StringView("tokens-per-s"))
            in.tokensPerS = value;
        else if (field == QLatin1StringView("api-usd-per-1m"))
            in.apiUsdPer1m = value;
        else
            in.monthlyTokens = value;
        QString error;
        QVERIFY(!Tco::compute(in, &error));
        QVERIFY2(error.startsWith(QStringLiteral("--") + field + QStringLiteral(": ")),
                 qPrintable(error));
    }

    // A concurrency sweep measured on the simulator gives the throughput: its best sustained
    // step, scaled to all tokens by the provider's input:output ratio; the API price is another
    // provider's measured cost. The executable reports the same figures.
    void measuredSweep()
    {
        test::ProfileShape shape;
        shape.withTtft(5, 5).withDecode(2000).withEvents(5, 5).withOutput(30, 30);
        QString error;
        const auto sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("Local"), QStringLiteral("local"), shape,
                                  {{"capacity", 4}}),
             test::simProfileJson(QStringLiteral("Api"), QStringLiteral("api"), shape)});
        if (!sim)
            return;
        test::ProviderExtras priced;
        priced.price = Price{2.0, 8.0, std::nullopt};
        Scenario sweep = test::closedLoopScenario(16, 4, 200, 30, 20000);
        sweep.kind = QStringLiteral("concurrency_sweep");
        sweep.concurrencySweep.levels = {1, 2, 4, 8};
        Suite suite = test::suiteOf(
            QStringLiteral("tco"),
            {test::simProvider(QStringLiteral("Local"), sim->baseUrl(), QStringLiteral("local")),
             test::simProvider(QStringLiteral("Api"), sim->baseUrl(), QStringLiteral("api"),
                               priced)},
            sweep);
        suite.scenarios.push_back(test::closedLoopScenario(4, 4, 200, 30, 20000));
        const QString db = m_dir.filePath(QStringLiteral("tco.sqlite"));
        const test::SessionEnd end = test::runSuiteToEnd(suite, db, 240000 * test::kSlow, &error);
        QVERIFY2(end.id > 0, qPrintable(error));
        const qint64 session = end.id;
        const std::optional<SessionSummary> summary = test::readSummary(db, session, &error);
        QVERIFY2(summary, qPrintable(error));
        const ProviderSummary &local = summary->providers[0];
        const ProviderSummary &api = summary->providers[1];
        QVERIFY(local.results.concurrencySweep);
        const auto t = Tco::sweepThroughput(local, &error);
        QVERIFY2(t, qPrintable(error));
        double best = 0.0;
        int bestLevel = 0;
        for (const ConcurrencyLevel &l : local.results.concurrencySweep->levels)
            if (l.outputTokensPerS && *l.outputTokensPerS > best) {
                best = *l.outputTokensPerS;
                bestLevel = l.concurrency;
            }
        qInfo("best step %d: %.1f output tokens/s, ratio %.3f", t->concurrency, t->outputTokensPerS,
              t->allTokensPerOutput);
        QCOMPARE(t->concurrency, bestLevel);
        QCOMPARE(t->outputTokensPerS, best);
        // Input and output stay apart and add up at the step's own mix, never at another run's.
        const ConcurrencyLevel *step = nullptr;
        for (const ConcurrencyLevel &l : local.results.concurrencySweep->levels)
            if (l.concurrency == bestLevel)
                step = &l;
        QVERIFY(step && step->inputTokensPerS);
        QCOMPARE(t->inputTokensPerS, *step->inputTokensPerS);
        QVERIFY(relativelyNear(t->tokensPerS, t->outputTokensPerS + t->inputTokensPerS));
        QVERIFY(relativelyNear(t->allTokensPerOutput, t->tokensPerS / t->outputTokensPerS));
        // About 200 prompt tokens to about 30 output: several tokens per output token.
        QVERIFY2(t->allTokensPerOutput > 3.0 && t->allTokensPerOutput < 15.0,
                 qPrintable(QString::number(t->allTokensPerOutput)));
        ProviderSummary noSweep = api;
        noSweep.results.concurrencySweep.reset();
        QVERIFY(!Tco::sweepThroughput(noSweep, &error));
        QVERIFY2(error.contains(QStringLiteral("Api")), qPrintable(error));
        // Steps with more than 1% failed attempts are not sustained.
        ProviderSummary failing = local;
        for (ConcurrencyLevel &l : failing.results.concurrencySweep->levels)
            if (l.concurrency == bestLevel)
                l.errorRate = 0.02;
        const auto sustained = Tco::sweepThroughput(failing, &error);
        QVERIFY(sustained && sustained->concurrency != bestLevel);
        const auto apiPrice = Tco::measuredUsdPer1m(api);
        QVERIFY(apiPrice);
        QVERIFY(relativelyNear(*apiPrice,
                               *api.costUsd / double(*api.inputTokens + *api.outputTokens) * 1e6));
        QVERIFY(!Tco::measuredUsdPer1m(local)); // unpriced: no cost, never 0

        // The TCO page takes the price and the throughput from providers picked separately.
        const TcoForm::Measured picked =
            TcoForm::measured(&*summary, QStringLiteral("Api"), QStringLiteral("Local"));
        QVERIFY2(picked.apiUsdPer1m && picked.tokensPerS,
                 qPrintable(picked.notes.join(QLatin1Char(' '))));
        QVERIFY(relativelyNear(picked.apiUsdPer1m->toDouble(), *apiPrice));
        QVERIFY(relativelyNear(picked.tokensPerS->toDouble(), t->tokensPerS));
        QCOMPARE(TcoForm::priceProviders(&*summary), QStringList{QStringLiteral("Api")});
        QVERIFY(TcoForm::throughputProviders(&*summary).contains(QStringLiteral("Local")));
        const TcoForm::Measured same =
            TcoForm::measured(&*summary, QStringLiteral("Local"), QStringLiteral("Local"));
        QVERIFY(!same.apiUsdPer1m && same.tokensPerS); // Local has no cost: said, not 0
        QVERIFY(same.notes.join(QLatin1Char(' ')).contains(QStringLiteral("no measured cost")));

        QStringList args = tcoArgs(QStringLiteral("2"), QStringLiteral("1"), QStringLiteral("60%"));
        args << QStringLiteral("--db") << db << QStringLiteral("--provider")
             << QStringLiteral("Local") << QStringLiteral("--api-provider") << QStringLiteral("Api")
             << QStringLiteral("--json");
        auto [code, out] = runCli(args);
        QVERIFY2(code == 0, qPrintable(m_lastStderr));
        const json doc = json::parse(out.toStdString());
        QVERIFY(relativelyNear(doc["input"]["tokens_per_s"].get<double>(), t->tokensPerS));
        QVERIFY(relativelyNear(doc["input"]["api_usd_per_1m"].get<double>(), *apiPrice));
        QCOMPARE(doc["input"]["utilisation"].get<double>(), 0.6);
        const QString source = QString::fromStdString(doc["input"]["throughput_source"]);
        QVERIFY2(source.contains(QStringLiteral("concurrency %1").arg(bestLevel)),
                 qPrintable(source));
        // The example's GPU, operations and volume at the options' utilisation, with the measured
        // throughput and API price.
        TcoInput in = example();
        in.utilisation = 0.6;
        in.tokensPerS = t->tokensPerS;
        in.apiUsdPer1m = *apiPrice;
        const auto expected = Tco::compute(in, &error);
        QVERIFY(relativelyNear(doc["self_hosted"]["self_usd_per_month"].get<double>(),
                               expected->at.selfUsdPerMonth));
        QCOMPARE(doc["by_utilisation"].size(), std::size_t(6));

        // Text; an unknown provider is bad input naming the option.
        args.removeLast();
        std::tie(code, out) = runCli(args);
        QVERIFY2(code == 0 && out.contains("Break-even"), qPrintable(m_lastStderr));
        args[args.indexOf(QStringLiteral("Local"))] = QStringLiteral("Nobody");
        std::tie(code, out) = runCli(args);
        QCOMPARE(code, 2);
        QVERIFY2(m_lastStderr.contains(QStringLiteral("--provider")), qPrintable(m_lastStderr));
    }

    // The executable: given figures, and exit 2 naming the field for a negative GPU price, a
    // utilisation outside (0, 1], a fractional GPU count, a word for a number, a missing option.
    void commandLine()
    {
        QStringList args = tcoArgs(QStringLiteral("2"), QStringLiteral("1"), QStringLiteral("0.5"));
        args << QStringLiteral("--tokens-per-s") << QStringLiteral("1000")
             << QStringLiteral("--api-usd-per-1m") << QStringLiteral("1");
        auto [code, out] = runCli(args + QStringList{QStringLiteral("--json")});
        QVERIFY2(code == 0, qPrintable(m_lastStderr));
        const json doc = json::parse(out.toStdString());
        QVERIFY(relativelyNear(doc["self_hosted"]["self_usd_per_month"].get<double>(),
                               1000.0 + 2e9 / 9e5));
        QVERIFY(doc["self_hosted"]["break_even_tokens_per_month"].is_null());
        QCOMPARE(QString::fromStdString(doc["cheaper"]), QStringLiteral("api"));

        const struct {
            const char *option;
            const char *value;
        } bad[] = {{"--gpu-usd-per-hour", "-2"},
                   {"--gpu-usd-per-hour", "free"},
                   {"--utilisation", "0"},
                   {"--utilisation", "1.5"},
                   {"--gpus", "1.5"},
                   {"--gpus", "0"}};
        for (const auto &b : bad) {
            QStringList a = args;
            a[a.indexOf(QString::fromLatin1(b.option)) + 1] = QString::fromLatin1(b.value);
            std::tie(code, out) = runCli(a);
            QVERIFY2(code == 2 && m_lastStderr.startsWith(QString::fromLatin1(b.option)),
                     qPrintable(QStringLiteral("%1 %2: %3 %4")
                                    .arg(QLatin1StringView(b.option), QLatin1StringView(b.value))
                                    .arg(code)
                                    .arg(m_lastStderr)));
            QVERIFY(out.isEmpty());
        }
        QStringList missing = args;
        missing.removeAt(missing.indexOf(QStringLiteral("--tokens-per-s")) + 1);
        missing.removeAt(missing.indexOf(QStringLiteral("--tokens-per-s")));
        std::tie(code, out) = runCli(missing);
        QCOMPARE(code, 2);
        QVERIFY2(m_lastStderr.contains(QStringLiteral("--tokens-per-s")), qPrintable(m_lastStderr));
    }
};

YS_TEST_GUILESS_MAIN(TstTco)
#include "tst_tco.moc"
