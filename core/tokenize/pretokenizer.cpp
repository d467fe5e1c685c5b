#include "tokenize/pretokenizer.h"

#include "tokenize/unicode_classes.h"
#include "tokenize/utf8.h"

#include <QByteArray>

namespace ys {

namespace {

using namespace ys::unicode;

const char kCl100kPattern[] =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
const char kO200kPattern[] =
    R"([^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

struct Char {
    CharClass cls;
    const unsigned char *next;
};

inline Char peek(const unsigned char *p)
{
    if (*p < 0x80)
        return {CharClass(kClassStage2[*p]), p + 1}; // block 0 is always stage-2 block 0
    const unsigned char *q = p;
    const char32_t cp = utf8::next(q);
    return {charClass(cp), q};
}

inline bool isLetter(CharClass c)
{
    return c >= Lu && c <= Lo;
}

// [^\s\p{L}\p{N}]
inline bool isSymbol(CharClass c)
{
    return c == Other || c == Mark;
}

// [^\r\n\p{L}\p{N}], the optional character before a word.
inline bool isWordPrefix(CharClass c)
{
    return c == Other || c == Mark || c == Space;
}

// [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
inline bool isUpperPart(CharClass c)
{
    return c == Lu || c == Lt || c == Lm || c == Lo || c == Mark;
}

// [\p{Ll}\p{Lm}\p{Lo}\p{M}]
inline bool isLowerPart(CharClass c)
{
    return c == Ll || c == Lm || c == Lo || c == Mark;
}

// Past the run of characters from q whose class pred accepts: where the run ends.
template <typename Pred>
inline const unsigned char *skipWhile(const unsigned char *q, const unsigned char *end, Pred pred)
{
    while (q < end) {
        const Char c = peek(q);
        if (!pred(c.cls))
            break;
        q = c.next;
    }
    return q;
}

// (?i:'s|'t|'re|'ve|'m|'ll|'d) at p; Unicode case folding also lets U+017F (long s) match s.
const unsigned char *contraction(const unsigned char *p, const unsigned char *end)
{
    if (end - p < 2 || p[0] != '\'')
        return nullptr;
    const unsigned char c = p[1] | 0x20;
    switch (c) {
    case 's':
    case 't':
    case 'm':
    case 'd':
        return p + 2;
    case 'r':
    case 'v':
        return end - p >= 3 && (p[2] | 0x20) == 'e' ? p + 3 : nullptr;
    case 'l':
        return end - p >= 3 && (p[2] | 0x20) == 'l' ? p + 3 : nullptr;
    default:
        break;
    }
    if (p[1] == 0xc5 && end - p >= 3 && p[2] == 0xbf)
        return p + 3;
    return nullptr;
}

// \s*[\r\n]+|\s+(?!\S)|\s+ at a whitespace character.
const unsigned char *whitespace(const unsigned char *p, const unsigned char *end)
{
    const unsigned char *q = p;
    const unsigned char *lastStart = p;
    const unsigned char *afterNewline = nullptr;
    int count = 0;
    while (q < end) {
        const Char c = peek(q);
        if (c.cls != Space && c.cls != Newline)
            break;
        lastStart = q;
        q = c.next;
        ++count;
        if (c.cls == Newline)
            afterNewline = q;
    }
    if (afterNewline)
        return afterNewline; // \s*[\r\n]+ backtracks to the last line break of the run
    if (q == end || count == 1)
        return q;     // \s+(?!\S) at the end, or the lone \s+
    return lastStart; // \s+(?!\S) leaves the last space to the word that follows
}

const unsigned char *digits(const unsigned char *p, const unsigned char *end)
{
    for (int i = 0; i < 3 && p < end; ++i) {
        const Char c = peek(p);
        if (c.cls != Number)
            break;
        p = c.next;
    }
    return p;
}

// The symbol alternative ` ?[^\s\p{L}\p{N}]+[\r\n]*` (o200k: `[\r\n/]*`), or nullptr.
template <bool withSlash>
const unsigned char *symbols(const unsigned char *p, const unsigned char *end)
{
    const unsigned char *q = p;
    if (*p == ' ' && p + 1 < end)
        q = p + 1; // ` ?` takes the space when a symbol follows it, else the match fails anyway
    const Char c = peek(q);
    if (!isSymbol(c.cls))
        return nullptr;
    q = skipWhile(c.next, end, isSymbol);
    while (q < end && (*q == '\r' || *q == '\n' || (withSlash && *q == '/')))
        ++q;
    return q;
}

// [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|...)? from s.
const unsigned char *o200kLowerWord(const unsigned char *s, const unsigned char *end)
{
    const unsigned char *q = s;
    const unsigned char *afterLastLower = nullptr;
    Char c{Other, s};
    while (q < end) {
        c = peek(q);
        if (!isUpperPart(c.cls))
            break;
        q = c.next;
        if (isLowerPart(c.cls))
            afterLastLower = q;
    }
    const unsigned char *r;
    if (q < end && c.cls == Ll) {
        // The greedy upper run is followed by lower case: the lower run takes what follows.
        r = skipWhile(c.next, end, isLowerPart);
    } else if (afterLastLower) {
        r = afterLastLower; // backtracking hands the upper run's last lower-part back
    } else {
        return nullptr;
    }
    const unsigned char *m = contraction(r, end);
    return m ? m : r;
}

// [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|...)? from s.
const unsigned char *o200kUpperWord(const unsigned char *s, const unsigned char *end)
{
    const unsigned char *q = skipWhile(s, end, isUpperPart);
    if (q == s)
        return nullptr;
    q = skipWhile(q, end, isLowerPart);
    const unsigned char *m = contraction(q, end);
    return m ? m : q;
}

} // namespace

bool Pretokenizer::patternFor(const QByteArray &patStr, Pattern *pattern)
{
    if (patStr == kCl100kPattern) {
        *pattern = Pattern::Cl100k;
        return true;
    }
    if (patStr == kO200kPattern) {
        *pattern = Pattern::O200k;
        return true;
    }
    return false;
}

QByteArray Pretokenizer::patStr(Pattern pattern)
{
    return QByteArray(pattern == Pattern::Cl100k ? kCl100kPattern : kO200kPattern);
}

const unsigned char *Pretokenizer::nextCl100k(const unsigned char *p, const unsigned char *end)
{
    const Char c0 = peek(p);
    if (*p == '\'') {
        if (const unsigned char *m = contraction(p, end))
            return m;
    }
    // [^\r\n\p{L}\p{N}]?\p{L}+
    const unsigned char *letters = nullptr;
    if (isLetter(c0.cls)) {
        letters = c0.next;
    } else if (isWordPrefix(c0.cls) && c0.next < end) {
        const Char c1 = peek(c0.next);
        if (isLetter(c1.cls))
            letters = c1.next;
    }
    if (letters)
        return skipWhile(letters, end, isLetter);
    if (c0.cls == Number)
        return digits(p, end);
    if (const unsigned char *m = symbols<false>(p, end))
        return m;
    return whitespace(p, end);
}

const unsigned char *Pretokenizer::nextO200k(const unsigned char *p, const unsigned char *end)
{
    const Char c0 = peek(p);
    const bool prefix = isWordPrefix(c0.cls) && c0.next < end;
    const bool word = isLetter(c0.cls) || c0.cls == Mark;
    if (prefix || word) {
        const unsigned char *m = nullptr;
        if (prefix)
            m = o200kLowerWord(c0.next, end);
        if (!m && word)
            m = o200kLowerWord(p, end);
        if (!m && prefix)
            m = o200kUpperWord(c0.next, end);
        if (!m && word)
            m = o200kUpperWord(p, end);
        if (m)
            return m;
    }
    if (c0.cls == Number)
        return digits(p, end);
    if (const unsigned char *m = symbols<true>(p, end))
        return m;
    return whitespace(p, end);
}

} // namespace ys
