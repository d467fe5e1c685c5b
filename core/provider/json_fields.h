#pragma once

#include <QByteArray>
#include <QString>
#include <QUrl>
#include <nlohmann/json.hpp>
#include <optional>

namespace ys::json_fields {

// Lenient readers for provider JSON: a field of the wrong type reads as absent, because
// providers differ in small ways and a missing figure must stay NULL rather than fail the run.

inline QString str(const nlohmann::json &j, const char *key)
{
    if (!j.is_object())
        return {};
    auto it = j.find(key);
    if (it == j.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>());
}

inline std::optional<qint64> count(const nlohmann::json &j, const char *key)
{
    if (!j.is_object())
        return std::nullopt;
    auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<qint64>();
}

inline const nlohmann::json *object(const nlohmann::json &j, const char *key)
{
    if (!j.is_object())
        return nullptr;
    auto it = j.find(key);
    return it != j.end() && it->is_object() ? &*it : nullptr;
}

inline nlohmann::json parse(const QByteArray &bytes)
{
    return nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
}

// Joins a base URL and a path segment with exactly one slash between them.
inline QUrl appendPath(QUrl url, const QString &segment)
{
    QString path = url.path();
    if (!path.endsWith(QLatin1Char('/')))
        path += QLatin1Char('/');
    url.setPath(path + segment);
    return url;
}

} // namespace ys::json_fields
