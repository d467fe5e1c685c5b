#include "sim/sim_tls.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QSslSocket>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace ys {

namespace {

struct TlsTr {
    Q_DECLARE_TR_FUNCTIONS(ys::SimTlsIdentity)
};

constexpr int kOpensslTimeoutMs = 30000;

// Sets *error (when given) and returns no identity.
auto failWith(QString *error)
{
    return [error](const QString &message) {
        if (error)
            *error = message;
        return std::optional<SimTlsIdentity>();
    };
}

QString noBackend()
{
    return TlsTr::tr("TLS is not available: Qt found no TLS backend (is libssl installed?)");
}

} // namespace

std::optional<SimTlsIdentity> SimTlsIdentity::generate(QString *error, const QHostAddress &also)
{
    const auto fail = failWith(error);
    if (!QSslSocket::supportsSsl())
        return fail(noBackend());
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty())
        return fail(TlsTr::tr("cannot make a TLS certificate: the openssl command is not "
                              "installed (Debian package \"openssl\")"));
    QTemporaryDir dir;
    if (!dir.isValid())
        return fail(TlsTr::tr("cannot make a TLS certificate: no temporary folder: %1")
                        .arg(dir.errorString()));
    const QString keyPath = dir.filePath(QStringLiteral("key.pem"));
    const QString certPath = dir.filePath(QStringLiteral("cert.pem"));

    QString names = QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost");
    if (!also.isNull() && !also.isLoopback() && also != QHostAddress::Any &&
        also != QHostAddress::AnyIPv4 && also != QHostAddress::AnyIPv6)
        names += QStringLiteral(",IP:") + also.toString();

    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(openssl,
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                   QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                   QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                   QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                   QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"), names,
                   QStringLiteral("-keyout"), keyPath, QStringLiteral("-out"), certPath});
    if (!process.waitForFinished(kOpensslTimeoutMs) ||
        process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        process.kill();
        return fail(TlsTr::tr("cannot make a TLS certificate: openssl failed: %1")
                        .arg(QString::fromLocal8Bit(process.readAll()).trimmed()));
    }
    QFile keyFile(keyPath);
    QFile certFile(certPath);
    if (!keyFile.open(QIODevice::ReadOnly) || !certFile.open(QIODevice::ReadOnly))
        return fail(TlsTr::tr("cannot read the TLS certificate openssl made"));
    SimTlsIdentity identity;
    identity.certificatePem = certFile.readAll();
    identity.certificate = QSslCertificate(identity.certificatePem, QSsl::Pem);
    identity.key = QSslKey(keyFile.readAll(), QSsl::Ec, QSsl::Pem);
    if (identity.certificate.isNull() || identity.key.isNull())
        return fail(TlsTr::tr("cannot load the TLS certificate openssl made"));
    if (error)
        error->clear();
    return identity;
}

std::optional<SimTlsIdentity> SimTlsIdentity::load(const QString &certFile, const QString &keyFile,
                                                   QString *error)
{
    const auto fail = failWith(error);
    if (!QSslSocket::supportsSsl())
        return fail(noBackend());
    QFile cert(certFile);
    QFile key(keyFile);
    if (!cert.open(QIODevice::ReadOnly))
        return fail(
            TlsTr::tr("cannot read the certificate %1: %2").arg(certFile, cert.errorString()));
    if (!key.open(QIODevice::ReadOnly))
        return fail(TlsTr::tr("cannot read the key %1: %2").arg(keyFile, key.errorString()));
    SimTlsIdentity identity;
    identity.certificatePem = cert.readAll();
    const QList<QSslCertificate> chain = QSslCertificate::fromData(identity.certificatePem);
    if (chain.isEmpty())
        return fail(TlsTr::tr("%1 holds no PEM certificate").arg(certFile));
    identity.certificate = chain.front();
    const QByteArray keyPem = key.readAll();
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        identity.key = QSslKey(keyPem, algorithm, QSsl::Pem);
        if (!identity.key.isNull())
            break;
    }
    if (identity.key.isNull())
        return fail(TlsTr::tr("%1 holds no unencrypted PEM private key").arg(keyFile));
    if (error)
        error->clear();
    return identity;
}

bool SimTlsIdentity::requireClientCertificates(const QString &caFile, QString *error)
{
    clientCas = QSslCertificate::fromPath(caFile, QSsl::Pem);
    if (clientCas.isEmpty() && error)
        *error = TlsTr::tr("%1 holds no PEM certificate").arg(caFile);
    return !clientCas.isEmpty();
}

} // namespace ys
