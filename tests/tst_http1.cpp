// The HTTP/1.1 client transport (Http1Exchange, Http1Connection, Http1Pool) driven through
// HttpAttempt against a QTcpServer in this test that sends crafted responses: chunked transfer
// coding with chunk extensions and trailers split at every byte boundary, Content-Length, a body
// that ends with the connection, keep-alive reuse, Connection: close, a close in the middle of the
// body, interim 1xx responses and a head split across reads.
#include "net/http1_connection.h"
#include "net/http1_pool.h"
#include "net/lane_event_dispatcher.h"
#include "provider/http_attempt.h"
#include "provider/openai_chat_dialect.h"
#include "run/network_pool.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "util/monotonic_clock.h"

#include "lane_attempt.h"
#include "scripted_server.h"
#include "test_main.h"
#include "test_support.h"

#include <QEventLoop>
#include <QHash>
#include <QPointer>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <functional>
#include <memory>
#include <sys/socket.h>

using namespace ys;
using ys::test::kSlow;
using ys::test::ScriptedServer;

namespace {

const QByteArray kHttp1Key = "test-key-http1";

// A chat stream answering "Hello world" in two content events, then its end marker.
QList<QByteArray> chatEvents()
{
    return {
        "data: "
        "{\"model\":\"m1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello\"}}]}\n\n",
        "data: {\"model\":\"m1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" world\"},"
        "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2}}\n\n",
        "data: [DONE]\n\n",
    };
}

QByteArray http1ChatBody()
{
    QByteArray body;
    for (const QByteArray &e : chatEvents())
        body += e;
    return body;
}

// Each event in its own chunk, as providers send them; one chunk size with extensions and in
// upper-case hex, and trailer fields after the last chunk.
QByteArray chunkedChatBody()
{
    QByteArray body;
    int i = 0;
    for (const QByteArray &e : chatEvents()) {
        QByteArray size = QByteArray::number(e.size(), 16);
        if (i == 1)
            size = size.toUpper() + " ;ext=1;quoted=\"a;b\"";
        body += size + "\r\n" + e + "\r\n";
        ++i;
    }
    return body + "0\r\nX-Trailer: done\r\nX-Other: 1\r\n\r\n";
}

QByteArray sseHead(const QByteArray &framing, const QByteArray &extra = {})
{
    return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nx-request-id: req-1\r\n" +
           framing + extra + "\r\n";
}

QByteArray chunkedReply()
{
    return sseHead("Transfer-Encoding: chunked\r\n") + chunkedChatBody();
}

QByteArray lengthReply(const QByteArray &extra = {})
{
    return sseHead("Content-Length: " + QByteArray::number(http1ChatBody().size()) + "\r\n",
                   extra) +
           http1ChatBody();
}

QString describeWire(const Sample &s)
{
    return QStringLiteral("outcome %1, HTTP %2, error \"%3\", events %4, chars %5, finish %6, "
                          "tokens %7, model %8, id %9, headers %10, sent %11, first %12, end %13")
        .arg(outcomeName(s.outcome))
        .arg(s.httpStatus)
        .arg(s.error)
        .arg(s.eventTimesNs.size())
        .arg(s.outputChars)
        .arg(s.finishReason)
        .arg(s.outputTokens.value_or(-1))
        .arg(s.modelReported, s.requestId)
        .arg(s.headersNs.value_or(-1))
        .arg(s.requestSentNs.value_or(-1))
        .arg(s.firstTokenNs.value_or(-1))
        .arg(s.endNs);
}

} // namespace

class TstHttp1 : public QObject {
    Q_OBJECT

public:
    // YS_TST_LANE_DISPATCHER: everything runs on the dispatcher of a network lane (edge-triggered
    // epoll for the client's sockets), as in a session, instead of Qt's own. Qt Test calls this
    // before it makes the application.
    static void initMain()
    {
        if (qEnvironmentVariableIsSet("YS_TST_LANE_DISPATCHER"))
            QCoreApplication::setEventDispatcher(new LaneEventDispatcher);
    }

private Q_SLOTS:
    void init();
    void cleanup();

    void requestOnTheWire();
    void chunkedSplitAtEveryByte();
    void contentLength();
    void untilClose();
    void keepAliveReuse();
    void connectionClose();
    void closedMidBody_data();
    void closedMidBody();
    void closedWithTheLastBytes_data();
    void closedWithTheLastBytes();
    void interimResponsesIgnored();
    void arrivalTimesFromTheKernel();
    void headSplitAcrossReads();
    void errorStatus();
    void notHttp_data();
    void notHttp();
    void idleConnectionClosedByServer();
    void refusedAndUnknownHost();
    void abortWhileWaiting();
    void throughLanes();

private:
    Sample run(const QUrl &url, AttemptTimeouts timeouts = {});
    bool expectChat(const Sample &s);

    OpenAiChatDialect m_dialect;
    std::unique_ptr<Http1Pool> m_pool;
    std::unique_ptr<ScriptedServer> m_server;
};

void TstHttp1::init()
{
    if (qEnvironmentVariableIsSet("YS_TST_LANE_DISPATCHER"))
        QVERIFY(LaneEventDispatcher::ofCurrentThread());
    m_pool = std::make_unique<Http1Pool>();
    m_server = std::make_unique<ScriptedServer>();
    QVERIFY(m_server->listen());
}

void TstHttp1::cleanup()
{
    m_pool.reset();
    m_server.reset();
}

Sample TstHttp1::run(const QUrl &url, AttemptTimeouts timeouts)
{
    HttpRequestParts parts;
    parts.url = url;
    parts.headers = {{"Content-Type", "application/json"},
                     {"Accept", "text/event-stream"},
                     {"Authorization", "Bearer " + kHttp1Key}};
    parts.body = "{\"model\":\"m1\",\"stream\":true}";
    HttpAttempt attempt(m_dialect, parts, timeouts, {kHttp1Key});
    QEventLoop loop;
    connect(&attempt, &HttpAttempt::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10'000 * kSlow, &loop, &QEventLoop::quit);
    attempt.start(nullptr, m_pool.get(), monotonicNs());
    if (!attempt.isFinished())
        loop.exec();
    if (!attempt.isFinished())
        qWarning("attempt did not finish");
    return attempt.sample();
}

bool TstHttp1::expectChat(const Sample &s)
{
    if (s.outcome != Outcome::Ok || s.httpStatus != 200 || s.outputChars != 11 ||
        s.eventTimesNs.size() != 2 || s.finishReason != QLatin1StringView("stop") ||
        s.outputTokens != std::optional<qint64>(2) || s.modelReported != QLatin1StringView("m1") ||
        s.requestId != QLatin1StringView("req-1") || !s.headersNs || !s.requestSentNs ||
        !s.firstTokenNs || *s.firstTokenNs < *s.headersNs || s.endNs < *s.firstTokenNs) {
        qWarning("%s", qPrintable(describeWire(s)));
        return false;
    }
    return true;
}

void TstHttp1::requestOnTheWire()
{
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        ScriptedServer::sendPieces(socket, {lengthReply()}, false);
    });
    QUrl url = m_server->url(QStringLiteral("/v1/chat/completions"));
    url.setQuery(QStringLiteral("alt=sse"));
    const Sample s = run(url);
    QVERIFY(expectChat(s));
    QCOMPARE(m_server->requests().size(), 1);
    const QByteArray request = m_server->requests().at(0);
    const QByteArray head = request.left(request.indexOf("\r\n\r\n") + 2);
    QVERIFY2(head.startsWith("POST /v1/chat/completions?alt=sse HTTP/1.1\r\n"), head.constData());
    QVERIFY(head.contains("\r\nHost: 127.0.0.1:" + QByteArray::number(url.port()) + "\r\n"));
    QVERIFY(head.contains("\r\nAccept-Encoding: identity\r\n"));
    QVERIFY(head.contains("\r\nConnection: keep-alive\r\n"));
    QVERIFY(head.contains("\r\nContent-Type: application/json\r\n"));
    QVERIFY(head.contains("\r\nAuthorization: Bearer " + kHttp1Key + "\r\n"));
    QVERIFY(head.contains("\r\nContent-Length: 28\r\n"));
    QVERIFY(request.endsWith("\r\n\r\n{\"model\":\"m1\",\"stream\":true}"));
    // A new connection: its times are there, in order.
    QVERIFY(!s.connectionReused);
    QVERIFY(s.connectStartNs && s.connectedNs && s.requestSentNs);
    QVERIFY(*s.connectStartNs <= *s.connectedNs && *s.connectedNs <= *s.requestSentNs);
    QCOMPARE(s.httpVersion, QStringLiteral("1.1"));
}

void TstHttp1::chunkedSplitAtEveryByte()
{
    const QByteArray reply = chunkedReply();
    int split = 0;
    m_server->setHandler([&](QTcpSocket *socket, const QByteArray &) {
        QList<QByteArray> pieces;
        if (split > 0)
            pieces << reply.left(split);
        pieces << reply.mid(split);
        ScriptedServer::sendPieces(socket, pieces, false);
    });
    int splitReads = 0;
    for (split = 0; split < reply.size(); ++split) {
        const Sample s = run(m_server->url());
        QVERIFY2(expectChat(s), qPrintable(QStringLiteral("split at byte %1").arg(split)));
        // Everything went over one kept-alive connection.
        QCOMPARE(s.connectionReused, split > 0);
        splitReads += s.readCount > 1 ? 1 : 0;
    }
    QCOMPARE(m_server->connections(), 1);
    // The pieces did arrive apart (at least sometimes, on a busy machine).
    QVERIFY2(splitReads > 0, "no body arrived in two reads");
    // Three pieces, cut inside the chunk framing and inside an event.
    split = -1;
    m_server->setHandler([&](QTcpSocket *socket, const QByteArray &) {
        const qsizetype a = reply.indexOf("\r\n\r\n") + 7;
        const qsizetype b = reply.indexOf(";ext") + 2;
        ScriptedServer::sendPieces(socket, {reply.left(a), reply.mid(a, b - a), reply.mid(b)},
                                   false);
    });
    QVERIFY(expectChat(run(m_server->url())));
}

void TstHttp1::contentLength()
{
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        const QByteArray reply = lengthReply();
        const qsizetype body = reply.indexOf("\r\n\r\n") + 4;
        ScriptedServer::sendPieces(socket, {reply.left(body + 10), reply.mid(body + 10)}, false);
    });
    QVERIFY(expectChat(run(m_server->url())));
    QVERIFY(expectChat(run(m_server->url())));
    QCOMPARE(m_server->connections(), 1);
}

void TstHttp1::untilClose()
{
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        const QByteArray body = http1ChatBody();
        ScriptedServer::sendPieces(socket, {sseHead({}), body.left(40), body.mid(40)}, true);
    });
    QVERIFY(expectChat(run(m_server->url())));
    // That connection ended with its body: the next request needs another one.
    const Sample second = run(m_server->url());
    QVERIFY(expectChat(second));
    QVERIFY(!second.connectionReused);
    QCOMPARE(m_server->connections(), 2);
}

void TstHttp1::keepAliveReuse()
{
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        ScriptedServer::sendPieces(socket, {chunkedReply()}, false);
    });
    const Sample first = run(m_server->url());
    QVERIFY(expectChat(first));
    QVERIFY(!first.connectionReused);
    QVERIFY(first.connectStartNs.has_value());
    QVERIFY(first.connectedNs.has_value());
    QCOMPARE(m_pool->idleCount(), 1);

    const Sample second = run(m_server->url());
    QVERIFY(expectChat(second));
    QVERIFY(second.connectionReused);
    QVERIFY(!second.connectStartNs.has_value());
    QVERIFY(!second.connectedNs.has_value());
    QVERIFY(second.requestSentNs.has_value());
    QCOMPARE(m_server->connections(), 1);
    QCOMPARE(m_server->requests().size(), 2);
}

void TstHttp1::connectionClose()
{
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        ScriptedServer::sendPieces(socket, {lengthReply("Connection: close\r\n")}, true);
    });
    QVERIFY(expectChat(run(m_server->url())));
    QCOMPARE(m_pool->idleCount(), 0);
    const Sample second = run(m_server->url());
    QVERIFY(expectChat(second));
    QVERIFY(!second.connectionReused);
    QVERIFY(second.connectStartNs.has_value());
    QCOMPARE(m_server->connections(), 2);

    // HTTP/1.0 does not keep the connection either.
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        QByteArray reply = lengthReply();
        reply.replace(0, 8, "HTTP/1.0");
        ScriptedServer::sendPieces(socket, {reply}, true);
    });
    QVERIFY(expectChat(run(m_server->url())));
    QCOMPARE(m_pool->idleCount(), 0);
}

void TstHttp1::closedMidBody_data()
{
    QTest::addColumn<QByteArray>("reply");
    const QByteArray chunked = chunkedReply();
    const QByteArray length = lengthReply();
    // Cut after the first event's chunk, where the next chunk size is awaited.
    QTest::newRow("chunked") << chunked.left(chunked.indexOf("\n\n\r\n") + 4);
    QTest::newRow("chunked, in a size line") << chunked.left(chunked.indexOf(";ext=1"));
    QTest::newRow("content-length") << length.left(length.size() - 20);
}

void TstHttp1::closedMidBody()
{
    QFETCH(QByteArray, reply);
    m_server->setHandler([&](QTcpSocket *socket, const QByteArray &) {
        ScriptedServer::sendPieces(socket, {reply}, true);
    });
    const Sample s = run(m_server->url());
    // As a reset or cut stream through QtNetwork: a connection error after a 200.
    QVERIFY2(s.outcome == Outcome::ConnectionError, qPrintable(describeWire(s)));
    QCOMPARE(s.httpStatus, 200);
    QVERIFY2(s.error.contains(QLatin1StringView("closed"), Qt::CaseInsensitive),
             qPrintable(s.error));
    QVERIFY(s.eventTimesNs.size() >= 1);
    QCOMPARE(m_pool->idleCount(), 0);
}

void TstHttp1::closedWithTheLastBytes_data()
{
    QTest::addColumn<bool>("reset");
    QTest::newRow("close") << false;
    QTest::newRow("reset") << true;
}

// The end of the connection arrives together with the last bytes, before the client reads them:
// a read that returns less than it asked for must not stop the client from reading on to the
// close (on a lane, where nothing would tell it again).
void TstHttp1::closedWithTheLastBytes()
{
    QFETCH(bool, reset);
    const QByteArray chunked = chunkedReply();
    const QByteArray cut = chunked.left(chunked.indexOf("\n\n\r\n") + 4);
    m_server->setHandler([&](QTcpSocket *socket, const QByteArray &) {
        socket->write(cut);
        socket->flush();
        if (reset) {
            const linger abortive{1, 0};
            ::setsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, &abortive,
                         sizeof abortive);
            socket->abort();
        } else {
            socket->disconnectFromHost();
        }
    });
    const Sample s = run(m_server->url());
    QVERIFY2(s.outcome == Outcome::ConnectionError, qPrintable(describeWire(s)));
    QCOMPARE(s.httpStatus, 200);
    QVERIFY2(s.error.contains(reset ? QLatin1StringView("reset") : QLatin1StringView("closed"),
                              Qt::CaseInsensitive),
             qPrintable(s.error));
    QCOMPARE(s.eventTimesNs.size(), std::size_t(1));
    QCOMPARE(m_pool->idleCount(), 0);
}

// The client's thread is kept away for 150 ms after the whole reply arrived: the times stored
// are still when it arrived (the kernel's receive time), not when the thread got to read it.
void TstHttp1::arrivalTimesFromTheKernel()
{
    // The kernel turns its receive time stamps on a moment after the process first asks.
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        ScriptedServer::sendPieces(socket, {lengthReply()}, false);
    });
    QVERIFY(expectChat(run(m_server->url())));
    QTest::qWait(20);

    qint64 writtenNs = 0;
    m_server->setHandler([&](QTcpSocket *socket, const QByteArray &) {
        socket->write(lengthReply());
        socket->flush();
        writtenNs = monotonicNs();
        QThread::msleep(150); // the client shares this thread: it cannot read meanwhile
    });
    const Sample s = run(m_server->url());
    QVERIFY(expectChat(s));
    QVERIFY(writtenNs > 0);
    const qint64 head = s.startedAtNs + *s.headersNs;
    const qint64 first = s.startedAtNs + *s.firstTokenNs;
    const qint64 end = s.startedAtNs + s.endNs;
    // Arrived before the write call returned at the latest, give or take the clock reads.
    for (const qint64 at : {head, first, end})
        QVERIFY2(std::abs(at - writtenNs) < 20'000'000 * kSlow,
                 qPrintable(QStringLiteral("%1 ms from the write (head %2, first token %3, "
                                           "end %4 ms)")
                                .arg(double(at - writtenNs) / 1e6)
                                .arg(double(head - writtenNs) / 1e6)
                                .arg(double(first - writtenNs) / 1e6)
                                .arg(double(end - writtenNs) / 1e6)));
    for (const qint64 t : s.eventTimesNs)
        QVERIFY(std::abs(s.startedAtNs + t - writtenNs) < 20'000'000 * kSlow);
}

void TstHttp1::interimResponsesIgnored()
{
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        ScriptedServer::sendPieces(
            socket,
            {"HTTP/1.1 100 Continue\r\n\r\n",
             "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n" + chunkedReply()},
            false);
    });
    const Sample s = run(m_server->url());
    QVERIFY(expectChat(s));
    QCOMPARE(m_pool->idleCount(), 1);
}

void TstHttp1::headSplitAcrossReads()
{
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        const QByteArray reply =
            sseHead("Transfer-Encoding: chunked\r\n",
                    "X-RateLimit-Remaining-Requests: 7\r\nretry-after-ms: 250\r\n") +
            chunkedChatBody();
        const qsizetype a = reply.indexOf("x-request-id") + 4;
        const qsizetype b = reply.indexOf("Remaining") + 3;
        const qsizetype c = reply.indexOf("\r\n\r\n") + 1;
        ScriptedServer::sendPieces(
            socket, {reply.left(a), reply.mid(a, b - a), reply.mid(b, c - b), reply.mid(c)}, false);
    });
    const Sample s = run(m_server->url());
    QVERIFY(expectChat(s));
    QVERIFY2(s.responseHeaders.contains(QLatin1StringView("x-ratelimit-remaining-requests: 7")),
             qPrintable(s.responseHeaders));
    QCOMPARE(s.retryAfterHeaders.size(), 1);
    QVERIFY(s.retryAfterHeaders.at(0).first == "retry-after-ms");
    QVERIFY(s.retryAfterHeaders.at(0).second == "250");
}

void TstHttp1::errorStatus()
{
    m_server->setHandler([](QTcpSocket *socket, const QByteArray &) {
        const QByteArray body = "{\"error\":{\"message\":\"slow down\",\"type\":\"rate\"}}";
        ScriptedServer::sendPieces(
            socket,
            {"HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
             "Retry-After: 2\r\nTransfer-Encoding: chunked\r\n\r\n" +
             QByteArray::number(body.size(), 16) + "\r\n" + body + "\r\n0\r\n\r\n"},
            false);
    });
    const Sample s = run(m_server->url());
    QVERIFY2(s.outcome == Outcome::RateLimited, qPrintable(describeWire(s)));
    QCOMPARE(s.httpStatus, 429);
    QVERIFY2(s.error.contains(QLatin1StringView("slow down")), qPrintable(s.error));
    QCOMPARE(s.retryAfterHeaders.size(), 1);
    QCOMPARE(m_pool->idleCount(), 1); // a complete reply keeps its connection
}

void TstHttp1::notHttp_data()
{
    QTest::addColumn<QByteArray>("reply");
    QTest::newRow("status line") << QByteArray("SSH-2.0-OpenSSH_9.2\r\n\r\n");
    QTest::newRow("chunk size") << QByteArray(sseHead("Transfer-Encoding: chunked\r\n") +
                                              "zz\r\ndata: x\n\n\r\n");
    QTest::newRow("chunk end") << QByteArray(sseHead("Transfer-Encoding: chunked\r\n") +
                                             "2\r\nabX\r\n");
    QTest::newRow("content-length") << QByteArray(sseHead("Content-Length: -4\r\n"));
}

void TstHttp1::notHttp()
{
    QFETCH(QByteArray, reply);
    m_server->setHandler([&](QTcpSocket *socket, const QByteArray &) {
        ScriptedServer::sendPieces(socket, {reply}, false);
    });
    const Sample s = run(m_server->url());
    QVERIFY2(s.outcome == Outcome::ConnectionError, qPrintable(describeWire(s)));
    QVERIFY2(s.error.contains(QLatin1StringView("invalid HTTP response")), qPrintable(s.error));
    QCOMPARE(m_pool->idleCount(), 0);
}

void TstHttp1::idleConnectionClosedByServer()
{
    QPointer<QTcpSocket> last;
    m_server->setHandler([&](QTcpSocket *socket, const QByteArray &) {
        last = socket;
        ScriptedServer::sendPieces(socket, {chunkedReply()}, false);
    });
    QVERIFY(expectChat(run(m_server->url())));
    QCOMPARE(m_pool->idleCount(), 1);
    QVERIFY(last);
    last->disconnectFromHost();
    QTRY_COMPARE_WITH_TIMEOUT(m_pool->idleCount(), 0, 5000 * kSlow);
    const Sample s = run(m_server->url());
    QVERIFY(expectChat(s));
    QVERIFY(!s.connectionReused);
    QCOMPARE(m_server->connections(), 2);
}

void TstHttp1::refusedAndUnknownHost()
{
    quint16 closedPort = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        closedPort = probe.serverPort();
    }
    QUrl refused = m_server->url();
    refused.setPort(closedPort);
    const Sample r = run(refused);
    QVERIFY2(r.outcome == Outcome::ConnectionError, qPrintable(describeWire(r)));
    QVERIFY2(r.error.contains(QLatin1StringView("refused"), Qt::CaseInsensitive),
             qPrintable(r.error));
    QCOMPARE(r.httpStatus, 0);

    QUrl unknown = m_server->url();
    unknown.setHost(QStringLiteral("yardstick-http1-test.invalid"));
    const Sample u = run(unknown);
    QVERIFY2(u.outcome == Outcome::ConnectionError, qPrintable(describeWire(u)));
    QVERIFY2(u.error.contains(QLatin1StringView("not found"), Qt::CaseInsensitive),
             qPrintable(u.error));
}

void TstHttp1::abortWhileWaiting()
{
    // The server never answers: the first-token deadline aborts the exchange.
    m_server->setHandler([](QTcpSocket *, const QByteArray &) {});
    AttemptTimeouts timeouts;
    timeouts.firstTokenMs = 150;
    const Sample s = run(m_server->url(), timeouts);
    QVERIFY2(s.outcome == Outcome::TimeoutFirstToken, qPrintable(describeWire(s)));
    QVERIFY(s.requestSentNs.has_value());
    QCOMPARE(m_pool->idleCount(), 0);
}

// The engine's way: attempts started on a network lane (its own thread and event dispatcher),
// http:// over this client with the lane's pool, https:// still through QtNetwork.
void TstHttp1::throughLanes()
{
    QString error;
    const auto profiles = SimProfile::load(
        R"({"format":"yardstick-sim-profiles/1","profiles":[{"name":"Steady","model":"steady",
        "ttft_ms":{"median":20,"p95":20},"prefill_tokens_per_s":1000000,
        "decode_tokens_per_s":1000,"output_tokens":{"min":5,"max":5},"context_window":128000}]})",
        &error);
    QVERIFY2(!profiles.empty(), qPrintable(error));
    SimHost plain(profiles);
    QVERIFY2(plain.start(&error), qPrintable(error));
    SimHostOptions tlsOptions;
    tlsOptions.tls = true;
    SimHost tls(profiles, tlsOptions);
    QVERIFY2(tls.start(&error), qPrintable(error));
    const QSslConfiguration before = QSslConfiguration::defaultConfiguration();
    QSslConfiguration trusting = before;
    trusting.setCaCertificates(before.caCertificates() +
                               QSslCertificate::fromData(tls.certificatePem(), QSsl::Pem));
    QSslConfiguration::setDefaultConfiguration(trusting);

    NetworkPool pool;
    pool.ensureLanes(1);
    auto runOnLane = [&](const QUrl &base) {
        HttpRequestParts parts;
        parts.url = base;
        parts.url.setPath(base.path() + QStringLiteral("/chat/completions"));
        parts.headers = {{"Content-Type", "application/json"}};
        parts.body = R"({"model":"steady","messages":[{"role":"user","content":"hi"}],)"
                     R"("max_tokens":5,"stream":true,"stream_options":{"include_usage":true}})";
        return test::runOnLane(pool, m_dialect, parts, 10'000 * kSlow).value_or(Sample());
    };
    const Sample first = runOnLane(plain.baseUrl());
    const Sample second = runOnLane(plain.baseUrl());
    const Sample secure = runOnLane(tls.baseUrl());
    QSslConfiguration::setDefaultConfiguration(before);

    for (const Sample *s : {&first, &second, &secure}) {
        QVERIFY2(s->outcome == Outcome::Ok, qPrintable(describeWire(*s)));
        QCOMPARE(s->eventTimesNs.size(), std::size_t(5));
        QVERIFY(!s->requestId.isEmpty());
    }
    QVERIFY(!first.connectionReused && first.connectedNs && !first.tlsDoneNs);
    QVERIFY(second.connectionReused && !second.connectStartNs);
    QVERIFY2(secure.tlsDoneNs.has_value(), qPrintable(describeWire(secure)));
    QVERIFY(!secure.connectionReused);
}

YS_TEST_GUILESS_MAIN(TstHttp1)
#include "tst_http1.moc"
