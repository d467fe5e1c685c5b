#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QUrl>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
    const std::string &value = it->get_ref<const std::string &>();
    return QString::fromUtf8(value.data(), qsizetype(value.size()));
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

// The object member names a decoder reads, at any depth.
class KeySet {
public:
    KeySet(std::initializer_list<std::string_view> keys)
        : m_keys(keys)
    {
    }
    bool contains(const std::string &key) const
    {
        for (const std::string_view k : m_keys) {
            if (k.size() == key.size() && k == key)
                return true;
        }
        return false;
    }

private:
    std::vector<std::string_view> m_keys;
};

// Parses like parse(), but builds only the object members whose names are in `keys` (with all
// they hold): for a decoder that reads nothing else the result is the same, for less work per
// event. Input that is not one valid JSON value gives a discarded value, as parse() does.
nlohmann::json parseKeeping(QByteArrayView bytes, const KeySet &keys);

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
