#include "provider/json_request.h"

#include <nlohmann/json.hpp>

namespace ys {

HttpRequestParts jsonRequest(QUrl url, const nlohmann::json &body)
{
    HttpRequestParts parts;
    parts.url = std::move(url);
    parts.body = QByteArray::fromStdString(body.dump());
    parts.addHeader("Content-Type", QByteArrayLiteral("application/json"));
    return parts;
}

} // namespace ys
