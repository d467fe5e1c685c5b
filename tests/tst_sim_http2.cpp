// The simulator's HTTP/2 (SimServer::enableHttp2()): over TLS it offers h2 by ALPN, over plain
// HTTP it answers a client's prior-knowledge preface, and every dialect, fault and ground-truth
// record works on its streams as on HTTP/1.1 connections. The client is the engine's own attempt
// on a network lane, as a session sends it, with the provider's http_version.
#include "provider/dialect.h"
#include "provider/http_attempt.h"
#include "provider/transport_options.h"
#include "run/network_pool.h"
#include "sim/sim_host.h"

#include "fixtures.h"
#include "lane_attempt.h"
#include "test_main.h"
#include "test_support.h"
#include "util/units.h"

#include <QTest>
#include <algorithm>

using namespace ys;
using ys::test::kSlow;

namespace {

constexpr int kTokensAnswered = 12;

struct Exchange {
    Sample sample;
    std::optional<SimRequestRecord> truth;
};

} // namespace

class TstSimHttp2 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void versionAsChosenOverTls();
    void versionAsChosenInTheClear();
    void everyDialectStreams();
    void concurrentStreams();
    void faultsOnAStream();

private:
    void checkVersions(SimHost &sim,
                       const std::vector<std::pair<HttpVersionChoice, QString>> &table);
    HttpRequestParts request(const QString &dialect, const QUrl &base,
                             const QByteArray &fault = {}) const;
    Exchange exchange(NetworkPool &pool, const QString &dialect, SimHost &sim,
                      HttpVersionChoice choice, const QByteArray &fault = {});

    std::unique_ptr<SimHost> m_tls;   // TLS, HTTP/2 offered
    std::unique_ptr<SimHost> m_clear; // plain HTTP, HTTP/2 with prior knowledge
    QByteArray m_certPem;
};

void TstSimHttp2::initTestCase()
{
    test::ProfileShape shape;
    shape.withTtft(20, 20).withDecode(500).withOutput(kTokensAnswered, kTokensAnswered);
    const std::vector<nlohmann::json> profiles = {
        test::simProfileJson(QStringLiteral("Fast"), QStringLiteral("fast"), shape)};
    QString error;
    SimHostOptions options;
    options.http2 = true;
    m_clear = test::startSim(profiles, &error, options);
    QVERIFY2(m_clear, qPrintable(error));
    options.tls = true;
    m_tls = test::startSim(profiles, &error, options);
    QVERIFY2(m_tls, qPrintable(error));
    m_certPem = m_tls->certificatePem();
    QVERIFY(!m_certPem.isEmpty());
}

void TstSimHttp2::cleanupTestCase()
{
    m_tls.reset();
    m_clear.reset();
}

HttpRequestParts TstSimHttp2::request(const QString &dialect, const QUrl &base,
                                      const QByteArray &fault) const
{
    ProviderConfig provider;
    provider.name = QStringLiteral("sim");
    provider.dialect = dialect;
    provider.baseUrl = base;
    provider.model = QStringLiteral("fast");
    RequestSpec spec;
    spec.prompt = QStringLiteral("Say something about HTTP/2.");
    spec.maxOutputTokens = 64;
    HttpRequestParts parts = makeDialect(dialect)->buildRequest(provider, spec, {});
    if (!fault.isEmpty())
        parts.headers.append({QByteArrayLiteral("x-sim-fault"), fault});
    return parts;
}

Exchange TstSimHttp2::exchange(NetworkPool &pool, const QString &dialect, SimHost &sim,
                               HttpVersionChoice choice, const QByteArray &fault)
{
    const std::unique_ptr<Dialect> d = makeDialect(dialect);
    Exchange e;
    e.sample = test::runOnLane(pool, *d, request(dialect, sim.baseUrl(), fault), 20'000 * kSlow,
                               test::trustingTransport(choice, m_certPem))
                   .value_or(Sample());
    // The record is added when the response ends, just after its last byte left.
    for (int i = 0; i < 200 && !e.truth && !e.sample.requestId.isEmpty(); ++i) {
        e.truth = sim.record(e.sample.requestId.toUtf8());
        if (!e.truth)
            QTest::qWait(10);
    }
    return e;
}

QString describeStream(const Exchange &e)
{
    return QStringLiteral("%1 %2 HTTP/%3 \"%4\" truth:%5")
        .arg(outcomeName(e.sample.outcome))
        .arg(e.sample.httpStatus)
        .arg(e.sample.httpVersion, e.sample.error,
             e.truth ? e.truth->httpVersion : QStringLiteral("none"));
}

// Each choice against sim, and the version stored and seen by the server (both the same).
void TstSimHttp2::checkVersions(SimHost &sim,
                                const std::vector<std::pair<HttpVersionChoice, QString>> &table)
{
    for (const auto &[choice, expected] : table) {
        NetworkPool pool;
        pool.ensureLanes(1);
        const Exchange e = exchange(pool, QStringLiteral("openai-chat"), sim, choice);
        const QString what =
            httpVersionChoiceName(choice) + QStringLiteral(": ") + describeStream(e);
        QVERIFY2(e.sample.outcome == Outcome::Ok, qPrintable(what));
        QVERIFY2(e.truth, qPrintable(what));
        QCOMPARE(e.sample.httpVersion, expected);
        QCOMPARE(e.truth->httpVersion, expected);
        QCOMPARE(e.sample.outputTokens, std::optional<qint64>(e.truth->completionTokens));
    }
}

// https:// against a server that offers h2: auto and 2 speak HTTP/2, 1.1 (the lanes' own TLS,
// offering only http/1.1) speaks HTTP/1.1.
void TstSimHttp2::versionAsChosenOverTls()
{
    checkVersions(*m_tls, {{HttpVersionChoice::Auto, QStringLiteral("2")},
                           {HttpVersionChoice::Http2, QStringLiteral("2")},
                           {HttpVersionChoice::Http11, QStringLiteral("1.1")}});
}

// http:// against the same server: 2 opens with the HTTP/2 preface (prior knowledge) and is
// answered in HTTP/2; 1.1 and auto (which never upgrade a clear-text connection) stay on 1.1.
void TstSimHttp2::versionAsChosenInTheClear()
{
    checkVersions(*m_clear, {{HttpVersionChoice::Http2, QStringLiteral("2")},
                             {HttpVersionChoice::Http11, QStringLiteral("1.1")},
                             {HttpVersionChoice::Auto, QStringLiteral("1.1")}});
}

// Each dialect's stream over HTTP/2: every planned event arrives, the answer's tokens are the
// ones the server reports, and the first content's arrival follows the server's own write of it.
void TstSimHttp2::everyDialectStreams()
{
    NetworkPool pool;
    pool.ensureLanes(1);
    std::vector<qint64> lags;
    for (const QString &dialect :
         {QStringLiteral("openai-chat"), QStringLiteral("openai-responses"),
          QStringLiteral("anthropic-messages"), QStringLiteral("gemini")}) {
        for (int i = 0; i < 5; ++i) {
            const Exchange e = exchange(pool, dialect, *m_tls, HttpVersionChoice::Http2);
            const QString what = dialect + QStringLiteral(": ") + describeStream(e);
            QVERIFY2(e.sample.outcome == Outcome::Ok, qPrintable(what));
            QVERIFY2(e.truth && e.truth->completed, qPrintable(what));
            QCOMPARE(e.sample.httpVersion, QStringLiteral("2"));
            QCOMPARE(e.truth->dialect, dialect);
            QCOMPARE(e.sample.eventTimesNs.size(), e.truth->eventWrittenNs.size());
            QCOMPARE(e.sample.outputTokens, std::optional<qint64>(e.truth->completionTokens));
            QVERIFY2(e.sample.firstContentNs, qPrintable(what));
            const qint64 arrived = e.sample.startedAtNs + *e.sample.firstContentNs;
            lags.push_back(arrived - e.truth->firstContentNs);
        }
    }
    std::sort(lags.begin(), lags.end());
    const qint64 median = lags[lags.size() / 2];
    qInfo("first content over HTTP/2, client minus server: median %.3f ms, min %.3f ms, "
          "max %.3f ms (%zu streams)",
          double(median) / kWholeNsPerMs, double(lags.front()) / kWholeNsPerMs,
          double(lags.back()) / kWholeNsPerMs, lags.size());
    // Never before the server wrote it, and on loopback soon after.
    QVERIFY2(lags.front() > 0, "the client saw content before the server wrote it");
    QVERIFY2(median < 2 * kWholeNsPerMs * kSlow, "the first content arrived late at the median");
}

// Many attempts at once on one lane: each is an HTTP/2 stream of its own with its own record,
// and the server answers them side by side.
void TstSimHttp2::concurrentStreams()
{
    constexpr int kStreams = 24;
    const std::unique_ptr<Dialect> dialect = makeDialect(QStringLiteral("openai-chat"));
    NetworkPool pool;
    pool.ensureLanes(1);
    std::vector<HttpAttempt *> attempts;
    int finished = 0;
    QEventLoop loop;
    for (int i = 0; i < kStreams; ++i) {
        auto *attempt = new HttpAttempt(
            *dialect, request(QStringLiteral("openai-chat"), m_tls->baseUrl()), {}, {});
        attempt->setTransport(test::trustingTransport(HttpVersionChoice::Http2, m_certPem));
        connect(attempt, &HttpAttempt::finished, &loop, [&] {
            if (++finished == kStreams)
                loop.quit();
        });
        attempts.push_back(attempt);
    }
    for (HttpAttempt *attempt : attempts)
        pool.start(attempt, monotonicNs());
    QTimer::singleShot(30'000 * kSlow, &loop, &QEventLoop::quit);
    loop.exec();
    QCOMPARE(finished, kStreams);
    std::vector<std::pair<qint64, qint64>> spans; // the server's accepted and end times
    for (HttpAttempt *attempt : attempts) {
        const Sample s = attempt->sample();
        attempt->deleteLater();
        QVERIFY2(s.outcome == Outcome::Ok, qPrintable(s.error));
        QCOMPARE(s.httpVersion, QStringLiteral("2"));
        std::optional<SimRequestRecord> truth;
        for (int i = 0; i < 200 && !truth; ++i) {
            truth = m_tls->record(s.requestId.toUtf8());
            if (!truth)
                QTest::qWait(10);
        }
        QVERIFY(truth && truth->completed);
        QCOMPARE(truth->httpVersion, QStringLiteral("2"));
        spans.emplace_back(truth->acceptedNs, truth->endNs);
    }
    // They were served at the same time, not one after the other.
    std::sort(spans.begin(), spans.end());
    int overlapping = 0;
    for (std::size_t i = 1; i < spans.size(); ++i)
        overlapping += spans[i].first < spans[i - 1].second ? 1 : 0;
    QVERIFY2(overlapping >= kStreams / 2, qPrintable(QString::number(overlapping)));
}

// Faults on HTTP/2 streams: a reset cuts the stream (RST_STREAM), not the connection, so the next
// attempt on it is fine; an error inside the 200 stream and an error reply are classified as
// over HTTP/1.1.
void TstSimHttp2::faultsOnAStream()
{
    NetworkPool pool;
    pool.ensureLanes(1);
    const QString chat = QStringLiteral("openai-chat");
    const Exchange reset =
        exchange(pool, chat, *m_tls, HttpVersionChoice::Http2, "reset_mid_stream");
    QVERIFY2(reset.sample.outcome == Outcome::ConnectionError, qPrintable(describeStream(reset)));
    QCOMPARE(reset.sample.httpStatus, 200);
    QVERIFY2(reset.sample.eventTimesNs.size() < std::size_t(kTokensAnswered),
             qPrintable(describeStream(reset)));
    QVERIFY2(reset.truth && !reset.truth->completed, qPrintable(describeStream(reset)));

    const Exchange after = exchange(pool, chat, *m_tls, HttpVersionChoice::Http2);
    QVERIFY2(after.sample.outcome == Outcome::Ok, qPrintable(describeStream(after)));
    QVERIFY2(after.sample.connectionReused, "the reset took the connection with it");

    const Exchange inStream =
        exchange(pool, chat, *m_tls, HttpVersionChoice::Http2, "error_mid_stream");
    QVERIFY2(inStream.sample.outcome != Outcome::Ok, qPrintable(describeStream(inStream)));
    QCOMPARE(inStream.sample.httpStatus, 200);
    QCOMPARE(inStream.sample.httpVersion, QStringLiteral("2"));

    const Exchange overloaded = exchange(pool, QStringLiteral("anthropic-messages"), *m_tls,
                                         HttpVersionChoice::Http2, "overloaded_529");
    QVERIFY2(overloaded.sample.outcome == Outcome::Overloaded,
             qPrintable(describeStream(overloaded)));
    QCOMPARE(overloaded.sample.httpStatus, 529);
    QCOMPARE(overloaded.truth->status, 529);

    const Exchange split =
        exchange(pool, chat, *m_tls, HttpVersionChoice::Http2, "split_utf8_crlf");
    QVERIFY2(split.sample.outcome == Outcome::Ok, qPrintable(describeStream(split)));
    QCOMPARE(split.sample.outputTokens, std::optional<qint64>(split.truth->completionTokens));
}

YS_TEST_GUILESS_MAIN(TstSimHttp2)
#include "tst_sim_http2.moc"
