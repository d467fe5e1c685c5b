#include "provider/transport_options.h"

#include "domain/provider_config.h"
#include "provider/secrets.h"
#include "util/read_file.h"

#include <QSet>

namespace ys {

namespace {

bool readFile(const QString &path, const char *field, QByteArray *bytes, QString *error)
{
    // The field named first; readWholeFile fills in the path and the reason.
    const std::optional<QByteArray> whole = readWholeFile(
        path, TransportOptions::tr("%1 \"%2\": cannot be read (%3)").arg(QLatin1StringView(field)),
        error);
    if (whole)
        *bytes = *whole;
    return whole.has_value();
}

// A PEM private key of any of the kinds OpenSSL makes (RSA, EC, DSA, PKCS#8 or traditional).
QSslKey readKey(const QByteArray &pem)
{
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        QSslKey key(pem, algorithm, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            return key;
    }
    return {};
}

bool readTls(const NetworkSettings &s, TransportOptions *o, QString *error)
{
    QByteArray bytes;
    if (!s.caFile.isEmpty()) {
        if (!readFile(s.caFile, "ca_file", &bytes, error))
            return false;
        o->caCertificates = QSslCertificate::fromData(bytes, QSsl::Pem);
        if (o->caCertificates.isEmpty()) {
            *error = TransportOptions::tr("ca_file \"%1\": holds no PEM certificate").arg(s.caFile);
            return false;
        }
    }
    if (s.clientCert.isEmpty())
        return true;
    if (!readFile(s.clientCert, "client_cert", &bytes, error))
        return false;
    const QList<QSslCertificate> certs = QSslCertificate::fromData(bytes, QSsl::Pem);
    if (certs.isEmpty()) {
        *error =
            TransportOptions::tr("client_cert \"%1\": holds no PEM certificate").arg(s.clientCert);
        return false;
    }
    o->clientCertificate = certs.front();
    if (!readFile(s.clientKey, "client_key", &bytes, error))
        return false;
    o->clientKey = readKey(bytes);
    if (o->clientKey.isNull()) {
        *error = TransportOptions::tr("client_key \"%1\": holds no unencrypted PEM private key")
                     .arg(s.clientKey);
        return false;
    }
    return true;
}

// The lanes' TLS trusts the system's authorities itself; what it needs besides them are the
// authorities the process added to its TLS defaults and the provider's CA file.
std::shared_ptr<const TlsSettings> lanesTls(const TransportOptions &o)
{
    auto tls = std::make_shared<TlsSettings>();
    QSet<QByteArray> system;
    for (const QSslCertificate &c : QSslConfiguration::systemCaCertificates())
        system.insert(c.digest(QCryptographicHash::Sha256));
    for (const QSslCertificate &c : QSslConfiguration::defaultConfiguration().caCertificates()) {
        if (!system.contains(c.digest(QCryptographicHash::Sha256)))
            tls->caPem += c.toPem();
    }
    for (const QSslCertificate &c : o.caCertificates)
        tls->caPem += c.toPem();
    if (!o.clientCertificate.isNull()) {
        tls->clientCertPem = o.clientCertificate.toPem();
        tls->clientKeyPem = o.clientKey.toPem();
    }
    return tls;
}

} // namespace

QSslConfiguration TransportOptions::sslConfiguration() const
{
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    if (!caCertificates.isEmpty())
        config.setCaCertificates(config.caCertificates() + caCertificates);
    if (!clientCertificate.isNull()) {
        config.setLocalCertificate(clientCertificate);
        config.setPrivateKey(clientKey);
    }
    return config;
}

QString TransportOptions::managerKey() const
{
    if (!proxy)
        return poolTag;
    // The password is part of the key only through the user: one run never has two passwords
    // for one user at one proxy.
    return QStringLiteral("%1 via %2@%3")
        .arg(poolTag, QString::fromUtf8(proxy->user), proxy->address());
}

std::optional<TransportOptions> TransportOptions::resolve(const ProviderConfig &provider,
                                                          const ProxyEnvironment &env,
                                                          QString *error,
                                                          QList<QByteArray> *secrets)
{
    const NetworkSettings &s = provider.network;
    TransportOptions o;
    o.httpVersion = s.httpVersion;
    o.poolTag = provider.name;
    QString why;
    if (!readTls(s, &o, &why) ||
        !ProxyResolver::routeFor(provider.baseUrl, s.proxy, env, &o.proxy, &why)) {
        *error = why;
        return std::nullopt;
    }
    if (provider.baseUrl.scheme() == QLatin1StringView("https"))
        o.tls = lanesTls(o);
    if (o.proxy && !s.proxyAuthRef.isEmpty()) {
        QByteArray credentials;
        if (!Secrets::resolve(s.proxyAuthRef, &credentials, &why)) {
            *error = tr("proxy_auth: %1").arg(why);
            return std::nullopt;
        }
        const qsizetype colon = credentials.indexOf(':');
        o.proxy->user = colon < 0 ? credentials : credentials.left(colon);
        o.proxy->password = colon < 0 ? QByteArray() : credentials.mid(colon + 1);
    }
    if (o.proxy && !o.proxy->password.isEmpty()) {
        Secrets::registerSecret(o.proxy->password);
        Secrets::registerSecret(o.proxy->authorization());
        if (secrets)
            secrets->append(o.proxy->password);
    }
    return o;
}

} // namespace ys
