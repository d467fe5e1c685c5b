#include "bench_session.h"

#include "storage/database.h"
#include "storage/session_repository.h"
#include "util/monotonic_clock.h"

#include <QEventLoop>
#include <QFile>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace ys::bench {

namespace {

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

double loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readLine().split(' ').value(0).toDouble() : 0;
}

} // namespace

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

bool startSim(SimChild &sim, const QTemporaryDir &dir, const QString &binary,
              const StreamShape &shape, const char *label, int repetition, bool tls)
{
    QString error;
    if (!dir.isValid())
        error = QStringLiteral("no temporary folder");
    else if (sim.start(binary, profilesJson(shape), dir.path(), &error, tls))
        return true;
    std::printf("  %s %d: cannot start the simulator: %s\n", label, repetition,
                error.toUtf8().constData());
    return false;
}

Suite benchSuite(const QUrl &baseUrl, int requests, int concurrency, int maxOutputTokens,
                 const QString &caFile)
{
    ProviderConfig provider;
    provider.name = QStringLiteral("Bench");
    provider.dialect = QStringLiteral("openai-chat");
    provider.baseUrl = baseUrl;
    provider.model = QStringLiteral("bench");
    if (!caFile.isEmpty()) {
        provider.network.caFile = caFile;
        provider.network.httpVersion = HttpVersionChoice::Http11;
    }
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

} // namespace ys::bench
