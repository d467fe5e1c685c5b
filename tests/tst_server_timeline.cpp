// A provider's timeline of client and server (analysis/server_timeline.h) from plain data: which
// metrics are gauges, which label sets are the provider's model, runs placed one after another,
// the scrapes summed per gauge, the TTFT thinned, and the gauges' summary that show --json and
// the Server metrics table give.
#include "analysis/server_timeline.h"
#include "analysis/throughput_windows.h"

#include "test_main.h"

#include <QTest>

using namespace ys;

namespace {

Sample timelineSample(qint64 startOffsetMs, qint64 ttftMs, qint64 endMs, qint64 tokens)
{
    Sample s;
    s.startOffsetNs = startOffsetMs * 1'000'000;
    s.firstTokenNs = ttftMs * 1'000'000;
    s.endNs = endMs * 1'000'000;
    s.outputTokens = tokens;
    return s;
}

ServerMetricPoint gaugePoint(const char *provider, qint64 runId, qint64 atMs, const char *name,
                             const char *labels, double value)
{
    return {QString::fromUtf8(provider), runId, atMs * 1'000'000, QString::fromUtf8(name),
            QString::fromUtf8(labels),   value};
}

} // namespace

class TstServerTimeline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void gaugesByName()
    {
        QCOMPARE(serverGaugeOf(u"vllm:num_requests_waiting"), ServerGauge::Waiting);
        QCOMPARE(serverGaugeOf(u"vllm:num_requests_running"), ServerGauge::Running);
        QCOMPARE(serverGaugeOf(u"vllm:gpu_cache_usage_perc"), ServerGauge::KvCache);
        QCOMPARE(serverGaugeOf(u"llamacpp:requests_deferred"), ServerGauge::Waiting);
        QCOMPARE(serverGaugeOf(u"llamacpp:kv_cache_usage_ratio"), ServerGauge::KvCache);
        QCOMPARE(serverGaugeOf(u"tgi_queue_size"), ServerGauge::Waiting);
        QCOMPARE(serverGaugeOf(u"sglang:num_running_reqs"), ServerGauge::Running);
        QVERIFY(!serverGaugeOf(u"vllm:request_success_total"));
        QVERIFY(!serverGaugeOf(u"ys_sim_batch_size"));
        QCOMPARE(serverGaugeKey(ServerGauge::KvCache), "kv_cache_percent");
    }

    void labelsPickTheModel()
    {
        QVERIFY(seriesOfModel(QString(), QStringLiteral("m")));
        QVERIFY(seriesOfModel(QStringLiteral("model_name=\"m\""), QStringLiteral("m")));
        QVERIFY(!seriesOfModel(QStringLiteral("model_name=\"other\""), QStringLiteral("m")));
        QVERIFY(seriesOfModel(QStringLiteral("engine=\"0\",model=\"m\""), QStringLiteral("m")));
        QVERIFY(!seriesOfModel(QStringLiteral("engine=\"0\",model=\"n\""), QStringLiteral("m")));
        // Escapes inside a value, and a comma in one, do not split the set.
        QVERIFY(
            seriesOfModel(QStringLiteral("x=\"a,\\\"b\",model_name=\"m\""), QStringLiteral("m")));
        QVERIFY(seriesOfModel(QStringLiteral("engine=\"0\""), QStringLiteral("m")));
    }

    void runsFollowOneAnother()
    {
        ServerTimelineRun first{
            1, 0, {timelineSample(0, 100, 400, 40), timelineSample(500, 120, 1200, 60)}};
        Sample failed = timelineSample(600, 90, 700, 0);
        failed.outcome = Outcome::ServerError;
        Sample warm = timelineSample(0, 50, 100, 10);
        warm.warmup = true;
        Sample elsewhere = timelineSample(700, 80, 900, 30);
        elsewhere.servedBy = QStringLiteral("fallback");
        first.samples.insert(first.samples.end(), {failed, warm, elsewhere});
        ServerTimelineRun second{2, 10'000'000'000, {timelineSample(200, 300, 900, 50)}};

        const std::vector<ServerMetricPoint> points{
            gaugePoint("P", 1, 100, "vllm:num_requests_waiting", "model_name=\"m\"", 2),
            gaugePoint("P", 1, 100, "vllm:num_requests_waiting", "model_name=\"other\"", 9),
            gaugePoint("P", 1, 100, "vllm:gpu_cache_usage_perc", "model_name=\"m\"", 0.25),
            gaugePoint("P", 1, 100, "vllm:request_success_total", "model_name=\"m\"", 5),
            // Two engines of the same model: requests add up, the fuller cache counts.
            gaugePoint("P", 2, 300, "vllm:num_requests_waiting", "engine=\"0\",model_name=\"m\"",
                       1),
            gaugePoint("P", 2, 300, "vllm:num_requests_waiting", "engine=\"1\",model_name=\"m\"",
                       3),
            gaugePoint("P", 2, 300, "vllm:gpu_cache_usage_perc", "engine=\"0\",model_name=\"m\"",
                       0.5),
            gaugePoint("P", 2, 300, "vllm:gpu_cache_usage_perc", "engine=\"1\",model_name=\"m\"",
                       0.75),
            gaugePoint("Q", 1, 100, "vllm:num_requests_waiting", "model_name=\"m\"", 7),
            gaugePoint("P", 99, 100, "vllm:num_requests_waiting", "model_name=\"m\"", 7),
        };
        const ServerTimeline t =
            serverTimeline(QStringLiteral("P"), QStringLiteral("m"), {first, second}, points);
        QCOMPARE(t.provider, QStringLiteral("P"));
        QCOMPARE(t.runStartsS, (std::vector<double>{0, 10}));
        // Only the successful, own, measured attempts, at their start on the provider's clock.
        QCOMPARE(t.ttftMs.size(), std::size_t(3));
        QCOMPARE(t.ttftMs[0].atS, 0.0);
        QCOMPARE(t.ttftMs[0].value, 100.0);
        QCOMPARE(t.ttftMs[1].atS, 0.5);
        QCOMPARE(t.ttftMs[2].atS, 10.2);
        QCOMPARE(t.ttftMs[2].value, 300.0);
        // The same windows the Run page draws live from the same attempts.
        ThroughputWindows live;
        live.add(400'000'000, 40);
        live.add(1'200'000'000, 60);
        live.add(11'100'000'000, 50);
        live.close();
        const auto windows = live.points();
        QCOMPARE(t.throughput.size(), windows.size());
        for (std::size_t i = 0; i < windows.size(); ++i) {
            QCOMPARE(t.throughput[i].atS, windows[i].first);
            QCOMPARE(t.throughput[i].value, windows[i].second);
        }
        QCOMPARE(t.throughput.front().value, 40.0);
        QCOMPARE(t.throughput[1].value, 60.0);
        QCOMPARE(t.throughput[2].value, 0.0); // a window with nothing is a stall, drawn at 0
        QCOMPARE(t.throughput.back().value, 50.0);

        // Two scrapes of the provider's runs (run 99 is not one of them).
        QCOMPARE(t.scrapes, 2);
        QVERIFY(t.hasServerMetrics());
        const auto &waiting = t.gauges[std::size_t(ServerGauge::Waiting)];
        QCOMPARE(waiting.size(), std::size_t(2));
        QCOMPARE(waiting[0].atS, 0.1);
        QCOMPARE(waiting[0].value, 2.0);
        QCOMPARE(waiting[1].atS, 10.3);
        QCOMPARE(waiting[1].value, 4.0);
        const auto &cache = t.gauges[std::size_t(ServerGauge::KvCache)];
        QCOMPARE(cache.size(), std::size_t(2));
        QCOMPARE(cache[0].value, 25.0);
        QCOMPARE(cache[1].value, 75.0);
        QVERIFY(t.gauges[std::size_t(ServerGauge::Running)].empty());

        // The summary over the same scrapes, in scrape order for the last value.
        const std::vector<ServerGaugeSummary> summary =
            summarizeServerGauges(points, {{QStringLiteral("P"), QStringLiteral("m")},
                                           {QStringLiteral("Q"), QStringLiteral("m")},
                                           {QStringLiteral("R"), QStringLiteral("m")}});
        QCOMPARE(summary.size(), std::size_t(3)); // P waiting and cache, Q waiting; R nothing
        QCOMPARE(summary[0].provider, QStringLiteral("P"));
        QCOMPARE(summary[0].gauge, ServerGauge::Waiting);
        QCOMPARE(summary[0].metric, QStringLiteral("vllm:num_requests_waiting"));
        QCOMPARE(summary[0].scrapes, 3); // run 99 counts here: the summary is the session's
        QCOMPARE(summary[0].min, 2.0);
        QCOMPARE(summary[0].median, 4.0);
        QCOMPARE(summary[0].max, 7.0);
        QCOMPARE(summary[0].last, 7.0);
        QCOMPARE(summary[1].gauge, ServerGauge::KvCache);
        QCOMPARE(summary[1].median, 50.0);
        QCOMPARE(summary[2].provider, QStringLiteral("Q"));
    }

    void manyAttemptsAreThinned()
    {
        ServerTimelineRun run{1, 0, {}};
        for (int i = 0; i < 25; ++i)
            run.samples.push_back(timelineSample(i * 10, 100 + i, i * 10 + 200, 10));
        const ServerTimeline t =
            serverTimeline(QStringLiteral("P"), QStringLiteral("m"), {run}, {}, 10);
        QCOMPARE(t.ttftStride, 3);
        QCOMPARE(t.ttftMs.size(), std::size_t(9));
        QCOMPARE(t.ttftMs[1].value, 103.0);
        QVERIFY(!t.hasServerMetrics());
    }

    void windowsWidenPastTheirBound()
    {
        ThroughputWindows w(4);
        for (int s = 0; s < 8; ++s)
            w.add(qint64(s) * 1'000'000'000 + 500'000'000, 10);
        w.close();
        QCOMPARE(w.windowNs(), qint64(2'000'000'000));
        const auto points = w.points();
        QCOMPARE(points.size(), std::size_t(4));
        QCOMPARE(points.front().first, 1.0);
        QCOMPARE(points.front().second, 10.0); // 20 tokens over 2 s
        QVERIFY(ThroughputWindows().points().empty());
    }
};

YS_TEST_GUILESS_MAIN(TstServerTimeline)
#include "tst_server_timeline.moc"
