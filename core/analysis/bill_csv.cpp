#include "analysis/bill_csv.h"

#include "util/csv_reader.h"

#include <QDateTime>
#include <QRegularExpression>
#include <cmath>

namespace ys {

namespace {

// Headers compare without case, surrounding spaces, or the difference between " ", "-" and "_".
QString normalised(const QString &header)
{
    QString h = header.trimmed().toLower();
    h.replace(QLatin1Char(' '), QLatin1Char('_'));
    h.replace(QLatin1Char('-'), QLatin1Char('_'));
    return h;
}

} // namespace

QString BillCsv::fieldName(Field f)
{
    switch (f) {
    case Date:
        return QStringLiteral("date");
    case Model:
        return QStringLiteral("model");
    case InputTokens:
        return QStringLiteral("input_tokens");
    case CachedTokens:
        return QStringLiteral("cached_tokens");
    case OutputTokens:
        return QStringLiteral("output_tokens");
    case CostUsd:
    case FieldCount:
        break;
    }
    return QStringLiteral("cost_usd");
}

std::optional<QStringList> BillCsv::header(const QByteArray &text, QString *error)
{
    int errorLine = 0;
    const auto records = CsvReader::parse(text, error, &errorLine);
    if (!records)
        return std::nullopt;
    if (records->empty()) {
        *error = tr("the file is empty (it needs a header line)");
        return std::nullopt;
    }
    return records->front().fields;
}

int BillCsv::columnOf(const QStringList &header, const Columns &columns, Field f)
{
    const QString wanted = normalised(columns.headers[std::size_t(f)]);
    int found = -1;
    for (int c = 0; c < header.size(); ++c)
        if (normalised(header.at(c)) == wanted)
            found = c;
    return found;
}

BillCsv::Columns::Columns()
{
    for (int f = 0; f < FieldCount; ++f)
        headers[std::size_t(f)] = fieldName(Field(f));
}

bool BillCsv::Columns::map(const QString &assignment, QString *error)
{
    const qsizetype eq = assignment.indexOf(QLatin1Char('='));
    if (eq <= 0 || assignment.mid(eq + 1).trimmed().isEmpty()) {
        *error =
            tr("--column \"%1\": write FIELD=HEADER, e.g. cost_usd=Amount (USD)").arg(assignment);
        return false;
    }
    const QString field = normalised(assignment.left(eq));
    for (int f = 0; f < FieldCount; ++f) {
        if (fieldName(Field(f)) == field) {
            headers[std::size_t(f)] = assignment.mid(eq + 1).trimmed();
            return true;
        }
    }
    *error = tr("--column \"%1\": unknown field \"%2\"; the fields are date, model, input_tokens, "
                "cached_tokens, output_tokens and cost_usd")
                 .arg(assignment, assignment.left(eq));
    return false;
}

std::optional<double> BillCsv::number(const QString &cell)
{
    QString s = cell.trimmed();
    if (s.startsWith(QLatin1StringView("US$")))
        s.remove(0, 3);
    else if (s.startsWith(QLatin1Char('$')))
        s.remove(0, 1);
    if (s.endsWith(QLatin1StringView("USD"), Qt::CaseInsensitive))
        s.chop(3);
    s = s.trimmed();
    // A minus before the currency sign ("-$1.20") as some invoices write credits.
    if (s.startsWith(QLatin1StringView("-$")))
        s.remove(1, 1);
    static const QRegularExpression grouped(
        QStringLiteral("^[-+]?\\d{1,3}([,' \\x{00A0}\\x{202F}]\\d{3})+(\\.\\d*)?$"));
    if (grouped.match(s).hasMatch())
        s.remove(QRegularExpression(QStringLiteral("[,' \\x{00A0}\\x{202F}]")));
    bool ok = false;
    const double v = s.toDouble(&ok); // QString::toDouble reads the C locale
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<QDate> BillCsv::day(const QString &cell)
{
    const QString s = cell.trimmed();
    for (const char *format : {"yyyy-MM-dd", "yyyy/MM/dd"}) {
        const QDate d = QDate::fromString(s, QString::fromLatin1(format));
        if (d.isValid())
            return d;
    }
    QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(s, QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    if (!t.isValid())
        return std::nullopt;
    // A time without an offset is taken as UTC, as billing consoles export it.
    if (t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC);
    return t.toUTC().date();
}

std::optional<std::vector<BillRow>> BillCsv::parse(const QByteArray &text, const QString &fileName,
                                                   const Columns &columns, QString *error)
{
    QString csvError;
    int errorLine = 0;
    const auto records = CsvReader::parse(text, &csvError, &errorLine);
    if (!records) {
        *error = QStringLiteral("%1:%2: %3").arg(fileName).arg(errorLine).arg(csvError);
        return std::nullopt;
    }
    if (records->empty()) {
        *error = tr("%1: the file is empty (it needs a header line)").arg(fileName);
        return std::nullopt;
    }
    const CsvRecord &header = records->front();
    std::array<int, FieldCount> index{};
    for (int f = 0; f < FieldCount; ++f) {
        index[std::size_t(f)] = columnOf(header.fields, columns, Field(f));
        if (index[std::size_t(f)] < 0 && !optionalField(Field(f))) {
            *error = tr("%1:%2: no column \"%3\" for %4 (map another header with --column "
                        "%4=HEADER)")
                         .arg(fileName)
                         .arg(header.line)
                         .arg(columns.headers[std::size_t(f)], fieldName(Field(f)));
            return std::nullopt;
        }
    }

    std::vector<BillRow> rows;
    for (std::size_t i = 1; i < records->size(); ++i) {
        const CsvRecord &r = (*records)[i];
        if (r.fields.size() != header.fields.size()) {
            *error = tr("%1:%2: %3 fields where the header has %4")
                         .arg(fileName)
                         .arg(r.line)
                         .arg(r.fields.size())
                         .arg(header.fields.size());
            return std::nullopt;
        }
        const auto bad = [&](Field f, const QString &what) {
            *error = tr("%1:%2: column \"%3\": %4")
                         .arg(fileName)
                         .arg(r.line)
                         .arg(header.fields.at(index[std::size_t(f)]).trimmed(), what);
            return std::nullopt;
        };
        const auto cell = [&](Field f) {
            return r.fields.at(index[std::size_t(f)]).trimmed();
        };
        BillRow row;
        row.line = r.line;
        const auto d = day(cell(Date));
        if (!d)
            return bad(Date, tr("\"%1\" is not a date (write 2026-03-01)").arg(cell(Date)));
        row.day = *d;
        row.model = cell(Model);
        if (row.model.isEmpty())
            return bad(Model, tr("no model named"));
        for (Field f : {InputTokens, CachedTokens, OutputTokens}) {
            if (index[std::size_t(f)] < 0)
                continue;
            const QString c = cell(f);
            if (c.isEmpty() && f == CachedTokens)
                continue; // an export leaves it blank when nothing was cached
            const auto v = number(c);
            if (!v || *v < 0 || *v != std::floor(*v) || *v > 9e15)
                return bad(f, tr("\"%1\" is not a whole number of tokens").arg(c));
            const qint64 n = qint64(*v);
            (f == InputTokens    ? row.inputTokens
             : f == CachedTokens ? row.cachedTokens
                                 : row.outputTokens) = n;
        }
        if (row.cachedTokens > row.inputTokens)
            return bad(CachedTokens, tr("%1 cached tokens is more than the %2 input tokens they "
                                        "are part of")
                                         .arg(row.cachedTokens)
                                         .arg(row.inputTokens));
        const auto cost = number(cell(CostUsd));
        if (!cost)
            return bad(CostUsd, tr("\"%1\" is not an amount").arg(cell(CostUsd)));
        row.costUsd = *cost;
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace ys
