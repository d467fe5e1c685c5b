#include "stream_load.h"

#include "util/monotonic_clock.h"

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

} // namespace

StreamLoadResult runStreamLoad(const StreamLoadOptions &options)
{
    StreamLoadResult result;
    const int epoll = ::epoll_create1(EPOLL_CLOEXEC);
    std::vector<Connection> connections(std::size_t(options.connections));
    sockaddr_in address = {};
    address.sin_family = AF_INET;
    address.sin_port = htons(options.port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    int open = 0;
    int inFlight = 0;
    for (std::size_t i = 0; i < connections.size(); ++i) {
        Connection &c = connections[i];
        c.fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (c.fd < 0) {
            ++result.connectFailures;
            c.state = State::Closed;
            continue;
        }
        const int one = 1;
        ::setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        const int rc = ::connect(c.fd, reinterpret_cast<sockaddr *>(&address), sizeof address);
        if (rc != 0 && errno != EINPROGRESS) {
            ++result.connectFailures;
            ::close(c.fd);
            c.state = State::Closed;
            continue;
        }
        epoll_event event = {};
        event.events = EPOLLOUT | EPOLLIN | EPOLLRDHUP;
        event.data.u64 = i;
        ::epoll_ctl(epoll, EPOLL_CTL_ADD, c.fd, &event);
        ++open;
    }

    auto close = [&](Connection &c, bool failed) {
        if (c.state == State::Streaming && failed) {
            ++result.failed;
            --inFlight;
        }
        ::epoll_ctl(epoll, EPOLL_CTL_DEL, c.fd, nullptr);
        ::close(c.fd);
        c.state = State::Closed;
        --open;
    };
    auto start = [&](Connection &c) {
        c.sawHead = false;
        c.tailSize = 0;
        if (!sendAll(c.fd, options.request)) {
            close(c, false);
            ++result.failed;
            return;
        }
        c.state = State::Streaming;
        ++inFlight;
        result.peakInFlight = std::max(result.peakInFlight, inFlight);
    };

    std::vector<epoll_event> events(1024);
    std::vector<char> buffer(1 << 16);
    while (open > 0) {
        if (monotonicNs() > options.deadlineNs) {
            result.timedOut = true;
            break;
        }
        const int n = ::epoll_wait(epoll, events.data(), int(events.size()), 100);
        for (int k = 0; k < n; ++k) {
            Connection &c = connections[std::size_t(events[k].data.u64)];
            if (c.state == State::Closed)
                continue;
            if (c.state == State::Connecting) {
                int error = 0;
                socklen_t length = sizeof error;
                ::getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &error, &length);
                if (error != 0) {
                    ++result.connectFailures;
                    close(c, false);
                    continue;
                }
                ++result.connected;
                epoll_event event = {};
                event.events = EPOLLIN | EPOLLRDHUP;
                event.data.u64 = events[k].data.u64;
                ::epoll_ctl(epoll, EPOLL_CTL_MOD, c.fd, &event);
                start(c);
                continue;
            }
            for (;;) {
                const ssize_t got = ::recv(c.fd, buffer.data(), buffer.size(), 0);
                if (got > 0) {
                    result.bytes += got;
                    if (!c.sawHead) {
                        c.sawHead = true;
                        if (got < 12 || std::memcmp(buffer.data(), "HTTP/1.1 200", 12) != 0) {
                            close(c, true);
                            break;
                        }
                    }
                    remember(c, buffer.data(), got);
                    if (ended(c)) {
                        ++result.completed;
                        --inFlight;
                        c.state = State::Idle;
                        if (options.sendUntilNs == 0 || monotonicNs() >= options.sendUntilNs) {
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
    }
    for (Connection &c : connections) {
        if (c.state != State::Closed)
            ::close(c.fd);
    }
    ::close(epoll);
    return result;
}

} // namespace ys::bench
