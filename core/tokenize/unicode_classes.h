#pragma once

#include <QtGlobal>

// The character classes the tiktoken pre-tokenizer regexes distinguish, looked up in a two-stage
// table generated from the Unicode version the reference's regex engine uses (see
// gen_unicode_classes.mjs). Qt's QChar tables are an older Unicode version and would split some
// text differently from the reference.
namespace ys::unicode {

enum CharClass : quint8 {
    Other = 0, // punctuation, symbols, controls, unassigned: [^\s\p{L}\p{N}] minus marks
    Lu = 1,
    Ll = 2,
    Lt = 3,
    Lm = 4,
    Lo = 5,
    Mark = 6,    // \p{M}
    Number = 7,  // \p{N}
    Space = 8,   // \s (White_Space) other than \r and \n
    Newline = 9, // \r and \n
};

extern const char kUnicodeClassesVersion[];
extern const quint8 kClassStage1[0x110000 / 256];
extern const quint8 kClassStage2[];

inline CharClass charClass(char32_t cp)
{
    if (cp >= 0x110000)
        return Other;
    return CharClass(kClassStage2[kClassStage1[cp >> 8] * 256u + (cp & 0xffu)]);
}

} // namespace ys::unicode
