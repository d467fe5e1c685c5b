#include "domain/network_settings.h"

#include "util/enum_names.h"

#include <QUrl>

namespace ys {

namespace {

constexpr EnumName<HttpVersionChoice> kHttpVersionChoiceNames[] = {
    {HttpVersionChoice::Http11, "1.1"},
    {HttpVersionChoice::Http2, "2"},
    {HttpVersionChoice::Auto, "auto"}};

} // namespace

QString httpVersionChoiceName(HttpVersionChoice choice)
{
    return nameIn(kHttpVersionChoiceNames, choice);
}

std::optional<HttpVersionChoice> httpVersionChoiceFromName(QStringView name)
{
    return valueIn(kHttpVersionChoiceNames, name);
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
