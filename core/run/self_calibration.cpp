#include "run/self_calibration.h"

#include "analysis/percentile.h"
#include "net/http1_connection.h"
#include "run/calibration_stream.h"
#include "util/monotonic_clock.h"
#include "wire/sse_parser.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>
#include <algorithm>

namespace ys {

namespace {

// The delays of the events read so far, each its arrival less the send time it carries.
class DelayCollector {
public:
    void feed(QByteArrayView bytes, qint64 arrivedNs)
    {
        m_parsed.clear();
        m_parser.feed(bytes, m_parsed);
        for (const SseEvent &e : m_parsed) {
            bool ok = false;
            const qint64 sent = e.data.toLongLong(&ok);
            if (ok)
                m_delays.push_back(double(arrivedNs - sent) / 1e6);
        }
    }

    // The result of a stream that ended (complete or not).
    std::optional<CalibrationResult> result(const QString &transport, bool complete, int events,
                                            QString *error) const
    {
        if (!complete || m_delays.size() < std::size_t(events) / 2) {
            *error = SelfCalibration::tr("the calibration stream did not complete over %1 (%2 "
                                         "of %3 events)")
                         .arg(transport)
                         .arg(m_delays.size())
                         .arg(events);
            return std::nullopt;
        }
        CalibrationResult r;
        r.transport = transport;
        r.events = int(m_delays.size());
        r.medianMs = *percentile(m_delays, 50);
        r.p99Ms = *percentile(m_delays, 99);
        r.maxMs = *std::max_element(m_delays.begin(), m_delays.end());
        return r;
    }

private:
    SseParser m_parser;
    std::vector<SseEvent> m_parsed;
    std::vector<double> m_delays;
};

// Reads the stream through an Http1Exchange, as an attempt to an http:// URL does.
class Http1Reader final : private Http1Exchange::Receiver {
public:
    Http1Reader(Http1Pool *pool, DelayCollector *delays, QEventLoop *loop)
        : m_exchange(pool, this)
        , m_delays(delays)
        , m_loop(loop)
    {
    }

    void start(const QUrl &url)
    {
        m_exchange.start(url, "GET", {{"Accept", "text/event-stream"}}, {});
    }
    bool complete() const { return m_complete; }

private:
    void http1ConnectStarted() override {}
    void http1Connected() override {}
    void http1RequestSent(qint64) override {}
    void http1Redirected() override {}
    void http1Head(const Http1Head &, qint64) override {}
    void http1Body(QByteArrayView bytes, qint64 readAtNs) override
    {
        m_delays->feed(bytes, readAtNs);
    }
    void http1Finished(Http1Error error, const QString &, qint64) override
    {
        m_complete = error == Http1Error::None;
        m_loop->quit();
    }

    Http1Exchange m_exchange;
    DelayCollector *m_delays;
    QEventLoop *m_loop;
    bool m_complete = false;
};

QUrl streamUrl(quint16 port)
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/calibrate").arg(port));
}

} // namespace

QStringList SelfCalibration::transportsFor(const QUrl &url, HttpVersionChoice httpVersion)
{
    const QString lanes(calibration_transport::kLanesHttp1);
    const QString qt(calibration_transport::kQtNetwork);
    if (httpVersion == HttpVersionChoice::Http2)
        return {qt};
    if (url.scheme() == QLatin1StringView("http") || httpVersion == HttpVersionChoice::Http11)
        return {lanes};
    return {lanes, qt};
}

std::optional<CalibrationResult> SelfCalibration::runQtNetwork(QNetworkAccessManager *nam,
                                                               QString *error, int events,
                                                               int intervalMs)
{
    CalibrationStream stream(events, intervalMs);
    if (!stream.start()) {
        *error = tr("the calibration stream could not listen on loopback");
        return std::nullopt;
    }
    QNetworkRequest request(streamUrl(stream.port()));
    request.setRawHeader("Accept-Encoding", "identity");
    QNetworkReply *reply = nam->get(request);
    DelayCollector delays;
    QObject::connect(reply, &QNetworkReply::readyRead, reply,
                     [&] { delays.feed(reply->readAll(), monotonicNs()); });
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(events * intervalMs + 5000, &loop, &QEventLoop::quit);
    loop.exec();
    const bool complete = reply->isFinished() && reply->error() == QNetworkReply::NoError;
    reply->abort();
    reply->deleteLater();
    return delays.result(QString(calibration_transport::kQtNetwork), complete, events, error);
}

std::optional<CalibrationResult> SelfCalibration::runHttp1(Http1Pool *pool, QString *error,
                                                           int events, int intervalMs)
{
    CalibrationStream stream(events, intervalMs);
    if (!stream.start()) {
        *error = tr("the calibration stream could not listen on loopback");
        return std::nullopt;
    }
    DelayCollector delays;
    QEventLoop loop;
    bool complete = false;
    {
        Http1Reader reader(pool, &delays, &loop);
        reader.start(streamUrl(stream.port()));
        QTimer::singleShot(events * intervalMs + 5000, &loop, &QEventLoop::quit);
        loop.exec();
        complete = reader.complete();
    } // the exchange is dropped here if it had not ended
    return delays.result(QString(calibration_transport::kLanesHttp1), complete, events, error);
}

} // namespace ys
