#pragma once

#include <QStringView>
#include <cstddef>
#include <string>

// UTF-8 helpers for the tokenizer. The tokenizer works on valid UTF-8 only; everything else is
// made valid first by one documented rule: each maximal subpart of an ill-formed sequence
// (Unicode 15, section 3.9 "U+FFFD substitution of maximal subparts", as WHATWG's TextDecoder and
// Python's errors="replace" do it) becomes one U+FFFD, and so does each lone surrogate in UTF-16.
namespace ys::utf8 {

// True when the bytes are well-formed UTF-8 (no surrogates, no overlongs, nothing past U+10FFFF).
bool isValid(const char *data, std::size_t size);

// Appends the bytes to out with the replacement rule above applied.
void appendSanitized(const char *data, std::size_t size, std::string &out);

// Appends the UTF-16 text to out as UTF-8; a lone surrogate becomes U+FFFD.
void appendFromUtf16(QStringView text, std::string &out);

// Decodes one code point of valid UTF-8 at p and advances p past it.
inline char32_t next(const unsigned char *&p)
{
    const unsigned char b0 = *p;
    if (b0 < 0x80) {
        ++p;
        return b0;
    }
    if (b0 < 0xe0) {
        const char32_t cp = (char32_t(b0 & 0x1f) << 6) | (p[1] & 0x3f);
        p += 2;
        return cp;
    }
    if (b0 < 0xf0) {
        const char32_t cp =
            (char32_t(b0 & 0x0f) << 12) | (char32_t(p[1] & 0x3f) << 6) | (p[2] & 0x3f);
        p += 3;
        return cp;
    }
    const char32_t cp = (char32_t(b0 & 0x07) << 18) | (char32_t(p[1] & 0x3f) << 12) |
                        (char32_t(p[2] & 0x3f) << 6) | (p[3] & 0x3f);
    p += 4;
    return cp;
}

} // namespace ys::utf8
