#pragma once

#include "net/lane_event_dispatcher.h"

#include <QSocketNotifier>
#include <memory>

namespace ys {

// Readiness of one file descriptor, on the thread that attaches it. On a network lane it goes
// straight from the lane's epoll loop to the handler; on any other thread through Qt's socket
// notifiers. Either way the handler must read until a read returns less than it asked for, since
// on a lane the watch is edge-triggered. Detach (or destroy) before the descriptor is closed.
class FdWatch final : private LaneEventDispatcher::FdHandler {
public:
    class Handler {
    public:
        // closing: the peer closed or reset; read to the end of the stream or the error.
        // (Through Qt's notifiers, which are level-triggered, it is always false.)
        virtual void fdReadable(bool closing) = 0;
        virtual void fdWritable() = 0;

    protected:
        ~Handler() = default;
    };

    FdWatch() = default;
    ~FdWatch();
    FdWatch(const FdWatch &) = delete;
    FdWatch &operator=(const FdWatch &) = delete;

    // Starts watching fd (neither direction yet).
    void attach(int fd, Handler *handler);
    void setWatched(bool read, bool write);
    void detach();
    int fd() const { return m_fd; }

private:
    void fdReady(bool readable, bool writable, bool closing) override;

    int m_fd = -1;
    Handler *m_handler = nullptr;
    LaneEventDispatcher *m_lane = nullptr;
    std::unique_ptr<QSocketNotifier> m_read;
    std::unique_ptr<QSocketNotifier> m_write;
    bool m_watchRead = false;
    bool m_watchWrite = false;
};

} // namespace ys
