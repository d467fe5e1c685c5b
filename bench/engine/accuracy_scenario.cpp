#include "accuracy_scenario.h"

#include "analysis/in_flight.h"

#include <algorithm>
#include <cstdio>

namespace ys::bench {

namespace {

constexpr double kTtftMedianTargetMs = 0.5;
constexpr double kTtftP99TargetMs = 3.0;

struct AccuracyFigures {
    bool valid = false;
    Distribution ttft, end, events, headers, send;
    int matched = 0;
    int truthPeak = 0;
    double truthMean = 0;
    int clientPeak = 0;
    int engineConcurrency = -1;  // as the engine reports it; -1: not reported
    double engineUsPerEvent = 0; // CPU of the engine's threads per content event
    double busyShare = 0;
};

AccuracyFigures accuracyRun(const AccuracyOptions &o, int repetition)
{
    AccuracyFigures f;
    QTemporaryDir dir;
    SimChild sim;
    if (!startSim(sim, dir, o.simBinary, o.shape, "run", repetition, o.tls))
        return f;
    const Suite suite =
        benchSuite(sim.baseUrl(), o.requests, o.streams, o.shape.maxTokens + 100, sim.caFile());
    const QString dbPath = dir.filePath(QStringLiteral("bench.sqlite"));
    const SessionResult r = runSession(suite, dbPath, o.busy, sim);
    f.engineConcurrency = engineAchievedConcurrency(dbPath, r.sessionId);
    const auto &truth = sim.records(requestIdsOf(r.samples), 10000);
    sim.stop();

    std::vector<double> ttft, end, events, headers, send, sent;
    std::vector<std::pair<qint64, qint64>> truthIntervals, clientIntervals;
    for (const TruthRecord &record : truth)
        truthIntervals.emplace_back(record.acceptedNs, record.endNs);
    for (const Sample &s : r.samples) {
        clientIntervals.emplace_back(s.startedAtNs, s.startedAtNs + s.endNs);
        const auto it = truth.find(s.requestId.toLatin1());
        if (s.outcome != Outcome::Ok || it == truth.end() || !s.firstTokenNs ||
            it->firstContentNs == 0)
            continue;
        ++f.matched;
        const TruthRecord &t = *it;
        ttft.push_back(double(s.startedAtNs + *s.firstTokenNs - t.firstContentNs) / 1e6);
        end.push_back(double(s.startedAtNs + s.endNs - t.lastByteNs) / 1e6);
        if (s.headersNs && t.headersWrittenNs)
            headers.push_back(double(s.startedAtNs + *s.headersNs - t.headersWrittenNs) / 1e6);
        if (t.acceptedNs)
            send.push_back(double(t.acceptedNs - s.startedAtNs) / 1e6);
        if (s.requestSentNs)
            sent.push_back(double(*s.requestSentNs) / 1e6);
        if (s.eventTimesNs.size() == t.eventWrittenNs.size()) {
            for (std::size_t i = 0; i < s.eventTimesNs.size(); ++i)
                events.push_back(double(s.startedAtNs + s.eventTimesNs[i] - t.eventWrittenNs[i]) /
                                 1e6);
        }
    }
    f.ttft = distributionOf(ttft);
    f.end = distributionOf(end);
    f.events = distributionOf(events);
    f.headers = distributionOf(headers);
    f.send = distributionOf(send);
    const InFlight truthConcurrency = inFlight(truthIntervals, o.streams);
    f.truthPeak = truthConcurrency.peak;
    f.truthMean = truthConcurrency.meanWhileRefilling;
    f.clientPeak = inFlight(clientIntervals, o.streams).peak;
    f.busyShare = double(r.busySpunNs) / double(r.endNs - r.startNs);
    f.valid = f.matched > 0;

    std::printf(
        "  run %d: session %s, %zu samples (%d ok), %d matched to ground truth (%lld "
        "records); streams in flight at once: ground truth max %d (mean %.1f while the "
        "loop refilled), client samples max %d, engine's own figure %d; UI thread busy %.1f%% "
        "of %.1f s\n",
        repetition, r.status.toUtf8().constData(), r.samples.size(), okCount(r.samples), f.matched,
        static_cast<long long>(truth.size()), f.truthPeak, f.truthMean, f.clientPeak,
        f.engineConcurrency, 100 * f.busyShare, double(r.endNs - r.startNs) / 1e9);
    std::printf("         TTFT difference (client first token - sim first_content_ns): %s\n",
                describe(f.ttft).constData());
    std::printf("         end-of-stream difference (client end - sim last_byte_ns):     %s\n",
                describe(f.end).constData());
    std::printf("         every content event (client arrival - sim write):             %s\n",
                describe(f.events).constData());
    std::printf("         headers (client headers - sim headers_written_ns):            %s\n",
                describe(f.headers).constData());
    std::printf("         request delivery (sim accepted_ns - client start):             %s\n",
                describe(f.send).constData());
    std::printf("         request written (client requestSentNs):                       %s\n",
                describe(distributionOf(sent)).constData());
    std::printf("         client CPU %.2f s (user %.2f, sys %.2f), simulator CPU %.2f s\n",
                double(r.cpu.total()) / 1e9, double(r.cpu.userNs) / 1e9, double(r.cpu.sysNs) / 1e9,
                double(r.simCpuNs) / 1e9);
    printMachine(r);
    printThreads(r, r.endNs - r.startNs, "share of one core over the session", 100);
    // The engine's threads alone: everything but the main thread, which this benchmark keeps
    // busy on purpose.
    std::int64_t engineNs = 0;
    for (const auto &[name, ns] : r.threads)
        engineNs += name == QCoreApplication::applicationName().left(15) ? 0 : ns;
    std::size_t contentEvents = 0;
    for (const Sample &s : r.samples)
        contentEvents += s.eventTimesNs.size();
    f.engineUsPerEvent = contentEvents ? double(engineNs) / 1e3 / double(contentEvents) : 0;
    std::printf("         engine threads (all but the main thread): %.2f s CPU, %.1f us per "
                "content event\n",
                double(engineNs) / 1e9, f.engineUsPerEvent);
    for (const QString &w : r.warnings)
        std::printf("         warning: %s\n", w.toUtf8().constData());
    std::fflush(stdout);
    return f;
}

} // namespace

int accuracy(const AccuracyOptions &o, int repeat)
{
    const double meanTokens = (o.shape.minTokens + o.shape.maxTokens) / 2.0;
    std::printf("accuracy%s: %d concurrent streams (closed loop), %d requests, simulated TTFT "
                "median %.0f ms (p95 %.0f), %.0f tokens/s, %d-%d tokens per answer (~%.1f s "
                "streams), one token per SSE event, ~%.0f events/s offered; the main (UI) thread "
                "spins the CPU for %d ms of every %d ms (QTimer, %.0f%% busy); %d runs\n",
                o.tls ? " over https:// (HTTP/1.1, the lanes' own TLS)" : "", o.streams, o.requests,
                o.shape.ttftMs, o.shape.ttftP95Ms, o.shape.tokensPerS, o.shape.minTokens,
                o.shape.maxTokens, meanTokens / o.shape.tokensPerS, o.streams * o.shape.tokensPerS,
                o.busy.spinMs, o.busy.periodMs,
                o.busy.periodMs > 0 ? 100.0 * o.busy.spinMs / o.busy.periodMs : 0.0, repeat);
    std::fflush(stdout);
    std::vector<double> t50, t90, t99, tmax, e50, e90, e99, emax, v50, v99, peak, mean, matched,
        engineUs;
    for (int i = 1; i <= repeat; ++i) {
        const AccuracyFigures f = accuracyRun(o, i);
        if (!f.valid)
            continue;
        t50.push_back(f.ttft.p50);
        t90.push_back(f.ttft.p90);
        t99.push_back(f.ttft.p99);
        tmax.push_back(f.ttft.max);
        e50.push_back(f.end.p50);
        e90.push_back(f.end.p90);
        e99.push_back(f.end.p99);
        emax.push_back(f.end.max);
        v50.push_back(f.events.p50);
        v99.push_back(f.events.p99);
        peak.push_back(f.truthPeak);
        mean.push_back(f.truthMean);
        matched.push_back(f.matched);
        engineUs.push_back(f.engineUsPerEvent);
    }
    if (t50.empty()) {
        std::printf("accuracy: no run produced figures  [FAIL]\n");
        return 1;
    }
    const bool medianOk = median(t50) <= kTtftMedianTargetMs;
    const bool p99Ok = median(t99) <= kTtftP99TargetMs;
    std::printf("accuracy median of %zu runs (%.0f matched samples per run):\n", t50.size(),
                median(matched));
    std::printf("  TTFT difference:          median %.3f ms [target <= %.1f: %s], p90 %.3f ms, "
                "p99 %.3f ms [target <= %.1f: %s], max %.3f ms\n",
                median(t50), kTtftMedianTargetMs, medianOk ? "PASS" : "FAIL", median(t90),
                median(t99), kTtftP99TargetMs, p99Ok ? "PASS" : "FAIL", median(tmax));
    std::printf("  end-of-stream difference: median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f "
                "ms\n",
                median(e50), median(e90), median(e99), median(emax));
    std::printf("  every content event:      median %.3f ms, p99 %.3f ms\n", median(v50),
                median(v99));
    std::printf("  streams in flight (ground truth): max %.0f of %d, mean %.1f while the loop "
                "refilled\n",
                median(peak), o.streams, median(mean));
    std::printf("  engine threads' CPU per content event: %.1f us\n", median(engineUs));
    std::fflush(stdout);
    return medianOk && p99Ok ? 0 : 1;
}

} // namespace ys::bench
