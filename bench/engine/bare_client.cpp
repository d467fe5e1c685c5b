#include "bare_client.h"

#include "cpu_meter.h"
#include "util/monotonic_clock.h"

#include <QHostAddress>
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string_view>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace ys::bench {

namespace {

struct Stream {
    int fd = -1;
    bool busy = false;
    std::string carry; // the last bytes of the previous read, for markers cut by a read
};

int connectTo(const QUrl &url)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(quint16(url.port(80)));
    address.sin_addr.s_addr = htonl(QHostAddress(url.host()).toIPv4Address());
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    const int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    return fd;
}

bool sendAll(int fd, const QByteArray &bytes)
{
    qsizetype sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n =
            ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
        if (n > 0)
            sent += n;
        else if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue; // a request is small: the send buffer takes it at once
        else
            return false;
    }
    return true;
}

std::int64_t count(std::string_view text, std::string_view what)
{
    std::int64_t n = 0;
    for (std::size_t at = text.find(what); at != std::string_view::npos;
         at = text.find(what, at + what.size()))
        ++n;
    return n;
}

} // namespace

BareFigures runBareClient(const QUrl &baseUrl, const QByteArray &request, int streams, int requests)
{
    BareFigures f;
    const int epoll = epoll_create1(EPOLL_CLOEXEC);
    if (epoll < 0) {
        f.error = QStringLiteral("epoll_create1 failed");
        return f;
    }
    std::vector<Stream> all(std::size_t(std::max(1, streams)));
    int launched = 0, finished = 0;
    const std::int64_t cpuBefore = threadCpuNs();
    const std::int64_t wallBefore = monotonicNs();
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i].fd = connectTo(baseUrl);
        if (all[i].fd < 0) {
            f.error = QStringLiteral("cannot connect to %1").arg(baseUrl.toString());
            return f;
        }
        epoll_event ev{};
        ev.events = EPOLLIN | EPOLLRDHUP | EPOLLET;
        ev.data.u64 = i;
        epoll_ctl(epoll, EPOLL_CTL_ADD, all[i].fd, &ev);
        if (launched < requests && sendAll(all[i].fd, request)) {
            all[i].busy = true;
            ++launched;
        }
    }
    static constexpr std::string_view kData = "data: ";
    static constexpr std::string_view kEnd = "\r\n0\r\n\r\n"; // the last chunk
    std::vector<char> buffer(64 * 1024);
    epoll_event ready[64];
    while (finished < launched) {
        const int n = epoll_wait(epoll, ready, 64, 10'000);
        if (n <= 0) {
            f.error = QStringLiteral("no progress for 10 s");
            break;
        }
        for (int r = 0; r < n; ++r) {
            Stream &s = all[ready[r].data.u64];
            const bool closing = ready[r].events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR);
            for (;;) {
                const ssize_t got = ::read(s.fd, buffer.data(), buffer.size());
                if (got <= 0)
                    break;
                ++f.reads;
                // Markers cut by the read are found with the previous read's tail in front.
                const std::size_t keep = s.carry.size();
                s.carry.append(buffer.data(), std::size_t(got));
                const std::string_view text(s.carry);
                f.events += count(text, kData) - count(text.substr(0, keep), kData);
                const bool ended = count(text, kEnd) > count(text.substr(0, keep), kEnd);
                s.carry.erase(0, s.carry.size() > 8 ? s.carry.size() - 8 : 0);
                if (ended && s.busy) {
                    s.busy = false;
                    s.carry.clear();
                    ++finished;
                    if (launched < requests && sendAll(s.fd, request)) {
                        s.busy = true;
                        ++launched;
                    }
                }
                if (std::size_t(got) < buffer.size() && !closing)
                    break;
            }
        }
    }
    f.cpuNs = threadCpuNs() - cpuBefore;
    f.wallNs = monotonicNs() - wallBefore;
    for (Stream &s : all)
        if (s.fd >= 0)
            ::close(s.fd);
    ::close(epoll);
    f.valid = f.error.isEmpty() && finished == requests;
    if (f.valid == false && f.error.isEmpty())
        f.error = QStringLiteral("%1 of %2 requests finished").arg(finished).arg(requests);
    return f;
}

} // namespace ys::bench
