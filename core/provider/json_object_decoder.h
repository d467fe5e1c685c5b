#pragma once

#include "provider/dialect.h"
#include "wire/json_document.h"

namespace ys {

// The decoder of a dialect whose every stream event and every whole body is one JSON object
// (Responses, Anthropic Messages, Gemini): parses it into a document kept from one event to the
// next and hands the object on. A stream event that is not a JSON object fails the attempt as
// malformed, or in band when it came as an `error` event; a body that is not one, as malformed.
// Inline: it runs for every event of every stream.
class JsonObjectDecoder : public StreamDecoder {
public:
    EventYield decodeEvent(const SseEvent &event, DecodeState &state) override
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

    void decodeBody(const QByteArray &body, DecodeState &state) final
    {
        if (!m_doc.parse(body) || !m_doc.root().isObject()) {
            state.failMalformed(QStringLiteral("malformed JSON body"));
            return;
        }
        decodeBodyObject(m_doc.root(), state);
    }

protected:
    virtual EventYield decodeEventObject(const SseEvent &event, JsonValue doc,
                                         DecodeState &state) = 0;
    virtual void decodeBodyObject(JsonValue doc, DecodeState &state) = 0;

private:
    JsonDocument m_doc; // kept from one event to the next
};

} // namespace ys
