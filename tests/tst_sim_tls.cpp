// HTTPS on the simulator: a self-signed certificate made at start, a request that succeeds when the
// client trusts it, a handshake that fails cleanly when it does not, and a server that goes on.

#include "fixtures.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "sim_test_client.h"
#include "test_main.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;
using namespace ys::simtest;

namespace {

test::ProfileShape tlsShape()
{
    auto s =
        test::ProfileShape().withTtft(10, 12).withDecode(4000).withOutput(8, 12).withWindow(1000);
    return s;
}

QByteArray request()
{
    return generationRequest(WireDialect::OpenAiChat, QStringLiteral("secure"),
                             QStringLiteral("Over TLS."), true);
}

} // namespace

class TestSimTls : public ys::simtest::HostedSimTest {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void trusted();
    void untrusted();
    void plainHttpToTls();
    void executable();
};

void TestSimTls::initTestCase()
{
    QVERIFY2(QSslSocket::supportsSsl(), "Qt has no TLS backend here");
    SimHostOptions options;
    options.tls = true;
    m_host = std::make_unique<SimHost>(
        std::vector<SimProfile>{
            test::simProfile(QStringLiteral("secure"), tlsShape(), QStringLiteral("Secure"))},
        options);
    QString error;
    QVERIFY2(m_host->start(&error), qPrintable(error));
    QCOMPARE(m_host->baseUrl().scheme(), QStringLiteral("https"));
    QVERIFY(m_host->certificatePem().startsWith("-----BEGIN CERTIFICATE-----"));
}

void TestSimTls::cleanupTestCase()
{
    m_host.reset();
}

void TestSimTls::trusted()
{
    RawClient client(port(), m_host->certificatePem(), true);
    QVERIFY2(client.encrypted(), qPrintable(QStringLiteral("TLS handshake failed")));
    client.send(request());
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    QCOMPARE(client.events().last().data, QByteArray("[DONE]"));
    // The simulator's thread keeps the record after its last write: wait for it here, so the
    // next test counts its own records from a settled number.
    QVERIFY(waitUntil([&] { return m_host->records().size() >= 1; }, 5000));
    // The certificate names 127.0.0.1 and localhost, so host-name checks pass as well.
    const QSslCertificate certificate = QSslCertificate(m_host->certificatePem());
    const auto names = certificate.subjectAlternativeNames();
    QVERIFY(names.values(QSsl::IpAddressEntry).contains(QStringLiteral("127.0.0.1")));
    QVERIFY(names.values(QSsl::DnsEntry).contains(QStringLiteral("localhost")));
}

void TestSimTls::untrusted()
{
    const std::size_t before = m_host->records().size();
    {
        RawClient client(port(), {}, true);
        QVERIFY(!client.encrypted());
        QVERIFY(client.errored);
        QCOMPARE(client.socketError, QAbstractSocket::SslHandshakeFailedError);
        bool selfSigned = false;
        for (const QSslError &error : client.sslErrors)
            selfSigned = selfSigned || error.error() == QSslError::SelfSignedCertificate;
        QVERIFY(selfSigned);
    }
    // The server survives the failed handshake and serves the next client.
    RawClient next(port(), m_host->certificatePem(), true);
    QVERIFY(next.encrypted());
    next.send(request());
    QVERIFY(next.wait());
    QCOMPARE(next.status, 200);
    // The simulator's thread keeps the record after its last write, so the client may have read
    // the whole answer a moment before the record exists.
    QVERIFY(waitUntil([&] { return m_host->records().size() >= before + 1; }, 5000));
    QCOMPARE(m_host->records().size(), before + 1);
}

void TestSimTls::plainHttpToTls()
{
    RawClient client(port());
    client.send(request());
    QVERIFY(waitUntil([&] { return client.closed || client.errored; }, 10000));
    QCOMPARE(client.status, 0);
}

void TestSimTls::executable()
{
    const QString program = QDir(test::binDir()).filePath(QStringLiteral("yardstick-sim"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString certPath = dir.filePath(QStringLiteral("sim-cert.pem"));
    QProcess sim;
    sim.start(program, {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                        QStringLiteral("--tls"), QStringLiteral("--cert-out"), certPath});
    QVERIFY(sim.waitForStarted());
    QVERIFY(sim.waitForReadyRead(20000));
    const QString line = QString::fromUtf8(sim.readLine()).trimmed();
    const QRegularExpressionMatch match =
        QRegularExpression(
            QStringLiteral("^yardstick-sim listening on https://127\\.0\\.0\\.1:(\\d+)/v1$"))
            .match(line);
    QVERIFY2(match.hasMatch(), qPrintable(line));
    QFile cert(certPath);
    QVERIFY(cert.open(QIODevice::ReadOnly));
    {
        RawClient client(quint16(match.captured(1).toUInt()), cert.readAll(), true);
        QVERIFY(client.encrypted());
        client.send(generationRequest(WireDialect::Anthropic, QStringLiteral("sim-sonnet-class"),
                                      QStringLiteral("hi"), true));
        QVERIFY(client.wait());
        QCOMPARE(client.status, 200);
    }
    sim.terminate();
    QVERIFY(sim.waitForFinished(10000));
    QCOMPARE(sim.exitCode(), 0);

    QProcess bad;
    bad.start(program, {QStringLiteral("--cert-out"), certPath});
    QVERIFY(bad.waitForFinished(10000));
    QCOMPARE(bad.exitCode(), 2);
    QVERIFY(bad.readAllStandardError().contains("--tls"));
}

YS_TEST_GUILESS_MAIN(TestSimTls)
#include "tst_sim_tls.moc"
