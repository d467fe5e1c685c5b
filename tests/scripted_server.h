#pragma once

#include "test_support.h"

#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <functional>
#include <memory>

namespace ys::test {

// A loopback HTTP/1.1 server whose answers the test writes: it collects each request (head and
// Content-Length body) and every byte it was sent, and hands each request to the handler, which
// answers on the socket however the case needs (in pieces, never, or with a close).
class ScriptedServer : public QObject {
public:
    using Handler = std::function<void(QTcpSocket *socket, const QByteArray &request)>;
    // A whole reply for a request's method and path; the connection closes after it.
    using Answer = std::function<QByteArray(const QByteArray &method, const QByteArray &path)>;

    ScriptedServer()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                ++m_connections;
                // Small pieces go out at once, not after the client's delayed ACK.
                socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onRead(socket); });
                connect(socket, &QTcpSocket::disconnected, this,
                        [this, socket] { m_buffers.remove(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    bool listen(const QHostAddress &address = QHostAddress(QHostAddress::LocalHost))
    {
        return m_server.listen(address, 0);
    }
    QUrl url(const QString &path = QStringLiteral("/v1/chat/completions")) const
    {
        QUrl u;
        u.setScheme(QStringLiteral("http"));
        u.setHost(m_server.serverAddress().toString());
        u.setPort(m_server.serverPort());
        u.setPath(path);
        return u;
    }
    void setHandler(Handler handler) { m_handler = std::move(handler); }
    void setAnswer(Answer answer)
    {
        setHandler([answer = std::move(answer)](QTcpSocket *socket, const QByteArray &request) {
            const QList<QByteArray> first = request.left(request.indexOf('\r')).split(' ');
            socket->write(answer(first.value(0), first.value(1)));
            socket->disconnectFromHost();
        });
    }
    int connections() const { return m_connections; }
    const QByteArray &received() const { return m_received; }
    const QList<QByteArray> &requests() const { return m_requests; }

    // Writes the pieces in order, each a millisecond after the previous one left so that they
    // tend to arrive in separate reads, then closes when asked.
    static void sendPieces(QTcpSocket *socket, QList<QByteArray> pieces, bool closeAfter)
    {
        QPointer<QTcpSocket> guard(socket);
        auto next = std::make_shared<std::function<void()>>();
        *next = [guard, pieces, closeAfter, next, i = 0]() mutable {
            if (!guard)
                return;
            if (i < pieces.size()) {
                guard->write(pieces.at(i++));
                guard->flush();
                if (i < pieces.size() || closeAfter) {
                    QTimer::singleShot(1, guard.data(), [next] { (*next)(); });
                    return;
                }
            }
            if (closeAfter)
                guard->disconnectFromHost();
            *next = nullptr; // breaks the cycle
        };
        (*next)();
    }

private:
    void onRead(QTcpSocket *socket)
    {
        const QByteArray bytes = socket->readAll();
        m_received += bytes;
        m_buffers[socket] += bytes;
        // Looked up again after each request: a handler that closes the socket drops its buffer.
        for (auto it = m_buffers.find(socket); it != m_buffers.end(); it = m_buffers.find(socket)) {
            const qsizetype length = requestLength(*it);
            if (length < 0)
                return;
            const QByteArray request = it->left(length);
            it->remove(0, length);
            m_requests << request;
            if (m_handler)
                m_handler(socket, request);
        }
    }

    Handler m_handler;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QByteArray m_received;
    QList<QByteArray> m_requests;
    int m_connections = 0;
    // Last, so that it goes first: its sockets still report their close to the members above.
    QTcpServer m_server;
};

} // namespace ys::test
