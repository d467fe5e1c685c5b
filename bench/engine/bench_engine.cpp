// bench_engine: the measurement engine (SessionRunner, the code the app and the CLI run) against
// yardstick-sim in a separate process, checked against the simulator's ground truth.
//
//   accuracy  N concurrent streams (default 256, closed loop) while the main (UI) thread is kept
//             busy by a timer that spins the CPU for --busy-ms of every --busy-period-ms. Per
//             request: client first-token time (startedAtNs + firstTokenNs) minus the simulator's
//             first_content_ns, and client end (startedAtNs + endNs) minus last_byte_ns; both are
//             CLOCK_MONOTONIC, so the first is client TTFT minus true TTFT from one origin.
//             Targets: median <= 0.5 ms, p99 <= 3 ms. Also the streams in flight at once, from the
//             ground truth ([accepted_ns, end_ns]) and from the client's samples.
//   cost      M concurrent streams at a high decode rate, one token per SSE event, so that the
//             simulator offers >= 100K events/s in total. The client process's CPU time
//             (getrusage, user + system, every thread) per content event received, and events/s,
//             over the steady part of the run; the simulator's CPU for context. Targets: <= 5 us
//             per event, >= 100K events/s.
//
// Every scenario runs --repeat times with a fresh simulator and database, and the median of each
// figure is printed, because the machine is shared and noisy.

#include "analysis/in_flight.h"
#include "analysis/percentile.h"
#include "bare_client.h"
#include "cpu_meter.h"
#include "domain/suite.h"
#include "net/http1_connection.h"
#include "run/session_runner.h"
#include "sim_child.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "util/monotonic_clock.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <vector>

using namespace ys;
using namespace ys::bench;

namespace {

// Translation context of this program's messages.
struct BenchEngine {
    Q_DECLARE_TR_FUNCTIONS(BenchEngine)
};

constexpr double kTtftMedianTargetMs = 0.5;
constexpr double kTtftP99TargetMs = 3.0;
constexpr double kCpuPerEventTargetUs = 5.0;
constexpr double kEventsPerSTarget = 100'000;

// q in [0, 1]; the project's type-7 percentile, 0 for no values.
double quantile(std::vector<double> values, double q)
{
    return ys::percentile(std::move(values), q * 100.0).value_or(0.0);
}

double median(std::vector<double> values)
{
    return quantile(std::move(values), 0.5);
}

struct Distribution {
    std::size_t count = 0;
    double min = 0, p50 = 0, p90 = 0, p99 = 0, max = 0;
};

Distribution distributionOf(const std::vector<double> &values)
{
    Distribution d;
    d.count = values.size();
    if (values.empty())
        return d;
    d.min = *std::min_element(values.begin(), values.end());
    d.max = *std::max_element(values.begin(), values.end());
    d.p50 = quantile(values, 0.5);
    d.p90 = quantile(values, 0.9);
    d.p99 = quantile(values, 0.99);
    return d;
}

QByteArray describe(const Distribution &d)
{
    char text[160];
    std::snprintf(text, sizeof text,
                  "n %zu, median %.3f, p90 %.3f, p99 %.3f, max %.3f, min %.3f ms", d.count, d.p50,
                  d.p90, d.p99, d.max, d.min);
    return text;
}

// How the simulated provider streams.
struct StreamShape {
    double ttftMs = 200;
    double ttftP95Ms = 260;
    double tokensPerS = 100;
    double jitter = 0;
    int minTokens = 150;
    int maxTokens = 250;
};

QByteArray profilesJson(const StreamShape &shape)
{
    const nlohmann::json profile{
        {"name", "Bench"},
        {"model", "bench"},
        {"ttft_ms", {{"median", shape.ttftMs}, {"p95", shape.ttftP95Ms}}},
        {"prefill_tokens_per_s", 1e7},
        {"decode_tokens_per_s", shape.tokensPerS},
        {"decode_jitter", shape.jitter},
        {"tokens_per_event", {{"min", 1}, {"max", 1}}},
        {"output_tokens", {{"min", shape.minTokens}, {"max", shape.maxTokens}}},
        {"context_window", 1000000},
        {"seed", 7}};
    const nlohmann::json file{{"format", "yardstick-sim-profiles/1"},
                              {"profiles", nlohmann::json::array({profile})}};
    return QByteArray::fromStdString(file.dump());
}

// Starts the simulator on the shape's profile in its own folder; says why not on stdout.
bool startSim(SimChild &sim, const QTemporaryDir &dir, const QString &binary,
              const StreamShape &shape, const char *label, int repetition)
{
    QString error;
    if (!dir.isValid())
        error = QStringLiteral("no temporary folder");
    else if (sim.start(binary, profilesJson(shape), dir.path(), &error))
        return true;
    std::printf("  %s %d: cannot start the simulator: %s\n", label, repetition,
                error.toUtf8().constData());
    return false;
}

Suite benchSuite(const QUrl &baseUrl, int requests, int concurrency, int maxOutputTokens)
{
    ProviderConfig provider;
    provider.name = QStringLiteral("Bench");
    provider.dialect = QStringLiteral("openai-chat");
    provider.baseUrl = baseUrl;
    provider.model = QStringLiteral("bench");
    Scenario scenario;
    scenario.requests = requests;
    scenario.concurrency = concurrency;
    scenario.promptTokens = 50;
    scenario.maxOutputTokens = maxOutputTokens;
    scenario.stream = true;
    scenario.timeoutMs = 300'000;
    Suite suite;
    suite.name = QStringLiteral("bench_engine");
    suite.providers = {provider};
    suite.scenarios = {scenario};
    return suite;
}

// Keeps the calling (UI) thread busy: every periodMs a timer spins the CPU for spinMs.
struct BusyLoad {
    int spinMs = 0;
    int periodMs = 0;
};

double loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readLine().split(' ').value(0).toDouble() : 0;
}

struct SessionResult {
    qint64 sessionId = 0;
    QString status;
    std::vector<Sample> samples;
    QStringList warnings;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    CpuTimes cpu;                // the whole session, this process
    std::int64_t meterCpuNs = 0; // of which the CPU meter's own
    std::int64_t simCpuNs = 0;   // the simulator process over the session
    std::int64_t busySpunNs = 0;
    std::int64_t machineBusyNs = 0; // every process on the machine over the session
    double loadAverage = 0;         // 1-minute, at the start
    std::vector<CpuMeter::Snapshot> snapshots;
    std::vector<std::pair<QString, std::int64_t>> threads;
};

SessionResult runSession(const Suite &suite, const QString &dbPath, const BusyLoad &busy,
                         const SimChild &sim)
{
    SessionResult result;
    SessionRunner runner;
    QEventLoop loop;
    QObject::connect(&runner, &SessionRunner::sampleMeasured, &loop,
                     [&](const Sample &sample) { result.samples.push_back(sample); });
    QObject::connect(&runner, &SessionRunner::warning, &loop,
                     [&](const QString &message) { result.warnings << message; });
    QObject::connect(&runner, &SessionRunner::finished, &loop,
                     [&](qint64 sessionId, SessionStatus status) {
                         result.sessionId = sessionId;
                         result.status = sessionStatusName(status);
                         loop.quit();
                     });

    QTimer busyTimer;
    busyTimer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&busyTimer, &QTimer::timeout, &loop, [&] {
        const std::int64_t from = monotonicNs();
        const std::int64_t until = from + std::int64_t(busy.spinMs) * 1'000'000;
        std::int64_t now = from;
        while (now < until)
            now = monotonicNs();
        result.busySpunNs += now - from;
    });
    // A run that never ends is cancelled rather than hanging the benchmark.
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        result.warnings << BenchEngine::tr("the session took over 10 minutes; cancelled");
        runner.cancel();
    });

    CpuMeter meter;
    meter.start(100);
    const CpuTimes cpuBefore = processCpu();
    const std::int64_t simBefore = sim.cpuNs();
    const std::int64_t machineBefore = machineBusyNs();
    result.loadAverage = loadAverage();
    result.startNs = monotonicNs();
    QString error;
    if (!runner.start(SessionRequest{suite, dbPath, std::nullopt, {}}, &error)) {
        result.status = QStringLiteral("failed");
        result.warnings << error;
        result.endNs = result.startNs + 1;
        return result;
    }
    if (busy.spinMs > 0)
        busyTimer.start(busy.periodMs);
    deadline.start(600'000);
    loop.exec();
    busyTimer.stop();
    result.endNs = monotonicNs();
    const CpuTimes cpuAfter = processCpu();
    result.simCpuNs = sim.cpuNs() - simBefore;
    result.machineBusyNs = machineBusyNs() - machineBefore;
    meter.stop();
    result.cpu = {cpuAfter.userNs - cpuBefore.userNs, cpuAfter.sysNs - cpuBefore.sysNs};
    result.snapshots = meter.snapshots();
    result.meterCpuNs = result.snapshots.back().meterNs;
    result.threads = meter.byThreadName();
    return result;
}

// The concurrency the engine itself reports for the session's run (stored with the run).
int engineAchievedConcurrency(const QString &dbPath, qint64 sessionId)
{
    Database db(dbPath);
    QString error;
    if (!db.open(&error))
        return -1;
    SessionRepository repo(db);
    const std::vector<RunRecord> runs = repo.runs(sessionId, &error);
    return runs.size() == 1 && runs[0].achievedConcurrency ? *runs[0].achievedConcurrency : -1;
}

QSet<QByteArray> requestIdsOf(const std::vector<Sample> &samples)
{
    QSet<QByteArray> ids;
    for (const Sample &s : samples) {
        if (!s.requestId.isEmpty())
            ids.insert(s.requestId.toLatin1());
    }
    return ids;
}

int okCount(const std::vector<Sample> &samples)
{
    return int(std::count_if(samples.begin(), samples.end(),
                             [](const Sample &s) { return s.outcome == Outcome::Ok; }));
}

// What else the machine was doing: CPU time of every other process, in cores.
void printMachine(const SessionResult &r)
{
    const double seconds = double(r.endNs - r.startNs) / 1e9;
    const double others = double(r.machineBusyNs - r.cpu.total() - r.simCpuNs) / 1e9 / seconds;
    std::printf("         machine: %d cores, load average %.1f at the start; over the session "
                "this client used %.2f cores, the simulator %.2f, every other process %.2f\n",
                cpuCount(), r.loadAverage, double(r.cpu.total()) / 1e9 / seconds,
                double(r.simCpuNs) / 1e9 / seconds, std::max(0.0, others));
}

void printThreads(const SessionResult &r, std::int64_t perNs, const char *unit, double scale)
{
    std::printf("         client CPU by thread (%s):", unit);
    int shown = 0;
    for (const auto &[name, ns] : r.threads) {
        if (shown++ == 8 || ns <= 0)
            break;
        std::printf(" %s %.2f;", name.toUtf8().constData(), double(ns) / double(perNs) * scale);
    }
    std::printf("\n");
}

// ---------------------------------------------------------------------------------------------

struct AccuracyOptions {
    QString simBinary;
    int streams = 256;
    int requests = 768;
    StreamShape shape;
    BusyLoad busy{20, 25};
};

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
    if (!startSim(sim, dir, o.simBinary, o.shape, "run", repetition))
        return f;
    const Suite suite = benchSuite(sim.baseUrl(), o.requests, o.streams, o.shape.maxTokens + 100);
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

int accuracy(const AccuracyOptions &o, int repeat)
{
    const double meanTokens = (o.shape.minTokens + o.shape.maxTokens) / 2.0;
    std::printf("accuracy: %d concurrent streams (closed loop), %d requests, simulated TTFT "
                "median %.0f ms (p95 %.0f), %.0f tokens/s, %d-%d tokens per answer (~%.1f s "
                "streams), one token per SSE event, ~%.0f events/s offered; the main (UI) thread "
                "spins the CPU for %d ms of every %d ms (QTimer, %.0f%% busy); %d runs\n",
                o.streams, o.requests, o.shape.ttftMs, o.shape.ttftP95Ms, o.shape.tokensPerS,
                o.shape.minTokens, o.shape.maxTokens, meanTokens / o.shape.tokensPerS,
                o.streams * o.shape.tokensPerS, o.busy.spinMs, o.busy.periodMs,
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

// ---------------------------------------------------------------------------------------------

struct CostOptions {
    QString simBinary;
    int streams = 64;
    int requests = 256;
    StreamShape shape{20, 25, 2000, 0, 3000, 3000};
    bool threads = true;
};

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

CostFigures costRun(const CostOptions &o, int repetition)
{
    CostFigures f;
    QTemporaryDir dir;
    SimChild sim;
    if (!startSim(sim, dir, o.simBinary, o.shape, "run", repetition))
        return f;
    const Suite suite = benchSuite(sim.baseUrl(), o.requests, o.streams, o.shape.maxTokens + 100);
    const QString dbPath = dir.filePath(QStringLiteral("bench.sqlite"));
    const SessionResult r = runSession(suite, dbPath, {}, sim);
    const int engineConcurrency = engineAchievedConcurrency(dbPath, r.sessionId);
    const auto &truth = sim.records(requestIdsOf(r.samples), 10000);
    sim.stop();

    // The steady part: from the moment every stream was streaming (the streams-th first token)
    // to the last request's start (after it the closed loop stops refilling), cut to the CPU
    // meter's snapshots.
    std::vector<std::int64_t> firstTokens;
    std::int64_t lastStart = 0;
    std::size_t contentEvents = 0, sseEvents = 0, reads = 0;
    for (const Sample &s : r.samples) {
        if (s.firstTokenNs)
            firstTokens.push_back(s.startedAtNs + *s.firstTokenNs);
        lastStart = std::max<std::int64_t>(lastStart, s.startedAtNs);
        contentEvents += s.eventTimesNs.size();
        sseEvents += std::size_t(s.eventCount);
        reads += std::size_t(s.readCount);
    }
    CpuMeter::Snapshot first, last;
    if (firstTokens.size() < std::size_t(o.streams)) {
        std::printf("  run %d: session %s, only %zu samples with a first token\n", repetition,
                    r.status.toUtf8().constData(), firstTokens.size());
        return f;
    }
    std::sort(firstTokens.begin(), firstTokens.end());
    if (!r.snapshots.empty()) {
        // The meter's snapshots live in the session's result; find the window among them.
        const std::int64_t from = firstTokens[std::size_t(o.streams) - 1];
        auto a = std::find_if(r.snapshots.begin(), r.snapshots.end(),
                              [&](const CpuMeter::Snapshot &s) { return s.atNs >= from; });
        auto b = std::find_if(r.snapshots.rbegin(), r.snapshots.rend(),
                              [&](const CpuMeter::Snapshot &s) { return s.atNs <= lastStart; });
        if (a != r.snapshots.end() && b != r.snapshots.rend() && b->atNs > a->atNs) {
            first = *a;
            last = *b;
        }
    }
    if (last.atNs <= first.atNs) {
        std::printf("  run %d: no steady window (streams never all open at once?)\n", repetition);
        return f;
    }
    const double seconds = double(last.atNs - first.atNs) / 1e9;
    std::size_t windowEvents = 0;
    for (const Sample &s : r.samples) {
        for (const qint64 at : s.eventTimesNs) {
            const std::int64_t absolute = s.startedAtNs + at;
            windowEvents += absolute >= first.atNs && absolute <= last.atNs ? 1 : 0;
        }
    }
    std::size_t simWindowEvents = 0;
    std::vector<double> lag;
    std::vector<std::pair<qint64, qint64>> truthIntervals;
    std::vector<double> send, sent;
    int reused = 0;
    for (const Sample &s : r.samples) {
        if (s.requestSentNs)
            sent.push_back(double(*s.requestSentNs) / 1e6);
        reused += s.connectionReused ? 1 : 0;
        const auto it = truth.find(s.requestId.toLatin1());
        if (it != truth.end() && it->acceptedNs)
            send.push_back(double(it->acceptedNs - s.startedAtNs) / 1e6);
    }
    for (const TruthRecord &t : truth) {
        truthIntervals.emplace_back(t.acceptedNs, t.endNs);
        for (std::size_t i = 0; i < t.eventWrittenNs.size(); ++i) {
            const std::int64_t written = t.eventWrittenNs[i];
            if (written < first.atNs || written > last.atNs)
                continue;
            ++simWindowEvents;
            if (i < t.eventPlannedNs.size())
                lag.push_back(double(written - t.eventPlannedNs[i]) / 1e6);
        }
    }
    const std::int64_t windowCpu =
        (last.cpu.total() - first.cpu.total()) - (last.meterNs - first.meterNs);
    const std::int64_t windowSys = last.cpu.sysNs - first.cpu.sysNs;
    f.eventsPerS = double(windowEvents) / seconds;
    f.cpuUsPerEvent = windowEvents ? double(windowCpu) / 1e3 / double(windowEvents) : 0;
    f.cpuUsPerEventWhole =
        contentEvents ? double(r.cpu.total() - r.meterCpuNs) / 1e3 / double(contentEvents) : 0;
    f.simEventsPerS = double(simWindowEvents) / seconds;
    f.simCpuShare = double(r.simCpuNs) / double(r.endNs - r.startNs);
    f.simLagP99Ms = quantile(lag, 0.99);
    f.eventsPerRead = reads ? double(sseEvents) / double(reads) : 0;
    f.valid = windowEvents > 0;
    const InFlight concurrency = inFlight(truthIntervals, o.streams);

    std::printf("  run %d: session %s, %zu samples (%d ok), %zu content events (%zu SSE events "
                "in %zu reads, %.1f events per read); steady window %.2f s: %.0f content "
                "events/s received, client CPU %.2f us per event (%.0f%% of one core, system "
                "%.0f%% of it), whole session %.2f us per event; simulator wrote %.0f events/s, "
                "lag behind its plan p99 %.2f ms, CPU %.0f%% of one core; streams in flight "
                "(ground truth) max %d, mean %.1f while refilling, engine's own figure %d\n",
                repetition, r.status.toUtf8().constData(), r.samples.size(), okCount(r.samples),
                contentEvents, sseEvents, reads, f.eventsPerRead, seconds, f.eventsPerS,
                f.cpuUsPerEvent, 100.0 * double(windowCpu) / 1e9 / seconds,
                windowCpu > 0 ? 100.0 * double(windowSys) / double(windowCpu) : 0.0,
                f.cpuUsPerEventWhole, f.simEventsPerS, f.simLagP99Ms, 100 * f.simCpuShare,
                concurrency.peak, concurrency.meanWhileRefilling, engineConcurrency);
    std::printf("         request delivery (sim accepted_ns - client start): %s\n",
                describe(distributionOf(send)).constData());
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

int cost(const CostOptions &o, int repeat)
{
    std::printf("cost: %d concurrent streams (closed loop), %d requests of %d tokens, %.0f "
                "tokens/s each, one token per SSE event: %.0f events/s offered; simulated TTFT "
                "%.0f ms; main thread idle; %d runs\n",
                o.streams, o.requests, o.shape.maxTokens, o.shape.tokensPerS,
                o.streams * o.shape.tokensPerS, o.shape.ttftMs, repeat);
    std::fflush(stdout);
    std::vector<double> eps, cpu, whole, simEps, simCpu, lag, perRead;
    for (int i = 1; i <= repeat; ++i) {
        const CostFigures f = costRun(o, i);
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
    return (cpuOk ? 0 : 2) | (rateOk ? 0 : 4);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_engine"));
    QCommandLineParser parser;
    parser.setApplicationDescription(BenchEngine::tr(
        "Measures the measurement engine against yardstick-sim in another process: timing "
        "accuracy against the simulator's ground truth, and the client's CPU per stream event."));
    parser.addHelpOption();
    auto option = [&](const char *name, const QString &help, const char *value) {
        const QCommandLineOption o(QString::fromLatin1(name), help, BenchEngine::tr("value"),
                                   QString::fromLatin1(value));
        parser.addOption(o);
        return o;
    };
    const auto only = option("only", BenchEngine::tr("Run one scenario: accuracy or cost."), "");
    const auto repeatOpt =
        option("repeat", BenchEngine::tr("Runs of each scenario (default 3)."), "3");
    const auto simOpt = option("sim", BenchEngine::tr("The yardstick-sim binary."), YS_SIM_BINARY);
    const auto streamsOpt = option(
        "streams", BenchEngine::tr("Concurrent streams of the accuracy scenario (default 256)."),
        "256");
    const auto requestsOpt =
        option("requests",
               BenchEngine::tr("Requests of the accuracy scenario (default 3 x streams)."), "0");
    const auto tokensPerSOpt = option(
        "tokens-per-s",
        BenchEngine::tr("Decode speed of each accuracy stream, tokens/s (default 100)."), "100");
    const auto busyOpt =
        option("busy-ms",
               BenchEngine::tr("Accuracy: the UI thread spins this long (default 20)..."), "20");
    const auto periodOpt = option(
        "busy-period-ms", BenchEngine::tr("...out of every this many ms (default 25)."), "25");
    const auto costStreamsOpt =
        option("cost-streams",
               BenchEngine::tr("Concurrent streams of the cost scenario (default 64)."), "64");
    const auto costRateOpt = option(
        "cost-tokens-per-s",
        BenchEngine::tr("Decode speed of each cost stream, tokens/s (default 2000)."), "2000");
    const auto costTokensOpt =
        option("cost-tokens",
               BenchEngine::tr("Tokens per answer in the cost scenario (default 3000)."), "3000");
    const auto costRequestsOpt =
        option("cost-requests",
               BenchEngine::tr("Requests of the cost scenario (default 4 x streams)."), "0");
    parser.process(app);

    const int repeat = std::max(1, parser.value(repeatOpt).toInt());
    const QString which = parser.value(only);

    // The simulator and the client are separate processes; a few hundred sockets each.
    rlimit files = {};
    ::getrlimit(RLIMIT_NOFILE, &files);
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);

    int status = 0;
    if (which.isEmpty() || which == QLatin1StringView("accuracy")) {
        AccuracyOptions o;
        o.simBinary = parser.value(simOpt);
        o.streams = std::max(1, parser.value(streamsOpt).toInt());
        o.requests = parser.value(requestsOpt).toInt();
        if (o.requests <= 0)
            o.requests = 3 * o.streams;
        o.shape.tokensPerS = parser.value(tokensPerSOpt).toDouble();
        // ~2 s streams, so that all of a round overlap.
        o.shape.minTokens = int(1.5 * o.shape.tokensPerS);
        o.shape.maxTokens = int(2.5 * o.shape.tokensPerS);
        o.busy = {parser.value(busyOpt).toInt(), parser.value(periodOpt).toInt()};
        status |= accuracy(o, repeat);
    }
    if (which.isEmpty() || which == QLatin1StringView("cost")) {
        CostOptions o;
        o.simBinary = parser.value(simOpt);
        o.streams = std::max(1, parser.value(costStreamsOpt).toInt());
        o.requests = parser.value(costRequestsOpt).toInt();
        if (o.requests <= 0)
            o.requests = 4 * o.streams;
        o.shape.tokensPerS = parser.value(costRateOpt).toDouble();
        o.shape.minTokens = o.shape.maxTokens = parser.value(costTokensOpt).toInt();
        status |= cost(o, repeat);
    }
    return status;
}
