// Token reconciliation: the tokens counted locally against the usage a provider reported. On
// built samples, the ratios, their spread, the chat-template allowance, reasoning tokens and
// attempts without usage; then a real session on the simulator, where an OpenAI model that
// over-reports its prompt by 3% is flagged, an honest one agrees exactly, and an Anthropic model
// that over-reports the same way is only an estimate and never flagged; the session's item model
// under QAbstractItemModelTester.
#include "analysis/insight_json.h"
#include "analysis/run_summary.h"
#include "analysis/summary_json.h"
#include "analysis/token_reconciliation.h"
#include "domain/suite.h"
#include "models/drift_model.h"
#include "models/insight_text.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"

#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"
#include "test_support.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

Sample counted(qint64 localPrompt, std::optional<qint64> reportedPrompt, qint64 localOutput,
               std::optional<qint64> reportedOutput)
{
    Sample s;
    s.localPromptTokens = localPrompt;
    s.inputTokens = reportedPrompt;
    s.localOutputTokens = localOutput;
    s.outputTokens = reportedOutput;
    s.tokensEstimated = !reportedOutput;
    return s;
}

ProviderConfig billedProvider(const char *name, const char *model,
                              const char *dialect = "openai-chat")
{
    ProviderConfig p;
    p.name = QString::fromLatin1(name);
    p.model = QString::fromLatin1(model);
    p.dialect = QString::fromLatin1(dialect);
    return p;
}

const TokenReconciliation *named(const SessionSummary &s, const QString &name)
{
    for (const TokenReconciliation &r : s.reconciliation)
        if (r.provider == name)
            return &r;
    return nullptr;
}

} // namespace

class TstReconciliation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // A chat template's framing (up to 16 tokens above the local count) is no difference; more
    // than 1% beyond it, or any shortfall beyond 1%, flags an exact-encoding provider.
    void templateAllowanceAndTolerance()
    {
        const ProviderConfig exact = billedProvider("A", "gpt-4o-mini");
        // 1,000 counted, 1,007 reported: OpenAI's framing of one message. Ratio 1.007, no
        // difference.
        auto r = reconcileTokens(exact, {counted(1000, 1007, 200, 200)});
        QVERIFY(!r.encoding.estimated);
        QCOMPARE(r.input.attempts, 1);
        QCOMPARE(*r.input.ratio, 1.007);
        QCOMPARE(*r.input.difference, 0.0);
        QCOMPARE(*r.output.ratio, 1.0);
        QVERIFY(!r.flagged());

        // 1,030 reported: 30 − 16 = 14 tokens beyond the allowance, 1.4%.
        r = reconcileTokens(exact, {counted(1000, 1030, 200, 200)});
        QCOMPARE(*r.input.difference, 0.014);
        QVERIFY(r.input.flagged && !r.output.flagged && r.flagged());

        // 1,026 reported: exactly 1% beyond the allowance is still within tolerance.
        r = reconcileTokens(exact, {counted(1000, 1026, 200, 200)});
        QCOMPARE(*r.input.difference, 0.01);
        QVERIFY(!r.flagged());

        // A shortfall has no allowance: 985 of 1,000 is −1.5%.
        r = reconcileTokens(exact, {counted(1000, 985, 200, 200)});
        QCOMPARE(*r.input.difference, -0.015);
        QVERIFY(r.input.flagged);

        // Output: 203 of 200 is 1.5%, flagged; reasoning tokens are taken off the reported
        // output before comparing with the visible answer.
        r = reconcileTokens(exact, {counted(1000, 1000, 200, 203)});
        QCOMPARE(*r.output.difference, 0.015);
        QVERIFY(r.output.flagged);
        Sample reasoning = counted(1000, 1000, 200, 230);
        reasoning.reasoningTokens = 30;
        r = reconcileTokens(exact, {reasoning});
        QCOMPARE(*r.output.ratio, 1.0);
        QCOMPARE(attemptTokenRatio(reasoning).output, std::optional<double>(1.0));
        QVERIFY(!r.flagged());
    }

    // Estimated families report their ratios but are never flagged; the family decides, by the
    // model name first and the dialect for names the table does not know.
    void estimatedFamiliesAreNeverFlagged()
    {
        for (const ProviderConfig &p :
             {billedProvider("C", "claude-sonnet-4-5", "anthropic-messages"),
              billedProvider("G", "gemini-2.5-flash", "gemini"),
              billedProvider("D", "deepseek-chat"), billedProvider("Q", "qwen-plus"),
              billedProvider("L", "my-local-model")}) {
            const auto r = reconcileTokens(p, {counted(1000, 1300, 200, 260)});
            QVERIFY2(r.encoding.estimated, qPrintable(p.model));
            QCOMPARE(*r.input.ratio, 1.3);
            QVERIFY2(!r.input.flagged && !r.output.flagged, qPrintable(p.model));
        }
        ReconciliationModel model;
        model.setProviders(
            {reconcileTokens(billedProvider("C", "claude-sonnet-4-5"),
                             {counted(1000, 1300, 200, 260)}),
             reconcileTokens(billedProvider("A", "gpt-4o"), {counted(1000, 1300, 200, 260)})});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, ReconciliationModel::Status).data().toString(),
                 QStringLiteral("estimated"));
        QCOMPARE(model.index(1, ReconciliationModel::Status).data().toString(),
                 QStringLiteral("differs by more than 1%"));
        QVERIFY(model.index(1, 0).data(ReconciliationModel::FlaggedRole).toBool());
        QCOMPARE(model.index(1, ReconciliationModel::InputRatio)
                     .data(ReconciliationModel::ValueRole)
                     .toDouble(),
                 1.3);
    }

    // Attempts without reported usage are counted as such, not as a ratio; warm-up, failed and
    // fallback attempts are left out; the spread is P5–P95 of the per-attempt ratios.
    void usageMissingAndSpread()
    {
        std::vector<Sample> samples;
        for (int i = 0; i <= 20; ++i) // prompt ratios 1.00, 1.01, ..., 1.20 (no allowance here:
                                      // the local count is 100,000)
            samples.push_back(counted(100000, 100000 + 1000 * i, 100, 100));
        samples.push_back(counted(1000, std::nullopt, 100, std::nullopt));
        samples.push_back(counted(1000, std::nullopt, 100, std::nullopt));
        Sample warm = counted(1000, 5000, 100, 500);
        warm.warmup = true;
        Sample failed = counted(1000, 5000, 100, 500);
        failed.outcome = Outcome::ServerError;
        Sample fallback = counted(1000, 5000, 100, 500);
        fallback.servedBy = QStringLiteral("Other");
        samples.insert(samples.end(), {warm, failed, fallback});

        const auto r = reconcileTokens(billedProvider("A", "gpt-4.1"), samples);
        QCOMPARE(r.attempts, 23);
        QCOMPARE(r.withoutUsage, 2);
        QCOMPARE(r.input.attempts, 21);
        QCOMPARE(r.output.attempts, 21);
        QVERIFY(qAbs(*r.input.ratioP5 - 1.01) < 1e-12);
        QVERIFY(qAbs(*r.input.ratioP50 - 1.10) < 1e-12);
        QVERIFY(qAbs(*r.input.ratioP95 - 1.19) < 1e-12);
        QVERIFY(qAbs(*r.input.ratio - 1.10) < 1e-12);

        // Nothing reported at all: no ratio, null in the JSON, never 0.
        const auto none = reconcileTokens(billedProvider("A", "gpt-4.1"),
                                          {counted(1000, std::nullopt, 100, std::nullopt)});
        QCOMPARE(none.withoutUsage, 1);
        QVERIFY(!none.input.ratio && !none.flagged());
        const json j = reconciliationJson({none});
        QVERIFY(j[0]["input"]["ratio"].is_null());
        QVERIFY(j[0]["input"]["reported_tokens"].is_null());
        QCOMPARE(j[0]["without_usage"].get<int>(), 1);
        QCOMPARE(j[0]["estimated"].get<bool>(), false);
        QCOMPARE(j[0]["encoding"].get<std::string>(), std::string("o200k_base"));
    }

    // The simulator's profile fields behind these tests, and their errors naming the field.
    void simulatorProfileFields()
    {
        const test::ProfileShape shape;
        const auto load = [&](const json &extra, QString *error) {
            return SimProfile::load(test::simProfilesJson({test::simProfileJson(
                                        QStringLiteral("X"), QStringLiteral("x"), shape, extra)}),
                                    error);
        };
        QString error;
        auto ok = load(
            {{"usage_factor", {{"completion", 1.5}}}, {"system_fingerprint", "fp_new.1"}}, &error);
        QVERIFY2(ok.size() == 1, qPrintable(error));
        QCOMPARE(ok.front().promptUsageFactor, 1.0);
        QCOMPARE(ok.front().completionUsageFactor, 1.5);
        QCOMPARE(ok.front().systemFingerprint, QStringLiteral("fp_new.1"));
        for (const json &bad :
             {json{{"usage_factor", {{"prompt", 0}}}}, json{{"usage_factor", {{"input", 1.1}}}},
              json{{"system_fingerprint", "fp \"x\""}}}) {
            error.clear();
            QVERIFY(load(bad, &error).empty());
            const QString field = QString::fromStdString(bad.begin().key());
            QVERIFY2(error.contains(field), qPrintable(error));
        }
    }

    // A real session: the simulator over-reports prompt tokens by 3% (usage_factor) for two of
    // three providers. 2,000-token prompts: 60 tokens over, 44 beyond the template allowance.
    void sessionOnTheSimulator()
    {
        auto shape = test::ProfileShape().withTtft(5, 5).withDecode(5000).withOutput(20, 40);
        const json over = {{"usage_factor", {{"prompt", 1.03}}}};
        QString error;
        const auto sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("Over"), QStringLiteral("gpt-4o-mini"), shape,
                                  over),
             test::simProfileJson(QStringLiteral("Honest"), QStringLiteral("gpt-4o"), shape),
             test::simProfileJson(QStringLiteral("Claude"), QStringLiteral("claude-sonnet-4-5"),
                                  shape, over)});
        if (!sim)
            return;
        Suite suite;
        suite.name = QStringLiteral("reconciliation");
        for (const char *model : {"gpt-4o-mini", "gpt-4o", "claude-sonnet-4-5"})
            suite.providers.push_back(test::simProvider(QString::fromLatin1(model), sim->baseUrl(),
                                                        QString::fromLatin1(model)));
        suite.scenarios = {test::closedLoopScenario(6, 3, 2000, 100, 20000)};

        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("r.sqlite"));
        const test::SessionEnd end = test::runSuiteToEnd(suite, db, 120000 * test::kSlow, &error);
        QVERIFY2(end.id > 0, qPrintable(error));
        const auto summary = test::readSummary(db, end.id, &error);
        QVERIFY2(summary, qPrintable(error));
        QCOMPARE(summary->reconciliation.size(), 3u);

        const TokenReconciliation *o = named(*summary, QStringLiteral("gpt-4o-mini"));
        QVERIFY(o && !o->encoding.estimated);
        QCOMPARE(o->input.attempts, 6);
        QCOMPARE(*o->input.ratio, 2060.0 / 2000.0);
        QCOMPARE(*o->input.difference, 44.0 / 2000.0);
        QVERIFY(o->input.flagged);
        // The answer text, counted locally with o200k_base, is what the simulator reports.
        QCOMPARE(o->output.attempts, 6);
        QCOMPARE(*o->output.ratio, 1.0);
        QVERIFY(!o->output.flagged);

        const TokenReconciliation *h = named(*summary, QStringLiteral("gpt-4o"));
        QVERIFY(h);
        QCOMPARE(*h->input.ratio, 1.0);
        QCOMPARE(*h->output.ratio, 1.0);
        QCOMPARE(*h->input.ratioP5, 1.0);
        QCOMPARE(*h->input.ratioP95, 1.0);
        QVERIFY(!h->flagged());

        const TokenReconciliation *c = named(*summary, QStringLiteral("claude-sonnet-4-5"));
        QVERIFY(c && c->encoding.estimated);
        QCOMPARE(c->encoding.family, QStringLiteral("anthropic"));
        QVERIFY(*c->input.ratio > 1.02);
        QVERIFY(!c->flagged());

        // show --json carries it, and the text says so for the flagged provider only.
        const json doc = json::parse(sessionSummaryJson(*summary).toStdString());
        QCOMPARE(doc["reconciliation"].size(), 3u);
        for (const json &p : doc["reconciliation"]) {
            const bool isOver = p["provider"] == "gpt-4o-mini";
            QCOMPARE(p["flagged"].get<bool>(), isOver);
            QCOMPARE(p["input"]["flagged"].get<bool>(), isOver);
            QCOMPARE(p["estimated"].get<bool>(), p["provider"] == "claude-sonnet-4-5");
        }
        QVERIFY(doc["drift"].is_array() && doc["drift"].empty());
        const QStringList lines = InsightText::lines(*summary);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.front().contains(QStringLiteral("gpt-4o-mini")) &&
                     lines.front().contains(QStringLiteral("+2.2%")),
                 qPrintable(lines.front()));

        checkModel(*summary);
    }

private:
    // The session's reconciliation in its item model: loaded, reloaded, emptied and loaded again,
    // with the flag and the ratios read back.
    static void checkModel(const SessionSummary &summary)
    {
        ReconciliationModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), int(ReconciliationModel::ColumnCount));
        model.setProviders(summary.reconciliation);
        QCOMPARE(model.rowCount(), 3);
        for (int r = 0; r < model.rowCount(); ++r) {
            const QString name = model.index(r, ReconciliationModel::Provider).data().toString();
            const TokenReconciliation *rec = named(summary, name);
            QVERIFY2(rec, qPrintable(name));
            QCOMPARE(model.index(r, 0).data(ReconciliationModel::FlaggedRole).toBool(),
                     rec->flagged());
            QCOMPARE(model.index(r, ReconciliationModel::InputRatio)
                         .data(ReconciliationModel::ValueRole)
                         .toDouble(),
                     *rec->input.ratio);
            QCOMPARE(model.index(r, ReconciliationModel::Status).data().toString(),
                     name == QLatin1String("gpt-4o-mini")
                         ? QStringLiteral("differs by more than 1%")
                     : name == QLatin1String("claude-sonnet-4-5") ? QStringLiteral("estimated")
                                                                  : QStringLiteral("agrees"));
        }
        model.setProviders(summary.reconciliation);
        QCOMPARE(model.rowCount(), 3);
        model.setProviders({});
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(0, 0).isValid());
        QCOMPARE(model.headerData(ReconciliationModel::Provider, Qt::Horizontal).toString(),
                 QStringLiteral("Provider"));
        model.setProviders({summary.reconciliation.front()});
        QCOMPARE(model.rowCount(), 1);
    }
};

YS_TEST_GUILESS_MAIN(TstReconciliation)
#include "tst_reconciliation.moc"
