// HTTP/2 over TLS: against nghttpd (Debian's nghttp2-server, a real HTTP/2 server) with a
// certificate made for the test, a request goes out through the lanes as a session sends it,
// negotiates h2 by ALPN, stores "2" as its HTTP version, and is decoded like any other reply.
// Two attempts on one lane share the connection, as HTTP/2 multiplexes them.
#include "provider/http_attempt.h"
#include "provider/openai_chat_dialect.h"
#include "provider/transport_options.h"
#include "run/network_pool.h"

#include "lane_attempt.h"
#include "test_main.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;
using ys::test::kSlow;

namespace {

const QByteArray kReply =
    R"({"id":"c1","object":"chat.completion","model":"h2-model","system_fingerprint":"fp_h2",)"
    R"("choices":[{"index":0,"message":{"role":"assistant","content":"Hello over h2"},)"
    R"("finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":3}})";

QString findNghttpd()
{
    QString path = QStandardPaths::findExecutable(QStringLiteral("nghttpd"));
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(
            QStringLiteral("nghttpd"), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
    return path;
}

// The non-streamed chat request nghttpd answers with its one document.
HttpRequestParts chatRequest(const QUrl &base)
{
    HttpRequestParts parts;
    parts.url = base;
    parts.url.setPath(base.path() + QStringLiteral("/chat/completions"));
    parts.headers = {{"Content-Type", "application/json"}, {"Accept", "application/json"}};
    parts.body = R"({"model":"h2-model","messages":[{"role":"user","content":"hi"}],)"
                 R"("max_tokens":5,"stream":false})";
    return parts;
}

} // namespace

class TstHttp2 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void negotiatedAndDecoded();
    void versionAsChosen();

private:
    QTemporaryDir m_dir;
    QProcess m_server;
    QUrl m_base;
    QSslConfiguration m_before;
    QByteArray m_certPem;
};

void TstHttp2::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString nghttpd = findNghttpd();
    // Part of the test's set-up: ./test.sh installs it (Debian package nghttp2-server).
    QVERIFY2(!nghttpd.isEmpty(), "nghttpd not found: install nghttp2-server (./test.sh does)");
    const QString key = m_dir.filePath(QStringLiteral("key.pem"));
    const QString cert = m_dir.filePath(QStringLiteral("cert.pem"));
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"),
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                   QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-keyout"),
                   key, QStringLiteral("-out"), cert, QStringLiteral("-days"), QStringLiteral("2"),
                   QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                   QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1")});
    QVERIFY(openssl.waitForFinished(60000));
    QCOMPARE(openssl.exitCode(), 0);

    const QString docs = m_dir.filePath(QStringLiteral("docs"));
    QVERIFY(QDir().mkpath(docs + QStringLiteral("/v1/chat")));
    QFile reply(docs + QStringLiteral("/v1/chat/completions"));
    QVERIFY(reply.open(QIODevice::WriteOnly));
    reply.write(kReply);
    reply.close();

    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }
    m_server.setProcessChannelMode(QProcess::MergedChannels);
    m_server.start(nghttpd, {QStringLiteral("--address=127.0.0.1"), QStringLiteral("-d"), docs,
                             QString::number(port), key, cert});
    QVERIFY(m_server.waitForStarted());
    bool listening = false;
    for (int i = 0; i < 100 && !listening; ++i) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, port);
        listening = socket.waitForConnected(100);
        if (!listening)
            QTest::qWait(50);
    }
    QVERIFY2(listening, m_server.readAll().constData());
    QFile certFile(cert);
    QVERIFY(certFile.open(QIODevice::ReadOnly));
    m_certPem = certFile.readAll();
    m_base = QUrl(QStringLiteral("https://127.0.0.1:%1/v1").arg(port));

    m_before = QSslConfiguration::defaultConfiguration();
    QSslConfiguration trusting = m_before;
    trusting.setCaCertificates(m_before.caCertificates() +
                               QSslCertificate::fromPath(cert, QSsl::Pem));
    QSslConfiguration::setDefaultConfiguration(trusting);
}

void TstHttp2::cleanupTestCase()
{
    QSslConfiguration::setDefaultConfiguration(m_before);
    m_server.terminate();
    m_server.waitForFinished(5000);
}

void TstHttp2::negotiatedAndDecoded()
{
    OpenAiChatDialect dialect;
    NetworkPool pool;
    pool.ensureLanes(1);
    const HttpRequestParts parts = chatRequest(m_base);
    const std::optional<Sample> firstRun = test::runOnLane(pool, dialect, parts, 20'000 * kSlow);
    const std::optional<Sample> secondRun = test::runOnLane(pool, dialect, parts, 20'000 * kSlow);
    QVERIFY(firstRun && secondRun);
    const Sample &first = *firstRun;
    const Sample &second = *secondRun;
    for (const Sample *s : {&first, &second}) {
        QVERIFY2(s->outcome == Outcome::Ok,
                 qPrintable(QStringLiteral("%1: %2").arg(outcomeName(s->outcome), s->error)));
        QCOMPARE(s->httpStatus, 200);
        QCOMPARE(s->httpVersion, QStringLiteral("2"));
        QCOMPARE(s->modelReported, QStringLiteral("h2-model"));
        QCOMPARE(s->systemFingerprint, QStringLiteral("fp_h2"));
        QCOMPARE(s->outputTokens, std::optional<qint64>(3));
        QCOMPARE(s->inputTokens, std::optional<qint64>(5));
        QCOMPARE(s->outputChars, qint64(13));
        QCOMPARE(s->finishReason, QStringLiteral("stop"));
    }
    // The first attempt made the connection and its TLS session; the second went over it.
    QVERIFY(first.tlsDoneNs.has_value());
    QVERIFY(!first.connectionReused);
    QVERIFY(second.connectionReused);
}

// A provider's http_version against a server that speaks HTTP/2 only: auto and 2 store "2";
// 1.1 (the lanes' own TLS, offering only http/1.1 by ALPN) is refused by this server, and the
// attempt says so instead of passing for an HTTP/2 one. The server's certificate is trusted
// through the transport's own CAs here, not the process's defaults.
void TstHttp2::versionAsChosen()
{
    QSslConfiguration::setDefaultConfiguration(m_before);
    const auto restore = qScopeGuard([this] {
        QSslConfiguration trusting = m_before;
        trusting.setCaCertificates(m_before.caCertificates() +
                                   QSslCertificate::fromData(m_certPem, QSsl::Pem));
        QSslConfiguration::setDefaultConfiguration(trusting);
    });
    OpenAiChatDialect dialect;
    const HttpRequestParts parts = chatRequest(m_base);
    for (const HttpVersionChoice choice :
         {HttpVersionChoice::Auto, HttpVersionChoice::Http2, HttpVersionChoice::Http11}) {
        const auto transport = test::trustingTransport(choice, m_certPem);
        NetworkPool pool;
        pool.ensureLanes(1);
        const std::optional<Sample> s =
            test::runOnLane(pool, dialect, parts, 20'000 * kSlow, transport);
        QVERIFY(s);
        const QString what = QStringLiteral("%1: %2 %3 %4")
                                 .arg(httpVersionChoiceName(choice), outcomeName(s->outcome),
                                      s->httpVersion, s->error);
        if (choice == HttpVersionChoice::Http11) {
            QVERIFY2(s->outcome != Outcome::Ok, qPrintable(what));
            QVERIFY2(s->httpVersion != QLatin1StringView("2"), qPrintable(what));
            QVERIFY2(!s->error.isEmpty(), qPrintable(what));
            qInfo("%s", qPrintable(what));
        } else {
            QVERIFY2(s->outcome == Outcome::Ok, qPrintable(what));
            QCOMPARE(s->httpVersion, QStringLiteral("2"));
        }
    }
}

YS_TEST_GUILESS_MAIN(TstHttp2)
#include "tst_http2.moc"
