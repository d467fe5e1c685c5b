#pragma once

#include <QByteArrayView>
#include <QString>
#include <QtGlobal>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ys {

class JsonDocument;

// One value of a JsonDocument: a view, valid until the document parses again or goes away. A
// value that is not there (a missing member, a member of something that is not an object) is
// Absent, and every reader of an Absent or mistyped value gives nothing: providers differ in
// small ways, and a missing figure must stay NULL rather than fail the run.
class JsonValue {
public:
    enum class Type : quint8 { Absent, Null, Bool, Integer, Float, String, Array, Object };

    JsonValue() = default;

    inline Type type() const;
    bool isPresent() const { return type() != Type::Absent; }
    explicit operator bool() const { return isPresent(); }
    bool isNull() const { return type() == Type::Null; }
    bool isObject() const { return type() == Type::Object; }
    bool isArray() const { return type() == Type::Array; }
    bool isString() const { return type() == Type::String; }
    // A whole number that fits in 64 signed bits; others (1.5, 1e3, 2^64) are Float.
    bool isInteger() const { return type() == Type::Integer; }

    // The member of that name (the first one, when a name repeats); Absent when there is none.
    JsonValue operator[](std::string_view name) const;
    // The UTF-8 bytes of a string, unescaped; empty for anything else.
    std::string_view string() const;
    QString toQString() const;
    std::optional<qint64> integer() const;
    bool boolean() const;
    // Any number as a double (for the odd Float); nullopt for anything else.
    std::optional<double> number() const;
    // The members of an object or the elements of an array.
    int size() const;

    // Iterates an array's elements, or an object's member values (with their names).
    class Iterator {
    public:
        JsonValue operator*() const { return JsonValue(m_doc, m_index); }
        std::string_view name() const; // the member's name, for an object's members
        Iterator &operator++();
        bool operator!=(const Iterator &other) const { return m_index != other.m_index; }

    private:
        friend class JsonValue;
        Iterator(const JsonDocument *doc, quint32 index)
            : m_doc(doc)
            , m_index(index)
        {
        }
        const JsonDocument *m_doc;
        quint32 m_index;
    };
    Iterator begin() const;
    Iterator end() const;

private:
    friend class JsonDocument;
    JsonValue(const JsonDocument *doc, quint32 index)
        : m_doc(doc)
        , m_index(index)
    {
    }
    const JsonDocument *m_doc = nullptr;
    quint32 m_index = 0;
};

// A strict JSON parser (RFC 8259: UTF-8 checked, no comments, no trailing commas, \u escapes
// with their surrogate pairs) into a flat array of values that is kept from one parse to the
// next, so that parsing a stream's events one after the other allocates nothing once it has
// warmed up, and strings without escapes are read in place. It accepts and rejects what
// nlohmann::json's parser does, except for nesting deeper than kMaxDepth, which it rejects;
// whole numbers beyond 64 signed bits read as Float. The parsed text must outlive the values.
class JsonDocument {
public:
    static constexpr int kMaxDepth = 512;

    // Parses text as one JSON value, with white space around it; false (and an Absent root)
    // when it is anything else.
    bool parse(QByteArrayView text);
    JsonValue root() const;

private:
    friend class JsonValue;
    friend class JsonParser;
    struct Node {
        JsonValue::Type type = JsonValue::Type::Absent;
        bool keyEscaped = false;   // the key's bytes are in m_unescaped, else in the text
        bool valueEscaped = false; // the same for a string value
        bool boolean = false;
        quint32 end = 0;   // one past the last node of this value's subtree
        quint32 count = 0; // members or elements
        quint32 keyOffset = 0;
        quint32 keyLength = 0;
        quint32 valueOffset = 0; // a string's bytes, or a number's text
        quint32 valueLength = 0;
        qint64 integer = 0;
    };

    std::string_view keyOf(const Node &node) const;
    std::string_view valueOf(const Node &node) const;

    const char *m_text = nullptr;
    std::vector<Node> m_nodes;
    std::string m_unescaped;
    bool m_valid = false;
};

inline JsonValue::Type JsonValue::type() const
{
    return m_doc ? m_doc->m_nodes[m_index].type : Type::Absent;
}

} // namespace ys
