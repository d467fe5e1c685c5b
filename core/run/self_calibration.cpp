#include "run/self_calibration.h"

#include "analysis/percentile.h"
#include "util/monotonic_clock.h"
#include "wire/sse_parser.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

// A one-shot HTTP server on its own thread that streams `events` SSE events, each carrying the
// monotonic time it was written.
class ReferenceStream : public QObject {
public:
    ReferenceStream(int events, int intervalMs)
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

} // namespace

QByteArray CalibrationResult::toJson() const
{
    return QByteArray::fromStdString(nlohmann::json{
        {"events", events},
        {"median_ms", medianMs},
        {"p99_ms", p99Ms},
        {"max_ms", maxMs}}.dump());
}

std::optional<CalibrationResult> SelfCalibration::run(QNetworkAccessManager *nam, QString *error,
                                                      int events, int intervalMs)
{
    QThread thread;
    auto *stream = new ReferenceStream(events, intervalMs);
    if (!stream->listen()) {
        *error = tr("the calibration stream could not listen on loopback");
        delete stream;
        return std::nullopt;
    }
    const quint16 port = stream->port();
    stream->moveToThread(&thread);
    QObject::connect(&thread, &QThread::finished, stream, &QObject::deleteLater);
    thread.start();
    QMetaObject::invokeMethod(
        stream, [stream] { stream->serve(); }, Qt::BlockingQueuedConnection);

    QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1/calibrate").arg(port)));
    request.setRawHeader("Accept-Encoding", "identity");
    QNetworkReply *reply = nam->get(request);
    SseParser parser;
    std::vector<SseEvent> parsed;
    std::vector<double> delays;
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
        const qint64 arrived = monotonicNs();
        parsed.clear();
        parser.feed(reply->readAll(), parsed);
        for (const SseEvent &e : parsed) {
            bool ok = false;
            const qint64 sent = e.data.toLongLong(&ok);
            if (ok)
                delays.push_back(double(arrived - sent) / 1e6);
        }
    });
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(events * intervalMs + 5000, &loop, &QEventLoop::quit);
    loop.exec();
    const bool complete = reply->isFinished();
    reply->abort();
    reply->deleteLater();
    thread.quit();
    thread.wait();

    if (!complete || delays.size() < std::size_t(events) / 2) {
        *error = tr("the calibration stream did not complete (%1 of %2 events)")
                     .arg(delays.size())
                     .arg(events);
        return std::nullopt;
    }
    CalibrationResult r;
    r.events = int(delays.size());
    r.medianMs = *percentile(delays, 50);
    r.p99Ms = *percentile(delays, 99);
    r.maxMs = *std::max_element(delays.begin(), delays.end());
    return r;
}

QString SelfCalibration::describe(const CalibrationResult &r)
{
    return tr("Client delivery overhead: median %1 ms, p99 %2 ms over %3 events")
        .arg(r.medianMs, 0, 'f', 3)
        .arg(r.p99Ms, 0, 'f', 3)
        .arg(r.events);
}

} // namespace ys
