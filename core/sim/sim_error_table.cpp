#include "sim/sim_error_table.h"

#include <utility>

namespace ys {

const SimErrorWording &simErrorWording(std::span<const SimErrorWording> table,
                                       const SimError &error)
{
    for (const SimErrorWording &row : table) {
        if (row.kind == error.kind)
            return row;
    }
    // Tables are complete (tst_sim_faults asks every dialect for every kind); a missing row is a
    // programming error, answered as a plain server error rather than a crash.
    for (const SimErrorWording &row : table) {
        if (row.kind == SimErrorKind::ServerError)
            return row;
    }
    return table.front();
}

bool simLimitedByTokens(const SimError &error)
{
    return error.kind == SimErrorKind::RateLimited && !error.rate.requestsExceeded &&
           error.rate.tokenLimit != 0;
}

QString simErrorText(const SimErrorWording &row, const SimError &error)
{
    const bool tokens = simLimitedByTokens(error) && row.tokensMessage;
    QString text = QString::fromUtf8(tokens ? row.tokensMessage : row.message);
    const SimRateLimitStatus &rate = error.rate;
    const std::pair<const char *, QString> values[] = {
        {"{message}", error.message},
        {"{model}", error.model},
        {"{key}", simMaskKey(error.key)},
        {"{prompt_tokens}", QString::number(error.promptTokens)},
        {"{context_window}", QString::number(error.contextWindow)},
        {"{request_limit}", QString::number(rate.requestLimit)},
        {"{token_limit}", QString::number(rate.tokenLimit)},
        {"{requests_used}", QString::number(rate.requestLimit - rate.requestsRemaining)},
        {"{tokens_used}", QString::number(rate.tokenLimit - rate.tokensRemaining)},
        {"{requested_tokens}", QString::number(error.requestedTokens)},
        {"{wait}", QString::fromLatin1(simGoDuration(rate.retryAfterNs))},
    };
    // Filled in one pass, so a value that itself holds "{model}" (an echoed message) stays as is.
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size();) {
        bool replaced = false;
        if (text[i] == QLatin1Char('{')) {
            for (const auto &[name, value] : values) {
                const QLatin1StringView key(name);
                if (QStringView(text).sliced(i).startsWith(key)) {
                    out += value;
                    i += key.size();
                    replaced = true;
                    break;
                }
            }
        }
        if (!replaced)
            out += text[i++];
    }
    return out;
}

const char *simErrorType(const SimErrorWording &row, const SimError &error)
{
    return simLimitedByTokens(error) && row.tokensType ? row.tokensType : row.type;
}

} // namespace ys
