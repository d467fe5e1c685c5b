#include "tokenize/approx_tokens.h"

#include <QChar>

namespace ys {

namespace {
bool isWideScript(char32_t c)
{
    return (c >= 0x3040 && c <= 0x30FF)      // kana
           || (c >= 0x3400 && c <= 0x4DBF)   // CJK extension A
           || (c >= 0x4E00 && c <= 0x9FFF)   // CJK unified ideographs
           || (c >= 0xAC00 && c <= 0xD7AF)   // hangul syllables
           || (c >= 0xF900 && c <= 0xFAFF)   // CJK compatibility
           || (c >= 0x20000 && c <= 0x3134F) // CJK extensions B..G
           || (c >= 0x3000 && c <= 0x303F)   // CJK punctuation
           || (c >= 0xFF00 && c <= 0xFFEF);  // full-width forms
}
} // namespace

int approxTokenCount(QStringView text)
{
    int tokens = 0;
    int run = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t c = text[i].unicode();
        if (QChar::isHighSurrogate(c) && i + 1 < text.size() && text[i + 1].isLowSurrogate())
            c = QChar::surrogateToUcs4(char16_t(c), text[++i].unicode());
        if (isWideScript(c)) {
            tokens += (run + 3) / 4 + 1;
            run = 0;
        } else {
            ++run;
        }
    }
    return tokens + (run + 3) / 4;
}

} // namespace ys
