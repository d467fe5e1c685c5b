// bench_sim: how accurately and how far the simulator keeps its own schedule, on ONE thread.
//
//   schedule  N concurrent streams (default 256), closed loop: every content event's actual write
//             time minus its planned time, from the server's ground truth (p50/p99/max), and the
//             events written per second.
//   scale     M concurrent streaming connections (default 2000), one long answer each: whether
//             all were held at once, events/s while they were, and the simulator thread's CPU
//             time (so events per CPU-second: what one core sustains).
//
// The simulator runs in this process's main thread; the client is an epoll loop on another
// thread (stream_load.cpp), so the two do not share a core. Each scenario runs --repeat times and
// the median of each figure is printed, because machines are noisy.

#include "bench_common.h"
#include "sim/sim_profile.h"
#include "sim/sim_server.h"
#include "stream_load.h"
#include "util/monotonic_clock.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QTextStream>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <limits>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <thread>
#include <vector>

using namespace ys;

namespace {

// Translation context of this program's messages.
struct BenchSim {
    Q_DECLARE_TR_FUNCTIONS(BenchSim)
};

// Times the kernel took the CPU away from this thread: a noisy machine shows here first.
long involuntarySwitches()
{
    rusage usage = {};
    ::getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_nivcsw;
}

std::int64_t threadCpuNs()
{
    timespec ts = {};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

using bench::median;
using bench::quantile;

// A fast provider: ~100 tokens/s, one token per event, answers of 150..250 tokens.
SimProfile streamProfile(double tokensPerS, int minTokens, int maxTokens)
{
    SimProfile p;
    p.name = QStringLiteral("Bench");
    p.model = QStringLiteral("bench");
    p.ttftMedianMs = 50;
    p.ttftP95Ms = 65;
    p.prefillTokensPerS = 1e6;
    p.decodeTokensPerS = tokensPerS;
    p.decodeJitter = 0.2;
    p.tokensPerEventMin = 1;
    p.tokensPerEventMax = 1;
    p.outputTokensMin = minTokens;
    p.outputTokensMax = maxTokens;
    p.contextWindow = 100000;
    p.seed = 42;
    return p;
}

QByteArray streamRequest()
{
    const QByteArray body =
        R"({"model":"bench","stream":true,"stream_options":{"include_usage":true},)"
        R"("messages":[{"role":"user","content":"Benchmark the simulator, please."}]})";
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
           "application/json\r\nContent-Length: " +
           QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

struct Run {
    bench::StreamLoadResult load;
    std::vector<SimRequestRecord> records;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::int64_t cpuNs = 0;
    long preempted = 0;
    int peakConnections = 0;
};

// Serves one profile in this thread while the client runs on another.
Run serve(const SimProfile &profile, bench::StreamLoadOptions options)
{
    SimServer server({profile});
    QString error;
    if (!server.listen(QHostAddress(QHostAddress::LocalHost), 0, &error)) {
        QTextStream(stderr) << error << Qt::endl;
        std::exit(1);
    }
    options.port = server.port();
    Run run;
    QEventLoop loop;
    // Samples the open connections while the client works; it costs one wake-up a second.
    QTimer sampler;
    QObject::connect(&sampler, &QTimer::timeout, &loop, [&] {
        run.peakConnections = std::max(run.peakConnections, server.openConnections());
    });
    sampler.start(200);
    run.startNs = monotonicNs();
    const std::int64_t cpu = threadCpuNs();
    const long switches = involuntarySwitches();
    std::thread client([&] {
        run.load = bench::runStreamLoad(options);
        QMetaObject::invokeMethod(
            &loop, [&loop] { loop.quit(); }, Qt::QueuedConnection);
    });
    loop.exec();
    client.join();
    run.cpuNs = threadCpuNs() - cpu;
    run.preempted = involuntarySwitches() - switches;
    run.endNs = monotonicNs();
    run.records = server.records();
    return run;
}

struct ScheduleFigures {
    double p50Ms, p99Ms, maxMs, eventsPerS, cpuShare;
    std::size_t events;
};

ScheduleFigures scheduleRun(int streams, double seconds, int repetition)
{
    const SimProfile profile = streamProfile(100, 150, 250);
    bench::StreamLoadOptions options;
    options.connections = streams;
    options.request = streamRequest();
    const std::int64_t start = monotonicNs();
    options.sendUntilNs = start + std::int64_t(seconds * 1e9);
    options.deadlineNs = options.sendUntilNs + 60'000'000'000;
    const Run run = serve(profile, options);

    // The first second is warm-up (connections opening, every stream starting at once); a run
    // of under 4 s warms up for its first quarter, so the window it measures is never empty.
    const std::int64_t to = options.sendUntilNs;
    const std::int64_t from = run.startNs + std::min<std::int64_t>(1'000'000'000, (to - start) / 4);
    std::vector<double> errors;
    std::size_t inWindow = 0;
    for (const SimRequestRecord &record : run.records) {
        for (std::size_t i = 0; i < record.eventWrittenNs.size(); ++i) {
            const std::int64_t written = record.eventWrittenNs[i];
            if (written < from)
                continue;
            errors.push_back(double(written - record.eventPlannedNs[i]) / 1e6);
            inWindow += written <= to ? 1 : 0;
        }
    }
    const ScheduleFigures f{quantile(errors, 0.5),
                            quantile(errors, 0.99),
                            errors.empty() ? 0 : *std::max_element(errors.begin(), errors.end()),
                            to > from ? double(inWindow) / (double(to - from) / 1e9) : 0.0,
                            double(run.cpuNs) / double(run.endNs - run.startNs),
                            errors.size()};
    std::printf("  run %d: %d streams, %d answers (%d failed), scheduling error p50 %.3f ms, "
                "p99 %.3f ms, max %.3f ms over %zu events, %.0f events/s, simulator thread CPU "
                "%.0f%%, preempted %ld times\n",
                repetition, streams, run.load.completed, run.load.failed, f.p50Ms, f.p99Ms, f.maxMs,
                f.events, f.eventsPerS, 100 * f.cpuShare, run.preempted);
    std::fflush(stdout);
    return f;
}

struct ScaleFigures {
    bool held;
    int peakStreams;
    double eventsPerS, eventsPerCpuS, cpuShare, p99Ms;
};

ScaleFigures scaleRun(int connections, double tokensPerS, int tokens, int repetition)
{
    const SimProfile profile = streamProfile(tokensPerS, tokens, tokens);
    bench::StreamLoadOptions options;
    options.connections = connections;
    options.request = streamRequest();
    options.sendUntilNs = 0; // one long answer per connection
    options.deadlineNs = monotonicNs() + 300'000'000'000;
    const Run run = serve(profile, options);

    // Streams in flight at once, from the ground truth: accepted .. end of every request.
    std::vector<std::pair<std::int64_t, int>> edges;
    std::int64_t allStreaming = 0; // the last first token
    std::int64_t firstEnd = std::numeric_limits<std::int64_t>::max();
    for (const SimRequestRecord &record : run.records) {
        edges.emplace_back(record.acceptedNs, 1);
        edges.emplace_back(record.endNs, -1);
        allStreaming = std::max(allStreaming, record.firstContentNs);
        firstEnd = std::min(firstEnd, record.endNs);
    }
    std::sort(edges.begin(), edges.end());
    int current = 0;
    int peak = 0;
    for (const auto &[at, delta] : edges) {
        current += delta;
        peak = std::max(peak, current);
    }
    // Events per second while every stream was open and streaming.
    std::size_t events = 0;
    std::vector<double> errors;
    for (const SimRequestRecord &record : run.records) {
        for (std::size_t i = 0; i < record.eventWrittenNs.size(); ++i) {
            const std::int64_t written = record.eventWrittenNs[i];
            if (written >= allStreaming && written <= firstEnd) {
                ++events;
                errors.push_back(double(written - record.eventPlannedNs[i]) / 1e6);
            }
        }
    }
    const double window = double(firstEnd - allStreaming) / 1e9;
    const bool held = peak >= connections && run.load.completed == connections &&
                      run.load.failed == 0 && run.load.connectFailures == 0;
    ScaleFigures f{held,
                   peak,
                   window > 0 ? double(events) / window : 0,
                   0,
                   double(run.cpuNs) / double(run.endNs - run.startNs),
                   quantile(errors, 0.99)};
    std::size_t allEvents = 0;
    for (const SimRequestRecord &record : run.records)
        allEvents += record.eventWrittenNs.size();
    f.eventsPerCpuS = double(allEvents) / (double(run.cpuNs) / 1e9);
    std::printf("  run %d: %d connections, %d streams at once (open sockets seen: %d), %d "
                "answers complete, %d failed, %d connect failures; all held: %s; %.0f events/s "
                "over %.1f s with every stream open; simulator thread CPU %.0f%% of one core, "
                "%.0f events per CPU-second; scheduling error p99 %.2f ms; preempted %ld "
                "times\n",
                repetition, connections, peak, run.peakConnections, run.load.completed,
                run.load.failed, run.load.connectFailures, held ? "yes" : "NO", f.eventsPerS,
                window, 100 * f.cpuShare, f.eventsPerCpuS, f.p99Ms, run.preempted);
    std::fflush(stdout);
    return f;
}

// The schedule scenario, repeated; its exit status bit when the target is missed.
int scheduleScenario(int streams, double seconds, int repeat)
{
    std::printf("schedule: %d concurrent streams, ~100 tokens/s each, one token per event, "
                "%.0f s closed loop, %d runs\n",
                streams, seconds, repeat);
    std::vector<double> p50, p99, max, eps;
    for (int i = 1; i <= repeat; ++i) {
        const ScheduleFigures f = scheduleRun(streams, seconds, i);
        p50.push_back(f.p50Ms);
        p99.push_back(f.p99Ms);
        max.push_back(f.maxMs);
        eps.push_back(f.eventsPerS);
    }
    const double p99Median = median(p99);
    std::printf("schedule median of %d: scheduling error (actual write - planned) p50 %.3f "
                "ms, p99 %.3f ms, max %.3f ms; %.0f events/s  [target p99 <= 2 ms: %s]\n",
                repeat, median(p50), p99Median, median(max), median(eps),
                p99Median <= 2.0 ? "met" : "MISSED");
    return p99Median <= 2.0 ? 0 : 1;
}

// The scale scenario, repeated; its exit status bit when the connections were not all held.
int scaleScenario(int connections, double rate, int repeat)
{
    const int tokens = int(rate * 10); // ~10 s answers
    std::printf("scale: %d concurrent streaming connections, %.0f tokens/s each, %d-token "
                "answers, %d runs\n",
                connections, rate, tokens, repeat);
    std::vector<double> eps, perCpu, cpu, p99;
    int held = 0;
    for (int i = 1; i <= repeat; ++i) {
        const ScaleFigures f = scaleRun(connections, rate, tokens, i);
        held += f.held ? 1 : 0;
        eps.push_back(f.eventsPerS);
        perCpu.push_back(f.eventsPerCpuS);
        cpu.push_back(f.cpuShare);
        p99.push_back(f.p99Ms);
    }
    std::printf("scale median of %d: all %d connections held in %d of %d runs; %.0f events/s "
                "on one core (simulator thread %.0f%% busy), %.0f events per CPU-second, "
                "scheduling error p99 %.2f ms  [target >= 2000 held: %s]\n",
                repeat, connections, held, repeat, median(eps), 100 * median(cpu), median(perCpu),
                median(p99), held == repeat && connections >= 2000 ? "met" : "MISSED");
    return held == repeat ? 0 : 2;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_sim"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        BenchSim::tr("Measures the simulator's scheduling error and scale on one thread."));
    parser.addHelpOption();
    const QCommandLineOption streamsOption(QStringLiteral("streams"),
                                           BenchSim::tr("Concurrent streams of the schedule "
                                                        "scenario (default 256)."),
                                           BenchSim::tr("n"), QStringLiteral("256"));
    const QCommandLineOption secondsOption(QStringLiteral("seconds"),
                                           BenchSim::tr("Length of the schedule scenario "
                                                        "(default 8)."),
                                           BenchSim::tr("s"), QStringLiteral("8"));
    const QCommandLineOption connectionsOption(
        QStringLiteral("connections"),
        BenchSim::tr("Concurrent connections of the scale scenario (default 2000)."),
        BenchSim::tr("n"), QStringLiteral("2000"));
    const QCommandLineOption rateOption(QStringLiteral("scale-tokens-per-s"),
                                        BenchSim::tr("Decode speed of each scale stream "
                                                     "(default 20)."),
                                        BenchSim::tr("rate"), QStringLiteral("20"));
    const QCommandLineOption repeatOption(QStringLiteral("repeat"),
                                          BenchSim::tr("Runs of each scenario (default 3)."),
                                          BenchSim::tr("n"), QStringLiteral("3"));
    const QCommandLineOption realtimeOption(
        QStringLiteral("realtime"),
        BenchSim::tr("Run the simulator's thread at a real-time priority (SCHED_FIFO), so that "
                     "other work on the machine does not preempt it (needs root or "
                     "CAP_SYS_NICE)."));
    const QCommandLineOption onlyOption(QStringLiteral("only"),
                                        BenchSim::tr("Run one scenario: schedule or scale."),
                                        BenchSim::tr("name"));
    parser.addOptions({streamsOption, secondsOption, connectionsOption, rateOption, repeatOption,
                       realtimeOption, onlyOption});
    parser.process(app);
    const int streams = parser.value(streamsOption).toInt();
    const double seconds = parser.value(secondsOption).toDouble();
    const int connections = parser.value(connectionsOption).toInt();
    const double rate = parser.value(rateOption).toDouble();
    const int repeat = std::max(1, parser.value(repeatOption).toInt());
    const QString only = parser.value(onlyOption);

    // Both ends of every connection live in this process.
    const rlim_t files = bench::raiseFileLimit();
    if (files < rlim_t(2 * connections + 64))
        std::printf("warning: only %llu file descriptors; %d connections need %d\n",
                    static_cast<unsigned long long>(files), connections, 2 * connections + 64);

    // Only this (the simulator's) thread: the client thread, started later, keeps the normal
    // policy, and the kernel's real-time throttling leaves the machine some time regardless.
    if (parser.isSet(realtimeOption)) {
        sched_param param = {};
        param.sched_priority = 10;
        const int rc = ::pthread_setschedparam(::pthread_self(), SCHED_FIFO, &param);
        std::printf("simulator thread priority: %s\n",
                    rc == 0 ? "SCHED_FIFO 10" : "normal (SCHED_FIFO not permitted)");
    } else {
        std::printf("simulator thread priority: normal\n");
    }

    int status = 0;
    if (only.isEmpty() || only == QLatin1StringView("schedule"))
        status |= scheduleScenario(streams, seconds, repeat);
    if (only.isEmpty() || only == QLatin1StringView("scale"))
        status |= scaleScenario(connections, rate, repeat);
    return status;
}
