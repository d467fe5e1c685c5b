#include "net/proxy_route.h"

#include <QRegularExpression>

namespace ys {

namespace {

constexpr quint16 kCurlDefaultProxyPort = 1080;

QString firstSet(const char *lower, const char *upper, QString *source)
{
    for (const char *name : {lower, upper}) {
        if (!name)
            continue;
        const QString value = qEnvironmentVariable(name).trimmed();
        if (!value.isEmpty()) {
            *source = QString::fromLatin1(name);
            return value;
        }
    }
    return {};
}

// A host as the URL gives it, for comparison: lower case, without a trailing dot or brackets.
QString normalHost(QString host)
{
    host = host.trimmed().toLower();
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    while (host.endsWith(QLatin1Char('.')))
        host.chop(1);
    return host;
}

bool entryMatches(const QString &host, const QHostAddress &hostAddress, QString entry)
{
    entry = normalHost(entry);
    if (entry.isEmpty())
        return false;
    if (entry.contains(QLatin1Char('/'))) { // a CIDR range
        if (hostAddress.isNull())
            return false;
        const auto subnet = QHostAddress::parseSubnet(entry);
        return subnet.second >= 0 && hostAddress.isInSubnet(subnet);
    }
    const QHostAddress entryAddress(entry);
    if (!entryAddress.isNull())
        return !hostAddress.isNull() && entryAddress.isEqual(hostAddress);
    while (entry.startsWith(QLatin1Char('.')))
        entry.remove(0, 1);
    if (host == entry)
        return true;
    return host.endsWith(entry) && host.at(host.size() - entry.size() - 1) == QLatin1Char('.');
}

} // namespace

ProxyEnvironment ProxyEnvironment::fromProcess()
{
    ProxyEnvironment env;
    QString source;
    env.httpProxy = firstSet("http_proxy", nullptr, &source);
    env.httpsProxy = firstSet("https_proxy", "HTTPS_PROXY", &source);
    env.allProxy = firstSet("all_proxy", "ALL_PROXY", &source);
    env.noProxy = firstSet("no_proxy", "NO_PROXY", &source);
    return env;
}

QByteArray ProxyRoute::authorization() const
{
    if (user.isEmpty() && password.isEmpty())
        return {};
    return "Basic " + (user + ':' + password).toBase64();
}

QString ProxyRoute::address() const
{
    const QString h = host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]").arg(host) : host;
    return QStringLiteral("%1:%2").arg(h).arg(port);
}

bool ProxyResolver::bypasses(const QString &host, const QString &noProxy)
{
    const QString h = normalHost(host);
    const QHostAddress address(h);
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    const QStringList entries = noProxy.split(separators, Qt::SkipEmptyParts);
    if (entries.size() == 1 && entries.front() == QLatin1StringView("*"))
        return true;
    for (const QString &entry : entries) {
        if (entryMatches(h, address, entry))
            return true;
    }
    return false;
}

std::optional<ProxyRoute> ProxyResolver::parse(const QString &address, const QString &source,
                                               QString *error)
{
    QString text = address.trimmed();
    if (!text.contains(QLatin1StringView("://")))
        text.prepend(QLatin1StringView("http://"));
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty()) {
        *error = tr("%1: not a proxy address (expected http://HOST:PORT)").arg(source);
        return std::nullopt;
    }
    if (url.scheme() != QLatin1StringView("http")) {
        *error = tr("%1: %2:// proxies are not supported; use an http:// proxy")
                     .arg(source, url.scheme());
        return std::nullopt;
    }
    ProxyRoute route;
    route.host = url.host();
    route.port = quint16(url.port(kCurlDefaultProxyPort));
    route.user = url.userName(QUrl::FullyDecoded).toUtf8();
    route.password = url.password(QUrl::FullyDecoded).toUtf8();
    route.source = source;
    return route;
}

bool ProxyResolver::routeFor(const QUrl &url, const QString &providerProxy,
                             const ProxyEnvironment &env, std::optional<ProxyRoute> *route,
                             QString *error)
{
    if (providerProxy == QLatin1StringView("direct")) {
        route->reset();
        return true;
    }
    if (!providerProxy.isEmpty()) {
        auto parsed = parse(providerProxy, QStringLiteral("provider"), error);
        if (!parsed)
            return false;
        *route = std::move(parsed);
        return true;
    }
    const bool https = url.scheme() == QLatin1StringView("https");
    QString address = https ? env.httpsProxy : env.httpProxy;
    QString source = https ? QStringLiteral("HTTPS_PROXY") : QStringLiteral("http_proxy");
    if (address.isEmpty()) {
        address = env.allProxy;
        source = QStringLiteral("ALL_PROXY");
    }
    if (address.isEmpty() || bypasses(url.host(), env.noProxy)) {
        route->reset();
        return true;
    }
    auto parsed = parse(address, source, error);
    if (!parsed)
        return false;
    *route = std::move(parsed);
    return true;
}

} // namespace ys
