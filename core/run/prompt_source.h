#pragma once

#include <QString>

namespace ys {

// Deterministic prompts of a chosen size. Each request gets a unique opening line so that no
// provider can answer it from a prompt cache. Sizes are exact in the approximate token count
// (tokenize/approx_tokens.h) until the exact tokenizer lands.
class PromptSource {
public:
    static QString make(int targetTokens, quint64 runSeed, int requestNumber);
};

} // namespace ys
