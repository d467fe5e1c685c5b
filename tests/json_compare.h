#pragma once

// JsonDocument's reading of a text against nlohmann::json's, for the parser's test and its fuzz
// target.
#include "wire/json_document.h"

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace ys::test {

// Whether a JsonDocument value holds what nlohmann read: every string, boolean, null, array
// element and object member. Numbers: a whole number that fits in 64 signed bits is an Integer
// of that value; any other number a Float of the same double. why (when given) says what
// differs first.
inline bool sameJson(const nlohmann::json &expected, JsonValue actual, std::string *why = nullptr)
{
    using nlohmann::json;
    auto fail = [&](const char *what) {
        if (why)
            *why = std::string(what) + " (expected " +
                   expected.dump(-1, ' ', false, json::error_handler_t::replace) + ")";
        return false;
    };
    switch (expected.type()) {
    case json::value_t::null:
        return actual.isNull() || fail("not null");
    case json::value_t::boolean:
        return (actual.type() == JsonValue::Type::Bool &&
                actual.boolean() == expected.get<bool>()) ||
               fail("not the same boolean");
    case json::value_t::string:
        return (actual.isString() && actual.string() == expected.get_ref<const std::string &>()) ||
               fail("not the same string");
    case json::value_t::number_integer:
        return (actual.isInteger() && *actual.integer() == expected.get<std::int64_t>()) ||
               fail("not the same integer");
    case json::value_t::number_unsigned: {
        const auto v = expected.get<std::uint64_t>();
        if (v <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return (actual.isInteger() && *actual.integer() == std::int64_t(v)) ||
                   fail("not the same integer");
        return (actual.type() == JsonValue::Type::Float && *actual.number() == double(v)) ||
               fail("not the same large number");
    }
    case json::value_t::number_float:
        return (actual.type() == JsonValue::Type::Float &&
                *actual.number() == expected.get<double>()) ||
               fail("not the same float");
    case json::value_t::array: {
        if (!actual.isArray() || actual.size() != int(expected.size()))
            return fail("not an array of the same size");
        std::size_t i = 0;
        for (const JsonValue element : actual) {
            if (!sameJson(expected[i++], element, why))
                return false;
        }
        return true;
    }
    case json::value_t::object: {
        if (!actual.isObject())
            return fail("not an object");
        std::set<std::string> names;
        for (auto it = actual.begin(); it != actual.end(); ++it)
            names.insert(std::string(it.name()));
        if (names.size() != expected.size())
            return fail("not the same member names");
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            if (!sameJson(it.value(), actual[it.key()], why))
                return false;
        }
        return true;
    }
    default:
        return fail("an unexpected type");
    }
}

} // namespace ys::test
