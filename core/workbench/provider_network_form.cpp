#include "workbench/provider_network_form.h"

namespace ys {

void ProviderNetworkForm::fill(ProviderDraft &d, const NetworkSettings &s)
{
    d.proxy = s.proxy;
    d.proxyAuth = s.proxyAuthRef;
    d.caFile = s.caFile;
    d.clientCert = s.clientCert;
    d.clientKey = s.clientKey;
    d.httpVersion = httpVersionChoiceName(s.httpVersion);
}

std::vector<FieldProblem> ProviderNetworkForm::validate(const ProviderDraft &d)
{
    std::vector<FieldProblem> out;
    const QString proxy = d.proxy.trimmed();
    switch (proxyTextProblem(proxy)) {
    case ProxyTextProblem::None:
        break;
    case ProxyTextProblem::HoldsCredentials: // never repeat the text: it holds a password
        out.push_back({ProviderField::Proxy,
                       tr("Proxy: must not hold credentials; give them as a reference in "
                          "Proxy credentials (env:NAME holding user:password)")});
        break;
    case ProxyTextProblem::NotHttpProxy:
        out.push_back({ProviderField::Proxy,
                       tr("Proxy: \"%1\" is not an http://HOST:PORT proxy address; leave it "
                          "empty to follow HTTPS_PROXY and NO_PROXY, or enter direct")
                           .arg(proxy)});
    }
    const QString auth = d.proxyAuth.trimmed();
    if (!auth.isEmpty() && !ProviderForm::isKeyReference(auth))
        // Never repeat the text: it may be the credentials themselves.
        out.push_back({ProviderField::ProxyAuth,
                       tr("Proxy credentials: give a reference such as env:NAME or keychain:NAME "
                          "holding user:password, never the credentials themselves")});
    else if (!auth.isEmpty() && proxy == QLatin1StringView("direct"))
        out.push_back({ProviderField::ProxyAuth,
                       tr("Proxy credentials: given with the proxy \"direct\", which uses none")});
    const bool hasCert = !d.clientCert.trimmed().isEmpty();
    if (hasCert != !d.clientKey.trimmed().isEmpty())
        out.push_back(hasCert ? FieldProblem{ProviderField::ClientKey,
                                             tr("Client key: needed with the client certificate "
                                                "(give both or neither)")}
                              : FieldProblem{ProviderField::ClientCert,
                                             tr("Client certificate: needed with the client key "
                                                "(give both or neither)")});
    if (!d.httpVersion.isEmpty() && !httpVersionChoiceFromName(d.httpVersion))
        out.push_back({ProviderField::HttpVersion,
                       tr("HTTP version: \"%1\" is not one of auto, 1.1, 2").arg(d.httpVersion)});
    return out;
}

NetworkSettings ProviderNetworkForm::settingsOf(const ProviderDraft &d)
{
    NetworkSettings s;
    s.proxy = d.proxy.trimmed();
    s.proxyAuthRef = d.proxyAuth.trimmed();
    s.caFile = d.caFile.trimmed();
    s.clientCert = d.clientCert.trimmed();
    s.clientKey = d.clientKey.trimmed();
    s.httpVersion = httpVersionChoiceFromName(d.httpVersion).value_or(HttpVersionChoice::Auto);
    return s;
}

std::vector<std::pair<QString, QString>> ProviderNetworkForm::httpVersionChoices()
{
    return {{QStringLiteral("auto"), tr("Automatic (HTTP/2 where the server offers it)")},
            {QStringLiteral("1.1"), tr("HTTP/1.1 (as the official Python SDKs)")},
            {QStringLiteral("2"), tr("HTTP/2 only")}};
}

QString ProviderNetworkForm::fieldLabel(ProviderField field)
{
    switch (field) {
    case ProviderField::Proxy:
        return tr("Proxy");
    case ProviderField::ProxyAuth:
        return tr("Proxy credentials");
    case ProviderField::CaFile:
        return tr("CA file");
    case ProviderField::ClientCert:
        return tr("Client certificate");
    case ProviderField::ClientKey:
        return tr("Client key");
    case ProviderField::HttpVersion:
        return tr("HTTP version");
    default:
        return {};
    }
}

} // namespace ys
