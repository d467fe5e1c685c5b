#include "cpu_meter.h"

#include "util/monotonic_clock.h"

#include <QDir>
#include <QFile>
#include <algorithm>
#include <ctime>
#include <sys/resource.h>
#include <unistd.h>

namespace ys::bench {

namespace {

std::int64_t nsOf(const timeval &tv)
{
    return std::int64_t(tv.tv_sec) * 1'000'000'000 + std::int64_t(tv.tv_usec) * 1000;
}

QByteArray readSmallFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.read(4096);
}

// A thread's time on the CPU: schedstat's first field is in ns; stat's utime + stime in ticks.
std::int64_t taskCpuNs(const QString &task)
{
    const QByteArray schedstat = readSmallFile(task + QStringLiteral("/schedstat"));
    if (!schedstat.isEmpty()) {
        bool ok = false;
        const std::int64_t ns = schedstat.left(schedstat.indexOf(' ')).toLongLong(&ok);
        if (ok)
            return ns;
    }
    const QByteArray stat = readSmallFile(task + QStringLiteral("/stat"));
    const qsizetype paren = stat.lastIndexOf(')');
    if (paren < 0)
        return 0;
    const QList<QByteArray> fields = stat.mid(paren + 2).split(' ');
    if (fields.size() < 13)
        return 0;
    return (fields[11].toLongLong() + fields[12].toLongLong()) *
           (1'000'000'000 / ::sysconf(_SC_CLK_TCK));
}

} // namespace

std::int64_t machineBusyNs()
{
    QFile file(QStringLiteral("/proc/stat"));
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = file.readLine().simplified().split(' ');
    // cpu user nice system idle iowait irq softirq steal ...
    std::int64_t busy = 0;
    for (qsizetype i = 1; i < fields.size() && i <= 8; ++i) {
        if (i != 4 && i != 5)
            busy += fields[i].toLongLong();
    }
    return busy * (1'000'000'000 / ::sysconf(_SC_CLK_TCK));
}

int cpuCount()
{
    return int(::sysconf(_SC_NPROCESSORS_ONLN));
}

CpuTimes processCpu()
{
    rusage usage = {};
    ::getrusage(RUSAGE_SELF, &usage);
    return {nsOf(usage.ru_utime), nsOf(usage.ru_stime)};
}

std::int64_t threadCpuNs()
{
    timespec ts = {};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

CpuMeter::CpuMeter(QObject *parent)
    : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &CpuMeter::sample);
}

void CpuMeter::start(int intervalMs)
{
    m_snapshots.clear();
    m_threads.clear();
    m_meterNs = 0;
    const std::int64_t before = threadCpuNs();
    sampleThreads(true);
    m_meterNs += threadCpuNs() - before;
    m_snapshots.push_back({monotonicNs(), processCpu(), m_meterNs});
    m_timer.start(intervalMs);
}

void CpuMeter::stop()
{
    m_timer.stop();
    sample();
}

void CpuMeter::sample()
{
    const std::int64_t before = threadCpuNs();
    sampleThreads(false);
    m_meterNs += threadCpuNs() - before;
    m_snapshots.push_back({monotonicNs(), processCpu(), m_meterNs});
}

void CpuMeter::sampleThreads(bool baseline)
{
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString task = tasks.filePath(tid);
        const std::int64_t ns = taskCpuNs(task);
        auto [it, inserted] = m_threads.try_emplace(tid.toInt());
        ThreadCpu &thread = it->second;
        if (inserted) {
            thread.name =
                QString::fromUtf8(readSmallFile(task + QStringLiteral("/comm")).trimmed());
            thread.baselineNs = baseline ? ns : 0;
        }
        thread.lastNs = std::max(thread.lastNs, ns);
    }
}

std::vector<std::pair<QString, std::int64_t>> CpuMeter::byThreadName() const
{
    std::map<QString, std::int64_t> sums;
    for (const auto &[tid, thread] : m_threads)
        sums[thread.name] += thread.lastNs - thread.baselineNs;
    std::vector<std::pair<QString, std::int64_t>> out(sums.begin(), sums.end());
    std::sort(out.begin(), out.end(),
              [](const auto &a, const auto &b) { return a.second > b.second; });
    return out;
}

} // namespace ys::bench
