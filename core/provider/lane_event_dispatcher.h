#pragma once

#include <QAbstractEventDispatcher>
#include <QAtomicInt>
#include <unordered_map>
#include <vector>

namespace ys {

// An event dispatcher for the network lanes, on Linux: epoll instead of poll over every socket,
// so that a wake-up costs the same with 4 or with 200 connections on the thread. It serves
// socket notifiers, timers and posted events as Qt's own dispatchers do: posted events first,
// then the sockets that are ready, then the timers that are due; a wake-up from another thread
// goes through an eventfd. Timers run at millisecond precision whatever their type.
class LaneEventDispatcher final : public QAbstractEventDispatcher {
    Q_OBJECT
public:
    explicit LaneEventDispatcher(QObject *parent = nullptr);
    ~LaneEventDispatcher() override;

    // False when epoll or eventfd could not be set up; the thread should keep Qt's dispatcher.
    bool isValid() const { return m_epoll >= 0 && m_wake >= 0; }

    bool processEvents(QEventLoop::ProcessEventsFlags flags) override;
    void registerSocketNotifier(QSocketNotifier *notifier) override;
    void unregisterSocketNotifier(QSocketNotifier *notifier) override;
    void registerTimer(int timerId, qint64 interval, Qt::TimerType timerType,
                       QObject *object) override;
    bool unregisterTimer(int timerId) override;
    bool unregisterTimers(QObject *object) override;
    QList<TimerInfo> registeredTimers(QObject *object) const override;
    int remainingTime(int timerId) override;
    void wakeUp() override;
    void interrupt() override;

private:
    struct Watch {
        QSocketNotifier *read = nullptr;
        QSocketNotifier *write = nullptr;
        QSocketNotifier *exception = nullptr;
        quint32 events = 0; // what epoll watches for
    };
    struct Timer {
        int id = 0;
        qint64 intervalMs = 0;
        Qt::TimerType type = Qt::CoarseTimer;
        QObject *object = nullptr;
        qint64 dueNs = 0;
        bool active = false; // its event is being delivered
    };

    void updateWatch(int fd, Watch &watch);
    int activateSockets(int ready);
    int activateTimers();
    int waitMs() const; // -1: no timer

    int m_epoll = -1;
    int m_wake = -1;
    QAtomicInt m_interrupt;
    std::unordered_map<int, Watch> m_watches;
    std::vector<Timer> m_timers;
    std::vector<char> m_events; // struct epoll_event[kMaxEvents], kept opaque here
};

} // namespace ys
