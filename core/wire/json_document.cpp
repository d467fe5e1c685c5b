#include "wire/json_document.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace ys {

using Type = JsonValue::Type;

namespace {

// Bytes that end a plain run inside a string: controls, the quote, the backslash, non-ASCII.
struct StringStops {
    bool stop[256] = {};
    constexpr StringStops()
    {
        for (int c = 0; c < 0x20; ++c)
            stop[c] = true;
        for (int c = 0x80; c < 0x100; ++c)
            stop[c] = true;
        stop[int('"')] = true;
        stop[int('\\')] = true;
    }
};
constexpr StringStops kStringStops;

} // namespace

// The recursive descent over one text, appending to the document's nodes.
class JsonParser {
public:
    JsonParser(JsonDocument &doc, const char *begin, const char *end)
        : m_doc(doc)
        , m_begin(begin)
        , m_p(begin)
        , m_end(end)
    {
    }

    bool run()
    {
        // A byte order mark is allowed before the value, as nlohmann::json allows it.
        if (m_end - m_p >= 3 && std::memcmp(m_p, "\xEF\xBB\xBF", 3) == 0)
            m_p += 3;
        skipSpace();
        if (!value(0))
            return false;
        skipSpace();
        // nlohmann::json ends its input at a NUL byte, and so does this parser.
        return m_p == m_end || *m_p == '\0';
    }

private:
    using Node = JsonDocument::Node;

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
    quint32 offsetOf(const char *p) const { return quint32(p - m_begin); }

    quint32 add(Type type)
    {
        m_doc.m_nodes.emplace_back();
        Node &node = m_doc.m_nodes.back();
        node.type = type;
        if (m_pendingKey) {
            node.keyEscaped = m_keyEscaped;
            node.keyOffset = m_keyOffset;
            node.keyLength = m_keyLength;
            m_pendingKey = false;
        }
        return quint32(m_doc.m_nodes.size() - 1);
    }
    void close(quint32 index) { m_doc.m_nodes[index].end = quint32(m_doc.m_nodes.size()); }

    bool value(int depth)
    {
        switch (peek()) {
        case '{':
            return container(Type::Object, depth + 1);
        case '[':
            return container(Type::Array, depth + 1);
        case '"': {
            bool escaped = false;
            quint32 offset = 0, length = 0;
            if (!string(&escaped, &offset, &length))
                return false;
            const quint32 index = add(Type::String);
            Node &node = m_doc.m_nodes[index];
            node.valueEscaped = escaped;
            node.valueOffset = offset;
            node.valueLength = length;
            close(index);
            return true;
        }
        case 't':
        case 'f': {
            const bool truth = peek() == 't';
            if (!(truth ? literal("true", 4) : literal("false", 5)))
                return false;
            const quint32 index = add(Type::Bool);
            m_doc.m_nodes[index].boolean = truth;
            close(index);
            return true;
        }
        case 'n':
            if (!literal("null", 4))
                return false;
            close(add(Type::Null));
            return true;
        default:
            return number();
        }
    }

    // An object or an array, at its opening bracket; an object's members are a name, a colon
    // and a value, an array's elements a value.
    bool container(Type type, int depth)
    {
        if (depth > JsonDocument::kMaxDepth)
            return false;
        const bool isObject = type == Type::Object;
        const char closing = isObject ? '}' : ']';
        const quint32 index = add(type);
        ++m_p;
        skipSpace();
        quint32 count = 0;
        if (peek() == closing) {
            ++m_p;
        } else {
            for (;;) {
                if (isObject && !memberName())
                    return false;
                if (!value(depth))
                    return false;
                ++count;
                skipSpace();
                const int c = peek();
                ++m_p;
                if (c == ',') {
                    skipSpace();
                    continue;
                }
                if (c == closing)
                    break;
                return false;
            }
        }
        m_doc.m_nodes[index].count = count;
        close(index);
        return true;
    }

    // A member's name and its colon; the name goes to the value that follows.
    bool memberName()
    {
        if (peek() != '"')
            return false;
        bool escaped = false;
        quint32 offset = 0, length = 0;
        if (!string(&escaped, &offset, &length))
            return false;
        skipSpace();
        if (peek() != ':')
            return false;
        ++m_p;
        skipSpace();
        m_pendingKey = true;
        m_keyEscaped = escaped;
        m_keyOffset = offset;
        m_keyLength = length;
        return true;
    }

    // At the opening quote. A string without escapes stays in the text; one with escapes is
    // unescaped into the document's buffer.
    bool string(bool *escaped, quint32 *offset, quint32 *length)
    {
        ++m_p;
        const char *start = m_p;
        std::string &out = m_doc.m_unescaped;
        std::size_t outStart = 0;
        bool inBuffer = false;
        for (;;) {
            const char *run = m_p;
            while (m_p < m_end && !kStringStops.stop[static_cast<unsigned char>(*m_p)])
                ++m_p;
            if (inBuffer)
                out.append(run, std::size_t(m_p - run));
            const int c = peek();
            if (c == '"') {
                if (inBuffer) {
                    *escaped = true;
                    *offset = quint32(outStart);
                    *length = quint32(out.size() - outStart);
                } else {
                    *escaped = false;
                    *offset = offsetOf(start);
                    *length = quint32(m_p - start);
                }
                ++m_p;
                return true;
            }
            if (c >= 0x80) {
                const std::size_t n = utf8Sequence();
                if (n == 0)
                    return false;
                if (inBuffer)
                    out.append(m_p, n);
                m_p += n;
                continue;
            }
            if (c != '\\')
                return false; // a control character, or the end of the text
            if (!inBuffer) {
                inBuffer = true;
                outStart = out.size();
                out.append(start, std::size_t(m_p - start));
            }
            if (m_end - m_p < 2)
                return false;
            const char kind = m_p[1];
            m_p += 2;
            switch (kind) {
            case '"':
            case '\\':
            case '/':
                out.push_back(kind);
                break;
            case 'b':
                out.push_back('\b');
                break;
            case 'f':
                out.push_back('\f');
                break;
            case 'n':
                out.push_back('\n');
                break;
            case 'r':
                out.push_back('\r');
                break;
            case 't':
                out.push_back('\t');
                break;
            case 'u': {
                quint32 code = 0;
                if (!hex4(&code))
                    return false;
                if (code >= 0xDC00 && code <= 0xDFFF)
                    return false; // a low surrogate first
                if (code >= 0xD800 && code <= 0xDBFF) {
                    quint32 low = 0;
                    if (m_end - m_p < 2 || m_p[0] != '\\' || m_p[1] != 'u')
                        return false;
                    m_p += 2;
                    if (!hex4(&low) || low < 0xDC00 || low > 0xDFFF)
                        return false;
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                }
                appendUtf8(out, code);
                break;
            }
            default:
                return false;
            }
        }
    }

    bool hex4(quint32 *code)
    {
        if (m_end - m_p < 4)
            return false;
        quint32 v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = m_p[i];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= quint32(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= quint32(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                v |= quint32(c - 'A' + 10);
            else
                return false;
        }
        m_p += 4;
        *code = v;
        return true;
    }

    static void appendUtf8(std::string &out, quint32 code)
    {
        if (code < 0x80) {
            out.push_back(char(code));
        } else if (code < 0x800) {
            out.push_back(char(0xC0 | (code >> 6)));
            out.push_back(char(0x80 | (code & 0x3F)));
        } else if (code < 0x10000) {
            out.push_back(char(0xE0 | (code >> 12)));
            out.push_back(char(0x80 | ((code >> 6) & 0x3F)));
            out.push_back(char(0x80 | (code & 0x3F)));
        } else {
            out.push_back(char(0xF0 | (code >> 18)));
            out.push_back(char(0x80 | ((code >> 12) & 0x3F)));
            out.push_back(char(0x80 | ((code >> 6) & 0x3F)));
            out.push_back(char(0x80 | (code & 0x3F)));
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

    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    bool number()
    {
        const char *start = m_p;
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
        const char *digitsEnd = m_p;
        bool whole = true;
        if (peek() == '.') {
            whole = false;
            ++m_p;
            if (!(peek() >= '0' && peek() <= '9'))
                return false;
            while (peek() >= '0' && peek() <= '9')
                ++m_p;
        }
        if (peek() == 'e' || peek() == 'E') {
            whole = false;
            ++m_p;
            if (peek() == '+' || peek() == '-')
                ++m_p;
            if (!(peek() >= '0' && peek() <= '9'))
                return false;
            while (peek() >= '0' && peek() <= '9')
                ++m_p;
        }
        const quint32 index = add(Type::Float);
        Node &node = m_doc.m_nodes[index];
        node.valueOffset = offsetOf(start);
        node.valueLength = quint32(m_p - start);
        close(index);
        if (whole) {
            // Accumulated as a negative number, which reaches down to the int64 minimum.
            qint64 v = 0;
            bool fits = true;
            constexpr qint64 kMin = std::numeric_limits<qint64>::min();
            for (const char *d = digits; d < digitsEnd && fits; ++d) {
                const int digit = *d - '0';
                if (v < (kMin + digit) / 10)
                    fits = false;
                else
                    v = v * 10 - digit;
            }
            if (fits && !negative && v == kMin)
                fits = false;
            if (fits) {
                node.type = Type::Integer;
                node.integer = negative ? v : -v;
                return true;
            }
        }
        // As nlohmann::json: a number too large for a double is refused.
        const std::size_t length = std::size_t(m_p - start);
        char small[64];
        std::string large;
        const char *text;
        if (length < sizeof small) {
            std::memcpy(small, start, length);
            small[length] = '\0';
            text = small;
        } else {
            large.assign(start, length);
            text = large.c_str();
        }
        return std::isfinite(std::strtod(text, nullptr));
    }

    JsonDocument &m_doc;
    const char *const m_begin;
    const char *m_p;
    const char *const m_end;
    bool m_pendingKey = false;
    bool m_keyEscaped = false;
    quint32 m_keyOffset = 0;
    quint32 m_keyLength = 0;
};

bool JsonDocument::parse(QByteArrayView text)
{
    m_nodes.clear();
    m_unescaped.clear();
    m_text = text.data();
    m_valid = false;
    if (text.size() >= qsizetype(std::numeric_limits<quint32>::max()))
        return false;
    JsonParser parser(*this, text.data(), text.data() + text.size());
    m_valid = parser.run() && !m_nodes.empty();
    if (!m_valid)
        m_nodes.clear();
    return m_valid;
}

JsonValue JsonDocument::root() const
{
    return m_valid ? JsonValue(this, 0) : JsonValue();
}

std::string_view JsonDocument::keyOf(const Node &node) const
{
    const char *base = node.keyEscaped ? m_unescaped.data() : m_text;
    return std::string_view(base + node.keyOffset, node.keyLength);
}

std::string_view JsonDocument::valueOf(const Node &node) const
{
    const char *base = node.valueEscaped ? m_unescaped.data() : m_text;
    return std::string_view(base + node.valueOffset, node.valueLength);
}

// ---------------------------------------------------------------------------------------------

JsonValue JsonValue::operator[](std::string_view name) const
{
    if (type() != Type::Object)
        return {};
    const auto &nodes = m_doc->m_nodes;
    const quint32 end = nodes[m_index].end;
    // The last of repeated names, as nlohmann::json keeps it.
    quint32 found = 0;
    for (quint32 i = m_index + 1; i < end; i = nodes[i].end) {
        if (nodes[i].keyLength == name.size() && m_doc->keyOf(nodes[i]) == name)
            found = i;
    }
    return found ? JsonValue(m_doc, found) : JsonValue();
}

std::string_view JsonValue::string() const
{
    if (type() != Type::String)
        return {};
    return m_doc->valueOf(m_doc->m_nodes[m_index]);
}

QString JsonValue::toQString() const
{
    const std::string_view bytes = string();
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

std::optional<qint64> JsonValue::integer() const
{
    if (type() != Type::Integer)
        return std::nullopt;
    return m_doc->m_nodes[m_index].integer;
}

bool JsonValue::boolean() const
{
    return type() == Type::Bool && m_doc->m_nodes[m_index].boolean;
}

std::optional<double> JsonValue::number() const
{
    const Type t = type();
    if (t == Type::Integer)
        return double(m_doc->m_nodes[m_index].integer);
    if (t != Type::Float)
        return std::nullopt;
    const std::string text(m_doc->valueOf(m_doc->m_nodes[m_index]));
    return std::strtod(text.c_str(), nullptr);
}

int JsonValue::size() const
{
    const Type t = type();
    return t == Type::Object || t == Type::Array ? int(m_doc->m_nodes[m_index].count) : 0;
}

JsonValue::Iterator JsonValue::begin() const
{
    const Type t = type();
    if (t != Type::Object && t != Type::Array)
        return end();
    return Iterator(m_doc, m_index + 1);
}

JsonValue::Iterator JsonValue::end() const
{
    if (!m_doc)
        return Iterator(nullptr, 0);
    const Type t = type();
    if (t != Type::Object && t != Type::Array)
        return Iterator(m_doc, m_index + 1);
    return Iterator(m_doc, m_doc->m_nodes[m_index].end);
}

JsonValue::Iterator &JsonValue::Iterator::operator++()
{
    m_index = m_doc->m_nodes[m_index].end;
    return *this;
}

std::string_view JsonValue::Iterator::name() const
{
    return m_doc->keyOf(m_doc->m_nodes[m_index]);
}

} // namespace ys
