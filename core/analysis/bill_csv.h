#pragma once

#include "analysis/bill.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <array>
#include <optional>
#include <vector>

namespace ys {

// Reads a usage or invoice CSV into bill rows (docs/bill-and-tco.md). Columns are found by their
// header; the default layout is date, model, input_tokens, cached_tokens, output_tokens,
// cost_usd, and any of them can be mapped to another header (an export's "Amount (USD)").
class BillCsv {
    Q_DECLARE_TR_FUNCTIONS(ys::BillCsv)
public:
    enum Field { Date, Model, InputTokens, CachedTokens, OutputTokens, CostUsd, FieldCount };

    // The header each field is read from; cached_tokens may be absent (then 0).
    struct Columns {
        std::array<QString, FieldCount> headers;
        Columns();
        // "cost_usd=Amount (USD)": maps a field (by its default name) to a header; false with
        // *error for an unknown field or a missing "=".
        bool map(const QString &assignment, QString *error);
    };

    static QString fieldName(Field f);
    // Whether a field is read when its column is missing (cached_tokens: then 0).
    static bool optionalField(Field f) { return f == CachedTokens; }

    // The header line's fields as the file spells them, or nullopt with *error (a text that is
    // not CSV, an empty file). For offering the columns a field can be read from.
    static std::optional<QStringList> header(const QByteArray &text, QString *error);
    // The column of header that holds the field columns map it to, or -1: headers compare
    // without case, surrounding spaces, or the difference between " ", "-" and "_".
    static int columnOf(const QStringList &header, const Columns &columns, Field f);

    // Every row, or nullopt with *error as "FILE:LINE: column "NAME": what is wrong" (a field
    // count that differs from the header's, a number or date that does not read, a missing
    // required column). Nothing is returned from a file with any bad line.
    static std::optional<std::vector<BillRow>>
    parse(const QByteArray &text, const QString &fileName, const Columns &columns, QString *error);

    // The number in a cell as exports write it: thousands separators (",", spaces, "'"), a
    // leading "$" or "US$", a trailing "USD". Exposed for the tests.
    static std::optional<double> number(const QString &cell);
    // A day from "2026-03-01", "2026/03/01", "2026-03-01 13:00:00" or an ISO 8601 time with
    // its offset (taken to UTC).
    static std::optional<QDate> day(const QString &cell);
};

} // namespace ys
