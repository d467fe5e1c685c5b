#pragma once

#include "wire/json_document.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QUrl>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

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

// The same readers over a JsonDocument's values (the stream decoders' parser).
inline QString str(JsonValue v, std::string_view key)
{
    return v[key].toQString();
}

inline std::optional<qint64> count(JsonValue v, std::string_view key)
{
    return v[key].integer();
}

inline JsonValue object(JsonValue v, std::string_view key)
{
    const JsonValue member = v[key];
    return member.isObject() ? member : JsonValue();
}

// The length in UTF-16 code units of well-formed UTF-8 text (a JsonDocument string), as
// QString::size() would give it after conversion.
// A value of a JsonDocument as nlohmann::json (what an object-valued field becomes when its JSON
// text is wanted, e.g. a tool call's arguments sent as an object). Rare, so not zero-copy.
inline nlohmann::json toNlohmann(JsonValue v)
{
    switch (v.type()) {
    case JsonValue::Type::Bool:
        return v.boolean();
    case JsonValue::Type::Integer:
        return *v.integer();
    case JsonValue::Type::Float:
        return *v.number();
    case JsonValue::Type::String:
        return std::string(v.string());
    case JsonValue::Type::Array: {
        nlohmann::json out = nlohmann::json::array();
        for (const JsonValue e : v)
            out.push_back(toNlohmann(e));
        return out;
    }
    case JsonValue::Type::Object: {
        nlohmann::json out = nlohmann::json::object();
        for (auto it = v.begin(); it != v.end(); ++it)
            out[std::string(it.name())] = toNlohmann(*it);
        return out;
    }
    case JsonValue::Type::Null:
    case JsonValue::Type::Absent:
        break;
    }
    return nullptr;
}

inline qsizetype utf16Length(std::string_view utf8)
{
    qsizetype n = 0;
    for (const char c : utf8) {
        const auto b = static_cast<unsigned char>(c);
        n += (b & 0xC0) != 0x80; // one per character
        n += b >= 0xF0;          // and a second for a surrogate pair
    }
    return n;
}

inline bool isAscii(std::string_view bytes)
{
    bool ascii = true;
    for (const char c : bytes)
        ascii = ascii && static_cast<unsigned char>(c) < 0x80;
    return ascii;
}

// Appends UTF-8 text; ASCII (most of a stream) goes in without a temporary string.
inline void appendUtf8(QString &target, std::string_view bytes)
{
    if (isAscii(bytes))
        target.append(QLatin1StringView(bytes.data(), qsizetype(bytes.size())));
    else
        target.append(QString::fromUtf8(bytes.data(), qsizetype(bytes.size())));
}

// Sets target to the UTF-8 text unless it already holds it; the usual case (a model name that
// every event repeats) costs a comparison, not a conversion.
inline void assignUtf8(QString &target, std::string_view bytes)
{
    if (isAscii(bytes)) {
        const QLatin1StringView latin(bytes.data(), qsizetype(bytes.size()));
        if (target != latin)
            target = latin;
        return;
    }
    target = QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
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
