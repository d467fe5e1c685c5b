// The recommendation for a use case (docs/measurements.md, "Recommendation"): use cases read and
// written, margins and standings on hand-built summaries, and a session designed so that the
// right answer is known (tests/recommendation_session.h) ranked and excluded as designed, with
// the same reasons, by the analysis, the workbench's Recommendation page, `yardstick-cli
// recommend`, `show --json` and the report.
#include "analysis/gates.h"
#include "analysis/recommendation.h"
#include "analysis/recommendation_json.h"
#include "analysis/recommendation_text.h"
#include "analysis/summary_json.h"
#include "cli_runner.h"
#include "recommendation_session.h"
#include "recommendation_window.h"
#include "session_support.h"
#include "test_main.h"
#include "ui/main_window.h"
#include "ui/recommendation_page.h"
#include "ui/screen_walk.h"
#include "workbench/workbench.h"

#include <QFile>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// A provider of a hand-built summary: E2E P95 p95 with interval [lo, hi], measured $ per 1K
// cost, declared window, attempts n.
ProviderSummary handBuiltProvider(const QString &name, double p95, double lo, double hi,
                                  double cost, qint64 window, int n = 100)
{
    ProviderSummary p;
    p.name = name;
    p.attempts = n;
    p.successes = n;
    p.e2eMs.p95 = p95;
    p.e2eMs.p95Ci = std::pair(lo, hi);
    p.usdPer1kMeasured = cost;
    p.usdPer1kMeasuredCi = std::pair(cost, cost);
    p.contextWindow = window;
    p.costUsd = cost * 1000.0; // over 1M tokens: $ per 1M = cost × 1000
    p.inputTokens = 750000;
    p.outputTokens = 250000;
    return p;
}

UseCase lineCase()
{
    UseCase u = *UseCase::bundled(QStringLiteral("realtime_support"));
    u.requirements = Requirements{}; // the line: 380 ms, $0.0015, 128K
    u.peakRps = 10;
    u.monthlyTokens = 300e6;
    return u;
}

const ProviderRecommendation &named(const Recommendation &rec, const char *name)
{
    const ProviderRecommendation *p = rec.provider(QString::fromLatin1(name));
    if (!p)
        qFatal("no provider %s in the recommendation", name);
    return *p;
}

bool hasRisk(const ProviderRecommendation &p, RiskKind kind)
{
    return std::any_of(p.risks.begin(), p.risks.end(),
                       [kind](const Risk &r) { return r.kind == kind; });
}

} // namespace

class TstRecommendation : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    qint64 m_session = 0;

private slots:
    void useCasesRoundTrip()
    {
        QCOMPARE(
            UseCase::bundledIds(),
            QStringList({QStringLiteral("realtime_support"), QStringLiteral("coding_assistant"),
                         QStringLiteral("knowledge_base_summaries"),
                         QStringLiteral("compliance_review"), QStringLiteral("batch_offline")}));
        for (const UseCase &u : UseCase::bundled()) {
            QString error;
            const auto back = UseCase::parse(u.toJson(), QStringLiteral("u.json"), &error);
            QVERIFY2(back, qPrintable(error));
            QVERIFY2(*back == u, qPrintable(u.id));
            QCOMPARE(back->requirements.preset, u.id);
            QVERIFY(Recommender::problem(u).isEmpty());
        }
        QVERIFY(UseCase::bundled(QStringLiteral("knowledge_base_summaries"))->document);
        // A preset with overrides, and a suite that carries it.
        QString error;
        const auto over = UseCase::parse(
            R"({"preset": "batch_offline", "monthly_tokens": 42000000, "peak_rps": 3})",
            QStringLiteral("o.json"), &error);
        QVERIFY2(over, qPrintable(error));
        QCOMPARE(*over->monthlyTokens, 42e6);
        QCOMPARE(*over->peakRps, 3.0);
        QCOMPARE(*over->requirements.maxUsdPer1k, 0.001);
        const auto suite = Suite::parse(
            test::recommendationSuiteJson(QUrl(QStringLiteral("http://127.0.0.1:9/v1"))),
            QStringLiteral("s.json"), &error);
        QVERIFY2(suite, qPrintable(error));
        QVERIFY(suite->useCase);
        QCOMPARE(*suite->requirements, suite->useCase->requirements);
        QCOMPARE(*suite->requirements->maxP95LatencyMs, 420.0);
        const auto again = Suite::parse(suite->toJson(), QStringLiteral("s2.json"), &error);
        QVERIFY2(again, qPrintable(error));
        QVERIFY(*again->useCase == *suite->useCase);
        QVERIFY(*again->requirements == *suite->requirements);
    }

    void badUseCasesNameTheField_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown id")
            << QByteArray(R"("support")") << QStringLiteral("unknown use case \"support\"");
        QTest::newRow("unknown preset")
            << QByteArray(R"({"preset": "x"})") << QStringLiteral("u.preset: unknown use case");
        QTest::newRow("no id") << QByteArray(R"({"title": "x"})")
                               << QStringLiteral("missing field \"id\"");
        QTest::newRow("volume") << QByteArray(R"({"preset": "batch_offline", "monthly_tokens": 0})")
                                << QStringLiteral("u.monthly_tokens: expected a number above zero");
        QTest::newRow("weights") << QByteArray(
                                        R"({"preset": "batch_offline", "weights": {"cost": 0}})")
                                 << QStringLiteral("u.weights: the weights may not all be 0");
        QTest::newRow("overlap")
            << QByteArray(
                   R"({"preset": "batch_offline", "document": {"document_tokens": 9000, "chunk_tokens": 1000, "overlap_tokens": 1000}})")
            << QStringLiteral("u.document.overlap_tokens: 1000 is not below chunk_tokens");
        QTest::newRow("field") << QByteArray(R"({"preset": "batch_offline", "peak": 3})")
                               << QStringLiteral("u: unknown field \"peak\"");
    }
    void badUseCasesNameTheField()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!UseCase::parse(text, QStringLiteral("u"), &error));
        QVERIFY2(error.contains(message), qPrintable(error));
        UseCase u = lineCase();
        u.weights = {{QStringLiteral("speed"), 1.0}};
        QVERIFY(Recommender::problem(u).contains(QStringLiteral("speed")));
    }

    void marginsAndStandingsOnHandBuiltFigures()
    {
        SessionSummary s;
        s.providers = {handBuiltProvider(QStringLiteral("Clear"), 300, 280, 330, 0.001, 200000),
                       handBuiltProvider(QStringLiteral("Edge"), 360, 330, 400, 0.001, 130000),
                       handBuiltProvider(QStringLiteral("Late"), 450, 420, 480, 0.001, 200000),
                       handBuiltProvider(QStringLiteral("Few"), 200, 180, 220, 0.001, 200000, 12)};
        s.providers[0].results.rateLimit = RateLimitResult{};
        s.providers[0].results.rateLimit->first429Rps = 12; // within 1.5 × the peak of 10
        s.providers[3].results.rateLimit = RateLimitResult{};
        s.providers[3].results.rateLimit->first429Rps = 6;
        DriftEvent drift;
        drift.provider = QStringLiteral("Clear");
        drift.figure = DriftFigure::TtftMs;
        drift.fromSession = 3;
        drift.relative = 0.25;
        s.drift = {drift};
        const Recommendation rec = Recommender::recommend(s, lineCase());
        const ProviderRecommendation &clear = named(rec, "Clear");
        QVERIFY(hasRisk(clear, RiskKind::Drift));
        QVERIFY(std::any_of(clear.risks.begin(), clear.risks.end(), [](const Risk &r) {
            return r.text == QStringLiteral("TTFT p50 moved +25% since session 3");
        }));
        QCOMPARE(clear.standing, Standing::Qualifies);
        QCOMPARE(clear.margins.size(), std::size_t(3));
        QCOMPARE(clear.margins[0].kind, GateKind::Latency);
        QVERIFY(qAbs(*clear.margins[0].margin - 80.0 / 380) < 1e-9);
        QVERIFY(qAbs(*clear.margins[0].marginAtInterval - 50.0 / 380) < 1e-9);
        QVERIFY(qAbs(*clear.margins[2].margin - (200000.0 - 128000) / 128000) < 1e-9);
        QVERIFY(qAbs(*clear.monthlyUsd - 1.0 * 300) < 1e-6); // $1 per 1M × 300M
        QVERIFY(hasRisk(clear, RiskKind::RateLimitClose));
        const ProviderRecommendation &edge = named(rec, "Edge");
        QCOMPARE(edge.standing, Standing::PointEstimate);
        QVERIFY(*edge.margins[0].margin > 0);
        QVERIFY(*edge.margins[0].marginAtInterval < 0);
        QVERIFY(hasRisk(edge, RiskKind::PointEstimate));
        QVERIFY(hasRisk(edge, RiskKind::ContextClose));
        QVERIFY(hasRisk(edge, RiskKind::RateLimitUnproven));
        const ProviderRecommendation &late = named(rec, "Late");
        QCOMPARE(late.standing, Standing::Excluded);
        QCOMPARE(late.exclusion, ExclusionKind::GateFailed);
        QCOMPARE(*late.exclusionGate, GateKind::Latency);
        QVERIFY2(late.reason.contains(
                     QStringLiteral("450 ms fails E2E P95 ≤ 380 ms, at its whole 95% interval")),
                 qPrintable(late.reason));
        const ProviderRecommendation &few = named(rec, "Few");
        QCOMPARE(few.exclusion, ExclusionKind::RateLimited);
        QVERIFY(hasRisk(few, RiskKind::FewAttempts));
        QCOMPARE(*rec.choice, QStringLiteral("Clear"));
        QCOMPARE(rec.fallbacks, std::vector<QString>{QStringLiteral("Edge")});
        QCOMPARE(*clear.rank, 1);
        QCOMPARE(*edge.rank, 2);
        QVERIFY(!late.rank && !few.rank);
        const QString headline = RecommendationText::headline(rec);
        QVERIFY2(headline.startsWith(QStringLiteral("For Real-time support: Clear, with Edge as "
                                                    "fallback.")),
                 qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("At 300M tokens a month Clear costs $300.")),
                 qPrintable(headline));
    }

    void designedSession()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("designed.sqlite"));
        m_session = test::runRecommendationSession(m_db);
        QVERIFY(m_session > 0);
        QString error;
        const auto summary = test::readSummary(m_db, m_session, &error);
        QVERIFY2(summary, qPrintable(error));
        const UseCase u = Recommender::useCaseOf(*summary);
        QCOMPARE(u.id, QStringLiteral("designed_chat"));
        const Recommendation rec = Recommender::recommend(*summary, u);
        const QString dump = QString::fromStdString(recommendationJson(rec).dump(1));
        QVERIFY2(rec.choice && *rec.choice == QStringLiteral("Steady"), qPrintable(dump));
        QCOMPARE(rec.fallbacks, std::vector<QString>{QStringLiteral("Borderline")});
        QCOMPARE(named(rec, "Steady").standing, Standing::Qualifies);
        QVERIFY2(named(rec, "Borderline").standing == Standing::PointEstimate, qPrintable(dump));
        QVERIFY(hasRisk(named(rec, "Borderline"), RiskKind::PointEstimate));
        const ProviderRecommendation &slow = named(rec, "Slow");
        QCOMPARE(slow.exclusion, ExclusionKind::GateFailed);
        QCOMPARE(*slow.exclusionGate, GateKind::Latency);
        QVERIFY2(slow.reason.contains(QStringLiteral("at its whole 95% interval")),
                 qPrintable(dump));
        const ProviderRecommendation &throttled = named(rec, "Throttled");
        QVERIFY2(throttled.exclusion == ExclusionKind::RateLimited, qPrintable(dump));
        QVERIFY(*throttled.rateLimitRps < 10);
        // Throttled met every gate: the rate limit is its only reason.
        for (const RequirementMargin &m : throttled.margins)
            QCOMPARE(m.result, GateResult::Pass);
        QVERIFY(named(rec, "Steady").monthlyUsd);

        // The workbench's page shows the same ranking, standings, reasons and headline.
        std::unique_ptr<Workbench> workbench;
        std::unique_ptr<MainWindow> window;
        const RecommendationPage *found = test::openRecommendationPage(m_db, &workbench, &window);
        QVERIFY(found);
        const RecommendationPage &page = *found;
        QTRY_COMPARE(page.headline(), RecommendationText::headline(rec));
        QCOMPARE(page.rankOrder(),
                 QStringList({QStringLiteral("Steady"), QStringLiteral("Borderline"),
                              QStringLiteral("Slow"), QStringLiteral("Throttled")}));
        const QAbstractItemModel *shown = page.ranking()->model();
        for (int r = 0; r < shown->rowCount(); ++r) {
            const ProviderRecommendation &p = rec.providers[std::size_t(r)];
            const QString cells = [&] {
                QStringList all;
                for (int c = 0; c < shown->columnCount(); ++c)
                    all << shown->index(r, c).data().toString();
                return all.join(QLatin1Char('|'));
            }();
            QVERIFY2(cells.contains(RecommendationText::standing(p.standing)), qPrintable(cells));
            if (!p.reason.isEmpty())
                QVERIFY2(cells.contains(p.reason), qPrintable(cells));
        }

        // The command line prints the same recommendation, in JSON and in words.
        const auto db = QStringList{QStringLiteral("--db"), m_db};
        const test::CliResult js =
            test::runCli(QStringList{QStringLiteral("recommend"), QStringLiteral("--json")} + db);
        QCOMPARE(js.code, 0);
        QVERIFY2(json::parse(js.out.toStdString()) == recommendationJson(rec), js.out.constData());
        const test::CliResult text = test::runCli(QStringList{QStringLiteral("recommend")} + db);
        QCOMPARE(text.code, 0);
        const QString out = QString::fromUtf8(text.out);
        QVERIFY2(out.contains(RecommendationText::headline(rec)), qPrintable(out));
        QVERIFY(out.contains(slow.reason) && out.contains(throttled.reason));
        // show --json holds it too.
        const test::CliResult show =
            test::runCli(QStringList{QStringLiteral("show"), QStringLiteral("--json")} + db);
        QCOMPARE(show.code, 0);
        QVERIFY(json::parse(show.out.toStdString())["recommendation"] == recommendationJson(rec));
        // The report opens with it.
        const QString htmlPath = m_dir.filePath(QStringLiteral("report.html"));
        const test::CliResult report =
            test::runCli(QStringList{QStringLiteral("report"), QStringLiteral("--format"),
                                     QStringLiteral("html"), QStringLiteral("--out"), htmlPath} +
                         db);
        QVERIFY2(report.code == 0, qPrintable(report.err));
        QFile f(htmlPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(f.readAll());
        const qsizetype at = html.indexOf(RecommendationText::headline(rec).toHtmlEscaped());
        QVERIFY2(at > 0, qPrintable(RecommendationText::headline(rec)));
        // The first section, before the question's.
        QVERIFY(html.indexOf(QStringLiteral("<section id=\"recommendation\">")) < at);
        QVERIFY(at < html.indexOf(QStringLiteral("<section id=\"question\">")));
        QVERIFY(html.contains(throttled.reason.toHtmlEscaped()));
    }

    void badInputExitsTwo()
    {
        QVERIFY(!m_db.isEmpty());
        const auto db = QStringList{QStringLiteral("recommend"), QStringLiteral("--db"), m_db};
        const test::CliResult unknown =
            test::runCli(db + QStringList{QStringLiteral("--use-case"), QStringLiteral("nope")});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.contains(QStringLiteral("nope")), qPrintable(unknown.err));
        const test::CliResult volume = test::runCli(
            db + QStringList{QStringLiteral("--monthly-tokens"), QStringLiteral("-5")});
        QCOMPARE(volume.code, 2);
        QVERIFY(volume.err.contains(QStringLiteral("--monthly-tokens")));
        // Another use case reads the same session anew: batch jobs ask only for the cost.
        const test::CliResult batch = test::runCli(db + QStringList{QStringLiteral("--use-case"),
                                                                    QStringLiteral("batch_offline"),
                                                                    QStringLiteral("--json")});
        QCOMPARE(batch.code, 0);
        const json doc = json::parse(batch.out.toStdString());
        QCOMPARE(doc["use_case"]["id"].get<std::string>(), std::string("batch_offline"));
        for (const json &p : doc["providers"])
            QVERIFY2(p["standing"] == "qualifies", p.dump().c_str());
    }
};

YS_TEST_MAIN(TstRecommendation)
#include "tst_recommendation.moc"
