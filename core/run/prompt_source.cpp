#include "run/prompt_source.h"

#include "tokenize/bpe_tokenizer.h"
#include "tokenize/prompt_builder.h"

namespace ys {

SourcedPrompt PromptSource::make(int targetTokens, quint64 runSeed, int requestNumber,
                                 const EncodingInfo &encoding)
{
    PromptSpec spec;
    spec.corpus = Corpus::English;
    spec.targetTokens = std::max(1, targetTokens);
    spec.seed = runSeed;
    spec.requestIndex = requestNumber;
    spec.instruction = QStringLiteral("Summarise the notes above in one paragraph.");
    return build(spec, encoding);
}

SourcedPrompt PromptSource::build(const PromptSpec &spec, const EncodingInfo &encoding)
{
    const Tokenizer &tokenizer = Tokenizer::shared(encoding.encoding);
    PromptBuilder builder(tokenizer);
    SourcedPrompt out;
    if (auto built = builder.build(spec)) {
        out.text = std::move(built->text);
        out.tokens = built->tokens;
    } else {
        // Only a target too small for the instruction gets here: send the instruction alone.
        out.text = spec.instruction;
        out.tokens = tokenizer.count(out.text);
    }
    out.estimated = encoding.estimated;
    return out;
}

} // namespace ys
