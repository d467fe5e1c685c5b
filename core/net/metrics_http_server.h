#pragma once

#include <QHostAddress>
#include <QObject>
#include <functional>

class QTcpServer;
class QTcpSocket;

namespace ys {

// A small HTTP/1.x server for Prometheus to scrape: GET /metrics answers with what the handler
// returns (text exposition format 0.0.4), any other path 404, any other method 405; each
// connection is closed after its answer. It lives on the thread that created it, never on the
// thread that measures attempts, so a scrape cannot delay one.
class MetricsHttpServer : public QObject {
    Q_OBJECT
public:
    using Handler = std::function<QByteArray()>;

    explicit MetricsHttpServer(Handler handler, QObject *parent = nullptr);
    ~MetricsHttpServer() override;

    // "127.0.0.1:9464", "[::1]:9464", "localhost:9464" or ":9464" (every interface); port 0
    // takes a free one. False with *error naming the address and the reason.
    bool listen(const QString &hostPort, QString *error);
    quint16 port() const;
    QHostAddress address() const;

    // Reads "host:port" into address and port; false with *error when it is not one.
    static bool parseAddress(const QString &hostPort, QHostAddress *address, quint16 *port,
                             QString *error);

    static constexpr qsizetype kMaxRequestBytes = 16 * 1024;

private:
    void onNewConnection();
    void onReadable(QTcpSocket *socket);
    void answer(QTcpSocket *socket, int status, const QByteArray &reason,
                const QByteArray &contentType, const QByteArray &body);

    Handler m_handler;
    QTcpServer *m_tcp;
};

} // namespace ys
