// libFuzzer target: every dialect's stream decoder, body decoder and error classifier take any
// bytes without crashing, and a decoded failure is always one of the stream failure classes.
#include "provider/dialect.h"
#include "wire/sse_parser.h"

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const QString &name : ys::knownDialects()) {
        const auto dialect = ys::makeDialect(name);
        auto decoder = dialect->newDecoder();
        ys::DecodeState state;
        ys::SseParser parser;
        parser.setMaxEventBytes(64 * 1024);
        std::vector<ys::SseEvent> events;
        parser.feed(bytes, events);
        for (const ys::SseEvent &e : events)
            decoder->decodeEvent(e, state);
        if (state.failure && *state.failure != ys::Outcome::StreamError &&
            *state.failure != ys::Outcome::MalformedStream)
            __builtin_trap();

        ys::DecodeState body;
        dialect->newDecoder()->decodeBody(bytes, body);
        QString message;
        dialect->classifyHttpError(int(size % 600), bytes, &message);
        dialect->outcomeForFinish(QString::fromUtf8(bytes.left(32)));
    }
    return 0;
}
