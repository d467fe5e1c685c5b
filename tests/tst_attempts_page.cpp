// The attempts page on the offscreen platform: a small suite against the simulator with injected
// failures, filtered by outcome and sorted in the query; paging through a run of thousands of
// attempts written straight to the database; one attempt opened with its timeline, redacted
// headers and token reconciliation.
#include "analysis/token_reconciliation.h"
#include "charts/stream_timeline_chart.h"
#include "models/attempt_detail.h"
#include "models/attempts_model.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "storage/session_repository.h"
#include "ui/attempt_detail_view.h"
#include "ui/attempts_page.h"
#include "ui/main_window.h"
#include "util/redact.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include "session_support.h"
#include "test_main.h"
#include "workbench_fixtures.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScatterSeries>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <map>

using namespace ys;

namespace {

// One simulated provider that fails often: HTTP 500s, 429s with a short retry-after, quota
// errors, and answers cut by the output limit.
constexpr const char *kFaultyProfiles = R"({
  "format": "yardstick-sim-profiles/1",
  "profiles": [{
    "name": "Faulty", "model": "sim-faulty",
    "ttft_ms": {"median": 20, "p95": 30},
    "prefill_tokens_per_s": 200000, "decode_tokens_per_s": 4000,
    "tokens_per_event": {"min": 1, "max": 3},
    "output_tokens": {"min": 10, "max": 40},
    "context_window": 32000, "seed": 7,
    "faults": {"server_error_500": 0.15, "retry_after_ms": {"probability": 0.15, "param": 10},
               "quota": 0.1}
  }]
})";

class FaultyHost : public DemoHost {
public:
    std::vector<ProviderConfig> providers(const QUrl &baseUrl) const override
    {
        ProviderConfig p;
        p.name = QStringLiteral("Faulty");
        p.dialect = QStringLiteral("openai-chat");
        p.baseUrl = baseUrl;
        p.model = QStringLiteral("sim-faulty");
        Price price;
        price.inputPerMtok = 1.0;
        price.outputPerMtok = 2.0;
        p.price = price;
        return {p};
    }
    QUrl start(QString *error) override
    {
        if (!m_sim) {
            auto profiles = SimProfile::load(QByteArray(kFaultyProfiles), error);
            if (profiles.empty())
                return {};
            auto sim = std::make_unique<SimHost>(std::move(profiles));
            if (!sim->start(error))
                return {};
            m_sim = std::move(sim);
        }
        return m_sim->baseUrl();
    }

private:
    std::unique_ptr<SimHost> m_sim;
};

// Every page of the model, each read off the UI thread; false when a read does not come.
[[nodiscard]] bool fetchAll(AttemptsModel *model)
{
    for (;;) {
        if (!QTest::qWaitFor([model] { return !model->isLoading(); }, 30000))
            return false;
        if (!model->canFetchMore({}))
            return true;
        model->fetchMore({});
    }
}

std::optional<Outcome> filterOf(const QComboBox *combo)
{
    const int o = combo->currentData().toInt();
    return o < 0 ? std::nullopt : std::optional(Outcome(o));
}

QVariant detailValue(const AttemptDetailModel *model, const QString &key)
{
    const int row = model->rowOfKey(key);
    return row < 0 ? QVariant()
                   : model->index(row, AttemptDetailModel::ValueColumn)
                         .data(AttemptDetailModel::ValueRole);
}

} // namespace

class TstAttemptsPage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void simulatedRunFilteredSortedAndOpened()
    {
        QString error;
        test::ScratchWorkbench workbench(std::make_unique<FaultyHost>());
        QVERIFY(workbench.opens());
        const QUrl url = workbench.simulatorUrl(&error);
        QVERIFY2(url.isValid() && !url.isEmpty(), qPrintable(error));

        Suite suite;
        suite.name = QStringLiteral("attempts");
        suite.providers = FaultyHost().providers(url);
        suite.scenarios.push_back(test::latencyProbe(40, 4, 25, 10000));

        MainWindow window(&workbench);
        auto *page = window.findChild<AttemptsPage *>(QStringLiteral("attemptsPage"));
        QVERIFY(page);
        QAbstractItemModelTester tester(page->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        if (!test::runSuiteAndWaitForSummary(workbench, suite, 120000))
            return;
        workbench.selectProvider(QStringLiteral("Faulty"));
        // A hidden page reads nothing; shown, it reads the session and follows the provider.
        QCOMPARE(page->currentRun(), 0);
        QCOMPARE(page->runPicker()->count(), 0);
        window.show();
        window.pages()->setCurrentWidget(page);

        // The provider's latest run is shown, once the page's reads are done.
        SessionRepository *repo = workbench.repository();
        const auto runs = repo->runs(workbench.selectedSession(), &error);
        QVERIFY(!runs.empty());
        QTRY_COMPARE(page->currentRun(), runs.back().id);
        QTRY_VERIFY(!page->isLoading());
        QCOMPARE(page->runPicker()->count(), int(runs.size()));
        QVERIFY(page->runPicker()->currentText().contains(QStringLiteral("Faulty")));

        // What the database holds, read the long way.
        const std::vector<Sample> samples = repo->samples(page->currentRun(), &error);
        std::map<Outcome, int> counts;
        for (const Sample &s : samples)
            ++counts[s.outcome];
        QVERIFY2(counts.size() >= 3, "the faulty profile should yield several outcomes");

        // Each outcome of the filter shows exactly the database's attempts of that outcome.
        QComboBox *filter = page->outcomeFilter();
        QCOMPARE(filter->count(), int(counts.size()) + 1);
        for (int i = 1; i < filter->count(); ++i) {
            filter->setCurrentIndex(i);
            const auto outcome = filterOf(filter);
            QVERIFY(outcome);
            QVERIFY(fetchAll(page->model()));
            QCOMPARE(page->model()->rowCount(), counts[*outcome]);
            for (int r = 0; r < page->model()->rowCount(); ++r)
                QCOMPARE(page->model()->index(r, 0).data(AttemptsModel::OutcomeRole).toInt(),
                         int(*outcome));
        }
        filter->setCurrentIndex(0);
        QVERIFY(fetchAll(page->model()));
        QCOMPARE(page->model()->rowCount(), int(samples.size()));

        // Sorting by E2E is the query's: ascending, every attempt still there.
        QTableView *table = page->table();
        table->sortByColumn(AttemptsModel::E2eColumn, Qt::AscendingOrder);
        QVERIFY(fetchAll(page->model()));
        QCOMPARE(page->model()->rowCount(), int(samples.size()));
        QVERIFY(test::sortedAscending(*page->model(), AttemptsModel::E2eColumn,
                                      AttemptsModel::SortRole, -1));

        // Open a successful attempt with Enter.
        int okRow = -1;
        for (int r = 0; r < page->model()->rowCount() && okRow < 0; ++r)
            if (page->model()->index(r, 0).data(AttemptsModel::OutcomeRole).toInt() ==
                int(Outcome::Ok))
                okRow = r;
        QVERIFY(okRow >= 0);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.pages()->setCurrentWidget(page);
        table->setFocus();
        table->setCurrentIndex(page->model()->index(okRow, AttemptsModel::SeqColumn));
        QTest::keyClick(table, Qt::Key_Return);
        AttemptDetailView *view = page->detailView();
        QVERIFY(view);
        QTRY_VERIFY(view->isVisible()); // once the attempt is read
        QVERIFY(!page->isLoading());
        QAbstractItemModelTester detailTester(
            view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        const qint64 id =
            page->model()->index(okRow, 0).data(AttemptsModel::SampleIdRole).toLongLong();
        const auto it = std::find_if(samples.begin(), samples.end(),
                                     [&](const Sample &s) { return s.id == id; });
        QVERIFY(it != samples.end());
        const Sample &sample = *it;
        QVERIFY(!sample.eventTimesNs.empty());

        // The timeline has the attempt's events: one point a delivery, reaching every event.
        const AttemptTimeline timeline = attemptTimeline(sample);
        QLineSeries *events = view->chart()->eventSeries();
        QCOMPARE(events->count(), timeline.deliveryCount);
        QCOMPARE(int(events->at(events->count() - 1).y()), int(sample.eventTimesNs.size()));
        QCOMPARE(events->at(0).x(), double(sample.eventTimesNs.front()) / 1e6);
        QCOMPARE(view->chart()->coalescedSeries()->count(), int(timeline.coalesced.size()));
        QVERIFY(view->chart()->phaseCount() >= 4); // request sent, headers, first token, end

        // The reconciliation shown is core's.
        const ProviderConfig provider = suite.providers.front();
        const AttemptTokenRatio ratio = attemptTokenRatio(sample);
        const TokenReconciliation rec = reconcileTokens(provider, {sample});
        QVERIFY(ratio.input && ratio.output);
        QCOMPARE(detailValue(view->model(), QStringLiteral("tokens.input_ratio")).toDouble(),
                 *ratio.input);
        QCOMPARE(detailValue(view->model(), QStringLiteral("tokens.output_ratio")).toDouble(),
                 *ratio.output);
        QCOMPARE(*rec.input.ratio, *ratio.input);
        QCOMPARE(detailValue(view->model(), QStringLiteral("tokens.input_reported")).toLongLong(),
                 rec.input.reportedTokens);
        QCOMPARE(detailValue(view->model(), QStringLiteral("tokens.input_local")).toLongLong(),
                 rec.input.localTokens);
        QCOMPARE(detailValue(view->model(), QStringLiteral("tokens.output_local")).toLongLong(),
                 rec.output.localTokens);
        QCOMPARE(detailValue(view->model(), QStringLiteral("tokens.verdict")).toBool(),
                 rec.flagged());

        // A failed attempt opens with its error.
        int failedRow = -1;
        for (int r = 0; r < page->model()->rowCount() && failedRow < 0; ++r)
            if (page->model()->index(r, 0).data(AttemptsModel::OutcomeRole).toInt() ==
                int(Outcome::ServerError))
                failedRow = r;
        if (failedRow >= 0) {
            page->openAttempt(page->model()->index(failedRow, 0));
            QTRY_VERIFY(!page->isLoading());
            QVERIFY(!view->errorText()->toPlainText().isEmpty());
            QVERIFY(view->model()->rowOfKey(QStringLiteral("error")) >= 0);
        }
    }

    void pagesThroughALargeRun()
    {
        test::ScratchWorkbench workbench;
        QVERIFY(workbench.opens());
        QString error;
        SessionRepository *repo = workbench.repository();

        const Suite suite =
            test::suiteOf(QStringLiteral("large"),
                          {test::simProvider(QStringLiteral("Written"),
                                             QUrl(QStringLiteral("http://127.0.0.1:9/v1")),
                                             QStringLiteral("gpt-4o-mini"))},
                          Scenario{});
        const auto written = test::createFirstRun(*repo, suite, &error);
        QVERIFY2(written, qPrintable(error));

        // 4,500 attempts: every seventh rate-limited, E2E falling with seq so that sorting
        // reverses the order. Attempt 11 carries a key in its headers and its error.
        constexpr int kAttempts = 4500;
        const QString secret = QStringLiteral("sk-live-") + QStringLiteral("0fake").repeated(4);
        std::vector<Sample> samples;
        int rateLimited = 0;
        for (int i = 0; i < kAttempts; ++i) {
            Sample s;
            s.runId = written->run;
            s.seq = i;
            s.requestIndex = i;
            s.outcome = i % 7 == 3 ? Outcome::RateLimited : Outcome::Ok;
            rateLimited += s.outcome == Outcome::RateLimited;
            s.httpStatus = s.outcome == Outcome::Ok ? 200 : 429;
            s.httpVersion = QStringLiteral("HTTP/1.1");
            s.requestSentNs = 1'000'000;
            s.headersNs = 40'000'000;
            s.endNs = qint64(kAttempts - i) * 1'000'000 + 100'000'000;
            if (s.outcome == Outcome::Ok) {
                s.firstEventNs = 50'000'000;
                s.firstTokenNs = 50'000'000;
                s.outputTokens = 20;
                s.inputTokens = 110;
                s.localPromptTokens = 100;
                s.localOutputTokens = 20;
                s.costUsd = 0.0001;
            } else {
                s.error = QStringLiteral("HTTP 429: slow down\nsecond line");
            }
            samples.push_back(std::move(s));
        }
        Sample &marked = samples[11]; // not one of the rate-limited
        marked.responseHeaders =
            QStringLiteral("x-ratelimit-remaining-requests: 99\nauthorization: Bearer %1\n"
                           "x-api-key: plainkeyvalue1234")
                .arg(secret);
        marked.error = QStringLiteral("upstream said: bad key %1").arg(secret);
        marked.outcome = Outcome::AuthError;
        marked.httpStatus = 401;
        // Deliveries every 10 ms, three of them coalesced (two events each), one 200 ms stall.
        std::vector<qint64> times;
        qint64 t = 50'000'000;
        for (int k = 0; k < 20; ++k) {
            times.push_back(t);
            if (k == 3 || k == 8 || k == 15)
                times.push_back(t);
            t += k == 10 ? 200'000'000 : 10'000'000;
        }
        marked.eventTimesNs = times;
        marked.coalescedReads = 3;
        marked.endNs = t;
        QVERIFY2(repo->insertSamples(samples, &error), qPrintable(error));
        workbench.refreshSessions();
        QVERIFY(workbench.selectSession(written->session));
        QTRY_VERIFY_WITH_TIMEOUT(workbench.loadingSession() == 0, 60000);

        AttemptsPage page(&workbench);
        page.show();
        QTRY_COMPARE(page.currentRun(), written->run);
        QTRY_VERIFY(!page.isLoading());
        AttemptsModel *model = page.model();
        QCOMPARE(model->pageSize(), AttemptsModel::kDefaultPageSize);
        QCOMPARE(model->matchingCount(), qint64(kAttempts));
        QVERIFY(page.findChild<QLabel *>(QStringLiteral("attemptsCount"))
                    ->text()
                    .contains(QLocale().toString(kAttempts)));

        // Paging: a page on reset, a page more per fetch (none while one is read), never more
        // than fetched.
        QCOMPARE(model->rowCount(), 2000);
        QVERIFY(model->canFetchMore({}));
        model->fetchMore({});
        QVERIFY(model->isLoading());
        QVERIFY(!model->canFetchMore({}));
        model->fetchMore({}); // asks for nothing more while a page is read
        QTRY_VERIFY(!model->isLoading());
        QCOMPARE(model->rowCount(), 4000);
        model->fetchMore({});
        QTRY_VERIFY(!model->isLoading());
        QCOMPARE(model->rowCount(), kAttempts);
        QVERIFY(!model->canFetchMore({}));
        for (int r = 0; r < model->rowCount(); ++r)
            QCOMPARE(
                model->index(r, AttemptsModel::SeqColumn).data(AttemptsModel::SortRole).toInt(), r);

        // The tester fetches a page itself on every reset: attached only now that the paging
        // is checked.
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);

        // The outcome filter and the sort are the query's, across pages.
        const int filterRow = page.outcomeFilter()->findData(int(Outcome::RateLimited));
        QVERIFY(filterRow > 0);
        page.outcomeFilter()->setCurrentIndex(filterRow);
        QTRY_VERIFY(!page.isLoading());
        QCOMPARE(model->matchingCount(), qint64(rateLimited));
        QCOMPARE(model->rowCount(), rateLimited); // under a page
        page.table()->sortByColumn(AttemptsModel::E2eColumn, Qt::AscendingOrder);
        QTRY_VERIFY(!page.isLoading());
        QCOMPARE(model->rowCount(), rateLimited);
        QVERIFY(fetchAll(model));
        QCOMPARE(model->rowCount(), rateLimited);
        double previous = -1;
        for (int r = 0; r < model->rowCount(); ++r) {
            QCOMPARE(model->index(r, 0).data(AttemptsModel::OutcomeRole).toInt(),
                     int(Outcome::RateLimited));
            const double v =
                model->index(r, AttemptsModel::E2eColumn).data(AttemptsModel::SortRole).toDouble();
            QVERIFY(v > previous);
            previous = v;
        }
        // Only the error's first line is read into the table.
        QCOMPARE(model->index(0, AttemptsModel::ErrorColumn).data().toString(),
                 QStringLiteral("HTTP 429: slow down"));

        // Open the attempt with the key in its headers: nothing of it is shown.
        page.outcomeFilter()->setCurrentIndex(
            page.outcomeFilter()->findData(int(Outcome::AuthError)));
        QTRY_VERIFY(!page.isLoading());
        QCOMPARE(model->rowCount(), 1);
        page.openAttempt(model->index(0, 0));
        AttemptDetailView *view = page.detailView();
        QVERIFY(view);
        QTRY_VERIFY(!page.isLoading());
        QVERIFY(view->isVisible());
        QAbstractItemModelTester detailTester(
            view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const AttemptDetailModel *detail = view->model();
        bool sawAuthorization = false;
        for (int r = 0; r < detail->rowCount(); ++r) {
            for (int c = 0; c < detail->columnCount(); ++c) {
                const QString text = detail->index(r, c).data().toString();
                QVERIFY2(!text.contains(secret), qPrintable(text));
                QVERIFY2(!text.contains(QStringLiteral("plainkeyvalue1234")), qPrintable(text));
            }
            if (detail->index(r, 0).data(AttemptDetailModel::KeyRole).toString() ==
                QStringLiteral("header.authorization")) {
                sawAuthorization = true;
                QCOMPARE(detail->index(r, AttemptDetailModel::ValueColumn).data().toString(),
                         redactionMarker());
            }
        }
        QVERIFY(sawAuthorization);
        QVERIFY(detail->rowOfKey(QStringLiteral("header.x-ratelimit-remaining-requests")) >= 0);
        QVERIFY(!view->errorText()->toPlainText().contains(secret));
        QVERIFY(view->errorText()->toPlainText().contains(QStringLiteral("upstream said")));

        // Its timeline: every delivery, the coalesced reads and the one stall.
        StreamTimelineChart *chart = view->chart();
        QCOMPARE(chart->eventSeries()->count(), 20);
        QCOMPARE(int(chart->eventSeries()->at(19).y()), int(times.size()));
        QCOMPARE(chart->coalescedSeries()->count(), 3);
        QCOMPARE(chart->stallCount(), 1);
        QCOMPARE(detailValue(detail, QStringLiteral("stream.stalls")).toInt(), 1);
        QCOMPARE(detailValue(detail, QStringLiteral("stream.events")).toInt(), int(times.size()));
    }

    void timelineOfEqualTimesAndThinning()
    {
        Sample s;
        // 12,000 deliveries 1 ms apart: thinned for the chart, the last one kept.
        for (int i = 0; i < 12000; ++i)
            s.eventTimesNs.push_back(qint64(i) * 1'000'000);
        s.endNs = s.eventTimesNs.back();
        const AttemptTimeline t = attemptTimeline(s);
        QCOMPARE(t.deliveryCount, 12000);
        QVERIFY(int(t.deliveries.size()) <= kMaxTimelinePoints);
        QCOMPARE(t.deliveries.back().cumulativeEvents, 12000);
        QVERIFY(t.stalls.empty()); // 1 ms gaps: the 20 ms floor holds
        QCOMPARE(*t.medianGapMs, 1.0);

        // Streamed thinking, then a tool call: the first answer token and the complete
        // arguments are phases of their own, in time order.
        Sample call;
        call.firstTokenNs = 10'000'000;
        call.firstContentNs = 30'000'000;
        call.toolArgsNs = 45'000'000;
        call.endNs = 46'000'000;
        QStringList names;
        for (const auto &p : attemptTimeline(call).phases)
            names << p.name;
        QCOMPARE(names,
                 (QStringList{QStringLiteral("First token"), QStringLiteral("First answer token"),
                              QStringLiteral("Tool arguments complete"), QStringLiteral("End")}));

        // Nothing arrived: no points, no gaps, no stalls.
        const AttemptTimeline none = attemptTimeline(Sample{});
        QVERIFY(none.deliveries.empty());
        QVERIFY(!none.medianGapMs);
    }
};

YS_TEST_MAIN(TstAttemptsPage)
#include "tst_attempts_page.moc"
