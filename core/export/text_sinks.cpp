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
        m_buffer.reserve(kFlushAt + 64 * 1024);
        return true;
    }

    void integer(qint64 value) override
    {
        separate();
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        m_buffer.append(digits, end - digits);
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
        m_buffer.append(digits, end - digits);
    }

    void text(QStringView value) override { utf8(value.toUtf8()); }

protected:
    static constexpr qsizetype kFlushAt = 1 << 20;

    virtual void separate() = 0;

    void flushIfFull()
    {
        if (m_buffer.size() >= kFlushAt)
            flush();
    }

    void flush()
    {
        if (!m_buffer.isEmpty() && m_file.write(m_buffer) != m_buffer.size())
            m_failed = true;
        m_buffer.clear();
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

    QByteArray m_buffer;

private:
    QSaveFile m_file;
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
        m_buffer.append("\xEF\xBB\xBF");
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
        bool quote = false;
        for (qsizetype i = 0; i < n && !quote; ++i)
            quote = p[i] == ',' || p[i] == '"' || p[i] == '\r' || p[i] == '\n';
        if (!quote) {
            m_buffer.append(p, n);
            return;
        }
        m_buffer.append('"');
        for (qsizetype i = 0; i < n; ++i) {
            if (p[i] == '"')
                m_buffer.append('"');
            m_buffer.append(p[i]);
        }
        m_buffer.append('"');
    }

    void empty() override { separate(); }

    void endRow() override
    {
        m_buffer.append("\r\n", 2);
        m_column = 0;
        flushIfFull();
    }

    bool commit(QString *error) override { return finish(error); }

protected:
    void separate() override
    {
        if (m_column++ > 0)
            m_buffer.append(',');
    }

private:
    int m_column = 0;
    int m_tables = 0;
};

// Appends value as a JSON string, escaped as RFC 8259 asks (quote, backslash, control
// characters); everything else, UTF-8 included, goes as it is.
void appendJsonString(QByteArray &out, QByteArrayView value)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out.append('"');
    for (const char ch : value) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out.append('\\');
            out.append(ch);
        } else if (c == '\n') {
            out.append("\\n", 2);
        } else if (c == '\r') {
            out.append("\\r", 2);
        } else if (c == '\t') {
            out.append("\\t", 2);
        } else if (c < 0x20) {
            const char escaped[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]};
            out.append(escaped, sizeof escaped);
        } else {
            out.append(ch);
        }
    }
    out.append('"');
}

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
            m_buffer.append('{');
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
            m_buffer.append(m_tables > 0 ? ",\n" : "\n");
            appendJsonString(m_buffer, name.toUtf8());
            m_buffer.append(": ");
        }
        m_buffer.append('[');
        ++m_tables;
        m_inTable = true;
        m_rows = 0;
        m_keys.clear();
        for (const DataColumn &c : columns) {
            QByteArray key;
            appendJsonString(key, c.key.toUtf8());
            m_keys.push_back(key + ": ");
        }
        return true;
    }

    void utf8(QByteArrayView value) override
    {
        separate();
        appendJsonString(m_buffer, value);
    }

    void empty() override
    {
        separate();
        m_buffer.append("null", 4);
    }

    void endRow() override
    {
        if (m_column == 0) // a row without cells is still an object
            m_buffer.append(m_rows > 0 ? ",\n{" : "\n{");
        m_buffer.append('}');
        m_column = 0;
        ++m_rows;
        flushIfFull();
    }

    bool commit(QString *error) override
    {
        endTable();
        if (m_several)
            m_buffer.append("\n}");
        else if (m_tables == 0)
            m_buffer.append("[]");
        m_buffer.append('\n');
        return finish(error);
    }

protected:
    void separate() override
    {
        if (m_column == 0)
            m_buffer.append(m_rows > 0 ? ",\n{" : "\n{");
        else
            m_buffer.append(", ", 2);
        if (std::size_t(m_column) < m_keys.size())
            m_buffer.append(m_keys[std::size_t(m_column)]);
        else
            m_buffer.append("\"\": ", 4);
        ++m_column;
    }

private:
    void endTable()
    {
        if (m_inTable)
            m_buffer.append(m_rows > 0 ? "\n]" : "]");
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
