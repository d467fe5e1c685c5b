#pragma once

#include "domain/network_settings.h"
#include "net/proxy_route.h"
#include "net/tls_session.h"

#include <QCoreApplication>
#include <QList>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <memory>
#include <optional>

namespace ys {

struct ProviderConfig;

// How one provider's attempts travel, resolved once when a run starts from its NetworkSettings
// and the environment: the proxy chosen for its address (credentials resolved from their
// reference), the certificates read from their files and the HTTP version asked for. Shared,
// read-only, by every attempt to that provider.
struct TransportOptions {
    Q_DECLARE_TR_FUNCTIONS(ys::TransportOptions)
public:
    std::optional<ProxyRoute> proxy;
    HttpVersionChoice httpVersion = HttpVersionChoice::Auto;
    QList<QSslCertificate> caCertificates; // trusted besides the system's
    QSslCertificate clientCertificate;
    QSslKey clientKey;
    // The same trust and client certificate for the lanes' own TLS (HTTP/1.1 over https://):
    // the CA file's authorities and those the process added to its TLS defaults.
    std::shared_ptr<const TlsSettings> tls;
    // Whose connections these attempts use: the provider's name. Connections are pooled per
    // provider, never across providers, so that each provider's run opens its own (its cold
    // attempts measure its own connect and handshake) even when one server hosts several.
    QString poolTag;

    // The TLS settings for an https:// request: the process's defaults plus the CA file's
    // authorities and the client certificate.
    QSslConfiguration sslConfiguration() const;
    // Attempts with equal keys may share a QtNetwork manager (its proxy and its connections are
    // per manager): one provider's attempts through one proxy.
    QString managerKey() const;

    // Reads the provider's files and resolves its proxy for its base URL. Returns nullopt with
    // *error naming the setting or file at fault (never a credential; the caller names the
    // provider). secrets: the proxy's
    // password is appended, for redaction.
    static std::optional<TransportOptions> resolve(const ProviderConfig &provider,
                                                   const ProxyEnvironment &env, QString *error,
                                                   QList<QByteArray> *secrets = nullptr);
};

} // namespace ys
