#pragma once

#include "sim/sim_dialect.h"

namespace ys {

// Gemini, POST /v1beta/models/{model}:generateContent and :streamGenerateContent with
// x-goog-api-key. With ?alt=sse each event is a whole GenerateContentResponse (the text so far
// in candidates[].content.parts[].text, usageMetadata, modelVersion, responseId) and the last one
// carries finishReason; without it the stream is one JSON array of those objects, as the real
// API sends. Errors are {"error": {"code", "message", "status", "details"}}.
class SimGemini : public SimDialect {
public:
    explicit SimGemini(bool stream)
        : m_stream(stream)
    {
    }

    const char *name() const override { return "gemini"; }
    QByteArray keyHeader() const override { return QByteArrayLiteral("x-goog-api-key"); }
    bool readModel(const SimHttpRequest &request, QString *model, SimError *error) override;
    bool parse(const SimHttpRequest &request, SimChatRequest *out, SimError *error) override;
    SimReply errorReply(const SimError &error) const override;
    SimHeaders rateLimitHeaders(const SimRateLimitStatus &status) const override;

    void begin(const SimAnswer &answer, SimRandom &ids) override;
    std::vector<SimSse> opening() override;
    std::vector<SimSse> content(const QString &text, int totalTokens, bool last) override;
    std::vector<SimSse> reasoning(const QString &text) override;
    std::vector<SimSse> closing() override;
    std::vector<SimSse> streamError() override;
    QByteArray completeBody(const QString &text) override;
    bool toolArgumentsAreObject(bool) const override { return true; }

    // A stream without ?alt=sse: one JSON array instead of events.
    bool jsonArray() const { return m_jsonArray; }

private:
    QByteArray responseJson(const QString &text, int candidateTokens, bool finished) const;
    // The answer's part: the text, or a function call with the arguments text as its args.
    QByteArray part(const QString &text) const;

    bool m_stream;
    bool m_jsonArray = false;
    QByteArray m_body;
    QByteArray m_responseId;
    QString m_toolArgs; // a function call's arguments so far (it goes out whole)
};

} // namespace ys
