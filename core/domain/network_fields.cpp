#include "domain/network_fields.h"

namespace ys::suitefields {

namespace {

// "direct", or http://HOST:PORT without credentials (they go in proxy_auth, never in the suite).
QString parseProxy(const json &p, const QString &where)
{
    const QString proxy = stringField(p, "proxy", where, false).trimmed();
    const ProxyTextProblem problem = proxyTextProblem(proxy);
    if (problem == ProxyTextProblem::HoldsCredentials)
        // Never echo the value: it holds a password.
        throw SuiteError{Suite::tr("%1.proxy: must not hold credentials; give them as "
                                   "proxy_auth, a reference such as env:NAME")
                             .arg(where)};
    if (problem == ProxyTextProblem::NotHttpProxy)
        throw SuiteError{Suite::tr("%1.proxy: \"%2\" is not an http://HOST:PORT proxy address "
                                   "(or \"direct\")")
                             .arg(where, proxy)};
    return proxy;
}

QString fileField(const json &p, const char *key, const QString &where)
{
    const QString path = stringField(p, key, where, false);
    if (p.contains(key) && path.trimmed().isEmpty())
        throw SuiteError{Suite::tr("%1.%2: must name a file").arg(where, QLatin1StringView(key))};
    return path;
}

} // namespace

NetworkSettings parseNetworkFields(const json &p, const QString &where)
{
    NetworkSettings s;
    s.proxy = parseProxy(p, where);
    s.proxyAuthRef = stringField(p, "proxy_auth", where, false);
    if (!s.proxyAuthRef.isEmpty() && !isSecretReference(s.proxyAuthRef))
        throw SuiteError{Suite::tr("%1.proxy_auth: must be a reference such as env:NAME or "
                                   "keychain:ID, never the credentials themselves")
                             .arg(where)};
    if (!s.proxyAuthRef.isEmpty() && s.proxy == QLatin1StringView("direct"))
        throw SuiteError{
            Suite::tr("%1.proxy_auth: given with proxy \"direct\", which uses no proxy")
                .arg(where)};
    s.caFile = fileField(p, "ca_file", where);
    s.clientCert = fileField(p, "client_cert", where);
    s.clientKey = fileField(p, "client_key", where);
    if (s.clientCert.isEmpty() != s.clientKey.isEmpty())
        throw SuiteError{Suite::tr("%1: client_cert and client_key go together").arg(where)};
    const QString version = stringField(p, "http_version", where, false);
    if (!version.isEmpty()) {
        const auto choice = httpVersionChoiceFromName(version);
        if (!choice)
            throw SuiteError{Suite::tr("%1.http_version: \"%2\" is not one of auto, 1.1, 2")
                                 .arg(where, version)};
        s.httpVersion = *choice;
    }
    return s;
}

void writeNetworkFields(const NetworkSettings &settings, json &j)
{
    const auto put = [&](const char *key, const QString &value) {
        if (!value.isEmpty())
            j[key] = value.toStdString();
    };
    put("proxy", settings.proxy);
    put("proxy_auth", settings.proxyAuthRef);
    put("ca_file", settings.caFile);
    put("client_cert", settings.clientCert);
    put("client_key", settings.clientKey);
    if (settings.httpVersion != HttpVersionChoice::Auto)
        j["http_version"] = httpVersionChoiceName(settings.httpVersion).toStdString();
}

} // namespace ys::suitefields
