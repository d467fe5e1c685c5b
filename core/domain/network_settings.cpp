#include "domain/network_settings.h"

#include <QUrl>

namespace ys {

QString httpVersionChoiceName(HttpVersionChoice choice)
{
    switch (choice) {
    case HttpVersionChoice::Http11:
        return QStringLiteral("1.1");
    case HttpVersionChoice::Http2:
        return QStringLiteral("2");
    case HttpVersionChoice::Auto:
        break;
    }
    return QStringLiteral("auto");
}

std::optional<HttpVersionChoice> httpVersionChoiceFromName(QStringView name)
{
    if (name == u"auto")
        return HttpVersionChoice::Auto;
    if (name == u"1.1")
        return HttpVersionChoice::Http11;
    if (name == u"2")
        return HttpVersionChoice::Http2;
    return std::nullopt;
}

ProxyTextProblem proxyTextProblem(const QString &proxy)
{
    if (proxy.isEmpty() || proxy == QLatin1StringView("direct"))
        return ProxyTextProblem::None;
    const QUrl url(proxy, QUrl::StrictMode);
    if (!url.userInfo().isEmpty())
        return ProxyTextProblem::HoldsCredentials;
    if (!url.isValid() || url.host().isEmpty() || url.scheme() != QLatin1StringView("http") ||
        (!url.path().isEmpty() && url.path() != QLatin1StringView("/")))
        return ProxyTextProblem::NotHttpProxy;
    return ProxyTextProblem::None;
}

} // namespace ys
