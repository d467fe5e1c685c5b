#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QHostAddress>
#include <QString>
#include <QUrl>
#include <optional>

namespace ys {

// The proxy variables of a process's environment, read as curl reads them: http:// URLs use
// http_proxy (lower case only: a CGI program's environment may carry a client's HTTP_PROXY
// header as HTTP_PROXY), https:// URLs use https_proxy or HTTPS_PROXY; either falls back to
// all_proxy or ALL_PROXY. no_proxy or NO_PROXY lists the hosts that bypass the proxy. The lower
// case name wins where both are set.
struct ProxyEnvironment {
    QString httpProxy;
    QString httpsProxy;
    QString allProxy;
    QString noProxy;

    static ProxyEnvironment fromProcess();
};

// Where a request to one URL goes first: a forward proxy (HTTP/1.1; a CONNECT tunnel for
// https://) or, when this is nullopt, straight to the URL's host.
struct ProxyRoute {
    QString host;
    quint16 port = 0;
    QByteArray user; // percent-decoded; empty: no credentials
    QByteArray password;
    QString source; // what chose it: "provider", "https_proxy", "HTTPS_PROXY", "http_proxy", ...

    // "Basic ..." for Proxy-Authorization, or empty without credentials.
    QByteArray authorization() const;
    // host:port, with brackets around an IPv6 address: the proxy's address without credentials.
    QString address() const;
    bool operator==(const ProxyRoute &) const = default;
};

class ProxyResolver {
    Q_DECLARE_TR_FUNCTIONS(ys::ProxyResolver)
public:
    // The route for `url`. providerProxy: the provider's own setting (empty: the environment
    // decides; "direct": never a proxy; else the proxy to use, which NO_PROXY does not
    // override). Returns false with *error naming the setting (never its credentials) when the
    // proxy address chosen is unusable; *route is then untouched.
    static bool routeFor(const QUrl &url, const QString &providerProxy, const ProxyEnvironment &env,
                         std::optional<ProxyRoute> *route, QString *error);

    // Whether no_proxy (a list of host names, domains, IP addresses and CIDR ranges separated by
    // commas or spaces; "*" alone matches every host) exempts `host`. A name matches itself and
    // its subdomains ("example.com" and ".example.com" both match "api.example.com"), never a
    // longer name ("example.com" does not match "badexample.com"). Case-insensitive.
    static bool bypasses(const QString &host, const QString &noProxy);

    // Parses a proxy address as curl takes it: "host:port", "http://host:port" or with
    // "user:password@"; no port means 1080. Returns nullopt with *error for other schemes.
    static std::optional<ProxyRoute> parse(const QString &address, const QString &source,
                                           QString *error);
};

} // namespace ys
