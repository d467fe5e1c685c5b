#pragma once

#include "sim/sim_dialect.h"

#include <QString>
#include <span>

namespace ys {

// How one dialect words one kind of error reply: a row of that dialect's table. The simulator's
// error replies are data, so that every dialect answers every kind and a new kind is one row per
// dialect, not a branch in four switches. Texts copy the real APIs' English (wire protocol, never
// translated) and may hold placeholders that simErrorText() fills from the SimError:
// {message} {model} {key} {prompt_tokens} {context_window} {request_limit} {token_limit}
// {requests_used} {tokens_used} {requested_tokens} {wait}.
struct SimErrorWording {
    SimErrorKind kind;
    int status;
    const char *type;    // the error's type (OpenAI, Anthropic); Gemini derives it from the code
    const char *code;    // OpenAI's code, or nullptr for null
    const char *param;   // OpenAI's param, or nullptr for null
    const char *message; // the text, with placeholders
    // A rate limit by tokens rather than requests words it differently; nullptr: as above.
    const char *tokensType = nullptr;
    const char *tokensMessage = nullptr;
};

// The row of `table` for the error's kind; every table has one for every kind.
const SimErrorWording &simErrorWording(std::span<const SimErrorWording> table,
                                       const SimError &error);
// Whether the error is a rate limit on tokens (the wording's tokens* fields apply).
bool simLimitedByTokens(const SimError &error);
// The row's message (or tokensMessage) with its placeholders filled from the error.
QString simErrorText(const SimErrorWording &row, const SimError &error);
// The row's type (or tokensType).
const char *simErrorType(const SimErrorWording &row, const SimError &error);

} // namespace ys
