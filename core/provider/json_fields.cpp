#include "provider/json_fields.h"

#include <cstdint>
#include <cstring>

namespace ys::json_fields {

namespace {

using nlohmann::json;

// A SAX handler that hands everything to nlohmann's own DOM builder except the members it was
// not asked for, which it skips whole (a skipped object or array is counted down to its end).
class KeepingSax {
public:
    using number_integer_t = json::number_integer_t;
    using number_unsigned_t = json::number_unsigned_t;
    using number_float_t = json::number_float_t;
    using string_t = json::string_t;
    using binary_t = json::binary_t;

    KeepingSax(json &result, const KeySet &keys)
        : m_dom(result, false)
        , m_keys(keys)
    {
    }

    bool null() { return skipScalar() || m_dom.null(); }
    bool boolean(bool value) { return skipScalar() || m_dom.boolean(value); }
    bool number_integer(number_integer_t value)
    {
        return skipScalar() || m_dom.number_integer(value);
    }
    bool number_unsigned(number_unsigned_t value)
    {
        return skipScalar() || m_dom.number_unsigned(value);
    }
    bool number_float(number_float_t value, const string_t &text)
    {
        return skipScalar() || m_dom.number_float(value, text);
    }
    bool string(string_t &value) { return skipScalar() || m_dom.string(value); }
    bool binary(binary_t &value) { return skipScalar() || m_dom.binary(value); }
    bool start_object(std::size_t elements) { return skipOpen() || m_dom.start_object(elements); }
    bool end_object() { return skipClose() || m_dom.end_object(); }
    bool start_array(std::size_t elements) { return skipOpen() || m_dom.start_array(elements); }
    bool end_array() { return skipClose() || m_dom.end_array(); }
    bool key(string_t &name)
    {
        if (m_skipDepth > 0)
            return true;
        if (!m_keys.contains(name)) {
            m_skipNext = true;
            return true;
        }
        return m_dom.key(name);
    }
    bool parse_error(std::size_t position, const std::string &token,
                     const nlohmann::detail::exception &error)
    {
        return m_dom.parse_error(position, token, error);
    }
    bool is_errored() const { return m_dom.is_errored(); }

private:
    // True when this scalar is (inside) a skipped member.
    bool skipScalar()
    {
        if (m_skipDepth > 0)
            return true;
        if (m_skipNext) {
            m_skipNext = false;
            return true;
        }
        return false;
    }
    bool skipOpen()
    {
        if (m_skipDepth > 0) {
            ++m_skipDepth;
            return true;
        }
        if (m_skipNext) {
            m_skipNext = false;
            m_skipDepth = 1;
            return true;
        }
        return false;
    }
    bool skipClose()
    {
        if (m_skipDepth > 0) {
            --m_skipDepth;
            return true;
        }
        return false;
    }

    nlohmann::detail::json_sax_dom_parser<json> m_dom;
    const KeySet &m_keys;
    int m_skipDepth = 0;
    bool m_skipNext = false;
};

// A strict scanner for the plain JSON most stream events are made of, feeding the same DOM
// builder with the same events as nlohmann's parser would, and skipping unwanted members without
// building them. It declines (returns false) whatever it does not handle itself: \u escapes,
// numbers with a fraction or an exponent or more than 18 digits, deep nesting, and anything
// invalid; the caller then parses the text with nlohmann, so the result never depends on which
// of the two read it.
class PlainScanner {
public:
    PlainScanner(const char *begin, const char *end, json &result, const KeySet &keys)
        : m_p(begin)
        , m_end(end)
        , m_dom(result, false)
        , m_keys(keys)
    {
    }

    bool run()
    {
        skipSpace();
        if (!value(true))
            return false;
        skipSpace();
        return m_p == m_end && !m_dom.is_errored();
    }

private:
    static constexpr int kMaxDepth = 64;

    int peek() const { return m_p < m_end ? int(static_cast<unsigned char>(*m_p)) : -1; }
    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }
    bool literal(const char *word, std::size_t size)
    {
        if (std::size_t(m_end - m_p) < size || std::memcmp(m_p, word, size) != 0)
            return false;
        m_p += size;
        return true;
    }

    bool value(bool keep)
    {
        switch (peek()) {
        case '{':
            return object(keep);
        case '[':
            return array(keep);
        case '"': {
            if (!keep)
                return string(nullptr);
            std::string text;
            return string(&text) && m_dom.string(text);
        }
        case 't':
            return literal("true", 4) && (!keep || m_dom.boolean(true));
        case 'f':
            return literal("false", 5) && (!keep || m_dom.boolean(false));
        case 'n':
            return literal("null", 4) && (!keep || m_dom.null());
        default:
            return number(keep);
        }
    }

    bool object(bool keep)
    {
        if (++m_depth > kMaxDepth)
            return false;
        ++m_p;
        if (keep && !m_dom.start_object(std::size_t(-1)))
            return false;
        skipSpace();
        if (peek() == '}') {
            ++m_p;
        } else {
            std::string name;
            for (;;) {
                if (peek() != '"')
                    return false;
                name.clear();
                if (!string(&name))
                    return false;
                skipSpace();
                if (peek() != ':')
                    return false;
                ++m_p;
                skipSpace();
                const bool keepMember = keep && m_keys.contains(name);
                if (keepMember && !m_dom.key(name))
                    return false;
                if (!value(keepMember))
                    return false;
                skipSpace();
                const int c = peek();
                ++m_p;
                if (c == ',') {
                    skipSpace();
                    continue;
                }
                if (c == '}')
                    break;
                return false;
            }
        }
        --m_depth;
        return !keep || m_dom.end_object();
    }

    bool array(bool keep)
    {
        if (++m_depth > kMaxDepth)
            return false;
        ++m_p;
        if (keep && !m_dom.start_array(std::size_t(-1)))
            return false;
        skipSpace();
        if (peek() == ']') {
            ++m_p;
        } else {
            for (;;) {
                if (!value(keep))
                    return false;
                skipSpace();
                const int c = peek();
                ++m_p;
                if (c == ',') {
                    skipSpace();
                    continue;
                }
                if (c == ']')
                    break;
                return false;
            }
        }
        --m_depth;
        return !keep || m_dom.end_array();
    }

    // At the opening quote. out == nullptr: only checked.
    bool string(std::string *out)
    {
        ++m_p;
        for (;;) {
            const char *run = m_p;
            while (m_p < m_end) {
                const auto c = static_cast<unsigned char>(*m_p);
                if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80)
                    break;
                ++m_p;
            }
            if (out)
                out->append(run, std::size_t(m_p - run));
            const int c = peek();
            if (c == '"') {
                ++m_p;
                return true;
            }
            if (c == '\\') {
                if (m_end - m_p < 2)
                    return false;
                char unescaped;
                switch (m_p[1]) {
                case '"':
                    unescaped = '"';
                    break;
                case '\\':
                    unescaped = '\\';
                    break;
                case '/':
                    unescaped = '/';
                    break;
                case 'b':
                    unescaped = '\b';
                    break;
                case 'f':
                    unescaped = '\f';
                    break;
                case 'n':
                    unescaped = '\n';
                    break;
                case 'r':
                    unescaped = '\r';
                    break;
                case 't':
                    unescaped = '\t';
                    break;
                default:
                    return false; // \u and anything invalid
                }
                m_p += 2;
                if (out)
                    out->push_back(unescaped);
                continue;
            }
            if (c >= 0x80) {
                const std::size_t n = utf8Sequence();
                if (n == 0)
                    return false;
                if (out)
                    out->append(m_p, n);
                m_p += n;
                continue;
            }
            return false; // a control character, or the end of the input
        }
    }

    // The length of the well-formed UTF-8 sequence at m_p (RFC 3629), or 0.
    std::size_t utf8Sequence() const
    {
        const auto *s = reinterpret_cast<const unsigned char *>(m_p);
        const std::size_t left = std::size_t(m_end - m_p);
        auto in = [&](std::size_t i, unsigned lo, unsigned hi) {
            return i < left && s[i] >= lo && s[i] <= hi;
        };
        const unsigned c = s[0];
        if (c >= 0xC2 && c <= 0xDF)
            return in(1, 0x80, 0xBF) ? 2 : 0;
        if (c == 0xE0)
            return in(1, 0xA0, 0xBF) && in(2, 0x80, 0xBF) ? 3 : 0;
        if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF)
            return in(1, 0x80, 0xBF) && in(2, 0x80, 0xBF) ? 3 : 0;
        if (c == 0xED)
            return in(1, 0x80, 0x9F) && in(2, 0x80, 0xBF) ? 3 : 0;
        if (c == 0xF0)
            return in(1, 0x90, 0xBF) && in(2, 0x80, 0xBF) && in(3, 0x80, 0xBF) ? 4 : 0;
        if (c >= 0xF1 && c <= 0xF3)
            return in(1, 0x80, 0xBF) && in(2, 0x80, 0xBF) && in(3, 0x80, 0xBF) ? 4 : 0;
        if (c == 0xF4)
            return in(1, 0x80, 0x8F) && in(2, 0x80, 0xBF) && in(3, 0x80, 0xBF) ? 4 : 0;
        return 0;
    }

    // -?(0|[1-9][0-9]*) with at most 18 digits: an exact integer, as nlohmann reads it
    // (unsigned when not negative).
    bool number(bool keep)
    {
        const bool negative = peek() == '-';
        if (negative)
            ++m_p;
        const char *digits = m_p;
        if (peek() == '0') {
            ++m_p;
        } else if (peek() >= '1' && peek() <= '9') {
            while (peek() >= '0' && peek() <= '9')
                ++m_p;
        } else {
            return false;
        }
        const int next = peek();
        if (next == '.' || next == 'e' || next == 'E' || (next >= '0' && next <= '9') ||
            m_p - digits > 18)
            return false;
        if (!keep)
            return true;
        std::uint64_t v = 0;
        for (const char *d = digits; d < m_p; ++d)
            v = v * 10 + std::uint64_t(*d - '0');
        if (negative)
            return m_dom.number_integer(-json::number_integer_t(v));
        return m_dom.number_unsigned(json::number_unsigned_t(v));
    }

    const char *m_p;
    const char *const m_end;
    nlohmann::detail::json_sax_dom_parser<json> m_dom;
    const KeySet &m_keys;
    int m_depth = 0;
};

} // namespace

json parseKeeping(QByteArrayView bytes, const KeySet &keys)
{
    const char *const begin = bytes.data();
    const char *const end = begin + bytes.size();
    {
        json result;
        PlainScanner scanner(begin, end, result, keys);
        if (scanner.run())
            return result;
    }
    json result;
    KeepingSax sax(result, keys);
    const bool ok = json::sax_parse(begin, end, &sax);
    if (!ok || sax.is_errored())
        return json(json::value_t::discarded);
    return result;
}

} // namespace ys::json_fields
