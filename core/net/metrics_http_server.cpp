#include "net/metrics_http_server.h"

#include <QCoreApplication>
#include <QTcpServer>
#include <QTcpSocket>

namespace ys {

MetricsHttpServer::MetricsHttpServer(Handler handler, QObject *parent)
    : QObject(parent)
    , m_handler(std::move(handler))
    , m_tcp(new QTcpServer(this))
{
    connect(m_tcp, &QTcpServer::newConnection, this, &MetricsHttpServer::onNewConnection);
}

MetricsHttpServer::~MetricsHttpServer() = default;

bool MetricsHttpServer::parseAddress(const QString &hostPort, QHostAddress *address, quint16 *port,
                                     QString *error)
{
    const qsizetype colon = hostPort.lastIndexOf(QLatin1Char(':'));
    if (colon < 0) {
        *error = tr("\"%1\" is not HOST:PORT").arg(hostPort);
        return false;
    }
    QString host = hostPort.left(colon);
    bool ok = false;
    const uint p = hostPort.mid(colon + 1).toUInt(&ok);
    if (!ok || p > 65535) {
        *error = tr("\"%1\": the port must be a number from 0 to 65535").arg(hostPort);
        return false;
    }
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    QHostAddress a;
    if (host.isEmpty()) {
        a = QHostAddress(QHostAddress::Any);
    } else if (host == QLatin1String("localhost")) {
        a = QHostAddress(QHostAddress::LocalHost);
    } else if (!a.setAddress(host)) {
        *error = tr("\"%1\": \"%2\" is not an IP address").arg(hostPort, host);
        return false;
    }
    *address = a;
    *port = quint16(p);
    return true;
}

bool MetricsHttpServer::listen(const QString &hostPort, QString *error)
{
    QHostAddress address;
    quint16 port = 0;
    if (!parseAddress(hostPort, &address, &port, error))
        return false;
    if (!m_tcp->listen(address, port)) {
        *error = tr("cannot listen on %1: %2").arg(hostPort, m_tcp->errorString());
        return false;
    }
    return true;
}

quint16 MetricsHttpServer::port() const
{
    return m_tcp->serverPort();
}

QHostAddress MetricsHttpServer::address() const
{
    return m_tcp->serverAddress();
}

void MetricsHttpServer::onNewConnection()
{
    while (QTcpSocket *socket = m_tcp->nextPendingConnection()) {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadable(socket); });
    }
}

void MetricsHttpServer::onReadable(QTcpSocket *socket)
{
    if (socket->property("ys_answered").toBool()) {
        socket->readAll();
        return;
    }
    QByteArray buffer = socket->property("ys_request").toByteArray() + socket->readAll();
    const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        if (buffer.size() > kMaxRequestBytes)
            return answer(socket, 431, "Request Header Fields Too Large", "text/plain",
                          "request head too large\n");
        socket->setProperty("ys_request", buffer);
        return;
    }
    const qsizetype lineEnd = buffer.indexOf("\r\n");
    const QList<QByteArray> parts = buffer.left(lineEnd).split(' ');
    if (parts.size() != 3 || !parts[2].startsWith("HTTP/1."))
        return answer(socket, 400, "Bad Request", "text/plain", "bad request line\n");
    QByteArray target = parts[1];
    if (const qsizetype q = target.indexOf('?'); q >= 0)
        target.truncate(q);
    if (target != "/metrics")
        return answer(socket, 404, "Not Found", "text/plain", "not found: try /metrics\n");
    if (parts[0] != "GET" && parts[0] != "HEAD")
        return answer(socket, 405, "Method Not Allowed", "text/plain", "use GET\n");
    const QByteArray body = m_handler ? m_handler() : QByteArray();
    answer(socket, 200, "OK", "text/plain; version=0.0.4; charset=utf-8",
           parts[0] == "HEAD" ? QByteArray() : body);
}

void MetricsHttpServer::answer(QTcpSocket *socket, int status, const QByteArray &reason,
                               const QByteArray &contentType, const QByteArray &body)
{
    socket->setProperty("ys_answered", true);
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\n";
    head += "Content-Type: " + contentType + "\r\n";
    head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    head += "Connection: close\r\n\r\n";
    socket->write(head + body);
    socket->disconnectFromHost();
}

} // namespace ys
