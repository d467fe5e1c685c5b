#include "net/lane_event_dispatcher.h"

#include "util/monotonic_clock.h"
#include "util/units.h"

#include <QCoreApplication>
#include <QMetaMethod>
#include <QSocketNotifier>
#include <QThread>
#include <QTimerEvent>
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <limits>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace ys {

namespace {
constexpr int kMaxEvents = 256;
// epoll's user data: the descriptor and the serial of its watch.
constexpr std::uint64_t pack(int fd, quint32 serial)
{
    return (std::uint64_t(serial) << 32) | std::uint32_t(fd);
}
constexpr int fdOf(std::uint64_t data)
{
    return int(std::uint32_t(data));
}
constexpr quint32 serialOf(std::uint64_t data)
{
    return quint32(data >> 32);
}
} // namespace

LaneEventDispatcher::LaneEventDispatcher(QObject *parent)
    : QAbstractEventDispatcher(parent)
    , m_epoll(epoll_create1(EPOLL_CLOEXEC))
    , m_wake(eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC))
    , m_events(sizeof(epoll_event) * kMaxEvents)
{
    if (m_epoll >= 0 && m_wake >= 0) {
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.u64 = pack(m_wake, 0);
        if (epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wake, &ev) != 0) {
            ::close(m_wake);
            m_wake = -1;
        }
    }
}

LaneEventDispatcher::~LaneEventDispatcher()
{
    if (m_wake >= 0)
        ::close(m_wake);
    if (m_epoll >= 0)
        ::close(m_epoll);
}

void LaneEventDispatcher::wakeUp()
{
    const quint64 one = 1;
    // EAGAIN: the counter is full, which wakes the loop just as well.
    [[maybe_unused]] const ssize_t n = ::write(m_wake, &one, sizeof one);
}

void LaneEventDispatcher::interrupt()
{
    m_interrupt.storeRelaxed(1);
    wakeUp();
}

LaneEventDispatcher *LaneEventDispatcher::ofCurrentThread()
{
    return qobject_cast<LaneEventDispatcher *>(QThread::currentThread()->eventDispatcher());
}

void LaneEventDispatcher::updateWatch(int fd, Watch &watch)
{
    quint32 events = 0;
    if (watch.read || watch.handlerRead)
        events |= EPOLLIN | EPOLLRDHUP;
    if (watch.write || watch.handlerWrite)
        events |= EPOLLOUT;
    if (watch.exception)
        events |= EPOLLPRI;
    // A direct watch is edge-triggered: its handler reads until a short read, so a ready socket
    // is reported once per arrival instead of being polled again at every wait.
    if (events && watch.handler)
        events |= EPOLLET;
    if (events == watch.events)
        return;
    if (watch.serial == 0)
        watch.serial = m_nextSerial++ | 1; // never 0, the wake-up descriptor's
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = pack(fd, watch.serial);
    if (events == 0) {
        epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, &ev); // EBADF when already closed: fine
    } else if (watch.events == 0) {
        if (epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &ev) != 0 && errno == EEXIST)
            epoll_ctl(m_epoll, EPOLL_CTL_MOD, fd, &ev);
    } else {
        if (epoll_ctl(m_epoll, EPOLL_CTL_MOD, fd, &ev) != 0 && errno == ENOENT)
            epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &ev);
    }
    watch.events = events;
}

void LaneEventDispatcher::watchFd(int fd, bool read, bool write, FdHandler *handler)
{
    if (fd < 0)
        return;
    Watch &watch = m_watches[fd];
    watch.handler = handler;
    watch.handlerRead = read;
    watch.handlerWrite = write;
    updateWatch(fd, watch);
}

void LaneEventDispatcher::unwatchFd(int fd)
{
    const auto it = m_watches.find(fd);
    if (it == m_watches.end())
        return;
    Watch &watch = it->second;
    watch.handler = nullptr;
    watch.handlerRead = watch.handlerWrite = false;
    updateWatch(fd, watch);
    if (!watch.read && !watch.write && !watch.exception)
        m_watches.erase(it);
}

void LaneEventDispatcher::registerSocketNotifier(QSocketNotifier *notifier)
{
    const int fd = int(notifier->socket());
    if (fd < 0)
        return;
    Watch &watch = m_watches[fd];
    switch (notifier->type()) {
    case QSocketNotifier::Read:
        watch.read = notifier;
        break;
    case QSocketNotifier::Write:
        watch.write = notifier;
        break;
    case QSocketNotifier::Exception:
        watch.exception = notifier;
        break;
    }
    updateWatch(fd, watch);
}

void LaneEventDispatcher::unregisterSocketNotifier(QSocketNotifier *notifier)
{
    const int fd = int(notifier->socket());
    const auto it = m_watches.find(fd);
    if (it == m_watches.end())
        return;
    Watch &watch = it->second;
    if (watch.read == notifier)
        watch.read = nullptr;
    if (watch.write == notifier)
        watch.write = nullptr;
    if (watch.exception == notifier)
        watch.exception = nullptr;
    updateWatch(fd, watch);
    if (!watch.read && !watch.write && !watch.exception && !watch.handler)
        m_watches.erase(it);
}

void LaneEventDispatcher::registerTimer(int timerId, qint64 interval, Qt::TimerType timerType,
                                        QObject *object)
{
    Timer timer;
    timer.id = timerId;
    timer.intervalMs = std::max<qint64>(0, interval);
    timer.type = timerType;
    timer.object = object;
    timer.dueNs = monotonicNs() + timer.intervalMs * kWholeNsPerMs;
    m_timers.push_back(timer);
}

bool LaneEventDispatcher::unregisterTimer(int timerId)
{
    const auto it = std::find_if(m_timers.begin(), m_timers.end(),
                                 [timerId](const Timer &t) { return t.id == timerId; });
    if (it == m_timers.end())
        return false;
    m_timers.erase(it);
    return true;
}

bool LaneEventDispatcher::unregisterTimers(QObject *object)
{
    const auto before = m_timers.size();
    m_timers.erase(std::remove_if(m_timers.begin(), m_timers.end(),
                                  [object](const Timer &t) { return t.object == object; }),
                   m_timers.end());
    return m_timers.size() != before;
}

QList<QAbstractEventDispatcher::TimerInfo>
LaneEventDispatcher::registeredTimers(QObject *object) const
{
    QList<TimerInfo> list;
    for (const Timer &t : m_timers) {
        if (t.object == object)
            list.append(TimerInfo(t.id, int(t.intervalMs), t.type));
    }
    return list;
}

int LaneEventDispatcher::remainingTime(int timerId)
{
    for (const Timer &t : m_timers) {
        if (t.id == timerId)
            return int(
                std::max<qint64>(0, (t.dueNs - monotonicNs() + kWholeNsPerMs - 1) / kWholeNsPerMs));
    }
    return -1;
}

int LaneEventDispatcher::waitMs() const
{
    qint64 earliest = std::numeric_limits<qint64>::max();
    for (const Timer &t : m_timers) {
        if (!t.active)
            earliest = std::min(earliest, t.dueNs);
    }
    if (earliest == std::numeric_limits<qint64>::max())
        return -1;
    const qint64 waitNs = earliest - monotonicNs();
    if (waitNs <= 0)
        return 0;
    return int(std::min<qint64>((waitNs + kWholeNsPerMs - 1) / kWholeNsPerMs, 24 * 3600 * 1000));
}

bool LaneEventDispatcher::processEvents(QEventLoop::ProcessEventsFlags flags)
{
    m_interrupt.storeRelaxed(0);
    // Nobody listens on a lane as a rule: the signals are skipped then, at every wake-up.
    static const QMetaMethod awakeSignal =
        QMetaMethod::fromSignal(&QAbstractEventDispatcher::awake);
    static const QMetaMethod blockSignal =
        QMetaMethod::fromSignal(&QAbstractEventDispatcher::aboutToBlock);
    const bool announceAwake = isSignalConnected(awakeSignal);
    if (announceAwake)
        Q_EMIT awake();
    QCoreApplication::sendPostedEvents();

    const bool includeTimers = !(flags & QEventLoop::X11ExcludeTimers);
    const bool includeSockets = !(flags & QEventLoop::ExcludeSocketNotifiers);
    const bool canWait = (flags & QEventLoop::WaitForMoreEvents) && !m_interrupt.loadRelaxed();
    int timeoutMs = 0;
    if (canWait) {
        if (isSignalConnected(blockSignal))
            Q_EMIT aboutToBlock();
        timeoutMs = includeTimers ? waitMs() : -1;
    }
    if (m_interrupt.loadRelaxed())
        return false;

    auto *events = reinterpret_cast<epoll_event *>(m_events.data());
    int ready = epoll_wait(m_epoll, events, kMaxEvents, timeoutMs);
    if (ready < 0)
        ready = 0; // EINTR
    if (canWait && announceAwake)
        Q_EMIT awake();

    int handled = 0;
    // The wake-up counter first, so that a wake-up during what follows is not lost.
    for (int i = 0; i < ready; ++i) {
        if (fdOf(events[i].data.u64) == m_wake) {
            quint64 count = 0;
            [[maybe_unused]] const ssize_t n = ::read(m_wake, &count, sizeof count);
            ++handled;
        }
    }
    if (includeSockets)
        handled += activateSockets(ready);
    if (includeTimers)
        handled += activateTimers();
    return handled > 0;
}

int LaneEventDispatcher::activateSockets(int ready)
{
    // Copied first: delivering an event may register, unregister or delete notifiers (and
    // reuse a file descriptor), so each one is looked up again just before it is activated.
    // A descriptor closed and opened again meanwhile has a new serial: the readiness was the
    // old one's.
    struct Ready {
        int fd;
        quint32 serial;
        quint32 events;
    };
    Ready list[kMaxEvents];
    int n = 0;
    const auto *events = reinterpret_cast<const epoll_event *>(m_events.data());
    for (int i = 0; i < ready; ++i) {
        const int fd = fdOf(events[i].data.u64);
        if (fd != m_wake)
            list[n++] = {fd, serialOf(events[i].data.u64), events[i].events};
    }
    int activated = 0;
    auto fire = [&](const Ready &r, QSocketNotifier *Watch::*slot) {
        const auto it = m_watches.find(r.fd);
        if (it == m_watches.end() || it->second.serial != r.serial)
            return;
        QSocketNotifier *notifier = it->second.*slot;
        if (!notifier)
            return;
        QEvent event(QEvent::SockAct);
        QCoreApplication::sendEvent(notifier, &event);
        ++activated;
    };
    for (int i = 0; i < n; ++i) {
        const quint32 e = list[i].events;
        const bool readable = e & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR);
        const bool writable = e & (EPOLLOUT | EPOLLERR | EPOLLHUP);
        if (const auto it = m_watches.find(list[i].fd);
            it != m_watches.end() && it->second.serial == list[i].serial && it->second.handler) {
            const Watch &watch = it->second;
            const bool r = readable && watch.handlerRead;
            const bool w = writable && watch.handlerWrite;
            if (r || w) {
                watch.handler->fdReady(r, w, e & (EPOLLRDHUP | EPOLLHUP | EPOLLERR));
                ++activated;
            }
            continue;
        }
        if (readable)
            fire(list[i], &Watch::read);
        if (writable)
            fire(list[i], &Watch::write);
        if (e & EPOLLPRI)
            fire(list[i], &Watch::exception);
    }
    return activated;
}

int LaneEventDispatcher::activateTimers()
{
    if (m_timers.empty())
        return 0;
    const qint64 now = monotonicNs();
    std::vector<int> due;
    for (const Timer &t : m_timers) {
        if (!t.active && t.dueNs <= now)
            due.push_back(t.id);
    }
    int activated = 0;
    for (const int id : due) {
        auto it = std::find_if(m_timers.begin(), m_timers.end(),
                               [id](const Timer &t) { return t.id == id; });
        if (it == m_timers.end() || it->active || it->dueNs > now)
            continue; // stopped or restarted by an earlier event
        const qint64 interval = it->intervalMs * kWholeNsPerMs;
        it->dueNs += interval;
        if (it->dueNs <= now)
            it->dueNs = now + interval;
        it->active = true;
        QObject *object = it->object;
        QTimerEvent event(id);
        QCoreApplication::sendEvent(object, &event);
        ++activated;
        // The vector may have changed under the event; the timer may be gone.
        it = std::find_if(m_timers.begin(), m_timers.end(),
                          [id](const Timer &t) { return t.id == id; });
        if (it != m_timers.end())
            it->active = false;
    }
    return activated;
}

} // namespace ys
