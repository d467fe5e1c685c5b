#pragma once

#include "tokenize/encoding_registry.h"

#include <QString>

namespace ys {

struct SourcedPrompt {
    QString text;
    qint64 tokens = 0;      // in the provider's tokenizer: exact for tiktoken families
    bool estimated = false; // counted with a proxy encoding
};

// The prompts a run sends: deterministic English prose of the scenario's size in the provider's
// tokenizer family (tokenize/prompt_builder.h), each request with a unique opening line so that
// no provider can answer it from a prompt cache.
struct PromptSpec;

class PromptSource {
public:
    // Any prompt the builder can make, in the provider's family; a spec too small for its
    // instruction gives the instruction alone.
    static SourcedPrompt build(const PromptSpec &spec, const EncodingInfo &encoding);
    static SourcedPrompt make(int targetTokens, quint64 runSeed, int requestNumber,
                              const EncodingInfo &encoding);
};

} // namespace ys
