#pragma once

#include <QObject>
#include <QString>
#include <QTimer>
#include <cstdint>
#include <map>
#include <vector>

namespace ys::bench {

struct CpuTimes {
    std::int64_t userNs = 0;
    std::int64_t sysNs = 0;
    std::int64_t total() const { return userNs + sysNs; }
};

// The whole machine's busy CPU time so far (all cores, from /proc/stat: everything but idle and
// iowait), and the number of cores.
std::int64_t machineBusyNs();
int cpuCount();

// This process's CPU time so far, every thread included (getrusage RUSAGE_SELF).
CpuTimes processCpu();
// The calling thread's CPU time so far.
std::int64_t threadCpuNs();

// Samples this process's CPU time every few milliseconds on the calling thread's event loop, so
// that a steady window can be cut out of a run afterwards, and keeps each thread's CPU time by
// thread name (from /proc/self/task) so the cost can be split by thread. The meter's own CPU time
// is counted apart, so it can be left out.
class CpuMeter : public QObject {
public:
    struct Snapshot {
        std::int64_t atNs = 0;
        CpuTimes cpu;
        std::int64_t meterNs = 0; // the meter's own CPU time up to this snapshot
    };

    explicit CpuMeter(QObject *parent = nullptr);
    void start(int intervalMs);
    void stop(); // takes a last snapshot

    const std::vector<Snapshot> &snapshots() const { return m_snapshots; }
    // CPU time each thread name used since start(), largest first.
    std::vector<std::pair<QString, std::int64_t>> byThreadName() const;

private:
    void sample();
    void sampleThreads(bool baseline);

    QTimer m_timer;
    std::vector<Snapshot> m_snapshots;
    struct ThreadCpu {
        QString name;
        std::int64_t baselineNs = 0;
        std::int64_t lastNs = 0;
    };
    std::map<int, ThreadCpu> m_threads;
    std::int64_t m_meterNs = 0;
};

} // namespace ys::bench
