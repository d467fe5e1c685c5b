#include "stream_load.h"

#include "util/monotonic_clock.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace ys::bench {

namespace {

enum class State { Connecting, Idle, Streaming, Closed };

struct Connection {
    int fd = -1;
    State state = State::Connecting;
    bool sawHead = false;
    char tail[8] = {};
    int tailSize = 0;
};

// The end of a chunked response: the CRLF after the last data chunk, then "0\r\n\r\n".
constexpr char kEnd[] = "\r\n0\r\n\r\n";
constexpr int kEndSize = sizeof(kEnd) - 1;

void remember(Connection &c, const char *data, ssize_t size)
{
    for (ssize_t i = 0; i < size; ++i) {
        if (c.tailSize == kEndSize) {
            std::memmove(c.tail, c.tail + 1, kEndSize - 1);
            --c.tailSize;
        }
        c.tail[c.tailSize++] = data[i];
    }
}

bool ended(const Connection &c)
{
    return c.tailSize == kEndSize && std::memcmp(c.tail, kEnd, kEndSize) == 0;
}

bool sendAll(int fd, const QByteArray &request)
{
    qsizetype sent = 0;
    while (sent < request.size()) {
        const ssize_t n =
            ::send(fd, request.constData() + sent, size_t(request.size() - sent), MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EAGAIN)
                continue; // a request is small; the socket buffer frees at once
            return false;
        }
        sent += n;
    }
    return true;
}

// One call of runStreamLoad(): its connections on one epoll set, and the counts so far.
class LoadRun {
public:
    explicit LoadRun(const StreamLoadOptions &options)
        : m_options(options)
        , m_epoll(::epoll_create1(EPOLL_CLOEXEC))
        , m_connections(std::size_t(options.connections))
    {
    }

    StreamLoadResult run()
    {
        connectAll();
        std::vector<epoll_event> events(1024);
        while (m_open > 0) {
            if (monotonicNs() > m_options.deadlineNs) {
                m_result.timedOut = true;
                break;
            }
            const int n = ::epoll_wait(m_epoll, events.data(), int(events.size()), 100);
            for (int k = 0; k < n; ++k) {
                Connection &c = m_connections[std::size_t(events[k].data.u64)];
                if (c.state == State::Closed)
                    continue;
                if (c.state == State::Connecting)
                    connected(c, events[k].data.u64);
                else
                    readAll(c);
            }
        }
        for (Connection &c : m_connections) {
            if (c.state != State::Closed)
                ::close(c.fd);
        }
        ::close(m_epoll);
        return m_result;
    }

private:
    void connectAll()
    {
        sockaddr_in address = {};
        address.sin_family = AF_INET;
        address.sin_port = htons(m_options.port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        for (std::size_t i = 0; i < m_connections.size(); ++i) {
            Connection &c = m_connections[i];
            c.fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            if (c.fd < 0) {
                ++m_result.connectFailures;
                c.state = State::Closed;
                continue;
            }
            const int one = 1;
            ::setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            const int rc = ::connect(c.fd, reinterpret_cast<sockaddr *>(&address), sizeof address);
            if (rc != 0 && errno != EINPROGRESS) {
                ++m_result.connectFailures;
                ::close(c.fd);
                c.state = State::Closed;
                continue;
            }
            epoll_event event = {};
            event.events = EPOLLOUT | EPOLLIN | EPOLLRDHUP;
            event.data.u64 = i;
            ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, c.fd, &event);
            ++m_open;
        }
    }

    void close(Connection &c, bool failed)
    {
        if (c.state == State::Streaming && failed) {
            ++m_result.failed;
            --m_inFlight;
        }
        ::epoll_ctl(m_epoll, EPOLL_CTL_DEL, c.fd, nullptr);
        ::close(c.fd);
        c.state = State::Closed;
        --m_open;
    }

    void start(Connection &c)
    {
        c.sawHead = false;
        c.tailSize = 0;
        if (!sendAll(c.fd, m_options.request)) {
            close(c, false);
            ++m_result.failed;
            return;
        }
        c.state = State::Streaming;
        ++m_inFlight;
        m_result.peakInFlight = std::max(m_result.peakInFlight, m_inFlight);
    }

    void connected(Connection &c, std::uint64_t index)
    {
        int error = 0;
        socklen_t length = sizeof error;
        ::getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &error, &length);
        if (error != 0) {
            ++m_result.connectFailures;
            close(c, false);
            return;
        }
        ++m_result.connected;
        epoll_event event = {};
        event.events = EPOLLIN | EPOLLRDHUP;
        event.data.u64 = index;
        ::epoll_ctl(m_epoll, EPOLL_CTL_MOD, c.fd, &event);
        start(c);
    }

    void readAll(Connection &c)
    {
        for (;;) {
            const ssize_t got = ::recv(c.fd, m_buffer.data(), m_buffer.size(), 0);
            if (got > 0) {
                m_result.bytes += got;
                if (!c.sawHead) {
                    c.sawHead = true;
                    if (got < 12 || std::memcmp(m_buffer.data(), "HTTP/1.1 200", 12) != 0) {
                        close(c, true);
                        break;
                    }
                }
                remember(c, m_buffer.data(), got);
                if (ended(c)) {
                    ++m_result.completed;
                    --m_inFlight;
                    c.state = State::Idle;
                    if (m_options.sendUntilNs == 0 || monotonicNs() >= m_options.sendUntilNs) {
                        close(c, false);
                        break;
                    }
                    start(c);
                    if (c.state == State::Closed)
                        break;
                }
                continue;
            }
            if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                break;
            close(c, true); // the server closed or reset mid-response
            break;
        }
    }

    const StreamLoadOptions &m_options;
    StreamLoadResult m_result;
    int m_epoll;
    std::vector<Connection> m_connections;
    std::vector<char> m_buffer = std::vector<char>(1 << 16);
    int m_open = 0;
    int m_inFlight = 0;
};

} // namespace

StreamLoadResult runStreamLoad(const StreamLoadOptions &options)
{
    return LoadRun(options).run();
}

} // namespace ys::bench
