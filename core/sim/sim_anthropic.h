#pragma once

#include "sim/sim_dialect.h"

#include <nlohmann/json.hpp>

namespace ys {

// Anthropic Messages, POST /v1/messages with x-api-key and anthropic-version: message_start
// (input usage, cache reads), content_block_start, ping, text_delta content_block_delta events,
// content_block_stop, message_delta (stop_reason, cumulative usage) and message_stop; errors as
// {"type": "error", "error": {...}}, overload as HTTP 529 overloaded_error.
class SimAnthropic : public SimDialect {
public:
    const char *name() const override { return "anthropic-messages"; }
    QByteArray keyHeader() const override { return QByteArrayLiteral("x-api-key"); }
    bool readModel(const SimHttpRequest &request, QString *model, SimError *error) override;
    bool checkHeaders(const SimHttpRequest &request, SimError *error) const override;
    bool parse(const SimHttpRequest &request, SimChatRequest *out, SimError *error) override;
    SimReply errorReply(const SimError &error) const override;
    SimHeaders rateLimitHeaders(const SimRateLimitStatus &status) const override;
    SimHeaders extraHeaders(const QByteArray &requestId) const override;

    void begin(const SimAnswer &answer, SimRandom &ids) override;
    std::vector<SimSse> opening() override;
    std::vector<SimSse> content(const QString &text, int totalTokens, bool last) override;
    std::vector<SimSse> reasoning(const QString &text) override;
    std::vector<SimSse> closing() override;
    std::vector<SimSse> streamError() override;
    std::vector<SimSse> inBandError(const SimReply &reply) const override;
    std::vector<SimSse> emptyEnd() override;
    bool closesAfterStreamError() const override { return true; }
    QByteArray completeBody(const QString &text) override;
    bool toolArgumentsAreObject(bool stream) const override { return !stream; }

    // {"type": "error", "error": {"type": type, "message": message}}
    static QByteArray errorBody(const char *type, const QString &message);

private:
    QByteArray usage(int outputTokens) const;
    // output_tokens: the answer's and the thinking's, which Anthropic does not break out.
    int outputTokens() const { return m_answer.completionTokens + m_answer.reasoningTokens; }
    static SimSse blockStart(int index, const char *type);
    SimSse answerBlockStart(int index) const; // the text block, or the tool_use one
    const char *stopReason() const;           // "end_turn", "max_tokens" or "tool_use"

    nlohmann::json m_body; // the request body, parsed once in readModel() for parse()
    QByteArray m_id;
    QByteArray m_toolId;     // a tool call's id ("toolu_..."); empty: a text answer
    bool m_textOpen = false; // the text block after streamed thinking was opened
};

} // namespace ys
