#pragma once

#include <QtGlobal>

namespace ys {

// Splits valid UTF-8 into the pieces tiktoken's pre-tokenizer regex (pat_str) would find, with
// a hand-written matcher per pattern instead of a regex engine: the same leftmost-first,
// backtracking semantics, several times faster. Supported patterns are those of cl100k_base and
// o200k_base; the character classes come from unicode_classes.h.
class Pretokenizer {
public:
    enum class Pattern { Cl100k, O200k };

    explicit Pretokenizer(Pattern pattern)
        : m_pattern(pattern)
    {
    }

    Pattern pattern() const { return m_pattern; }

    // The pattern whose pat_str is exactly this text, or false when it is none of them.
    static bool patternFor(const QByteArray &patStr, Pattern *pattern);
    static QByteArray patStr(Pattern pattern);

    // End of the piece that starts at p; p < end, and [p, end) is valid UTF-8. The regex never
    // looks past end, so a caller that splits text at special tokens passes each segment's end.
    const unsigned char *next(const unsigned char *p, const unsigned char *end) const
    {
        return m_pattern == Pattern::Cl100k ? nextCl100k(p, end) : nextO200k(p, end);
    }

    static const unsigned char *nextCl100k(const unsigned char *p, const unsigned char *end);
    static const unsigned char *nextO200k(const unsigned char *p, const unsigned char *end);

private:
    Pattern m_pattern;
};

} // namespace ys
