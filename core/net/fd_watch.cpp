#include "net/fd_watch.h"

#include <QSocketNotifier>

namespace ys {

FdWatch::~FdWatch()
{
    detach();
}

void FdWatch::attach(int fd, Handler *handler)
{
    detach();
    m_fd = fd;
    m_handler = handler;
    m_lane = LaneEventDispatcher::ofCurrentThread();
    if (m_lane)
        return;
    m_read = std::make_unique<QSocketNotifier>(fd, QSocketNotifier::Read);
    m_write = std::make_unique<QSocketNotifier>(fd, QSocketNotifier::Write);
    m_read->setEnabled(false);
    m_write->setEnabled(false);
    QObject::connect(m_read.get(), &QSocketNotifier::activated, m_read.get(),
                     [this] { m_handler->fdReadable(false); });
    QObject::connect(m_write.get(), &QSocketNotifier::activated, m_write.get(),
                     [this] { m_handler->fdWritable(); });
}

void FdWatch::setWatched(bool read, bool write)
{
    if (m_fd < 0 || (read == m_watchRead && write == m_watchWrite))
        return;
    m_watchRead = read;
    m_watchWrite = write;
    if (m_lane) {
        m_lane->watchFd(m_fd, read, write, this);
        return;
    }
    m_read->setEnabled(read);
    m_write->setEnabled(write);
}

void FdWatch::detach()
{
    if (m_fd < 0)
        return;
    if (m_lane)
        m_lane->unwatchFd(m_fd);
    m_read.reset();
    m_write.reset();
    m_fd = -1;
    m_handler = nullptr;
    m_lane = nullptr;
    m_watchRead = m_watchWrite = false;
}

void FdWatch::fdReady(bool readable, bool writable, bool closing)
{
    // The handler may detach (or be deleted) while it handles the first of the two.
    const int fd = m_fd;
    Handler *handler = m_handler;
    if (writable)
        handler->fdWritable();
    if (readable && m_fd == fd && m_handler == handler && m_watchRead)
        handler->fdReadable(closing);
}

} // namespace ys
