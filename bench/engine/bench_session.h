#pragma once

#include "bench_common.h"
#include "cpu_meter.h"
#include "domain/suite.h"
#include "run/session_runner.h"
#include "sim_child.h"

#include <QCoreApplication>
#include <QSet>
#include <QString>
#include <QTemporaryDir>
#include <cstdint>
#include <utility>
#include <vector>

// What the scenarios of bench_engine share: the simulated provider's profile, the suite, one
// session of the engine with the CPU it cost, and the figures' summaries.

namespace ys::bench {

// Translation context of this program's messages.
struct BenchEngine {
    Q_DECLARE_TR_FUNCTIONS(BenchEngine)
};

struct Distribution {
    std::size_t count = 0;
    double min = 0, p50 = 0, p90 = 0, p99 = 0, max = 0;
};

Distribution distributionOf(const std::vector<double> &values);
QByteArray describe(const Distribution &d);

// How the simulated provider streams.
struct StreamShape {
    double ttftMs = 200;
    double ttftP95Ms = 260;
    double tokensPerS = 100;
    double jitter = 0;
    int minTokens = 150;
    int maxTokens = 250;
};

// Starts the simulator on the shape's profile in its own folder (over https:// with tls); says
// why not on stdout.
bool startSim(SimChild &sim, const QTemporaryDir &dir, const QString &binary,
              const StreamShape &shape, const char *label, int repetition, bool tls = false);
// caFile: the simulator serves https:// with this certificate; the provider trusts it and asks
// for HTTP/1.1 (the lanes' own TLS).
Suite benchSuite(const QUrl &baseUrl, int requests, int concurrency, int maxOutputTokens,
                 const QString &caFile = {});

// Keeps the calling (UI) thread busy: every periodMs a timer spins the CPU for spinMs.
struct BusyLoad {
    int spinMs = 0;
    int periodMs = 0;
};

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
                         const SimChild &sim);
// The concurrency the engine itself reports for the session's run (stored with the run).
int engineAchievedConcurrency(const QString &dbPath, qint64 sessionId);
QSet<QByteArray> requestIdsOf(const std::vector<Sample> &samples);
int okCount(const std::vector<Sample> &samples);
// What else the machine was doing: CPU time of every other process, in cores.
void printMachine(const SessionResult &r);
void printThreads(const SessionResult &r, std::int64_t perNs, const char *unit, double scale);

} // namespace ys::bench
