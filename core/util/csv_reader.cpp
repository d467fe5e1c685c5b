#include "util/csv_reader.h"

namespace ys {

std::optional<std::vector<CsvRecord>> CsvReader::parse(const QByteArray &bytes, QString *error,
                                                       int *errorLine)
{
    QString text = QString::fromUtf8(bytes);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);

    std::vector<CsvRecord> records;
    CsvRecord record;
    QString field;
    bool quoted = false;       // inside a quoted field
    bool afterQuote = false;   // the field's closing quote was read
    bool fieldStarted = false; // the record has at least one character or separator
    int line = 1;
    int quoteLine = 0;
    record.line = 1;

    const auto endRecord = [&] {
        if (fieldStarted || !field.isEmpty()) {
            record.fields.push_back(field);
            records.push_back(std::move(record));
        }
        record = CsvRecord{};
        field.clear();
        fieldStarted = false;
        afterQuote = false;
    };

    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    field += QLatin1Char('"');
                    ++i;
                } else {
                    quoted = false;
                    afterQuote = true;
                }
            } else {
                if (c == QLatin1Char('\n'))
                    ++line;
                // A CRLF inside a quoted field is one line break, as the exporter meant it.
                if (!(c == QLatin1Char('\r') && i + 1 < text.size() &&
                      text.at(i + 1) == QLatin1Char('\n')))
                    field += c;
            }
            continue;
        }
        if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            if (c == QLatin1Char('\r') && i + 1 < text.size() &&
                text.at(i + 1) == QLatin1Char('\n'))
                ++i;
            endRecord();
            ++line;
            record.line = line;
            continue;
        }
        if (c == QLatin1Char(',')) {
            record.fields.push_back(field);
            field.clear();
            fieldStarted = true;
            afterQuote = false;
            continue;
        }
        if (afterQuote) {
            if (c == QLatin1Char(' ') || c == QLatin1Char('\t'))
                continue; // spaces after a closing quote, as some exporters pad
            *error = tr("text after the closing quote of a field");
            *errorLine = line;
            return std::nullopt;
        }
        if (c == QLatin1Char('"') && field.trimmed().isEmpty()) {
            field.clear();
            quoted = true;
            quoteLine = line;
            fieldStarted = true;
            continue;
        }
        field += c;
    }
    if (quoted) {
        *error = tr("a quoted field is never closed");
        *errorLine = quoteLine;
        return std::nullopt;
    }
    endRecord();
    return records;
}

} // namespace ys
