// libFuzzer target: JsonDocument (the stream decoders' parser) against nlohmann::json on any
// bytes. Both accept or both refuse, and what is accepted reads the same: every string, whole
// number, other number, boolean, null, array and object member. The one difference allowed is
// nesting deeper than JsonDocument::kMaxDepth, which JsonDocument refuses.
#include "wire/json_document.h"

#include "../json_compare.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using nlohmann::json;

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
    if (!ys::test::sameJson(expected, doc.root()))
        __builtin_trap();
    return 0;
}
