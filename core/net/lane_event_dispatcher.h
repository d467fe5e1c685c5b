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
// Besides Qt's socket notifiers it serves file descriptors watched directly (watchFd): their
// readiness goes straight to a handler, with no event object and no signal, which is what the
// lane's own HTTP transport reads its sockets through.
class LaneEventDispatcher final : public QAbstractEventDispatcher {
    Q_OBJECT
public:
    // Told when a directly watched descriptor is ready. The watch is edge-triggered: a handler
    // told it can read must read until a read returns less than it asked for (a stream socket
    // is then empty, unless the peer is closing) or nothing; it hears again only when more
    // arrives.
    class FdHandler {
    public:
        // readable: data, end of stream or an error is there to be read; writable: the send
        // buffer has room (or the connect finished, or failed); closing: the peer has closed or
        // reset, so reading must go on to the end of the stream or the error even after a
        // short read.
        virtual void fdReady(bool readable, bool writable, bool closing) = 0;

    protected:
        ~FdHandler() = default;
    };

    explicit LaneEventDispatcher(QObject *parent = nullptr);
    ~LaneEventDispatcher() override;

    // The dispatcher of the calling thread when it is a lane's, else null.
    static LaneEventDispatcher *ofCurrentThread();

    // Watches fd for reading and/or writing and reports to handler; a second call changes what
    // is watched. unwatchFd() must come before the descriptor is closed.
    void watchFd(int fd, bool read, bool write, FdHandler *handler);
    void unwatchFd(int fd);

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
        FdHandler *handler = nullptr; // a direct watch (then no notifiers)
        bool handlerRead = false;
        bool handlerWrite = false;
        quint32 events = 0; // what epoll watches for
        quint32 serial = 0; // tells this watch from an earlier one on a reused descriptor
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
    quint32 m_nextSerial = 1;
    std::vector<Timer> m_timers;
    std::vector<char> m_events; // struct epoll_event[kMaxEvents], kept opaque here
};

} // namespace ys
