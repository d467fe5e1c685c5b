#include "net/tcp_stream.h"

#include "util/monotonic_clock.h"

#include <QHostInfo>
#include <QMetaObject>
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

namespace ys {

namespace {

// The kernel's receive time of the last data a read returned (SO_TIMESTAMPNS, on the real-time
// clock), moved to the monotonic clock; -1 when there is none or it cannot be right (the
// real-time clock was stepped between the arrival and now).
qint64 arrivalOf(msghdr &message)
{
    for (cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_TIMESTAMPNS)
            continue;
        timespec received;
        std::memcpy(&received, CMSG_DATA(c), sizeof received);
        timespec real, mono;
        clock_gettime(CLOCK_REALTIME, &real);
        clock_gettime(CLOCK_MONOTONIC, &mono);
        const qint64 ageNs = (qint64(real.tv_sec) - received.tv_sec) * 1'000'000'000 +
                             (qint64(real.tv_nsec) - received.tv_nsec);
        if (ageNs < 0 || ageNs > 10'000'000'000)
            return -1;
        return qint64(mono.tv_sec) * 1'000'000'000 + mono.tv_nsec - ageNs;
    }
    return -1;
}

// The kernel stamps arriving packets only while some socket asks for it, and it starts doing so
// a moment after the first one asks (the switch is deferred to a work queue). One socket that
// asks for the life of the process turns it on before the first connection's reply, and keeps it
// on between connections.
void keepReceiveTimestampsOn()
{
    static const int keeper = [] {
        const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        const int one = 1;
        if (fd >= 0)
            ::setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
        return fd;
    }();
    Q_UNUSED(keeper);
}

// The socket address of one resolved address; false for anything but IPv4 and IPv6.
bool toSockaddr(const QHostAddress &address, quint16 port, sockaddr_storage *out, socklen_t *length)
{
    std::memset(out, 0, sizeof *out);
    if (address.protocol() == QAbstractSocket::IPv4Protocol) {
        auto *in = reinterpret_cast<sockaddr_in *>(out);
        in->sin_family = AF_INET;
        in->sin_port = htons(port);
        in->sin_addr.s_addr = htonl(address.toIPv4Address());
        *length = sizeof(sockaddr_in);
        return true;
    }
    if (address.protocol() == QAbstractSocket::IPv6Protocol) {
        auto *in6 = reinterpret_cast<sockaddr_in6 *>(out);
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons(port);
        const Q_IPV6ADDR bytes = address.toIPv6Address();
        std::memcpy(&in6->sin6_addr, &bytes, sizeof bytes);
        bool ok = false;
        const int scope = address.scopeId().toInt(&ok);
        in6->sin6_scope_id = ok ? quint32(scope) : 0;
        *length = sizeof(sockaddr_in6);
        return true;
    }
    return false;
}

} // namespace

TcpStream::TcpStream(Handler *handler, QObject *parent)
    : QObject(parent)
    , m_handler(handler)
{
    keepReceiveTimestampsOn();
}

TcpStream::~TcpStream()
{
    close();
}

void TcpStream::connectToHost(const QString &host, quint16 port)
{
    close();
    m_host = host;
    m_port = port;
    m_error = TcpError::None;
    m_errorString.clear();
    m_addresses.clear();
    m_nextAddress = 0;
    m_lastConnectErrno = 0;
    QString literal = host;
    if (literal.startsWith(QLatin1Char('[')) && literal.endsWith(QLatin1Char(']')))
        literal = literal.mid(1, literal.size() - 2);
    QHostAddress address;
    if (address.setAddress(literal)) {
        // Connecting starts on the next turn of the event loop, as it does for a name, so that
        // nothing is reported from inside this call.
        m_addresses = {address};
        m_state = State::Resolving;
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (m_state == State::Resolving)
                    tryNextAddress();
            },
            Qt::QueuedConnection);
        return;
    }
    m_state = State::Resolving;
    m_lookupId = QHostInfo::lookupHost(host, this, &TcpStream::onLookedUp);
}

void TcpStream::onLookedUp(const QHostInfo &info)
{
    if (m_state != State::Resolving || info.lookupId() != m_lookupId)
        return;
    m_lookupId = -1;
    if (info.error() != QHostInfo::NoError || info.addresses().isEmpty()) {
        if (info.error() == QHostInfo::HostNotFound || info.addresses().isEmpty())
            failWith(TcpError::HostNotFound, tr("host not found: %1").arg(m_host));
        else
            failWith(TcpError::HostNotFound,
                     tr("cannot resolve %1: %2").arg(m_host, info.errorString()));
        return;
    }
    m_addresses = info.addresses();
    tryNextAddress();
}

void TcpStream::tryNextAddress()
{
    while (m_nextAddress < m_addresses.size()) {
        const QHostAddress address = m_addresses.at(m_nextAddress++);
        sockaddr_storage storage;
        socklen_t length = 0;
        if (!toSockaddr(address, m_port, &storage, &length))
            continue;
        const int fd =
            ::socket(storage.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, IPPROTO_TCP);
        if (fd < 0) {
            m_lastConnectErrno = errno;
            continue;
        }
        int rc;
        do {
            rc = ::connect(fd, reinterpret_cast<const sockaddr *>(&storage), length);
        } while (rc != 0 && errno == EINTR);
        if (rc != 0 && errno != EINPROGRESS) {
            m_lastConnectErrno = errno;
            ::close(fd);
            continue;
        }
        // Done or not, the outcome is read when the socket turns writable.
        m_fd = fd;
        m_state = State::Connecting;
        m_watch.attach(fd, this);
        m_watch.setWatched(false, true);
        return;
    }
    setError(m_lastConnectErrno ? m_lastConnectErrno : ECONNREFUSED);
    failWith(m_error, m_errorString);
}

void TcpStream::onConnectFinished()
{
    int error = 0;
    socklen_t length = sizeof error;
    if (::getsockopt(m_fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0)
        error = errno;
    if (error != 0) {
        m_lastConnectErrno = error;
        closeFd();
        m_state = State::Connecting;
        tryNextAddress();
        return;
    }
    // Requests go out whole, and each event must leave the server as it is written.
    const int one = 1;
    ::setsockopt(m_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    // Each read then says when its data reached this host, whenever this thread gets to it.
    ::setsockopt(m_fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
    m_state = State::Tunnelling; // a step of connecting, whichever comes next
    m_handler->tcpSocketConnected();
    if (m_state != State::Tunnelling)
        return; // closed from the handler
    if (!m_tunnelHost.isEmpty())
        startTunnel();
    else if (m_tlsSettings)
        startTls();
    else
        becomeReady();
}

void TcpStream::becomeReady()
{
    m_state = State::Connected;
    m_watch.setWatched(true, bytesToWrite() > 0);
    m_handler->tcpConnected();
}

void TcpStream::fdWritable()
{
    if (m_state == State::Connecting) {
        onConnectFinished();
        return;
    }
    if (m_state == State::Connected || m_state == State::Tunnelling ||
        m_state == State::Handshaking)
        flushOut();
}

void TcpStream::fdReadable(bool closing)
{
    m_peerClosing = m_peerClosing || closing;
    if (m_state == State::Connected)
        m_handler->tcpReadable();
    else if (m_state == State::Tunnelling)
        readTunnel();
    else if (m_state == State::Handshaking)
        continueHandshake();
}

qint64 TcpStream::read(char *data, qint64 max, qint64 *arrivalNs)
{
    *arrivalNs = -1;
    if (m_fd < 0 || m_state != State::Connected)
        return -2;
    if (m_tls)
        return readTls(data, max, arrivalNs);
    return recvRaw(data, max, arrivalNs);
}

qint64 TcpStream::recvRaw(char *data, qint64 max, qint64 *arrivalNs)
{
    *arrivalNs = -1;
    if (m_fd < 0)
        return -2;
    iovec io{data, size_t(max)};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))];
    msghdr message{};
    message.msg_iov = &io;
    message.msg_iovlen = 1;
    message.msg_control = control;
    for (;;) {
        message.msg_controllen = sizeof control;
        const ssize_t n = ::recvmsg(m_fd, &message, 0);
        if (n > 0)
            *arrivalNs = arrivalOf(message);
        if (n >= 0)
            return n;
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return -1;
        setError(errno);
        return -2;
    }
}

bool TcpStream::write(QByteArrayView bytes)
{
    if (m_state != State::Connected)
        return false;
    if (m_outPos == m_out.size()) {
        m_out.resize(0);
        m_outPos = 0;
    }
    if (m_tls)
        return writeTls(bytes);
    m_out.append(bytes.data(), bytes.size());
    flushOut();
    return true;
}

void TcpStream::flushOut()
{
    while (m_outPos < m_out.size()) {
        m_lastSendNs = monotonicNs();
        const ssize_t n = ::send(m_fd, m_out.constData() + m_outPos,
                                 size_t(m_out.size() - m_outPos), MSG_NOSIGNAL);
        if (n > 0) {
            m_outPos += n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            m_watch.setWatched(true, true);
            return;
        }
        // The peer is gone. What it said before going (a response, or the end of the stream)
        // is still to be read, and the read reports the failure.
        setError(n < 0 ? errno : EPIPE);
        m_out.clear();
        m_outPos = 0;
        m_watch.setWatched(true, false);
        return;
    }
    m_watch.setWatched(true, false);
    m_out.resize(0);
    m_outPos = 0;
    if (m_state == State::Connected) // not the tunnel's request nor the handshake's bytes
        m_handler->tcpWritten();
}

bool TcpStream::hasUnexpectedInput()
{
    if (m_fd < 0 || m_state != State::Connected)
        return true;
    if (m_tls)
        return tlsHasUnexpectedInput();
    char byte;
    const ssize_t n = ::recv(m_fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return !(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
}

void TcpStream::setError(int errnoValue)
{
    switch (errnoValue) {
    case ECONNREFUSED:
        m_error = TcpError::ConnectionRefused;
        m_errorString = tr("connection refused by %1:%2").arg(m_host).arg(m_port);
        break;
    case ECONNRESET:
    case EPIPE:
        m_error = TcpError::Reset;
        m_errorString = tr("the server reset the connection");
        break;
    default:
        m_error = TcpError::Other;
        m_errorString = tr("network error with %1:%2: %3")
                            .arg(m_host)
                            .arg(m_port)
                            .arg(qt_error_string(errnoValue));
        break;
    }
}

void TcpStream::failWith(TcpError error, const QString &message)
{
    m_error = error;
    m_errorString = message;
    close();
    m_handler->tcpFailed(error, message);
}

void TcpStream::closeFd()
{
    m_watch.detach();
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
}

void TcpStream::close()
{
    if (m_lookupId >= 0) {
        QHostInfo::abortHostLookup(m_lookupId);
        m_lookupId = -1;
    }
    closeFd();
    m_out.clear();
    m_outPos = 0;
    m_peerClosing = false;
    m_tls.reset();
    m_tunnelIn.clear();
    m_cipherArrivalNs = -1;
    m_cipherDrained = true;
    m_state = State::Closed;
}

} // namespace ys
