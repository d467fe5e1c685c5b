// libFuzzer target: every dialect's stream decoder, body decoder and error classifier take any
// bytes without crashing; a decoded failure is always one of the stream failure classes, an
// in-band error is classed as one of the classes an error in a stream may get, and no error is
// ever classed a success.
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
            decoder->take(e, state);
        if (state.failure && *state.failure != ys::Outcome::StreamError &&
            *state.failure != ys::Outcome::MalformedStream)
            __builtin_trap();
        if (state.failure == ys::Outcome::StreamError) {
            switch (dialect->classifyError(state.error, ys::ErrorChannel::InBand)) {
            case ys::Outcome::ContextExceeded:
            case ys::Outcome::RateLimited:
            case ys::Outcome::QuotaExhausted:
            case ys::Outcome::Overloaded:
            case ys::Outcome::AuthError:
            case ys::Outcome::StreamError:
                break;
            default:
                __builtin_trap();
            }
        }

        ys::DecodeState body;
        dialect->newDecoder()->decodeBody(bytes, body);
        QString message;
        if (ys::outcomeIsSuccess(dialect->classifyHttpError(int(size % 600), bytes, &message)))
            __builtin_trap();
        dialect->outcomeForFinish(QString::fromUtf8(bytes.left(32)));
    }
    return 0;
}
