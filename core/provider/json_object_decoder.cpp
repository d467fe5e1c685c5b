#include "provider/json_object_decoder.h"

namespace ys {

EventYield JsonObjectDecoder::decodeEvent(const SseEvent &event, DecodeState &state)
{
    if (!m_doc.parse(event.data) || !m_doc.root().isObject()) {
        if (event.type == "error")
            state.failInBand(readProviderErrorBytes(event.data, 0));
        else
            state.failMalformed(QStringLiteral("malformed JSON in stream event"));
        return {};
    }
    return decodeEventObject(event, m_doc.root(), state);
}

void JsonObjectDecoder::decodeBody(const QByteArray &body, DecodeState &state)
{
    if (!m_doc.parse(body) || !m_doc.root().isObject()) {
        state.failMalformed(QStringLiteral("malformed JSON body"));
        return;
    }
    decodeBodyObject(m_doc.root(), state);
}

} // namespace ys
