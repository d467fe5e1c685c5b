#pragma once

#include <QObject>
#include <QTimer>
#include <cstdint>
#include <queue>
#include <unordered_map>
#include <vector>

class QSocketNotifier;

namespace ys {

// Something the scheduler wakes at a due time. Each has at most one pending due time.
class SimScheduled {
public:
    virtual ~SimScheduled() = default;
    virtual void onDue() = 0;
};

// One timer for every connection of a SimServer: a heap of due times served by a single
// absolute-time timerfd (Linux), so that thousands of streams cost one kernel timer and each
// event is written within tens of microseconds of its planned time instead of QTimer's whole
// milliseconds. Elsewhere it falls back to a precise QTimer.
class SimScheduler : public QObject {
    Q_OBJECT

public:
    // Entries due within batchNs() of a wake-up are served in the same pass rather than costing
    // a wake-up of their own; callers treat anything due that soon as due. The window follows how
    // late wake-ups arrive anyway (each one costs Qt a poll over every socket, so it grows with
    // the connections), between these bounds.
    static constexpr std::int64_t kMinBatchNs = 20'000;
    static constexpr std::int64_t kMaxBatchNs = 500'000;
    std::int64_t batchNs() const { return m_batchNs; }

    explicit SimScheduler(QObject *parent = nullptr);
    ~SimScheduler() override;

    // Replaces target's pending due time, if any. A due time in the past fires on the next
    // pass of the event loop.
    void schedule(SimScheduled *target, std::int64_t dueNs);
    void cancel(SimScheduled *target);
    // Must be called before target is destroyed.
    void remove(SimScheduled *target);

private:
    struct Entry {
        std::int64_t dueNs;
        std::uint64_t token;
        SimScheduled *target;
        bool operator>(const Entry &other) const
        {
            return dueNs != other.dueNs ? dueNs > other.dueNs : token > other.token;
        }
    };

    void onWake();
    void arm(std::int64_t dueNs);

    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> m_heap;
    std::unordered_map<SimScheduled *, std::uint64_t> m_current; // target -> its live token
    std::uint64_t m_nextToken = 1;
    std::int64_t m_armedNs = 0; // 0: not armed
    std::int64_t m_batchNs = kMinBatchNs;
    double m_lateNs = 0; // moving average of how late wake-ups arrive
    bool m_inWake = false;
    int m_fd = -1;
    QSocketNotifier *m_notifier = nullptr;
    QTimer m_timer; // fallback without timerfd
};

} // namespace ys
