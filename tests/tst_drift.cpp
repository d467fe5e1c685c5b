// Drift across sessions: on hand-built points, the significance and practical thresholds, the
// Holm correction, the value sets of the reported identity and the pairing of sessions in time
// order; then four real sessions on the simulator in one SQLite file, the provider changed
// between some of them: drift events for exactly the figures that changed, none where nothing
// did, through loadDrift and `yardstick-cli show --json`, and the History page's drift models
// filled from them under QAbstractItemModelTester.
#include "analysis/drift.h"
#include "analysis/insight_json.h"
#include "demo/sim_demo_host.h"
#include "domain/suite.h"
#include "models/drift_model.h"
#include "models/drift_series_model.h"
#include "models/insight_text.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "storage/database.h"
#include "storage/drift_loader.h"
#include "storage/session_repository.h"
#include "ui/session_drift_view.h"
#include "workbench/workbench.h"

#include "drift_surfaces.h"
#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"
#include "test_support.h"

#include <QAbstractItemModelTester>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <set>

using namespace ys;
using nlohmann::json;

namespace {

// n values around centre, spread evenly over ±spread.
std::vector<double> around(double centre, double spread, int n = 20)
{
    std::vector<double> v;
    for (int i = 0; i < n; ++i)
        v.push_back(centre - spread + 2.0 * spread * i / (n - 1));
    return v;
}

DriftPoint point(qint64 session, int minute, double ttft, const QString &fingerprint = {})
{
    DriftPoint p;
    p.sessionId = session;
    p.startedAt = QDateTime(QDate(2026, 1, 1), QTime(12, minute), Qt::UTC);
    p.provider = QStringLiteral("P");
    p.model = QStringLiteral("m");
    p.ttftMs = around(ttft, 2);
    p.e2eMs = around(500, 5);
    p.outputTokensPerS = around(80, 1);
    p.usdPer1k = std::vector<double>(20, 0.002);
    p.spentUsd = 0.02;
    p.billedTokens = 10000;
    p.modelsReported = {QStringLiteral("m-2026")};
    if (!fingerprint.isEmpty())
        p.fingerprints = {fingerprint};
    return p;
}

std::set<QString> figures(const std::vector<DriftEvent> &events, qint64 toSession)
{
    std::set<QString> out;
    for (const DriftEvent &e : events)
        if (e.toSession == toSession)
            out.insert(driftFigureName(e.figure));
    return out;
}

std::set<QString> driftNames(std::initializer_list<const char *> list)
{
    std::set<QString> out;
    for (const char *n : list)
        out.insert(QString::fromLatin1(n));
    return out;
}

} // namespace

class TstDrift : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<qint64> m_sessions; // the four of sessionsOnTheSimulator(), oldest first

    // One session of one provider "P" (model gpt-4o-mini) into db, on a fresh simulator with
    // this TTFT and fingerprint, at this price; returns its id, or 0.
    qint64 session(const QString &db, double ttftMs, const QString &fingerprint, double price)
    {
        auto shape = test::ProfileShape()
                         .withTtft(ttftMs, ttftMs)
                         .withDecode(400)
                         .withOutput(80, 80)
                         .withSeed(3);
        json extra = json::object();
        if (!fingerprint.isEmpty())
            extra["system_fingerprint"] = fingerprint.toStdString();
        QString error;
        auto sim =
            test::startSim({test::simProfileJson(QStringLiteral("P"), QStringLiteral("gpt-4o-mini"),
                                                 shape, extra)},
                           &error);
        if (!sim) {
            qWarning("%s", qPrintable(error));
            return 0;
        }
        test::ProviderExtras extras;
        extras.price = Price{price, 2 * price, std::nullopt};
        const Suite suite =
            test::suiteOf(QStringLiteral("drift"),
                          {test::simProvider(QStringLiteral("P"), sim->baseUrl(),
                                             QStringLiteral("gpt-4o-mini"), extras)},
                          test::closedLoopScenario(20, 4, 200, 100, 20000));
        const test::SessionEnd end = test::runSuiteToEnd(suite, db, 120000 * test::kSlow, &error);
        if (end.id == 0)
            qWarning("%s", qPrintable(error));
        return end.id;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // A shift of 50% is drift; the same samples are not; a significant shift of 5% is below
    // the practical threshold (10%) and is not either.
    void thresholds()
    {
        auto events =
            findDrift({point(1, 0, 100), point(2, 1, 100), point(3, 2, 150), point(4, 3, 157.5)});
        QCOMPARE(figures(events, 2), std::set<QString>{});
        QCOMPARE(figures(events, 3), driftNames({"ttft_ms"}));
        QCOMPARE(figures(events, 4), std::set<QString>{}); // +5%, p small but too little
        const DriftEvent &e = events.front();
        QCOMPARE(e.fromSession, qint64(2));
        QCOMPARE(*e.before, 100.0);
        QCOMPARE(*e.after, 150.0);
        QCOMPARE(*e.relative, 0.5);
        QVERIFY(qAbs(*e.difference - 50.0) < 1e-9);
        QVERIFY(*e.ciLow <= 50.0 && *e.ciHigh >= 50.0);
        QVERIFY(*e.pValue < 1e-6);
        QVERIFY(*e.adjustedPValue >= *e.pValue && *e.adjustedPValue < 0.05);

        // Only the comparisons ending at one session; the points may come in any order.
        events = findDrift({point(3, 2, 150), point(1, 0, 100), point(2, 1, 100)}, {}, 2);
        QVERIFY(events.empty());
        events = findDrift({point(3, 2, 150), point(1, 0, 100), point(2, 1, 100)}, {}, 3);
        QCOMPARE(events.size(), 1u);

        // Too few attempts say nothing.
        DriftPoint few = point(5, 4, 300);
        few.ttftMs.resize(4);
        QVERIFY(figures(findDrift({point(4, 3, 100), few}), 5).empty());

        // Another provider, or the same name with another model, is not compared.
        DriftPoint other = point(6, 5, 300);
        other.model = QStringLiteral("m2");
        QVERIFY(findDrift({point(1, 0, 100), other}).empty());
    }

    // Holm: the p-values of one table (every comparison ending at a session) are adjusted
    // together, never below the raw ones.
    void holmAcrossTheTable()
    {
        DriftPoint a = point(1, 0, 100);
        DriftPoint b = point(2, 1, 130);
        b.e2eMs = around(650, 5);
        b.outputTokensPerS = around(60, 1);
        const auto events = findDrift({a, b});
        QCOMPARE(figures(events, 2), driftNames({"ttft_ms", "e2e_ms", "output_tokens_per_s"}));
        for (const DriftEvent &e : events)
            QVERIFY(*e.adjustedPValue >= *e.pValue);
        // Three equal smallest p-values of four tests: Holm multiplies the first by 4.
        QVERIFY(qAbs(*events.front().adjustedPValue - 4 * *events.front().pValue) < 1e-12 ||
                qAbs(*events.front().adjustedPValue - 3 * *events.front().pValue) < 1e-12);
    }

    // The measured price is spent / billed tokens; the identity drifts when its set changes,
    // and a session that reported no fingerprint says nothing.
    void priceAndIdentity()
    {
        DriftPoint a = point(1, 0, 100, QStringLiteral("fp_a"));
        DriftPoint b = point(2, 1, 100, QStringLiteral("fp_b"));
        b.usdPer1k = std::vector<double>(20, 0.003);
        b.spentUsd = 0.03;
        DriftPoint c = point(3, 2, 100);
        c.usdPer1k = b.usdPer1k;
        c.spentUsd = b.spentUsd;
        c.modelsReported = {QStringLiteral("m-2026"), QStringLiteral("m-2027")};
        const auto events = findDrift({a, b, c});
        QCOMPARE(figures(events, 2), driftNames({"usd_per_1k_measured", "system_fingerprint"}));
        QCOMPARE(figures(events, 3), driftNames({"model_reported"}));
        for (const DriftEvent &e : events) {
            if (e.figure == DriftFigure::UsdPer1k) {
                QCOMPARE(*e.before, 0.002);
                QCOMPARE(*e.after, 0.003);
                QCOMPARE(*e.relative, 0.5);
            }
            if (e.figure == DriftFigure::Fingerprint) {
                QCOMPARE(e.beforeValues, QStringList{QStringLiteral("fp_a")});
                QCOMPARE(e.afterValues, QStringList{QStringLiteral("fp_b")});
                QVERIFY(!e.pValue);
            }
        }
        const json j = driftJson(events);
        QCOMPARE(j.size(), 3u);
        for (const json &e : j) {
            if (e["figure"] == "system_fingerprint") {
                QVERIFY(e["before"] == json::array({"fp_a"}));
                QVERIFY(e["p_value"].is_null() && e["difference_ci"].is_null());
            }
            if (e["figure"] == "usd_per_1k_measured")
                QCOMPARE(e["difference_ci"].size(), 2u);
        }

        DriftModel model;
        model.setEvents(events);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(DriftModel::ColumnCount));
        QCOMPARE(model.headerData(DriftModel::PValue, Qt::Horizontal).toString(),
                 QStringLiteral("p (Holm)"));
        QCOMPARE(model.index(0, DriftModel::FromSession).data().toLongLong(), qlonglong(1));
        QCOMPARE(model.index(0, DriftModel::Figure).data(DriftModel::FigureNameRole).toString(),
                 QStringLiteral("usd_per_1k_measured"));
        QCOMPARE(model.index(0, DriftModel::After).data(DriftModel::ValueRole).toDouble(), 0.003);
        QCOMPARE(model.index(1, DriftModel::Before).data().toString(), QStringLiteral("fp_a"));
        QVERIFY(model.index(1, DriftModel::After).data(DriftModel::ValueRole).isNull());
        QVERIFY(InsightText::line(events[1]).contains(QStringLiteral("fp_b")));
    }

    // Four sessions in one file: 1 and 2 alike; 3 with twice the TTFT (end-to-end includes it,
    // so it moves too); 4 as 3 but redeployed (another fingerprint) at twice the price. The
    // times are long enough (200 ms TTFT, 200 ms of decoding) that a loaded machine's few
    // milliseconds of scheduling stay well under the 10% threshold.
    void sessionsOnTheSimulator()
    {
        const QString db = m_dir.filePath(QStringLiteral("drift.sqlite"));
        const qint64 s1 = session(db, 200, {}, 1.0);
        const qint64 s2 = session(db, 200, {}, 1.0);
        const qint64 s3 = session(db, 400, {}, 1.0);
        const qint64 s4 = session(db, 400, QStringLiteral("fp_redeployed"), 2.0);
        QVERIFY(s1 && s2 && s3 && s4);
        m_sessions = {s1, s2, s3, s4};

        QString error;
        Database d(db);
        QVERIFY2(d.open(&error), qPrintable(error));
        SessionRepository repo(d);
        const auto all = loadDrift(repo, std::nullopt, &error);
        for (const DriftEvent &e : all)
            qInfo().noquote() << InsightText::line(e);
        QCOMPARE(figures(all, s1), std::set<QString>{});
        QCOMPARE(figures(all, s2), std::set<QString>{});
        QCOMPARE(figures(all, s3), driftNames({"ttft_ms", "e2e_ms"}));
        QCOMPARE(figures(all, s4), driftNames({"usd_per_1k_measured", "system_fingerprint"}));
        for (const DriftEvent &e : all) {
            QCOMPARE(e.provider, QStringLiteral("P"));
            QCOMPARE(e.fromSession + 1, e.toSession);
            if (e.figure == DriftFigure::TtftMs) {
                QVERIFY(*e.relative > 0.6);
                QVERIFY(*e.ciLow > 0);
            }
            if (e.figure == DriftFigure::UsdPer1k)
                QVERIFY(qAbs(*e.relative - 1.0) < 1e-9); // the price doubled
        }

        // One session: only its events against the one before it.
        const auto third = loadDrift(repo, s3, &error);
        QCOMPARE(figures(third, s3), driftNames({"ttft_ms", "e2e_ms"}));
        QCOMPARE(third.size(), 2u);
        QVERIFY(loadDrift(repo, s2, &error).empty());
        QVERIFY(loadDrift(repo, s1, &error).empty());

        // show --json and the text, from the real executable.
        QProcess p;
        p.start(test::binDir() + QStringLiteral("/yardstick-cli"),
                {QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--session"),
                 QString::number(s4), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(60000 * test::kSlow));
        QCOMPARE(p.exitCode(), 0);
        const json doc = json::parse(p.readAllStandardOutput().toStdString());
        QCOMPARE(doc["drift"].size(), 2u);
        std::set<std::string> shown;
        for (const json &e : doc["drift"]) {
            shown.insert(e["figure"].get<std::string>());
            QCOMPARE(e["from_session"].get<qint64>(), s3);
            QCOMPARE(e["to_session"].get<qint64>(), s4);
        }
        QCOMPARE(shown, (std::set<std::string>{"usd_per_1k_measured", "system_fingerprint"}));
        QProcess text;
        text.start(test::binDir() + QStringLiteral("/yardstick-cli"),
                   {QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--session"),
                    QString::number(s4)});
        QVERIFY(text.waitForFinished(60000 * test::kSlow));
        // Each event a line of the text, its figures as show --json has them
        // (tests/drift_surfaces.h; tst_one_number reads the other surfaces the same way).
        const QString out = QString::fromUtf8(text.readAllStandardOutput());
        std::set<std::string> inText;
        for (const QString &line : out.split(QLatin1Char('\n'))) {
            const auto l = test::readDriftLine(line);
            if (!l)
                continue;
            inText.insert(l->figure.toStdString());
            for (const json &e : doc["drift"])
                if (e["figure"] == l->figure.toStdString())
                    QVERIFY2(test::driftLineProblems(*l, e).isEmpty(),
                             qPrintable(line + QLatin1Char(' ') +
                                        test::driftLineProblems(*l, e).join(QLatin1Char(','))));
        }
        QCOMPARE(inText, shown);
        QVERIFY2(out.contains(QStringLiteral("fp_redeployed")), qPrintable(out));
    }

    // The session's drift on every surface that shows it, from the one view of the session
    // (storage/summary_loader.h, loadSessionView): the workbench's summary and the Results
    // page's Drift tab, and the report's insights built from that same summary, as show --json
    // above.
    void driftOnEverySurface()
    {
        if (m_sessions.size() != 4)
            QSKIP("sessionsOnTheSimulator() wrote no sessions");
        Workbench workbench(m_dir.filePath(QStringLiteral("drift.sqlite")),
                            std::make_unique<SimDemoHost>());
        QString error;
        QVERIFY2(workbench.open(&error), qPrintable(error));
        QVERIFY(workbench.selectSession(m_sessions[3]));
        QTRY_VERIFY_WITH_TIMEOUT(workbench.summary() &&
                                     workbench.summary()->info.id == m_sessions[3],
                                 60000 * test::kSlow);
        const SessionSummary &summary = *workbench.summary();
        QCOMPARE(figures(summary.drift, m_sessions[3]),
                 driftNames({"usd_per_1k_measured", "system_fingerprint"}));
        SessionDriftView view(&workbench);
        QCOMPARE(view.model()->rowCount(), 2);
        QVERIFY2(view.message().startsWith(QStringLiteral("2 figure")), qPrintable(view.message()));
        const QString insights = InsightText::lines(summary).join(QLatin1Char('\n'));
        QVERIFY2(insights.contains(QStringLiteral("fp_redeployed")), qPrintable(insights));
        // A session without drift says so.
        QVERIFY(workbench.selectSession(m_sessions[1]));
        QTRY_VERIFY_WITH_TIMEOUT(workbench.summary() &&
                                     workbench.summary()->info.id == m_sessions[1],
                                 60000 * test::kSlow);
        QCOMPARE(view.model()->rowCount(), 0);
        QVERIFY2(view.message().startsWith(QStringLiteral("No drift")), qPrintable(view.message()));
    }

    // The models of the History page's drift box over sessionsOnTheSimulator()'s file, as the
    // page fills them: the provider's series, its events, another provider with no sessions,
    // then emptied.
    void modelsOnTheSessions()
    {
        if (m_sessions.size() != 4)
            QSKIP("sessionsOnTheSimulator() wrote no sessions");
        QString error;
        Database d(m_dir.filePath(QStringLiteral("drift.sqlite")));
        QVERIFY2(d.open(&error), qPrintable(error));
        SessionRepository repo(d);

        DriftSeriesModel series;
        DriftModel events;
        QAbstractItemModelTester seriesTester(
            &series, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester eventTester(
            &events, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(series.rowCount(), 0);
        QCOMPARE(events.rowCount(), 0);

        const auto show = [&](const QString &provider) {
            QVERIFY2(series.load(repo, provider, &error), qPrintable(error));
            events.setEvents(series.events());
        };
        show(QStringLiteral("P"));
        QCOMPARE(series.rowCount(), 4);
        QCOMPARE(series.series().back().sessionId, m_sessions.back());
        const auto all = loadDrift(repo, std::nullopt, &error);
        QCOMPARE(events.rowCount(), int(all.size()));
        QCOMPARE(events.rowCount(), 4); // TTFT and E2E at the third, price and fingerprint at the
                                        // fourth
        for (int r = 0; r < events.rowCount(); ++r) {
            const QModelIndex to = events.index(r, DriftModel::ToSession);
            QVERIFY(to.data(DriftModel::ValueRole).toLongLong() >= m_sessions[2]);
            QVERIFY(!events.index(r, DriftModel::Figure).data().toString().isEmpty());
        }
        show(QStringLiteral("P")); // reloaded: the same rows
        QCOMPARE(series.rowCount(), 4);
        QCOMPARE(events.rowCount(), 4);

        // One session's events, as show --session reads them.
        events.setEvents(loadDrift(repo, m_sessions[2], &error));
        QCOMPARE(events.rowCount(), 2);

        show(QStringLiteral("nobody")); // a provider of no session
        QCOMPARE(series.rowCount(), 0);
        QCOMPARE(events.rowCount(), 0);
        show(QStringLiteral("P"));
        QCOMPARE(events.rowCount(), 4);
        series.setPoints({}); // no repository: the page empties both
        events.setEvents({});
        QCOMPARE(series.rowCount(), 0);
        QCOMPARE(events.rowCount(), 0);
        QVERIFY(!events.index(0, 0).isValid());
        QCOMPARE(events.headerData(DriftModel::Provider, Qt::Horizontal).toString(),
                 QStringLiteral("Provider"));
    }
};

YS_TEST_MAIN(TstDrift)
#include "tst_drift.moc"
