#include "domain/network_settings.h"

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

} // namespace ys
