#include "tokenize/utf8.h"

#include <cstring>

namespace ys::utf8 {

namespace {

// Length of the well-formed sequence at p (1 to 4), or the negated length of its maximal
// subpart (-1 to -3) when it is ill-formed. p < end.
int sequenceLength(const unsigned char *p, const unsigned char *end)
{
    const unsigned char b0 = p[0];
    if (b0 < 0x80)
        return 1;
    int need = 0;
    unsigned char lo = 0x80, hi = 0xbf;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
        need = 1;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
        need = 2;
        if (b0 == 0xe0)
            lo = 0xa0;
        else if (b0 == 0xed)
            hi = 0x9f; // surrogates are not scalar values
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        need = 3;
        if (b0 == 0xf0)
            lo = 0x90;
        else if (b0 == 0xf4)
            hi = 0x8f;
    } else {
        return -1;
    }
    // Only the first continuation byte has the narrowed range.
    for (int i = 1; i <= need; ++i) {
        if (p + i >= end || p[i] < lo || p[i] > hi)
            return -i;
        lo = 0x80;
        hi = 0xbf;
    }
    return need + 1;
}

bool allAscii(const unsigned char *p, std::size_t size)
{
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        quint64 w;
        std::memcpy(&w, p + i, 8);
        if (w & 0x8080808080808080ull)
            return false;
    }
    for (; i < size; ++i)
        if (p[i] & 0x80)
            return false;
    return true;
}

constexpr char kReplacement[] = "\xef\xbf\xbd";

} // namespace

bool isValid(const char *data, std::size_t size)
{
    const auto *p = reinterpret_cast<const unsigned char *>(data);
    const unsigned char *end = p + size;
    while (p < end) {
        if (*p < 0x80) {
            // Skip ASCII a word at a time: most prompts are mostly ASCII.
            const std::size_t left = std::size_t(end - p);
            if (left >= 8) {
                quint64 w;
                std::memcpy(&w, p, 8);
                if (!(w & 0x8080808080808080ull)) {
                    p += 8;
                    continue;
                }
            }
            ++p;
            continue;
        }
        const int n = sequenceLength(p, end);
        if (n < 0)
            return false;
        p += n;
    }
    return true;
}

void appendSanitized(const char *data, std::size_t size, std::string &out)
{
    const auto *p = reinterpret_cast<const unsigned char *>(data);
    const unsigned char *end = p + size;
    out.reserve(out.size() + size);
    if (allAscii(p, size)) {
        out.append(data, size);
        return;
    }
    while (p < end) {
        const int n = sequenceLength(p, end);
        if (n > 0) {
            out.append(reinterpret_cast<const char *>(p), std::size_t(n));
            p += n;
        } else {
            out.append(kReplacement, 3);
            p += -n;
        }
    }
}

void appendFromUtf16(QStringView text, std::string &out)
{
    const char16_t *begin = text.utf16();
    const char16_t *end = begin + text.size();
    // Size the output exactly first, so a long text costs one allocation, not a series.
    std::size_t size = 0;
    for (const char16_t *p = begin; p < end; ++p) {
        const char16_t c = *p;
        if (c < 0x80)
            size += 1;
        else if (c < 0x800)
            size += 2;
        else if (c >= 0xd800 && c <= 0xdbff && p + 1 < end && p[1] >= 0xdc00 && p[1] <= 0xdfff)
            size += 4, ++p;
        else
            size += 3; // the BMP character, or U+FFFD for a lone surrogate
    }
    const std::size_t at = out.size();
    out.resize(at + size);
    auto *o = reinterpret_cast<unsigned char *>(out.data() + at);
    for (const char16_t *p = begin; p < end; ++p) {
        char32_t c = *p;
        if (c < 0x80) {
            *o++ = static_cast<unsigned char>(c);
            continue;
        }
        if (c < 0x800) {
            *o++ = static_cast<unsigned char>(0xc0 | (c >> 6));
            *o++ = static_cast<unsigned char>(0x80 | (c & 0x3f));
            continue;
        }
        if (c >= 0xd800 && c <= 0xdfff) {
            if (c <= 0xdbff && p + 1 < end && p[1] >= 0xdc00 && p[1] <= 0xdfff) {
                c = 0x10000 + ((c - 0xd800) << 10) + (char32_t(*++p) - 0xdc00);
                *o++ = static_cast<unsigned char>(0xf0 | (c >> 18));
                *o++ = static_cast<unsigned char>(0x80 | ((c >> 12) & 0x3f));
                *o++ = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3f));
                *o++ = static_cast<unsigned char>(0x80 | (c & 0x3f));
                continue;
            }
            c = 0xfffd;
        }
        *o++ = static_cast<unsigned char>(0xe0 | (c >> 12));
        *o++ = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3f));
        *o++ = static_cast<unsigned char>(0x80 | (c & 0x3f));
    }
}

} // namespace ys::utf8
