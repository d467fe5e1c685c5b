// Reasoning models against the simulator: a profile that thinks 400 tokens at 200 tokens/s
// without streaming its thinking gives an estimated thinking time within 10% of 2 s, beside the
// TTFT, the first answer token and the reasoning share of the cost; a profile that streams its
// thinking gives the first reasoning token and the first answer token within a millisecond of
// the simulator's truth, in each of the four dialects (docs/measurements.md, "Reasoning").
#include "analysis/percentile.h"
#include "cli_runner.h"
#include "domain/answer_contract.h"
#include "fixtures.h"
#include "session_support.h"
#include "sim/sim_profile.h"
#include "sim_test_client.h"
#include "test_main.h"
#include "test_support.h"
#include "util/units.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace ys;

namespace {

// The one prompt of the hidden-reasoning scenario, and the answer the profile gives it: 200
// tokens of " x", one a planned event, so its decode rate in tokens is the profile's 200/s.
const QString kPrompt = QStringLiteral("Think it over, then answer with x.");

QString xs()
{
    QString s;
    for (int i = 0; i < 200; ++i)
        s += QStringLiteral(" x");
    return s;
}

} // namespace

class TstReasoningRun : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<SimHost> m_sim;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const auto hidden =
            test::ProfileShape().withTtft(5, 6).withOutput(200, 200).withDecode(200);
        const auto streamed = test::ProfileShape().withTtft(5, 6).withOutput(20, 20);
        m_sim = test::startedSim({
            test::simProfileJson(
                QStringLiteral("hidden"), QStringLiteral("hidden"), hidden,
                {{"reasoning", {{"tokens", 400}, {"tokens_per_s", 200}}},
                 {"golden",
                  {{{"prompt", kPrompt.toStdString()}, {"answer", xs().toStdString()}}}}}),
            test::simProfileJson(
                QStringLiteral("streamed"), QStringLiteral("streamed"), streamed,
                {{"reasoning", {{"tokens", 400}, {"tokens_per_s", 4000}, {"streamed", true}}}}),
        });
        QVERIFY(m_sim);
    }

    void cleanupTestCase() { m_sim.reset(); }

    // A profile's reasoning that cannot be read names its field.
    void reasoningFieldErrors()
    {
        const auto errorOf = [](const nlohmann::json &reasoning) {
            QString error;
            const auto loaded = SimProfile::load(
                test::simProfilesJson(
                    {test::simProfileJson(QStringLiteral("x"), QStringLiteral("m"),
                                          test::ProfileShape(), {{"reasoning", reasoning}})}),
                &error);
            return loaded.empty() ? error : QString();
        };
        QVERIFY(errorOf({{"tokens_per_s", 10}}).contains(QStringLiteral("reasoning.tokens")));
        QVERIFY(errorOf({{"tokens", 10}, {"tokens_per_s", 0}})
                    .contains(QStringLiteral("reasoning.tokens_per_s")));
        QVERIFY(errorOf({{"tokens", 10}, {"streamed", "yes"}})
                    .contains(QStringLiteral("reasoning.streamed")));
        QVERIFY(errorOf({{"tokens", 10}, {"hidden", true}}).contains(QStringLiteral("hidden")));
        QVERIFY(errorOf({{"tokens", 10}, {"streamed", true}}).isEmpty());
    }

    // Hidden thinking: only reasoning_tokens in usage. The thinking time is estimated from them
    // and the answer's decode rate; TTFT is the first answer token, 2 s after the prefill.
    void hiddenReasoningIsEstimated()
    {
        test::ProviderExtras extras;
        extras.price = Price{1.0, 4.0, std::nullopt};
        Scenario scenario = test::closedLoopScenario(6, 6, 16, 1000);
        QString error;
        const auto golden = AnswerContractParser::parse(
            {{"golden", {{{"prompt", kPrompt.toStdString()}, {"expected", xs().toStdString()}}}}},
            QStringLiteral("contract"), m_dir.path(), &error);
        QVERIFY2(golden, qPrintable(error));
        scenario.contract = std::make_shared<const AnswerContract>(*golden);
        const Suite suite =
            test::suiteOf(QStringLiteral("hidden"),
                          {test::simProvider(QStringLiteral("Thinker"), m_sim->baseUrl(),
                                             QStringLiteral("hidden"), extras)},
                          scenario);
        const auto stored = test::runAndRead(
            {suite, m_dir.filePath(QStringLiteral("hidden.sqlite")), std::nullopt, {}},
            60000 * test::kSlow);
        QVERIFY(stored && stored->summary);
        const ProviderSummary &p = stored->summary->providers.front();
        QCOMPARE(p.successes, 6);
        QVERIFY(p.results.latency && p.results.latency->reasoning);
        const ReasoningResult &r = *p.results.latency->reasoning;
        QCOMPARE(r.attempts, 6);
        QCOMPARE(r.streamed, 0);
        QCOMPARE(r.estimated, 6);
        QCOMPARE(r.reasoningTokensMean, std::optional<double>(400));
        QVERIFY(r.thinkingMs.p50);
        qInfo("hidden: thinking estimated p50 %.1f ms, first answer token p50 %.1f ms, TTFT p50 "
              "%.1f ms, reasoning %.1f%% of the cost",
              *r.thinkingMs.p50, *r.firstAnswerMs.p50, *p.ttftMs.p50, *r.costShare * 100);
        QVERIFY2(std::abs(*r.thinkingMs.p50 - 2000) <= 200,
                 qPrintable(QString::number(*r.thinkingMs.p50)));
        // Hidden: the first token is the first answer token, after the thinking.
        QCOMPARE(*r.firstAnswerMs.p50, *p.ttftMs.p50);
        QVERIFY(*p.ttftMs.p50 >= 2000);
        // 400 reasoning of 600 output tokens at $4 against 16-odd prompt tokens at $1.
        QVERIFY(r.costShare && *r.costShare > 0.6 && *r.costShare < 0.7);

        // The command line and the report say the same.
        const QString db = m_dir.filePath(QStringLiteral("hidden.sqlite"));
        const test::CliResult text =
            test::runCli({QStringLiteral("show"), QStringLiteral("--db"), db});
        QVERIFY2(text.out.contains("reasoning (6 of the attempts)"), text.out.constData());
        QVERIFY2(text.out.contains("thinking estimated for 6 attempt"), text.out.constData());
        const QString html = m_dir.filePath(QStringLiteral("hidden.html"));
        const test::CliResult report = test::runCli(
            {QStringLiteral("report"), QStringLiteral("--db"), db, QStringLiteral("--format"),
             QStringLiteral("html"), QStringLiteral("--out"), html});
        QCOMPARE(report.code, 0);
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(
            f.readAll().contains("data-figure=\"results.latency.reasoning.first_answer_ms.p50\""));
    }

    // Streamed thinking, in every dialect: TTFT is the first reasoning token, and the first
    // answer token follows the thinking; both as the simulator wrote them.
    void streamedReasoningMatchesTruth_data() { test::addDialectRows(); }

    void streamedReasoningMatchesTruth()
    {
        QFETCH(QString, dialect);
        test::ProviderExtras extras;
        extras.dialect = dialect;
        const Suite suite =
            test::suiteOf(QStringLiteral("streamed"),
                          {test::simProvider(QStringLiteral("Streamer"), m_sim->baseUrl(),
                                             QStringLiteral("streamed"), extras)},
                          test::closedLoopScenario(16, 4, 32, 200));
        std::vector<Sample> measured;
        QString error;
        const test::SessionEnd end = test::runMeasuring(
            {suite, m_dir.filePath(dialect + QStringLiteral(".sqlite")), std::nullopt, {}},
            60000 * test::kSlow, &measured, &error);
        QVERIFY2(end.id > 0, qPrintable(error));
        QCOMPARE(measured.size(), std::size_t(16));
        std::vector<double> reasoningLag, answerLag; // ms the client saw each after it was written
        std::vector<double> clientGap; // ms from the first reasoning token to the first answer
        for (const Sample &s : measured) {
            QVERIFY2(s.outcome == Outcome::Ok, qPrintable(s.error));
            const auto truth = simtest::waitRecord(*m_sim, s.requestId.toLatin1());
            QVERIFY2(truth, qPrintable(s.requestId));
            QVERIFY(truth->reasoningEvents > 0 && truth->firstReasoningNs > 0);
            QVERIFY(s.firstTokenNs && s.firstContentNs);
            const qint64 firstToken = s.startedAtNs + *s.firstTokenNs;
            const qint64 firstAnswer = s.startedAtNs + *s.firstContentNs;
            QVERIFY(firstToken >= truth->firstReasoningNs);
            QVERIFY(firstAnswer >= truth->firstContentNs);
            reasoningLag.push_back(double(firstToken - truth->firstReasoningNs) / 1e6);
            answerLag.push_back(double(firstAnswer - truth->firstContentNs) / 1e6);
            // The thinking: 400 tokens at 4000/s, planned 100 ms after the first reasoning event
            // (written later when the machine is busy, which the lags above allow for).
            const auto k = std::size_t(truth->reasoningEvents);
            QVERIFY(truth->eventPlannedNs.size() > k);
            QVERIFY(std::abs(truth->eventPlannedNs[k] - truth->eventPlannedNs[0] - 100'000'000) <
                    1'000'000);
            clientGap.push_back(double(*s.firstContentNs - *s.firstTokenNs) / kNsPerMs);
        }
        qInfo("%s: the client saw the first reasoning token %.3f ms and the first answer token "
              "%.3f ms (medians) after the simulator wrote them",
              qPrintable(dialect), test::medianOf(reasoningLag), test::medianOf(answerLag));
        QVERIFY(test::medianOf(reasoningLag) < 1.0);
        QVERIFY(test::medianOf(answerLag) < 1.0);

        QString readError;
        const auto summary = test::readSummary(m_dir.filePath(dialect + QStringLiteral(".sqlite")),
                                               end.id, &readError);
        QVERIFY2(summary, qPrintable(readError));
        const auto &r = summary->providers.front().results.latency->reasoning;
        QVERIFY(r);
        QCOMPARE(r->streamed, 16);
        QCOMPARE(r->estimated, 0);
        // The stored summary's thinking is what the attempts measured.
        QCOMPARE(r->thinkingMs.p50, distributionOf(clientGap).p50);
    }
};

YS_TEST_GUILESS_MAIN(TstReasoningRun)
#include "tst_reasoning_run.moc"
