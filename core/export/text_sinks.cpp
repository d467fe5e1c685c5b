#include "export/text_sinks.h"

#include <QSaveFile>
#include <charconv>
#include <cmath>
#include <cstring>

namespace ys {

namespace {

// What both text formats share: a QSaveFile (a temporary file beside the target, renamed over
// it on commit, removed when dropped) fed from a buffer a megabyte at a time.
class TextSink : public TableSink {
public:
    explicit TextSink(const QString &path)
        : TableSink(path)
        , m_file(path)
    {
    }

    bool open(QString *error) override
    {
        // Replacing a file over a link or a file we may not rename is refused, not written
        // in place, so a failure never leaves a half-written target.
        m_file.setDirectWriteFallback(false);
        if (!m_file.open(QIODevice::WriteOnly)) {
            *error = writeError(m_file.errorString());
            return false;
        }
        m_buffer = std::make_unique<char[]>(kCapacity);
        return true;
    }

    void integer(qint64 value) override
    {
        separate();
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        put(digits, end - digits);
    }

    void number(double value) override
    {
        if (!std::isfinite(value)) {
            empty();
            return;
        }
        separate();
        // The shortest text that reads back as the same double.
        char digits[32];
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        put(digits, end - digits);
    }

    void text(QStringView value) override { utf8(value.toUtf8()); }

    // Bytes out through the buffer, written to the file a megabyte at a time.
    void put(char c)
    {
        if (m_used == kCapacity)
            flush();
        m_buffer[std::size_t(m_used++)] = c;
    }

    void put(const char *p, qsizetype n)
    {
        if (n <= 0)
            return; // an empty cell's data() may be null, which memcpy must never be given
        if (m_used + n > kCapacity) {
            flush();
            if (n > kCapacity) {
                if (m_file.write(p, n) != n)
                    m_failed = true;
                return;
            }
        }
        std::memcpy(m_buffer.get() + m_used, p, std::size_t(n));
        m_used += n;
    }

    void put(QByteArrayView bytes) { put(bytes.data(), bytes.size()); }
    void putText(const char *text) { put(text, qsizetype(std::strlen(text))); }

protected:
    static constexpr qsizetype kCapacity = 1 << 20;

    virtual void separate() = 0;

    void flush()
    {
        if (m_used > 0 && m_file.write(m_buffer.get(), m_used) != m_used)
            m_failed = true;
        m_used = 0;
    }

    bool finish(QString *error)
    {
        flush();
        if (m_failed || !m_file.commit()) {
            *error = writeError(m_file.errorString());
            return false;
        }
        return true;
    }

private:
    QSaveFile m_file;
    std::unique_ptr<char[]> m_buffer;
    qsizetype m_used = 0;
    bool m_failed = false;
};

class CsvSink final : public TextSink {
public:
    explicit CsvSink(const QString &path)
        : TextSink(path)
    {
    }

    bool open(QString *error) override
    {
        if (!TextSink::open(error))
            return false;
        put("\xEF\xBB\xBF", 3);
        return true;
    }

    bool beginTable(const QString &, const std::vector<DataColumn> &columns,
                    QString *error) override
    {
        if (m_tables++ > 0) {
            *error = tr("%1: a CSV file holds one table").arg(path());
            return false;
        }
        for (const DataColumn &c : columns)
            text(c.header());
        endRow();
        return true;
    }

    void utf8(QByteArrayView value) override
    {
        separate();
        const char *p = value.data();
        const qsizetype n = value.size();
        // A spreadsheet reads text that starts like a formula as one; an error text from a
        // provider must not run as a formula on the analyst's machine, so it keeps a leading
        // apostrophe (docs/exports.md, "CSV").
        const bool formula = n > 0 && p[0] != '\0' && std::strchr("=+-@\t\r", p[0]) != nullptr;
        bool quote = formula;
        for (qsizetype i = 0; i < n && !quote; ++i)
            quote = p[i] == ',' || p[i] == '"' || p[i] == '\r' || p[i] == '\n';
        if (!quote) {
            put(p, n);
            return;
        }
        put('"');
        if (formula)
            put('\'');
        for (qsizetype i = 0; i < n; ++i) {
            if (p[i] == '"')
                put('"');
            put(p[i]);
        }
        put('"');
    }

    void empty() override { separate(); }

    void endRow() override
    {
        put("\r\n", 2);
        m_column = 0;
    }

    bool commit(QString *error) override { return finish(error); }

protected:
    void separate() override
    {
        if (m_column++ > 0)
            put(',');
    }

private:
    int m_column = 0;
    int m_tables = 0;
};

// Appends value as a JSON string, escaped as RFC 8259 asks (quote, backslash, control
// characters); everything else, UTF-8 included, goes as it is.
template <typename Out> void appendJsonString(Out &out, QByteArrayView value)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out.put('"');
    for (const char ch : value) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out.put('\\');
            out.put(ch);
        } else if (c == '\n') {
            out.put("\\n", 2);
        } else if (c == '\r') {
            out.put("\\r", 2);
        } else if (c == '\t') {
            out.put("\\t", 2);
        } else if (c < 0x20) {
            const char escaped[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]};
            out.put(escaped, sizeof escaped);
        } else {
            out.put(ch);
        }
    }
    out.put('"');
}

// appendJsonString into a QByteArray.
struct ByteArrayOut {
    QByteArray &bytes;
    void put(char c) { bytes.append(c); }
    void put(const char *p, qsizetype n) { bytes.append(p, n); }
};

class JsonSink final : public TextSink {
public:
    JsonSink(const QString &path, bool severalTables)
        : TextSink(path)
        , m_several(severalTables)
    {
    }

    bool open(QString *error) override
    {
        if (!TextSink::open(error))
            return false;
        if (m_several)
            put('{');
        return true;
    }

    bool beginTable(const QString &name, const std::vector<DataColumn> &columns,
                    QString *error) override
    {
        if (m_tables > 0 && !m_several) {
            *error = tr("%1: this JSON file holds one table").arg(path());
            return false;
        }
        endTable();
        if (m_several) {
            putText(m_tables > 0 ? ",\n" : "\n");
            appendJsonString(*this, name.toUtf8());
            putText(": ");
        }
        put('[');
        ++m_tables;
        m_inTable = true;
        m_rows = 0;
        m_keys.clear();
        for (const DataColumn &c : columns) {
            QByteArray key;
            ByteArrayOut out{key};
            appendJsonString(out, c.key.toUtf8());
            m_keys.push_back(key + ": ");
        }
        return true;
    }

    void utf8(QByteArrayView value) override
    {
        separate();
        appendJsonString(*this, value);
    }

    void empty() override
    {
        separate();
        putText("null");
    }

    void endRow() override
    {
        if (m_column == 0) // a row without cells is still an object
            putText(m_rows > 0 ? ",\n{" : "\n{");
        put('}');
        m_column = 0;
        ++m_rows;
    }

    bool commit(QString *error) override
    {
        endTable();
        if (m_several)
            putText("\n}");
        else if (m_tables == 0)
            putText("[]");
        put('\n');
        return finish(error);
    }

protected:
    void separate() override
    {
        if (m_column == 0)
            putText(m_rows > 0 ? ",\n{" : "\n{");
        else
            putText(", ");
        if (std::size_t(m_column) < m_keys.size())
            put(m_keys[std::size_t(m_column)]);
        else
            putText("\"\": ");
        ++m_column;
    }

private:
    void endTable()
    {
        if (m_inTable)
            putText(m_rows > 0 ? "\n]" : "]");
        m_inTable = false;
    }

    bool m_several;
    bool m_inTable = false;
    int m_tables = 0;
    int m_column = 0;
    qint64 m_rows = 0;
    std::vector<QByteArray> m_keys;
};

} // namespace

std::unique_ptr<TableSink> makeCsvSink(const QString &path)
{
    return std::make_unique<CsvSink>(path);
}

std::unique_ptr<TableSink> makeJsonSink(const QString &path, bool severalTables)
{
    return std::make_unique<JsonSink>(path, severalTables);
}

} // namespace ys
