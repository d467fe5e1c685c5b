#pragma once

#include "provider/dialect.h"
#include "wire/json_document.h"

namespace ys {

// The decoder of a dialect whose every stream event and every whole body is one JSON object
// (Responses, Anthropic Messages, Gemini): parses it into a document kept from one event to the
// next and hands the object on. A stream event that is not a JSON object fails the attempt as
// malformed, or in band when it came as an `error` event; a body that is not one, as malformed.
class JsonObjectDecoder : public StreamDecoder {
public:
    EventYield decodeEvent(const SseEvent &event, DecodeState &state) override;
    void decodeBody(const QByteArray &body, DecodeState &state) final;

protected:
    virtual EventYield decodeEventObject(const SseEvent &event, JsonValue doc,
                                         DecodeState &state) = 0;
    virtual void decodeBodyObject(JsonValue doc, DecodeState &state) = 0;

private:
    JsonDocument m_doc; // kept from one event to the next
};

} // namespace ys
