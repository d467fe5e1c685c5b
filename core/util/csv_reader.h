#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// One record of a CSV file and the line it starts on (1-based, counting the lines of the file,
// so a quoted field that spans lines does not shift the numbers of the records after it).
struct CsvRecord {
    int line = 0;
    QStringList fields;
};

// Reads comma-separated text as spreadsheets and billing consoles export it (RFC 4180 and its
// usual departures): UTF-8 with or without a byte-order mark, CRLF or LF line ends, fields in
// double quotes with "" for a quote and commas or line breaks inside, blank lines skipped.
// Nothing is returned unless the whole text reads, so a caller never sees half a file.
class CsvReader {
    Q_DECLARE_TR_FUNCTIONS(ys::CsvReader)
public:
    // The records, or nullopt with *error saying what is wrong (an unterminated quote, text
    // after a closing quote) and *errorLine where.
    static std::optional<std::vector<CsvRecord>> parse(const QByteArray &text, QString *error,
                                                       int *errorLine);
};

} // namespace ys
