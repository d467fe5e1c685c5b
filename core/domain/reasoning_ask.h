#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace ys {

// The reasoning a request asks for (docs/suite-format.md, "Reasoning effort"): effort in the
// words OpenAI uses ("minimal", "low", "medium", "high"), and the thinking budget in tokens for
// the dialects that take a budget (Anthropic, Gemini): set, or the effort's own.
struct ReasoningAsk {
    QString effort;
    std::optional<int> budgetTokens;

    bool asked() const { return !effort.isEmpty() || budgetTokens.has_value(); }
    // The budget sent where a dialect takes one: budgetTokens, else the effort's (minimal 1,024,
    // low 2,048, medium 8,192, high 24,576 tokens).
    int budget() const;
    // The effort sent where a dialect takes words: effort, else the smallest whose budget holds
    // budgetTokens.
    QString effortWord() const;
    static QStringList efforts();
};

} // namespace ys
