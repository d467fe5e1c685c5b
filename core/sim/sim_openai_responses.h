#pragma once

#include "sim/sim_openai_common.h"

#include <nlohmann/json.hpp>

namespace ys {

// The OpenAI Responses API, POST /v1/responses: typed events (response.created,
// response.output_text.delta, ..., response.completed with usage, or response.incomplete when
// max_output_tokens cut the answer), each with its sequence_number; the whole response object
// when the request did not stream.
class SimOpenAiResponses : public SimOpenAiDialect {
public:
    SimOpenAiResponses()
        : SimOpenAiDialect(true)
    {
    }

    const char *name() const override { return "openai-responses"; }
    bool readModel(const SimHttpRequest &request, QString *model, SimError *error) override;
    bool parse(const SimHttpRequest &request, SimChatRequest *out, SimError *error) override;

    void begin(const SimAnswer &answer, SimRandom &ids) override;
    std::vector<SimSse> opening() override;
    std::vector<SimSse> content(const QString &text, int totalTokens, bool last) override;
    std::vector<SimSse> reasoning(const QString &text) override;
    std::vector<SimSse> closing() override;
    std::vector<SimSse> streamError() override;
    std::vector<SimSse> inBandError(const SimReply &reply) const override;
    QByteArray completeBody(const QString &text) override;

private:
    SimSse event(const char *type, QByteArray fields);
    QByteArray response(const char *status, bool withOutput) const;
    QByteArray outputItem(const char *status) const;

    nlohmann::json m_body; // the request body, parsed once in readModel() for parse()
    std::optional<int> m_maxOutputTokens;
    QByteArray m_id;
    QByteArray m_itemId; // the message's ("msg_...") or the function call's ("fc_...")
    QByteArray m_callId; // a function call's call_id; empty: a text answer
    QString m_text;      // so far, for the *.done events
    int m_sequence = 0;
};

} // namespace ys
