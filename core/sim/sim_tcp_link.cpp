#include "sim/sim_tcp_link.h"

#include "util/monotonic_clock.h"

#include <QSslSocket>
#include <QTcpSocket>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#endif

namespace ys {

SimTcpLink::SimTcpLink(QTcpSocket *socket, QObject *parent)
    : SimLink(parent)
    , m_socket(socket)
{
    m_socket->setParent(this);
    m_direct = qobject_cast<QSslSocket *>(socket) == nullptr;
    // Events are small and must leave when written, not when Nagle's algorithm decides.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    connect(m_socket, &QTcpSocket::readyRead, this, &SimLink::readyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &SimLink::gone);
    connect(m_socket, &QTcpSocket::errorOccurred, this, &SimLink::gone);
}

QByteArray SimTcpLink::readAll()
{
    return m_socket ? m_socket->readAll() : QByteArray();
}

qint64 SimTcpLink::bytesAvailable() const
{
    return m_socket ? m_socket->bytesAvailable() : 0;
}

bool SimTcpLink::isOpen() const
{
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

std::int64_t SimTcpLink::send(const SimResponseHead *head, const QByteArray &body)
{
    if (!isOpen())
        return 0;
    QByteArray out = head ? simHttpHead(head->status, head->headers) + body : body;
    if (out.isEmpty())
        return monotonicNs();
#ifdef Q_OS_UNIX
    // QAbstractSocket::write() turns a write notifier on and flush() turns it off again, and Qt's
    // glib dispatcher finds a notifier by a linear search: with thousands of streams that was
    // most of the simulator's time. So while Qt holds nothing unwritten, plain TCP bytes go
    // straight to the socket, and only what the kernel does not take waits in Qt's buffer.
    if (m_direct && m_socket->bytesToWrite() == 0) {
        // Stamped as the bytes are handed over: once sent, the client may read them before
        // this thread runs again, and the ground truth never comes after what the client saw.
        const std::int64_t handedNs = monotonicNs();
        const ssize_t sent = ::send(int(m_socket->socketDescriptor()), out.constData(),
                                    std::size_t(out.size()), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent == out.size())
            return handedNs;
        // On an error Qt's own write below finds it and reports it.
        if (sent > 0)
            out.remove(0, sent);
    }
#endif
    m_socket->write(out);
    m_socket->flush();
    return monotonicNs();
}

void SimTcpLink::sendContinue()
{
    if (!isOpen())
        return;
    m_socket->write(QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\n"));
    m_socket->flush();
}

void SimTcpLink::close()
{
    if (m_socket)
        m_socket->disconnectFromHost();
}

void SimTcpLink::reset()
{
    if (!m_socket)
        return;
#ifdef Q_OS_UNIX
    // A zero linger time makes close() send RST instead of FIN: the client sees a reset.
    const linger hard = {1, 0};
    ::setsockopt(int(m_socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
#endif
    m_socket->abort();
}

void SimTcpLink::abort()
{
    if (m_socket && m_socket->state() != QAbstractSocket::UnconnectedState)
        m_socket->abort();
}

QTcpSocket *SimTcpLink::takeSocket()
{
    QTcpSocket *socket = m_socket;
    if (socket) {
        disconnect(socket, nullptr, this, nullptr);
        socket->setParent(nullptr);
        m_socket = nullptr;
    }
    return socket;
}

} // namespace ys
