// libFuzzer target: the SSE parser must give the same events (error field lines included) and
// keep the same unknown field lines however the bytes are split into reads, and never crash or
// run away on any input.
#include "wire/sse_parser.h"

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    // The first byte chooses the read size; the rest is the stream.
    const std::size_t chunk = std::size_t(data[0] % 17) + 1;
    const QByteArrayView stream(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));

    ys::SseParser whole;
    whole.setMaxEventBytes(64 * 1024);
    std::vector<ys::SseEvent> expected;
    whole.feed(stream, expected);

    ys::SseParser split;
    split.setMaxEventBytes(64 * 1024);
    std::vector<ys::SseEvent> got;
    for (qsizetype at = 0; at < stream.size(); at += qsizetype(chunk))
        split.feed(stream.sliced(at, std::min<qsizetype>(qsizetype(chunk), stream.size() - at)),
                   got);

    if (!whole.overflowed() && !split.overflowed()) {
        if (got.size() != expected.size())
            __builtin_trap();
        for (std::size_t i = 0; i < got.size(); ++i)
            if (got[i].type != expected[i].type || got[i].data != expected[i].data ||
                got[i].id != expected[i].id || got[i].errorField != expected[i].errorField)
                __builtin_trap();
        // What was said outside the protocol is kept the same however the reads were cut.
        if (split.unknownFieldCount() != whole.unknownFieldCount() ||
            split.unknownFields() != whole.unknownFields())
            __builtin_trap();
    }
    return 0;
}
