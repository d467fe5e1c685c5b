// The Run page on the offscreen platform, against the real simulator over loopback: a small suite
// with a steady provider whose deployment changes, and a throttled one (429s with a retry-after)
// behind a circuit breaker with a fallback. The progress rows fill, the charts get points while
// the run goes, the events list shows the breaker, fallbacks, 429s and identity changes, and a
// cancel keeps every attempt so far.
#include "charts/live_series_chart.h"
#include "domain/suite.h"
#include "models/live_run_model.h"
#include "models/run_events_model.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "test_main.h"
#include "ui/main_window.h"
#include "ui/run_page.h"
#include "util/monotonic_clock.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"
#include "workbench_fixtures.h"

#include <QAbstractAxis>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QChart>
#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace ys;

namespace {

// Three simulated providers of the test's own: the demo's profiles never fail.
const char kProfiles[] = R"({
  "format": "yardstick-sim-profiles/1",
  "profiles": [
    {"name": "Steady", "model": "sim-steady", "ttft_ms": {"median": 30, "p95": 40},
     "prefill_tokens_per_s": 100000, "decode_tokens_per_s": 600,
     "output_tokens": {"min": 20, "max": 40}, "context_window": 32000,
     "fingerprint_every": 6, "seed": 3, "capacity": 1},
    {"name": "Throttled", "model": "sim-throttled", "ttft_ms": {"median": 30, "p95": 40},
     "prefill_tokens_per_s": 100000, "decode_tokens_per_s": 600,
     "output_tokens": {"min": 20, "max": 40}, "context_window": 32000, "seed": 4,
     "faults": {"retry_after_seconds": {"probability": 0.5, "param": 2}}},
    {"name": "Backup", "model": "sim-backup", "ttft_ms": {"median": 30, "p95": 40},
     "prefill_tokens_per_s": 100000, "decode_tokens_per_s": 600,
     "output_tokens": {"min": 20, "max": 40}, "context_window": 32000, "seed": 5}
  ]
})";

class TestSimHost : public DemoHost {
public:
    std::vector<ProviderConfig> providers(const QUrl &) const override { return {}; }
    QUrl start(QString *error) override
    {
        if (!m_sim) {
            auto profiles = SimProfile::load(QByteArray(kProfiles), error);
            if (profiles.empty())
                return {};
            m_sim = std::make_unique<SimHost>(std::move(profiles));
            if (!m_sim->start(error)) {
                m_sim.reset();
                return {};
            }
        }
        return m_sim->baseUrl();
    }

private:
    std::unique_ptr<SimHost> m_sim;
};

Suite suiteFor(const QUrl &url, int requests)
{
    const QString base = url.toString();
    const QString json = QStringLiteral(R"({"format": "yardstick-suite/1", "name": "run page",
  "providers": [
    {"name": "Steady", "dialect": "openai-chat", "base_url": "%1", "model": "sim-steady",
     "server_metrics": {"url": "%3", "interval_ms": 100}},
    {"name": "Throttled", "dialect": "openai-chat", "base_url": "%1", "model": "sim-throttled",
     "breaker": {"failure_threshold": 3, "window_s": 30, "open_s": 0.3, "half_open_probes": 1},
     "fallback": ["Backup"]},
    {"name": "Backup", "dialect": "openai-chat", "base_url": "%1", "model": "sim-backup"}
  ],
  "scenarios": [{"kind": "latency", "requests": %2, "concurrency": 2, "prompt_tokens": 200,
                 "max_output_tokens": 40}]
})")
                             .arg(base)
                             .arg(requests)
                             .arg(url.resolved(QUrl(QStringLiteral("/metrics"))).toString());
    QString error;
    auto suite = Suite::parse(json.toUtf8(), QStringLiteral("run-page.json"), &error);
    if (!suite)
        qFatal("%s", qPrintable(error));
    return *suite;
}

int storedSamples(SessionRepository &repo, qint64 sessionId)
{
    QString error;
    int n = 0;
    for (const RunRecord &run : repo.runs(sessionId, &error))
        n += int(repo.samples(run.id, &error).size());
    return n;
}

bool anyEventOf(const RunEventsModel *events, RunEventsModel::Kind kind, const QString &text = {})
{
    for (const RunEventsModel::Event &e : events->events()) {
        if (e.kind == kind && (text.isEmpty() || e.text.contains(text)))
            return true;
    }
    return false;
}

} // namespace

class TstRunPage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void liveRunFillsTheProgressChartsAndEvents()
    {
        test::ScratchWorkbench workbench(std::make_unique<TestSimHost>());
        QVERIFY(workbench.opens());
        MainWindow window(&workbench);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *page = window.findChild<RunPage *>(QStringLiteral("runPage"));
        QVERIFY(page);
        QAbstractItemModelTester tester(page->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester eventsTester(
            page->model()->events(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(window.pages()->currentWidget() != page);

        QString error;
        const QUrl url = workbench.simulatorUrl(&error);
        QVERIFY2(!url.isEmpty(), qPrintable(error));
        QSignalSpy finished(&workbench, &Workbench::sessionFinished);
        QElapsedTimer clock;
        clock.start();
        QVERIFY2(workbench.runSuite(suiteFor(url, 24), &error), qPrintable(error));
        // The page comes forward with one row per provider, nothing done yet.
        QCOMPARE(window.pages()->currentWidget(), page);
        QTableView *table = page->progressTable();
        QCOMPARE(table->model()->rowCount(), 3);
        QCOMPARE(page->model()->total(), 72);
        QVERIFY(page->cancelButton()->isEnabled());

        // Points arrive while the run goes, redrawn by the chart's timer.
        QTRY_VERIFY_WITH_TIMEOUT(page->ttftChart()->pointCount() > 0, 30000);
        QVERIFY(workbench.isRunning());
        // With points, the vertical axis shows, its numbers with it.
        const auto vertical = page->ttftChart()->chart()->axes(Qt::Vertical);
        QCOMPARE(vertical.size(), 1);
        QVERIFY(vertical.front()->isVisible() && vertical.front()->labelsVisible());

        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("finished"));
        QVERIFY(!page->cancelButton()->isEnabled());
        // Redraws are coalesced: at most one per LiveSeriesChart::kRedrawMs, not one an attempt.
        const int redraws = page->ttftChart()->redrawCount();
        QVERIFY2(redraws <= clock.elapsed() / LiveSeriesChart::kRedrawMs + 2,
                 qPrintable(QString::number(redraws)));
        QVERIFY(redraws < page->model()->attemptCount());

        LiveRunModel *model = page->model();
        for (int r = 0; r < 3; ++r) {
            const QModelIndex idx = model->index(r, LiveRunModel::ProgressColumn);
            QCOMPARE(idx.data(LiveRunModel::DoneRole).toInt(), 24);
            QCOMPARE(idx.data(LiveRunModel::TotalRole).toInt(), 24);
            QCOMPARE(model->index(r, LiveRunModel::TimeLeftColumn).data().toString(),
                     LiveRunModel::tr("done"));
        }
        const int steady = model->rowOf(QStringLiteral("Steady"));
        const int throttled = model->rowOf(QStringLiteral("Throttled"));
        QCOMPARE(model->index(steady, LiveRunModel::SucceededColumn).data().toInt(), 24);
        QVERIFY(model->index(throttled, LiveRunModel::FailedColumn).data().toInt() > 0);
        QVERIFY(model->index(throttled, LiveRunModel::FailuresByOutcomeColumn)
                    .data()
                    .toString()
                    .contains(OutcomeText::display(Outcome::RateLimited)));

        // The events: 429s with the wait asked for, the breaker, fallbacks, identity changes.
        const RunEventsModel *events = model->events();
        QVERIFY(page->eventsView()->model()->rowCount() > 0);
        QVERIFY(anyEventOf(events, RunEventsModel::Kind::RateLimited, QStringLiteral("2.0 s")));
        QVERIFY(anyEventOf(events, RunEventsModel::Kind::BreakerOpened));
        QVERIFY(anyEventOf(events, RunEventsModel::Kind::FallbackServed, QStringLiteral("Backup")));
        QVERIFY(anyEventOf(events, RunEventsModel::Kind::ModelIdentityChanged));
        QVERIFY(events->count(RunEventsModel::Kind::RateLimited) >= 1);

        // Every attempt landed is stored; the charts hold what was measured, within bounds.
        QCOMPARE(storedSamples(*workbench.repository(), model->sessionId()), model->attemptCount());
        page->ttftChart()->redraw();
        page->throughputChart()->redraw();
        QVERIFY(page->ttftChart()->pointCount() >= 48);
        QVERIFY(page->ttftChart()->pointCount() <= LiveRunModel::kMaxChartPoints);
        QVERIFY(page->throughputChart()->pointCount() > 0);
        QVERIFY(page->statusLabel()->text().contains(
            SessionStatusText::displayText(SessionStatus::Finished)));

        // The server queue chart: shown for the run that reads Steady's server, one line, a
        // point for every scrape stored with the queue of Steady's model, the same values.
        QVERIFY(page->serverQueueChart()->isVisible());
        page->serverQueueChart()->redraw();
        const auto queue = model->serverQueueSeries();
        QCOMPARE(queue.size(), std::size_t(1));
        QCOMPARE(queue.front().provider, QStringLiteral("Steady"));
        QCOMPARE(queue.front().row, steady);
        QCOMPARE(page->serverQueueChart()->pointCount(), int(queue.front().points.size()));
        QSqlQuery stored(workbench.repository()->database().connection());
        QVERIFY(stored.exec(QStringLiteral(
            "SELECT value FROM server_metrics WHERE name = 'vllm:num_requests_waiting' AND "
            "labels = 'model_name=\"sim-steady\"' ORDER BY run_id, at_ns")));
        QList<double> waiting;
        while (stored.next())
            waiting << stored.value(0).toDouble();
        QVERIFY2(waiting.size() >= 3, qPrintable(QString::number(waiting.size())));
        QCOMPARE(queue.front().points.size(), waiting.size());
        bool queued = false;
        for (qsizetype i = 0; i < waiting.size(); ++i) {
            QCOMPARE(queue.front().points[i].y(), waiting[i]);
            queued = queued || waiting[i] > 0;
        }
        QVERIFY2(queued, "a capacity of 1 at concurrency 2 never queued");

        // Set YS_SCREENSHOT_DIR to keep a picture of the page for a person to look at.
        if (const QString shots = qEnvironmentVariable("YS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(300); // let the charts lay out their legends
            QVERIFY(window.grab().save(shots + QStringLiteral("/run-page.png")));
        }
    }

    void cancelKeepsEverySampleAndSaysSo()
    {
        test::ScratchWorkbench workbench(std::make_unique<TestSimHost>());
        QVERIFY(workbench.opens());
        RunPage page(&workbench);
        QAbstractItemModelTester tester(page.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester eventsTester(
            page.model()->events(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        page.show();
        QString error;
        const QUrl url = workbench.simulatorUrl(&error);
        QVERIFY2(!url.isEmpty(), qPrintable(error));
        QSignalSpy finished(&workbench, &Workbench::sessionFinished);
        QVERIFY2(workbench.runSuite(suiteFor(url, 400), &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(page.model()->attemptCount() >= 6, 30000);
        QVERIFY(page.cancelButton()->isEnabled());
        QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
        QVERIFY(!page.cancelButton()->isEnabled());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("cancelled"));

        const int kept = page.model()->attemptCount();
        QVERIFY(kept >= 6);
        QVERIFY(page.model()->done() < page.model()->total());
        QCOMPARE(storedSamples(*workbench.repository(), page.model()->sessionId()), kept);
        const QString status = page.statusLabel()->text();
        QVERIFY2(status.contains(SessionStatusText::displayText(SessionStatus::Cancelled)),
                 qPrintable(status));
        QVERIFY2(status.contains(QString::number(kept)), qPrintable(status));
        // The providers that never started say so.
        const int backup = page.model()->rowOf(QStringLiteral("Backup"));
        QCOMPARE(page.model()->index(backup, LiveRunModel::TimeLeftColumn).data().toString(),
                 LiveRunModel::tr("stopped"));
    }

    // Consecutive 429s of one provider share a row with a count and the latest wait; the list
    // keeps its newest rows however many events come, and counts them all.
    void eventsMergeAndStayBounded()
    {
        RunEventsModel events;
        QAbstractItemModelTester tester(&events,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        Sample limited;
        limited.outcome = Outcome::RateLimited;
        limited.httpStatus = 429;
        limited.retryAfterHeaders = {{QByteArray("retry-after-ms"), QByteArray("1500")}};
        events.addSample(limited, QStringLiteral("A"), 1.0);
        limited.retryAfterHeaders = {{QByteArray("retry-after"), QByteArray("3")}};
        events.addSample(limited, QStringLiteral("A"), 1.5);
        QCOMPARE(events.rowCount(), 1);
        QCOMPARE(events.index(0, 0).data(RunEventsModel::CountRole).toInt(), 2);
        QVERIFY(events.events().front().text.contains(QStringLiteral("3.0 s")));

        Sample identity;
        identity.modelReported = QStringLiteral("m");
        identity.systemFingerprint = QStringLiteral("fp_1");
        events.addSample(identity, QStringLiteral("A"), 2.0);
        identity.systemFingerprint = QStringLiteral("fp_2");
        events.addSample(identity, QStringLiteral("A"), 2.1);
        events.addSample(identity, QStringLiteral("A"), 2.2); // no change from the last
        identity.systemFingerprint = QStringLiteral("fp_1");
        events.addSample(identity, QStringLiteral("A"), 2.3);
        QCOMPARE(events.count(RunEventsModel::Kind::ModelIdentityChanged), 2);
        QVERIFY(events.events().back().text.contains(QStringLiteral("first seen")));

        events.addRecordedEvent(
            QStringLiteral("breaker"),
            R"({"provider":"A","from":"closed","to":"open","reason":"5 failures"})", 3.0);
        QCOMPARE(events.count(RunEventsModel::Kind::BreakerOpened), 1);

        for (int i = 0; i < RunEventsModel::kMaxRows + 10; ++i)
            events.addSample(limited, i % 2 ? QStringLiteral("A") : QStringLiteral("B"), 4.0);
        QVERIFY(events.rowCount() <= RunEventsModel::kMaxRows);
        QCOMPARE(events.count(RunEventsModel::Kind::RateLimited),
                 2 + RunEventsModel::kMaxRows + 10);
    }

    // The chart data stays bounded however many attempts land: past the bound the points are
    // thinned evenly, and the throughput windows widen.
    void chartDataStaysBounded()
    {
        LiveRunModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        Suite suite;
        ProviderConfig p;
        p.name = QStringLiteral("A");
        suite.providers.push_back(p);
        Scenario s;
        s.requests = 50000;
        suite.scenarios.push_back(s);
        model.begin(suite, {});
        model.setProgress(0, 50000, QStringLiteral("A"), -1);
        Sample sample;
        sample.runId = 1;
        sample.firstTokenNs = 50'000'000;
        sample.endNs = 200'000'000;
        sample.outputTokens = 30;
        const qint64 origin = monotonicNs();
        for (int i = 0; i < 50000; ++i) {
            sample.startedAtNs = origin + qint64(i) * 1'000'000'000; // one a second: 14 h
            model.addSample(sample);
        }
        QVERIFY(model.ttftPointCount() <= LiveRunModel::kMaxChartPoints);
        QVERIFY(model.ttftPointCount() >= LiveRunModel::kMaxChartPoints / 2);
        const auto ttft = model.ttftSeries();
        // Evenly: the kept points are equally spaced in time.
        const QList<QPointF> &pts = ttft.front().points;
        const double step = pts[1].x() - pts[0].x();
        QVERIFY(qAbs((pts.last().x() - pts.first().x()) / double(pts.size() - 1) - step) < 1e-3);
        const auto throughput = model.throughputSeries();
        QVERIFY(throughput.front().points.size() <= LiveRunModel::kMaxChartPoints);
        QVERIFY(throughput.front().points.size() > 100);
        model.finish(1, SessionStatus::Finished);
        QCOMPARE(model.attemptCount(), 50000);
    }
};

YS_TEST_MAIN(TstRunPage)
#include "tst_run_page.moc"
