// libFuzzer target: JsonDocument (the stream decoders' parser) against nlohmann::json on any
// bytes. Both accept or both refuse, and what is accepted reads the same: every string, whole
// number, other number, boolean, null, array and object member. The one difference allowed is
// nesting deeper than JsonDocument::kMaxDepth, which JsonDocument refuses.
#include "provider/json_document.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace {

using nlohmann::json;

bool same(const json &e, ys::JsonValue a)
{
    using T = ys::JsonValue::Type;
    switch (e.type()) {
    case json::value_t::null:
        return a.isNull();
    case json::value_t::boolean:
        return a.type() == T::Bool && a.boolean() == e.get<bool>();
    case json::value_t::string:
        return a.isString() && a.string() == e.get_ref<const std::string &>();
    case json::value_t::number_integer:
        return a.isInteger() && *a.integer() == e.get<std::int64_t>();
    case json::value_t::number_unsigned: {
        const auto v = e.get<std::uint64_t>();
        if (v <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return a.isInteger() && *a.integer() == std::int64_t(v);
        return a.type() == T::Float && *a.number() == double(v);
    }
    case json::value_t::number_float:
        return a.type() == T::Float && *a.number() == e.get<double>();
    case json::value_t::array: {
        if (!a.isArray() || a.size() != int(e.size()))
            return false;
        std::size_t i = 0;
        for (const ys::JsonValue x : a)
            if (!same(e[i++], x))
                return false;
        return true;
    }
    case json::value_t::object: {
        if (!a.isObject())
            return false;
        std::set<std::string> names;
        for (auto it = a.begin(); it != a.end(); ++it)
            names.insert(std::string(it.name()));
        if (names.size() != e.size())
            return false;
        for (auto it = e.begin(); it != e.end(); ++it)
            if (!same(it.value(), a[it.key()]))
                return false;
        return true;
    }
    default:
        return false;
    }
}

int depthOf(const json &j)
{
    if (!j.is_structured())
        return 0;
    int deepest = 0;
    for (const json &x : j)
        deepest = std::max(deepest, depthOf(x));
    return deepest + 1;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = reinterpret_cast<const char *>(data);
    const json expected = json::parse(text, text + size, nullptr, false);
    static ys::JsonDocument doc; // reused, as a decoder reuses it
    const bool parsed = doc.parse(QByteArrayView(text, qsizetype(size)));
    if (expected.is_discarded()) {
        if (parsed || doc.root().isPresent())
            __builtin_trap();
        return 0;
    }
    if (!parsed) {
        if (depthOf(expected) <= ys::JsonDocument::kMaxDepth)
            __builtin_trap();
        return 0;
    }
    if (!same(expected, doc.root()))
        __builtin_trap();
    return 0;
}
