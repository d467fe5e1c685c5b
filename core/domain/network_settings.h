#pragma once

#include <QString>
#include <optional>

namespace ys {

// Which HTTP version a provider's attempts use (docs/suite-format.md, "Network"). Auto: HTTP/2
// where the server offers it (by ALPN over TLS), HTTP/1.1 otherwise.
enum class HttpVersionChoice { Auto, Http11, Http2 };

// "auto", "1.1", "2".
QString httpVersionChoiceName(HttpVersionChoice choice);
std::optional<HttpVersionChoice> httpVersionChoiceFromName(QStringView name);

// What is wrong with a provider's proxy setting as typed (trimmed): nothing for empty, "direct"
// and http://HOST:PORT; the suite reader and the provider editor word the message.
enum class ProxyTextProblem { None, HoldsCredentials, NotHttpProxy };
ProxyTextProblem proxyTextProblem(const QString &proxy);

// How a provider's attempts reach it. Everything here is a setting or a reference, never a
// secret: the proxy's credentials are a key reference resolved when a run starts.
struct NetworkSettings {
    // Empty: the environment decides (HTTPS_PROXY, HTTP_PROXY, NO_PROXY as curl reads them).
    // "direct": no proxy whatever the environment says. Otherwise http://HOST:PORT, a forward
    // proxy (CONNECT for https://), which NO_PROXY does not override.
    QString proxy;
    QString proxyAuthRef; // env:NAME or keychain:ID holding "user:password"; empty: none
    QString caFile;       // PEM: certificate authorities trusted besides the system's
    QString clientCert;   // PEM: a client certificate to present
    QString clientKey;    // PEM: its private key (unencrypted)
    HttpVersionChoice httpVersion = HttpVersionChoice::Auto;

    bool isDefault() const { return *this == NetworkSettings{}; }
    bool operator==(const NetworkSettings &) const = default;
};

} // namespace ys
