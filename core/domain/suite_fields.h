#pragma once

// The readers a suite's JSON fields go through, shared by the suite and the scenario kinds'
// parsers so that every error names the field the same way. Internal to domain/.

#include "domain/suite.h"

#include <QByteArray>
#include <QString>
#include <algorithm>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <type_traits>
#include <vector>

namespace ys::suitefields {

using nlohmann::json;

struct SuiteError {
    QString message;
};

// The line of a byte offset in text, counted from 1.
inline int lineOfOffset(const QByteArray &text, std::size_t offset)
{
    const auto end = qsizetype(std::min<std::size_t>(offset, std::size_t(text.size())));
    return int(QByteArrayView(text).first(end).count('\n')) + 1;
}

// bytes read as one JSON document and made into a value by make(doc), which throws SuiteError
// (or a json exception) for what it cannot take. When either fails: nothing, and *error (when
// not null) says why: the line of a syntax error, or the field make() named.
template <typename Make>
auto fromJsonText(const QByteArray &bytes, const QString &source, QString *error, Make make)
    -> std::optional<std::invoke_result_t<Make, const json &>>
{
    json doc;
    try {
        doc = json::parse(bytes.begin(), bytes.end());
    } catch (const json::parse_error &e) {
        if (error)
            *error = Suite::tr("%1, line %2: not valid JSON")
                         .arg(source)
                         .arg(lineOfOffset(bytes, e.byte));
        return std::nullopt;
    }
    try {
        return make(doc);
    } catch (const SuiteError &e) {
        if (error)
            *error = e.message;
    } catch (const json::exception &e) {
        if (error)
            *error = Suite::tr("%1: %2").arg(source, QString::fromUtf8(e.what()));
    }
    return std::nullopt;
}

inline QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

inline void requireKnownFields(const json &obj, const std::vector<const char *> &known,
                               const QString &where)
{
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        bool ok = false;
        for (const char *k : known)
            ok = ok || it.key() == k;
        if (!ok)
            throw SuiteError{Suite::tr("%1: unknown field \"%2\"").arg(where, q(it.key()))};
    }
}

// A secret's reference as a suite holds it (env:NAME or keychain:ID), never the secret itself.
inline bool isSecretReference(const QString &ref)
{
    return ref.startsWith(QLatin1StringView("env:")) ||
           ref.startsWith(QLatin1StringView("keychain:"));
}

inline const json &require(const json &obj, const char *key, const QString &where)
{
    auto it = obj.find(key);
    if (it == obj.end())
        throw SuiteError{Suite::tr("%1: missing field \"%2\"").arg(where, QLatin1StringView(key))};
    return *it;
}

inline QString stringField(const json &obj, const char *key, const QString &where, bool required)
{
    auto it = obj.find(key);
    if (it == obj.end()) {
        if (required)
            require(obj, key, where);
        return {};
    }
    if (!it->is_string())
        throw SuiteError{Suite::tr("%1.%2: expected a string").arg(where, QLatin1StringView(key))};
    return q(it->get<std::string>());
}

inline int intField(const json &obj, const char *key, const QString &where, int fallback, int min,
                    int max)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return fallback;
    if (!it->is_number_integer())
        throw SuiteError{
            Suite::tr("%1.%2: expected a whole number").arg(where, QLatin1StringView(key))};
    const auto v = it->get<long long>();
    if (v < min || v > max)
        throw SuiteError{Suite::tr("%1.%2: %3 is outside %4..%5")
                             .arg(where, QLatin1StringView(key))
                             .arg(v)
                             .arg(min)
                             .arg(max)};
    return int(v);
}

// A number within [min, max]; the message names the field and the range.
inline double numberField(const json &obj, const char *key, const QString &where, double fallback,
                          double min, double max)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return fallback;
    if (!it->is_number())
        throw SuiteError{Suite::tr("%1.%2: expected a number").arg(where, QLatin1StringView(key))};
    const double v = it->get<double>();
    if (!(v >= min && v <= max))
        throw SuiteError{Suite::tr("%1.%2: %3 is outside %4..%5")
                             .arg(where, QLatin1StringView(key))
                             .arg(v)
                             .arg(min)
                             .arg(max)};
    return v;
}

// A non-empty list of whole numbers, each within [min, max].
inline std::vector<int> intListField(const json &obj, const char *key, const QString &where,
                                     std::vector<int> fallback, int min, int max)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return fallback;
    if (!it->is_array() || it->empty())
        throw SuiteError{Suite::tr("%1.%2: expected a non-empty list of whole numbers")
                             .arg(where, QLatin1StringView(key))};
    std::vector<int> out;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json &v = (*it)[i];
        if (!v.is_number_integer() || v.get<long long>() < min || v.get<long long>() > max)
            throw SuiteError{Suite::tr("%1.%2[%3]: expected a whole number within %4..%5")
                                 .arg(where, QLatin1StringView(key))
                                 .arg(i)
                                 .arg(min)
                                 .arg(max)};
        out.push_back(int(v.get<long long>()));
    }
    return out;
}

} // namespace ys::suitefields
