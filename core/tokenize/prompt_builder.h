#pragma once

#include "tokenize/text_corpus.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <span>
#include <vector>

namespace ys {

class Tokenizer;

// How a provider's own token count relates to a base encoding's, for the providers whose
// tokenizer Yardstick does not have: provider tokens = tokensPerBaseToken * base tokens +
// overheadTokens. Fitted from probes, one per corpus, since the ratio depends on the text.
struct Calibration {
    double tokensPerBaseToken = 1.0;
    double overheadTokens = 0.0; // what the provider adds to every request (its chat template)

    // One probe: the ratio through the known overhead (0 when unknown; a probe of a few thousand
    // tokens then keeps the error of ignoring a template of a dozen tokens well under 1%).
    static Calibration fromProbe(qint64 baseTokens, qint64 reportedTokens,
                                 double overheadTokens = 0.0);
    // Two or more probes of different sizes: a least-squares fit of ratio and overhead.
    static Calibration fromProbes(std::span<const std::pair<qint64, qint64>> baseAndReported);

    double providerTokens(double baseTokens) const
    {
        return tokensPerBaseToken * baseTokens + overheadTokens;
    }
};

// What to build. Every field takes part in the result, so the same spec always gives the same
// prompt, on any machine.
struct PromptSpec {
    Corpus corpus = Corpus::English;
    int targetTokens = 1000; // in the provider's tokens; exact for tiktoken families
    quint64 seed = 1;        // picks and orders the text
    int requestIndex = 0;    // one prompt of a series: each index gets its own text
    // A first line unique to (seed, requestIndex), so no provider can serve the request from a
    // prompt cache. Turn it off only to measure caching on purpose.
    bool uniquePrefix = true;
    // Tokens at the very start that are the same for every request of the seed (before the
    // unique line): a cache probe sees them cached from the second request on.
    int sharedPrefixTokens = 0;
    QString needle;           // a fact to recall; empty for none
    double needleDepth = 0.5; // where in the body it goes: 0 the start, 1 the end
    QString instruction;      // a last paragraph, e.g. the question about the needle
};

struct BuiltPrompt {
    QString text;
    qint64 tokens = 0;     // provider tokens: exact, or the calibrated estimate
    qint64 baseTokens = 0; // counted in the base encoding
    bool estimated = false;
    qint64 bodyTokens = 0;         // base tokens of the body (the haystack), needle included
    qsizetype needleOffset = -1;   // character offset of the needle in text, -1 without one
    qint64 needleTokenOffset = -1; // base tokens of the body before the needle
};

// Chat-format overhead, per OpenAI's convention for its chat models: every message costs
// perMessage tokens of framing plus its role and content, and the reply is primed with
// replyPriming more. The role is counted with the encoding ("user" is one token).
struct ChatOverhead {
    int perMessage = 3;
    int replyPriming = 3;
};

struct ChatMessage {
    QString role; // "system", "user" or "assistant"
    QString content;
};

struct ConversationSpec {
    Corpus corpus = Corpus::English;
    int targetTokens = 4000; // the whole request: contents, roles and framing
    int turns = 3;           // user messages; an assistant answer sits between two of them
    quint64 seed = 1;
    int requestIndex = 0;
    bool uniquePrefix = true;
    QString systemPrompt; // optional, counted as it is
    ChatOverhead overhead;
};

struct BuiltConversation {
    std::vector<ChatMessage> messages;
    qint64 tokens = 0; // contents + roles + framing, in provider tokens (exact or estimated)
    bool estimated = false;
};

// Makes deterministic prompts of an exact token count from the bundled corpora. With an exact
// tokenizer (a tiktoken family) the count is exact by construction: the text is laid out in
// paragraphs whose token counts add up (a paragraph ends with a line break and the next starts
// with a character that cannot join it), and the last paragraph is cut where its count is the
// exact remainder; the whole is re-counted to confirm. With a calibration (another family) the
// base count is exact and the provider count is its calibrated estimate.
class PromptBuilder {
    Q_DECLARE_TR_FUNCTIONS(ys::PromptBuilder)
public:
    explicit PromptBuilder(const Tokenizer &tokenizer);
    PromptBuilder(const Tokenizer &tokenizer, const Calibration &calibration);

    bool isEstimate() const { return m_calibration.has_value(); }
    const Tokenizer &tokenizer() const { return m_tokenizer; }

    std::optional<BuiltPrompt> build(const PromptSpec &spec, QString *error = nullptr) const;
    std::optional<BuiltConversation> buildConversation(const ConversationSpec &spec,
                                                       QString *error = nullptr) const;

    // A deterministic probe of exactly baseTokens base tokens, laid out like a prompt: send it,
    // and give its base count and the provider's reported prompt tokens to
    // Calibration::fromProbe. The default covers every paragraph of each corpus several times,
    // which keeps prompts from about 32K tokens up within 1%. A small prompt is only a few
    // paragraphs, whose density varies: for it, send the prompt itself as the probe (build,
    // send once, calibrate from its baseTokens and the reported count, build again).
    QString probeText(Corpus corpus, int baseTokens = 8000) const;

    // Provider tokens of a text: exact, or the calibrated estimate.
    qint64 countTokens(QStringView text) const;

private:
    qint64 toBase(double providerTokens) const;
    qint64 toProvider(qint64 baseTokens) const;

    const Tokenizer &m_tokenizer;
    std::optional<Calibration> m_calibration;
};

} // namespace ys
