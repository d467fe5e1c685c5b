#include "cost_scenario.h"

#include "analysis/in_flight.h"
#include "bare_client.h"
#include "net/http1_connection.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace ys::bench {

namespace {

constexpr double kCpuPerEventTargetUs = 5.0;
constexpr double kEventsPerSTarget = 100'000;
constexpr double kHttpsCpuRatioTarget = 2.0; // https:// CPU per event against http://'s

struct CostFigures {
    bool valid = false;
    double eventsPerS = 0;         // content events received per second, steady window
    double cpuUsPerEvent = 0;      // client CPU per content event, steady window, meter excluded
    double cpuUsPerEventWhole = 0; // whole session (calibration, database, start and end)
    double simEventsPerS = 0;      // written by the simulator, steady window
    double simCpuShare = 0;        // of one core, whole session
    double simLagP99Ms = 0;        // simulator: write - planned, steady window
    double eventsPerRead = 0;
};

// The steady part of a run: from the moment every stream was streaming (the streams-th first
// token) to the last request's start (after it the closed loop stops refilling), cut to the CPU
// meter's snapshots. False, said on stdout, when there is none.
bool steadyWindow(const SessionResult &r, int streams, int repetition, CpuMeter::Snapshot *first,
                  CpuMeter::Snapshot *last)
{
    std::vector<std::int64_t> firstTokens;
    std::int64_t lastStart = 0;
    for (const Sample &s : r.samples) {
        if (s.firstTokenNs)
            firstTokens.push_back(s.startedAtNs + *s.firstTokenNs);
        lastStart = std::max<std::int64_t>(lastStart, s.startedAtNs);
    }
    if (firstTokens.size() < std::size_t(streams)) {
        std::printf("  run %d: session %s, only %zu samples with a first token\n", repetition,
                    r.status.toUtf8().constData(), firstTokens.size());
        return false;
    }
    std::sort(firstTokens.begin(), firstTokens.end());
    if (!r.snapshots.empty()) {
        // The meter's snapshots live in the session's result; find the window among them.
        const std::int64_t from = firstTokens[std::size_t(streams) - 1];
        auto a = std::find_if(r.snapshots.begin(), r.snapshots.end(),
                              [&](const CpuMeter::Snapshot &s) { return s.atNs >= from; });
        auto b = std::find_if(r.snapshots.rbegin(), r.snapshots.rend(),
                              [&](const CpuMeter::Snapshot &s) { return s.atNs <= lastStart; });
        if (a != r.snapshots.end() && b != r.snapshots.rend() && b->atNs > a->atNs) {
            *first = *a;
            *last = *b;
        }
    }
    if (last->atNs <= first->atNs) {
        std::printf("  run %d: no steady window (streams never all open at once?)\n", repetition);
        return false;
    }
    return true;
}

// What the simulator's ground truth says about a run.
struct TruthFigures {
    std::size_t windowEvents = 0;                     // written in the steady window
    std::vector<double> lagMs;                        // write - planned, steady window
    std::vector<std::pair<qint64, qint64>> intervals; // accepted to end, for the streams in flight
    std::vector<double> deliveryMs;                   // sim accepted_ns - client start
};

TruthFigures truthFigures(const std::vector<Sample> &samples,
                          const QHash<QByteArray, TruthRecord> &truth, std::int64_t from,
                          std::int64_t to)
{
    TruthFigures f;
    for (const Sample &s : samples) {
        const auto it = truth.find(s.requestId.toLatin1());
        if (it != truth.end() && it->acceptedNs)
            f.deliveryMs.push_back(double(it->acceptedNs - s.startedAtNs) / 1e6);
    }
    for (const TruthRecord &t : truth) {
        f.intervals.emplace_back(t.acceptedNs, t.endNs);
        for (std::size_t i = 0; i < t.eventWrittenNs.size(); ++i) {
            const std::int64_t written = t.eventWrittenNs[i];
            if (written < from || written > to)
                continue;
            ++f.windowEvents;
            if (i < t.eventPlannedNs.size())
                f.lagMs.push_back(double(written - t.eventPlannedNs[i]) / 1e6);
        }
    }
    return f;
}

CostFigures costRun(const CostOptions &o, int repetition, bool tls)
{
    CostFigures f;
    QTemporaryDir dir;
    SimChild sim;
    if (!startSim(sim, dir, o.simBinary, o.shape, tls ? "https run" : "run", repetition, tls))
        return f;
    const Suite suite =
        benchSuite(sim.baseUrl(), o.requests, o.streams, o.shape.maxTokens + 100, sim.caFile());
    const QString dbPath = dir.filePath(QStringLiteral("bench.sqlite"));
    const SessionResult r = runSession(suite, dbPath, {}, sim);
    const int engineConcurrency = engineAchievedConcurrency(dbPath, r.sessionId);
    const auto &truth = sim.records(requestIdsOf(r.samples), 10000);
    sim.stop();

    std::size_t contentEvents = 0, sseEvents = 0, reads = 0;
    for (const Sample &s : r.samples) {
        contentEvents += s.eventTimesNs.size();
        sseEvents += std::size_t(s.eventCount);
        reads += std::size_t(s.readCount);
    }
    CpuMeter::Snapshot first, last;
    if (!steadyWindow(r, o.streams, repetition, &first, &last))
        return f;
    const double seconds = double(last.atNs - first.atNs) / 1e9;
    std::size_t windowEvents = 0;
    for (const Sample &s : r.samples) {
        for (const qint64 at : s.eventTimesNs) {
            const std::int64_t absolute = s.startedAtNs + at;
            windowEvents += absolute >= first.atNs && absolute <= last.atNs ? 1 : 0;
        }
    }
    const TruthFigures t = truthFigures(r.samples, truth, first.atNs, last.atNs);
    std::vector<double> sent;
    int reused = 0;
    for (const Sample &s : r.samples) {
        if (s.requestSentNs)
            sent.push_back(double(*s.requestSentNs) / 1e6);
        reused += s.connectionReused ? 1 : 0;
    }
    const std::int64_t windowCpu =
        (last.cpu.total() - first.cpu.total()) - (last.meterNs - first.meterNs);
    const std::int64_t windowSys = last.cpu.sysNs - first.cpu.sysNs;
    f.eventsPerS = double(windowEvents) / seconds;
    f.cpuUsPerEvent = windowEvents ? double(windowCpu) / 1e3 / double(windowEvents) : 0;
    f.cpuUsPerEventWhole =
        contentEvents ? double(r.cpu.total() - r.meterCpuNs) / 1e3 / double(contentEvents) : 0;
    f.simEventsPerS = double(t.windowEvents) / seconds;
    f.simCpuShare = double(r.simCpuNs) / double(r.endNs - r.startNs);
    f.simLagP99Ms = quantile(t.lagMs, 0.99);
    f.eventsPerRead = reads ? double(sseEvents) / double(reads) : 0;
    f.valid = windowEvents > 0;
    const InFlight concurrency = inFlight(t.intervals, o.streams);

    std::printf("  %srun %d: session %s, %zu samples (%d ok), %zu content events (%zu SSE events "
                "in %zu reads, %.1f events per read); steady window %.2f s: %.0f content "
                "events/s received, client CPU %.2f us per event (%.0f%% of one core, system "
                "%.0f%% of it), whole session %.2f us per event; simulator wrote %.0f events/s, "
                "lag behind its plan p99 %.2f ms, CPU %.0f%% of one core; streams in flight "
                "(ground truth) max %d, mean %.1f while refilling, engine's own figure %d\n",
                tls ? "https " : "", repetition, r.status.toUtf8().constData(), r.samples.size(),
                okCount(r.samples), contentEvents, sseEvents, reads, f.eventsPerRead, seconds,
                f.eventsPerS, f.cpuUsPerEvent, 100.0 * double(windowCpu) / 1e9 / seconds,
                windowCpu > 0 ? 100.0 * double(windowSys) / double(windowCpu) : 0.0,
                f.cpuUsPerEventWhole, f.simEventsPerS, f.simLagP99Ms, 100 * f.simCpuShare,
                concurrency.peak, concurrency.meanWhileRefilling, engineConcurrency);
    std::printf("         request delivery (sim accepted_ns - client start): %s\n",
                describe(distributionOf(t.deliveryMs)).constData());
    std::printf("         request written (client requestSentNs): %s; %d of %zu on a reused "
                "connection\n",
                describe(distributionOf(sent)).constData(), reused, r.samples.size());
    printMachine(r);
    if (o.threads && contentEvents > 0)
        printThreads(r, std::int64_t(contentEvents), "us per content event, whole session", 1e-3);
    for (const QString &w : r.warnings)
        std::printf("         warning: %s\n", w.toUtf8().constData());
    std::fflush(stdout);
    return f;
}

// The bare-socket floor (bare_client.h) against a simulator serving the same streams: CPU per
// SSE event of a client that only receives them. 0 when the run failed.
double floorRun(const CostOptions &o, int repetition)
{
    QTemporaryDir dir;
    SimChild sim;
    if (!startSim(sim, dir, o.simBinary, o.shape, "floor run", repetition))
        return 0;
    QUrl url = sim.baseUrl();
    url.setPath(url.path() + QStringLiteral("/chat/completions"));
    const nlohmann::json body{
        {"model", "bench"},
        {"messages", nlohmann::json::array({{{"role", "user"}, {"content", "Say something."}}})},
        {"max_tokens", o.shape.maxTokens + 100},
        {"stream", true},
        {"stream_options", {{"include_usage", true}}}};
    const QByteArray request = Http1Exchange::serialize(
        url, "POST", {{"Content-Type", "application/json"}, {"Accept", "text/event-stream"}},
        QByteArray::fromStdString(body.dump()));
    const BareFigures f = runBareClient(url, request, o.streams, o.requests);
    const std::int64_t simCpu = sim.cpuNs();
    sim.stop();
    if (!f.valid || f.events == 0) {
        std::printf("  floor run %d: %s\n", repetition, f.error.toUtf8().constData());
        return 0;
    }
    const double us = double(f.cpuNs) / 1e3 / double(f.events);
    std::printf("  floor run %d: %lld SSE events in %lld reads (%.1f per read) in %.2f s: "
                "%.0f events/s; bare client CPU %.2f us per event (%.0f%% of one core); "
                "simulator %.0f%% of one core\n",
                repetition, static_cast<long long>(f.events), static_cast<long long>(f.reads),
                double(f.events) / double(std::max<std::int64_t>(1, f.reads)),
                double(f.wallNs) / 1e9, double(f.events) / (double(f.wallNs) / 1e9), us,
                100.0 * double(f.cpuNs) / double(f.wallNs),
                100.0 * double(simCpu) / double(f.wallNs));
    std::fflush(stdout);
    return us;
}

} // namespace

int cost(const CostOptions &o, int repeat)
{
    std::printf("cost: %d concurrent streams (closed loop), %d requests of %d tokens, %.0f "
                "tokens/s each, one token per SSE event: %.0f events/s offered; simulated TTFT "
                "%.0f ms; main thread idle; %d runs\n",
                o.streams, o.requests, o.shape.maxTokens, o.shape.tokensPerS,
                o.streams * o.shape.tokensPerS, o.shape.ttftMs, repeat);
    std::fflush(stdout);
    std::vector<double> eps, cpu, whole, simEps, simCpu, lag, perRead, tlsCpu, tlsEps;
    for (int i = 1; i <= repeat; ++i) {
        const CostFigures f = costRun(o, i, false);
        if (o.tls) {
            const CostFigures t = costRun(o, i, true);
            if (t.valid && f.valid) {
                tlsCpu.push_back(t.cpuUsPerEvent);
                tlsEps.push_back(t.eventsPerS);
            }
        }
        if (!f.valid)
            continue;
        eps.push_back(f.eventsPerS);
        cpu.push_back(f.cpuUsPerEvent);
        whole.push_back(f.cpuUsPerEventWhole);
        simEps.push_back(f.simEventsPerS);
        simCpu.push_back(f.simCpuShare);
        lag.push_back(f.simLagP99Ms);
        perRead.push_back(f.eventsPerRead);
    }
    if (eps.empty()) {
        std::printf("cost: no run produced figures  [FAIL]\n");
        return 2;
    }
    const bool cpuOk = median(cpu) <= kCpuPerEventTargetUs;
    const bool rateOk = median(eps) >= kEventsPerSTarget;
    std::printf("cost median of %zu runs: client CPU %.2f us per content event [target <= %.0f: "
                "%s] (whole session %.2f us); %.0f events/s received [target >= %.0f: %s]; "
                "%.1f SSE events per read; simulator wrote %.0f events/s at %.0f%% of one core, "
                "lag behind plan p99 %.2f ms\n",
                eps.size(), median(cpu), kCpuPerEventTargetUs, cpuOk ? "PASS" : "FAIL",
                median(whole), median(eps), kEventsPerSTarget, rateOk ? "PASS" : "FAIL",
                median(perRead), median(simEps), 100 * median(simCpu), median(lag));
    std::fflush(stdout);
    bool tlsOk = true;
    if (o.tls) {
        tlsOk = !tlsCpu.empty() && median(tlsCpu) <= kHttpsCpuRatioTarget * median(cpu);
        std::printf("cost over https:// (HTTP/1.1, the lanes' own TLS), median of %zu runs: client "
                    "CPU %.2f us per content event, %.2f times the http:// figure of the same "
                    "runs [target <= %.0f: %s]; %.0f events/s received\n",
                    tlsCpu.size(), tlsCpu.empty() ? 0.0 : median(tlsCpu),
                    tlsCpu.empty() ? 0.0 : median(tlsCpu) / median(cpu), kHttpsCpuRatioTarget,
                    tlsOk ? "PASS" : "FAIL", tlsEps.empty() ? 0.0 : median(tlsEps));
        std::fflush(stdout);
    }

    // The same streams read by a client that does nothing else: what the kernel alone costs.
    std::printf("floor: the same %d streams read by a bare epoll client on one thread (no "
                "parsing, timing or storage), %d runs\n",
                o.streams, repeat);
    std::vector<double> floor;
    for (int i = 1; i <= repeat; ++i) {
        if (const double us = floorRun(o, i); us > 0)
            floor.push_back(us);
    }
    if (!floor.empty())
        std::printf("floor median of %zu runs: %.2f us per SSE event; Yardstick's whole session "
                    "costs %.2f times that (%.2f us more per event)\n",
                    floor.size(), median(floor), median(whole) / median(floor),
                    median(whole) - median(floor));
    std::fflush(stdout);
    return (cpuOk ? 0 : 2) | (rateOk ? 0 : 4) | (tlsOk ? 0 : 8);
}

} // namespace ys::bench
