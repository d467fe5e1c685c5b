// Chunking a long document (docs/measurements.md, "Chunking a long document"): the arithmetic is
// exact for a table of sizes, chunk sizes and overlaps computed by hand; with a session's context
// sweeps, chunking on a small-window provider against one call on a long-window one comes out of
// the measured curves (a call at a swept size costs and takes what the sweep measured there);
// yardstick-cli chunking prints the same in text and JSON, and refuses bad input with exit 2.
#include "analysis/chunking.h"
#include "cli_runner.h"
#include "fixtures.h"
#include "session_support.h"
#include "suite_files.h"
#include "test_main.h"

#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

Q_DECLARE_METATYPE(ys::ChunkingPlan)

namespace {

// The swept prompt sizes; a chunk of 8,000 tokens and a document of 32,000 are both points.
const std::vector<int> kSweep{2000, 4000, 8000, 16000, 32000};

const ContextSweepPoint *pointAt(const ContextSweepResult &sweep, int tokens)
{
    for (const ContextSweepPoint &p : sweep.points)
        if (p.promptTokens == tokens)
            return &p;
    return nullptr;
}

} // namespace

class TstChunking : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<SimHost> m_sim;
    QString m_db;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // A small-window provider and a long-window one, their time growing with the prompt.
        const auto small =
            test::ProfileShape().withTtft(4, 5).withPrefill(400000).withWindow(16384);
        const auto large =
            test::ProfileShape().withTtft(6, 7).withPrefill(200000).withWindow(200000);
        m_sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("small"), QStringLiteral("small"), small),
             test::simProfileJson(QStringLiteral("large"), QStringLiteral("large"), large)});
        QVERIFY(m_sim);
        json smallProvider = test::suiteProviderJson("Small", m_sim->baseUrl(), "small",
                                                     test::pricedProviderExtras());
        smallProvider["context_window"] = 16384;
        json largeProvider = test::suiteProviderJson("Large", m_sim->baseUrl(), "large",
                                                     test::pricedProviderExtras());
        largeProvider["context_window"] = 200000;
        const json sweep = {{"kind", "context_sweep"},
                            {"prompt_tokens", kSweep},
                            {"requests_per_point", 3},
                            {"concurrency", 3},
                            {"max_output_tokens", 16}};
        const QString suite = test::writeJsonFile(
            m_dir.filePath(QStringLiteral("sweep.json")),
            test::suiteJson("sweep", json::array({smallProvider, largeProvider}),
                            json::array({sweep})));
        m_db = m_dir.filePath(QStringLiteral("sweep.sqlite"));
        const test::CliResult r = test::runCli({QStringLiteral("run"), QStringLiteral("--suite"),
                                                suite, QStringLiteral("--db"), m_db});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void cleanupTestCase() { m_sim.reset(); }

    void arithmetic_data()
    {
        QTest::addColumn<ChunkingPlan>("plan");
        QTest::addColumn<QList<qint64>>(
            "want"); // chunks, last, chunked, map, reduce, calls, rounds
        QTest::addColumn<double>("redundancy");
        // 10,000 tokens in windows of 512 that move by 256: chunks start at 0, 256, …, 9,728.
        QTest::newRow("half overlap") << ChunkingPlan{10000, 512, 256, 0, 0, 1}
                                      << QList<qint64>{39, 272, 19728, 19728, 0, 40, 39} << 0.9728;
        QTest::newRow("fits one chunk") << ChunkingPlan{1000, 1000, 100, 20, 50, 4}
                                        << QList<qint64>{1, 1000, 1000, 1020, 0, 1, 1} << 0.0;
        QTest::newRow("one token over")
            << ChunkingPlan{1001, 1000, 100, 0, 10, 1}
            << QList<qint64>{2, 101, 1101, 1101, 20, 3, 2} << 100.0 / 1001.0;
        QTest::newRow("no overlap, exact")
            << ChunkingPlan{200000, 8000, 0, 0, 0, 8}
            << QList<qint64>{25, 8000, 200000, 200000, 0, 26, 4} << 0.0;
        QTest::newRow("summaries of 200K")
            << ChunkingPlan{200000, 8000, 500, 50, 300, 4}
            << QList<qint64>{27, 5000, 213000, 214350, 8150, 28, 7} << 0.065;
        QTest::newRow("tiny") << ChunkingPlan{5, 2, 1, 0, 0, 2}
                              << QList<qint64>{4, 2, 8, 8, 0, 5, 2} << 0.6;
    }

    void arithmetic()
    {
        QFETCH(ChunkingPlan, plan);
        QFETCH(QList<qint64>, want);
        QFETCH(double, redundancy);
        QVERIFY(Chunking::problem(plan).isEmpty());
        const ChunkingArithmetic a = Chunking::arithmetic(plan);
        const QList<qint64> got{a.chunks,         a.lastChunkTokens,   a.chunkedTokens,
                                a.mapInputTokens, a.reduceInputTokens, a.calls,
                                a.rounds};
        QCOMPARE(got, want);
        QCOMPARE(a.redundancy, redundancy);
        QCOMPARE(a.inputTokens, a.mapInputTokens + a.reduceInputTokens);
        QCOMPARE(a.outputTokens, a.calls * plan.summaryTokens);
        QCOMPARE(a.wholeInputTokens, plan.documentTokens + plan.instructionTokens);
    }

    void problems()
    {
        QVERIFY(Chunking::problem({0, 10, 0, 0, 0, 1}).contains(QStringLiteral("document")));
        QVERIFY(Chunking::problem({10, 0, 0, 0, 0, 1}).contains(QStringLiteral("chunk")));
        QVERIFY(Chunking::problem({10, 5, 5, 0, 0, 1}).contains(QStringLiteral("overlap")));
        QVERIFY(Chunking::problem({10, 5, -1, 0, 0, 1}).contains(QStringLiteral("overlap")));
        QVERIFY(Chunking::problem({10, 5, 1, 0, 0, 0}).contains(QStringLiteral("1 call")));
    }

    // A 32,000-token document: on the small provider in four chunks of 8,000 (a swept size), on
    // the large one whole (another swept size); each call costs and takes what the sweep
    // measured at its size, within the curves' fit.
    void estimatesFollowTheMeasuredCurves()
    {
        QString error;
        const auto stored = test::readSession(m_db, 1, test::WithSummary::Yes, &error);
        QVERIFY2(stored && stored->summary, qPrintable(error));
        const SessionSummary &summary = *stored->summary;
        const ChunkingPlan plan{32000, 8000, 0, 0, 0, 4};
        const auto estimates = Chunking::estimates(plan, summary);
        QCOMPARE(estimates.size(), std::size_t(2));
        const ChunkingEstimate &small = estimates[0];
        const ChunkingEstimate &large = estimates[1];
        QCOMPARE(small.provider, QStringLiteral("Small"));
        QCOMPARE(small.window, std::optional<qint64>(16384));
        QVERIFY(small.chunkFits && !small.wholeFits);
        QVERIFY(!small.wholeCostUsd && !small.wholeLatencyMs);
        QVERIFY(large.chunkFits && large.wholeFits);
        QVERIFY(!small.extrapolated && !large.extrapolated);

        const ContextSweepResult &smallSweep = *summary.providers[0].results.contextSweep;
        const ContextSweepResult &largeSweep = *summary.providers[1].results.contextSweep;
        const ContextSweepPoint *at8k = pointAt(smallSweep, 8000);
        const ContextSweepPoint *at32k = pointAt(largeSweep, 32000);
        QVERIFY(at8k && at32k && at8k->costUsdPerRequest && at32k->costUsdPerRequest);
        // Four map calls and a reduce call of no summary (instruction and summary 0: the reduce
        // call is an empty prompt, which a curve with no intercept prices at 0).
        const double reduce = smallSweep.costFit.value(0);
        const auto near = [](double got, double want, double share) {
            return std::abs(got - want) <= share * std::abs(want);
        };
        QVERIFY2(near(*small.chunkedCostUsd, 4 * *at8k->costUsdPerRequest + reduce, 0.03),
                 qPrintable(QStringLiteral("%1 against %2")
                                .arg(*small.chunkedCostUsd)
                                .arg(4 * *at8k->costUsdPerRequest)));
        QVERIFY(near(*large.wholeCostUsd, *at32k->costUsdPerRequest, 0.03));
        // One round of four parallel map calls takes the E2E the sweep measured at 8,000
        // (its median), plus the reduce call's.
        QVERIFY(at8k->e2eMs.p50 && at32k->e2eMs.p50);
        const double reduceMs = smallSweep.e2eFit->predict(0);
        qInfo("small: chunked $%.6f, %.1f ms (measured at 8K: $%.6f, %.1f ms); large: whole $%.6f, "
              "%.1f ms (measured at 32K: $%.6f, %.1f ms)",
              *small.chunkedCostUsd, *small.chunkedLatencyMs, *at8k->costUsdPerRequest,
              *at8k->e2eMs.p50, *large.wholeCostUsd, *large.wholeLatencyMs,
              *at32k->costUsdPerRequest, *at32k->e2eMs.p50);
        QVERIFY(near(*small.chunkedLatencyMs - reduceMs, *at8k->e2eMs.p50, 0.25));
        QVERIFY(near(*large.wholeLatencyMs, *at32k->e2eMs.p50, 0.25));
        QCOMPARE(*small.chunkedLatencyMs, smallSweep.e2eFit->predict(8000) + reduceMs);
    }

    // The command line: the same figures in text and JSON; bad input names the option.
    void commandLine()
    {
        const test::CliResult text = test::runCli(
            {QStringLiteral("chunking"), QStringLiteral("--document-tokens"),
             QStringLiteral("200000"), QStringLiteral("--chunk-tokens"), QStringLiteral("8000"),
             QStringLiteral("--overlap-tokens"), QStringLiteral("500"),
             QStringLiteral("--instruction-tokens"), QStringLiteral("50"),
             QStringLiteral("--summary-tokens"), QStringLiteral("300"),
             QStringLiteral("--parallel"), QStringLiteral("4")});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("27 chunk(s), the last of 5,000 tokens; 213,000 tokens sent in "
                                   "chunks, 6.50% redundancy"),
                 text.out.constData());
        const test::CliResult js = test::runCli(
            {QStringLiteral("chunking"), QStringLiteral("--db"), m_db, QStringLiteral("--json"),
             QStringLiteral("--document-tokens"), QStringLiteral("32000"),
             QStringLiteral("--chunk-tokens"), QStringLiteral("8000"), QStringLiteral("--parallel"),
             QStringLiteral("4")});
        QVERIFY2(js.code == 0, qPrintable(js.err));
        const json doc = json::parse(js.out.toStdString());
        QCOMPARE(doc["arithmetic"]["chunks"].get<int>(), 4);
        QCOMPARE(doc["providers"].size(), std::size_t(2));
        QVERIFY(doc["providers"][0]["whole_cost_usd"].is_null());
        QVERIFY(doc["providers"][1]["whole_cost_usd"].is_number());

        struct Bad {
            QStringList args;
            QString named;
        };
        const std::vector<Bad> bad = {
            {{QStringLiteral("--chunk-tokens"), QStringLiteral("10")},
             QStringLiteral("--document-tokens")},
            {{QStringLiteral("--document-tokens"), QStringLiteral("many"),
              QStringLiteral("--chunk-tokens"), QStringLiteral("10")},
             QStringLiteral("many")},
            {{QStringLiteral("--document-tokens"), QStringLiteral("100"),
              QStringLiteral("--chunk-tokens"), QStringLiteral("10"),
              QStringLiteral("--overlap-tokens"), QStringLiteral("10")},
             QStringLiteral("overlap")},
            {{QStringLiteral("--document-tokens"), QStringLiteral("100"),
              QStringLiteral("--chunk-tokens"), QStringLiteral("10"), QStringLiteral("--db"),
              m_dir.filePath(QStringLiteral("none.sqlite"))},
             QStringLiteral("none.sqlite")},
        };
        for (const Bad &b : bad) {
            const test::CliResult r =
                test::runCli(QStringList{QStringLiteral("chunking")} + b.args);
            QVERIFY2(r.code == 2, qPrintable(QString::number(r.code) + r.err));
            QVERIFY2(r.err.contains(b.named), qPrintable(r.err));
        }
    }
};

YS_TEST_GUILESS_MAIN(TstChunking)
#include "tst_chunking.moc"
