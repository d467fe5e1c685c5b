#pragma once

#include "sim/sim_openai_common.h"

#include <nlohmann/json.hpp>

namespace ys {

// OpenAI Chat Completions, POST /v1/chat/completions, streaming and not: "data:" chunks of
// chat.completion.chunk, a role-only first chunk, usage in a last chunk with empty choices when
// stream_options.include_usage asks for it, and "data: [DONE]".
class SimOpenAiChat : public SimOpenAiDialect {
public:
    SimOpenAiChat()
        : SimOpenAiDialect(false)
    {
    }

    const char *name() const override { return "openai-chat"; }
    bool readModel(const SimHttpRequest &request, QString *model, SimError *error) override;
    bool parse(const SimHttpRequest &request, SimChatRequest *out, SimError *error) override;

    void begin(const SimAnswer &answer, SimRandom &ids) override;
    std::vector<SimSse> opening() override;
    std::vector<SimSse> content(const QString &text, int totalTokens, bool last) override;
    std::vector<SimSse> reasoning(const QString &text) override;
    std::vector<SimSse> closing() override;
    std::vector<SimSse> streamError() override;
    std::vector<SimSse> inBandError(const SimReply &reply) const override;
    std::vector<SimSse> emptyEnd() override;
    QByteArray completeBody(const QString &text) override;

private:
    QByteArray chunk(const QByteArray &choices, bool withUsageNull) const;
    const char *finishReason() const;                          // "stop", "length" or "tool_calls"
    nlohmann::ordered_json message(const QString &text) const; // the non-streamed message

    nlohmann::json m_body; // the request body, parsed once in readModel() for parse()
    QByteArray m_id;
    QByteArray m_fingerprint;
    QByteArray m_head;          // the chunk fields before "choices"
    QByteArray m_callId;        // a tool call's id ("call_..."); empty: a text answer
    bool m_toolStarted = false; // the call's first delta (with its id and name) went out
};

} // namespace ys
