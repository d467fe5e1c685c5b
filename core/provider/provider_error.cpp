#include "provider/provider_error.h"

#include "provider/dialect.h"

namespace ys {

namespace {
constexpr qsizetype kMessageBytes = 512;

// Gemini says a quota is per day in the details: a QuotaFailure violation whose quotaId names
// "PerDay". Any string in the details that does is taken as saying so.
bool mentionsPerDay(JsonValue value)
{
    if (value.isString())
        return value.string().find("PerDay") != std::string_view::npos;
    if (value.isArray() || value.isObject()) {
        for (const JsonValue member : value)
            if (mentionsPerDay(member))
                return true;
    }
    return false;
}
} // namespace

QString ProviderError::describe() const
{
    const QString label = !type.isEmpty() ? type : code;
    if (label.isEmpty())
        return message;
    if (message.isEmpty())
        return label;
    return label + QStringLiteral(": ") + message;
}

ProviderError readProviderError(JsonValue error)
{
    ProviderError e;
    if (error.isString()) {
        e.message = error.toQString();
        return e;
    }
    if (!error.isObject())
        return e;
    if (const JsonValue code = error["code"]; code.isInteger())
        e.status = int(*code.integer());
    else
        e.code = code.toQString();
    e.type = error["type"].toQString();
    if (e.type == QLatin1StringView("error")) // a flat error event names itself, not the error
        e.type.clear();
    // Gemini's google.rpc.Status: the canonical code's name is its type.
    if (const JsonValue status = error["status"]; status.isString() && e.type.isEmpty())
        e.type = status.toQString();
    else if (status.isInteger() && e.status == 0)
        e.status = int(*status.integer());
    e.message = error["message"].toQString();
    if (e.message.isEmpty())
        e.message = error["detail"].toQString(); // FastAPI-style servers
    e.perDayQuota = mentionsPerDay(error["details"]);
    return e;
}

ProviderError readProviderErrorBytes(QByteArrayView bytes, int status)
{
    ProviderError e;
    JsonDocument doc;
    if (doc.parse(bytes) && doc.root().isObject()) {
        const JsonValue root = doc.root();
        const JsonValue error = root["error"];
        e = readProviderError(error.isObject() || error.isString() ? error : root);
        if (e.message.isEmpty() && error.isObject())
            e.message = root["message"].toQString();
    }
    if (e.message.isEmpty() && e.code.isEmpty() && e.type.isEmpty())
        e.message = QString::fromUtf8(bytes.first(std::min(bytes.size(), kMessageBytes)));
    if (status != 0)
        e.status = status; // an HTTP reply's own status is the one that counts
    return e;
}

bool isErrorDocument(JsonValue doc)
{
    if (!doc.isObject())
        return false;
    const JsonValue error = doc["error"];
    // vLLM's error body is flat, with "object": "error".
    return (error.isPresent() && !error.isNull()) || doc["type"].string() == "error" ||
           doc["object"].string() == "error";
}

Outcome fallbackErrorClass(int status, ErrorChannel channel)
{
    if (channel == ErrorChannel::HttpStatus)
        return classifyHttpStatus(status);
    switch (status) {
    case 401:
    case 403:
        return Outcome::AuthError;
    case 429:
        return Outcome::RateLimited;
    case 503:
    case 529:
        return Outcome::Overloaded;
    default:
        return Outcome::StreamError;
    }
}

} // namespace ys
