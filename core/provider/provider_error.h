#pragma once

#include "domain/outcome.h"
#include "wire/json_document.h"

#include <QByteArrayView>
#include <QString>

namespace ys {

// What a provider said about a failure, read the same way wherever it said it: in the body of an
// HTTP error reply, in an error event or an SSE `error:` field line of a 200 stream, or in the
// error object of a 200 body. The four dialects word their error objects differently but from the
// same few members: a numeric or textual `code`, a `type` (Gemini: `status`), a `message`.
struct ProviderError {
    int status = 0;           // the HTTP status, or the numeric code an in-band error carried
    QString code;             // e.g. "context_length_exceeded", "insufficient_quota"
    QString type;             // e.g. "invalid_request_error", "overloaded_error", "UNAVAILABLE"
    QString message;          // the provider's own words
    bool perDayQuota = false; // Gemini: the details name a per-day quota

    // "type: message" (or the code, or the message alone), for the attempt's diagnosis.
    QString describe() const;
};

// Where an error was said. The same error gets the same class on both channels; only what is left
// over when nothing identifies it differs: an HTTP reply falls back on its status, while an error
// inside a 200 stream or body is a stream error unless its status names one of the classes.
enum class ErrorChannel { HttpStatus, InBand };

// Reads an error object (the value of an "error" member, or a flat error event such as OpenAI
// Responses' {"type": "error", "code": ..., "message": ...}). A string is read as the message.
ProviderError readProviderError(JsonValue error);

// Reads the error a JSON document holds: its "error" member when it has one, else the document
// itself. Bytes that are not JSON become the message (the first 512 bytes).
ProviderError readProviderErrorBytes(QByteArrayView bytes, int status);

// True when a decoded event is an error object in any dialect's wording: a non-null "error"
// member, "type": "error", or vLLM's flat "object": "error".
bool isErrorDocument(JsonValue doc);

// The class an error gets when nothing in its code, type or message identifies it.
Outcome fallbackErrorClass(int status, ErrorChannel channel);

} // namespace ys
