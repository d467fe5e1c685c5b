#pragma once

#include "tokenize/encoding.h"

#include <QCoreApplication>
#include <QString>

namespace ys {

// Which encoding counts a model's tokens, and whether that count is exact. OpenAI models use a
// tiktoken encoding Yardstick has, so their counts are exact; every other provider's tokenizer
// is proprietary or simply different, so a proxy encoding gives an estimate, labelled as such
// wherever it is shown, and the provider's reported usage is the figure of record.
struct EncodingInfo {
    Encoding encoding = Encoding::O200kBase; // the encoding to count with (exact or proxy)
    bool estimated = true;                   // true: the provider's tokenizer is not `encoding`
    QString family; // "openai", "anthropic", "gemini", "qwen", ... or "unknown"
};

class EncodingRegistry {
    Q_DECLARE_TR_FUNCTIONS(ys::EncodingRegistry)
public:
    // Maps a model name ("gpt-4o-mini", "openai/gpt-4.1", "claude-sonnet-4-5", ...) to its
    // encoding. The dialect ("anthropic-messages", "gemini", ...) decides for names the table
    // does not know. Matching ignores case and a leading "vendor/" path.
    static EncodingInfo forModel(QStringView model, QStringView dialect = {});

    // "1,234" for an exact count, "≈1,234 (estimated)" for an estimate: the one way every view
    // labels token counts.
    static QString formatCount(qint64 tokens, bool estimated);
    // A short note for tooltips and reports: which encoding counted and whether it is exact.
    static QString describe(const EncodingInfo &info);
};

} // namespace ys
