#pragma once

#include "pricing/price.h"

#include <QString>
#include <QUrl>
#include <optional>

namespace ys {

// One provider endpoint as a suite names it. apiKeyRef is a reference (env:NAME, keychain:ID),
// never the key itself.
struct ProviderConfig {
    QString name;
    QString dialect; // "openai-chat", ...
    QUrl baseUrl;    // e.g. http://127.0.0.1:8000/v1
    QString model;
    QString apiKeyRef;
    std::optional<Price> price;
    std::optional<qint64> contextWindow;
};

} // namespace ys
