#include "sim/sim_scheduler.h"

#include "util/monotonic_clock.h"

#include <QSocketNotifier>
#include <algorithm>
#include <limits>

#ifdef Q_OS_LINUX
#include <sys/timerfd.h>
#include <unistd.h>
#endif

namespace ys {

namespace {

// A callback that keeps scheduling itself in the past must not starve the event loop.
constexpr int kMaxPerPass = 100000;

} // namespace

SimScheduler::SimScheduler(QObject *parent)
    : QObject(parent)
{
#ifdef Q_OS_LINUX
    // std::chrono::steady_clock is CLOCK_MONOTONIC with libstdc++ and libc++ on Linux, the clock
    // of ys::monotonicNs(), so due times can be handed to the kernel as they are.
    m_fd = ::timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (m_fd >= 0) {
        m_notifier = new QSocketNotifier(qintptr(m_fd), QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, &SimScheduler::onWake);
    }
#endif
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &SimScheduler::onWake);
}

SimScheduler::~SimScheduler()
{
    delete m_notifier;
#ifdef Q_OS_LINUX
    if (m_fd >= 0)
        ::close(m_fd);
#endif
}

void SimScheduler::schedule(SimScheduled *target, std::int64_t dueNs)
{
    const std::uint64_t token = m_nextToken++;
    m_current[target] = token;
    m_heap.push({dueNs, token, target});
    // While a pass runs, it re-arms for whatever is first when it ends.
    if (!m_inWake && (m_armedNs == 0 || dueNs < m_armedNs))
        arm(dueNs);
}

void SimScheduler::cancel(SimScheduled *target)
{
    // The heap entry stays and is skipped when it comes up: its token no longer matches.
    if (const auto it = m_current.find(target); it != m_current.end())
        it->second = 0;
}

void SimScheduler::remove(SimScheduled *target)
{
    m_current.erase(target);
}

void SimScheduler::arm(std::int64_t dueNs)
{
    m_armedNs = std::max<std::int64_t>(dueNs, 1);
#ifdef Q_OS_LINUX
    if (m_fd >= 0) {
        itimerspec spec = {};
        spec.it_value.tv_sec = time_t(m_armedNs / 1'000'000'000);
        spec.it_value.tv_nsec = long(m_armedNs % 1'000'000'000);
        ::timerfd_settime(m_fd, TFD_TIMER_ABSTIME, &spec, nullptr);
        return;
    }
#endif
    const std::int64_t remaining = m_armedNs - monotonicNs();
    m_timer.start(remaining <= 0 ? 0 : int((remaining + 500'000) / 1'000'000));
}

void SimScheduler::onWake()
{
#ifdef Q_OS_LINUX
    if (m_fd >= 0) {
        std::uint64_t expirations = 0;
        [[maybe_unused]] const ssize_t got = ::read(m_fd, &expirations, sizeof expirations);
    }
#endif
    const std::int64_t woke = monotonicNs();
    if (m_armedNs != 0) {
        m_lateNs = 0.9 * m_lateNs + 0.1 * double(std::max<std::int64_t>(0, woke - m_armedNs));
        m_batchNs = std::clamp(std::int64_t(2 * m_lateNs), kMinBatchNs, kMaxBatchNs);
    }
    m_armedNs = 0;
    m_inWake = true;
    int served = 0;
    std::int64_t horizon = woke + m_batchNs;
    while (!m_heap.empty() && served < kMaxPerPass) {
        const Entry entry = m_heap.top();
        if (entry.dueNs > horizon) {
            // Writing may have taken a while: look at the clock again before sleeping.
            horizon = monotonicNs() + m_batchNs;
            if (entry.dueNs > horizon)
                break;
        }
        m_heap.pop();
        const auto it = m_current.find(entry.target);
        if (it == m_current.end() || it->second != entry.token)
            continue;
        it->second = 0;
        ++served;
        entry.target->onDue();
    }
    // Cancelled entries at the top would arm the timer for nothing.
    while (!m_heap.empty()) {
        const Entry &top = m_heap.top();
        const auto it = m_current.find(top.target);
        if (it != m_current.end() && it->second == top.token)
            break;
        m_heap.pop();
    }
    m_inWake = false;
    if (!m_heap.empty())
        arm(served >= kMaxPerPass ? monotonicNs() : m_heap.top().dueNs);
}

} // namespace ys
