#pragma once

#include "provider/dialect.h"

#include <QUrl>
#include <nlohmann/json_fwd.hpp>

namespace ys {

// What every dialect's request starts from: body, as JSON, sent to url with its Content-Type
// header first; the dialect adds its own headers (the key's among them) after it.
HttpRequestParts jsonRequest(QUrl url, const nlohmann::json &body);

} // namespace ys
