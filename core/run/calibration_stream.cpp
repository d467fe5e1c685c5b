#include "run/calibration_stream.h"

#include "util/monotonic_clock.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace ys {

// The serving side; lives on the stream's thread once started.
class CalibrationServer : public QObject {
public:
    CalibrationServer(int events, int intervalMs)
        : m_server(new QTcpServer(this)) // children, so they move to the serving thread too
        , m_timer(new QTimer(this))
        , m_events(events)
        , m_intervalMs(intervalMs)
    {
    }

    bool listen() { return m_server->listen(QHostAddress::LocalHost, 0); }
    quint16 port() const { return m_server->serverPort(); }

    void serve()
    {
        connect(m_server, &QTcpServer::newConnection, this, [this] {
            m_socket = m_server->nextPendingConnection();
            m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
            connect(m_socket, &QTcpSocket::readyRead, this, [this] {
                m_request += m_socket->readAll();
                if (!m_started && m_request.contains("\r\n\r\n")) {
                    m_started = true;
                    m_socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                                    "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
                    m_timer->setTimerType(Qt::PreciseTimer);
                    connect(m_timer, &QTimer::timeout, this, [this] { writeEvent(); });
                    m_timer->start(m_intervalMs);
                }
            });
        });
    }

private:
    void writeEvent()
    {
        const QByteArray event = "data: " + QByteArray::number(monotonicNs()) + "\n\n";
        m_socket->write(QByteArray::number(event.size(), 16) + "\r\n" + event + "\r\n");
        m_socket->flush();
        if (++m_sent >= m_events) {
            m_timer->stop();
            m_socket->write("0\r\n\r\n");
            m_socket->disconnectFromHost();
        }
    }

    QTcpServer *m_server;
    QTimer *m_timer;
    QTcpSocket *m_socket = nullptr;
    QByteArray m_request;
    int m_events;
    int m_intervalMs;
    int m_sent = 0;
    bool m_started = false;
};

CalibrationStream::CalibrationStream(int events, int intervalMs)
    : m_events(events)
    , m_intervalMs(intervalMs)
{
}

CalibrationStream::~CalibrationStream()
{
    if (m_thread.isRunning()) {
        m_thread.quit(); // the server is deleted as the thread finishes
        m_thread.wait();
    } else {
        delete m_server; // never served: still this thread's
    }
}

bool CalibrationStream::start()
{
    m_server = new CalibrationServer(m_events, m_intervalMs);
    if (!m_server->listen())
        return false;
    m_port = m_server->port();
    m_server->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_server, &QObject::deleteLater);
    m_thread.start();
    CalibrationServer *server = m_server;
    QMetaObject::invokeMethod(
        server, [server] { server->serve(); }, Qt::BlockingQueuedConnection);
    return true;
}

} // namespace ys
