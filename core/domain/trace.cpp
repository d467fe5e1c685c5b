#include "domain/trace.h"

#include "util/read_file.h"
#include "util/units.h"

#include <QDate>
#include <QList>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;

namespace {

constexpr int kMaxEntries = 1'000'000; // a scenario's request limit
constexpr int kMaxInputTokens = 10'000'000;
constexpr int kMaxOutputTokens = 1'000'000;
// A year is far more than any replay; the bound keeps the nanoseconds in range.
constexpr double kMaxOffsetMs = 365.0 * 86400 * 1000;

struct LineError {
    QString message;
};

// Where a CSV's columns are, from its header (or the plain order without one).
struct CsvColumns {
    int offset = 0;
    int input = 1;
    int output = 2;
    bool azure = false; // TIMESTAMP is a date and time, not milliseconds
};

QString fieldName(const char *name)
{
    return QString::fromLatin1(name);
}

int tokenCount(std::optional<long long> v, const QString &field, int lo, int hi)
{
    if (!v || *v < lo || *v > hi)
        throw LineError{Trace::tr("%1: expected a whole number of tokens, %2 to %3")
                            .arg(field)
                            .arg(lo)
                            .arg(hi)};
    return int(*v);
}

qint64 offsetOfMs(std::optional<double> ms, const QString &field)
{
    if (!ms || !std::isfinite(*ms) || *ms < 0 || *ms > kMaxOffsetMs) {
        const QString message =
            Trace::tr("%1: expected milliseconds, zero or more (at most a year)");
        throw LineError{message.arg(field)};
    }
    return std::int64_t(std::llround(*ms * kNsPerMs));
}

// The first of `names` the object has, or null.
const json *member(const json &obj, std::initializer_list<const char *> names, const char **found)
{
    for (const char *n : names) {
        if (auto it = obj.find(n); it != obj.end()) {
            *found = n;
            return &*it;
        }
    }
    return nullptr;
}

Trace::Entry jsonEntry(const QByteArray &line)
{
    const json obj = json::parse(line.begin(), line.end(), nullptr, false);
    if (obj.is_discarded() || !obj.is_object())
        throw LineError{Trace::tr("not a JSON object")};
    const char *name = nullptr;
    Trace::Entry e;
    const json *offset = member(obj, {"timestamp", "offset_ms"}, &name);
    if (!offset)
        throw LineError{Trace::tr("missing field \"timestamp\" (or \"offset_ms\")")};
    e.offsetNs = offsetOfMs(offset->is_number() ? std::optional<double>(offset->get<double>())
                                                : std::nullopt,
                            fieldName(name));
    const auto whole = [](const json *v) {
        return v && v->is_number_integer() ? std::optional<long long>(v->get<long long>())
                                           : std::nullopt;
    };
    const json *input = member(obj, {"input_length", "input_tokens"}, &name);
    if (!input)
        throw LineError{Trace::tr("missing field \"input_length\" (or \"input_tokens\")")};
    e.inputTokens = tokenCount(whole(input), fieldName(name), 1, kMaxInputTokens);
    const json *output = member(obj, {"output_length", "output_tokens"}, &name);
    if (!output)
        throw LineError{Trace::tr("missing field \"output_length\" (or \"output_tokens\")")};
    e.outputTokens = std::max(1, tokenCount(whole(output), fieldName(name), 0, kMaxOutputTokens));
    return e;
}

QList<QByteArray> csvCells(const QByteArray &line)
{
    QList<QByteArray> cells = line.split(',');
    for (QByteArray &c : cells) {
        c = c.trimmed();
        if (c.size() >= 2 && c.startsWith('"') && c.endsWith('"'))
            c = c.mid(1, c.size() - 2).trimmed();
    }
    return cells;
}

std::optional<long long> csvWhole(const QByteArray &cell)
{
    bool ok = false;
    const long long v = cell.toLongLong(&ok);
    return ok ? std::optional<long long>(v) : std::nullopt;
}

std::optional<double> csvNumber(const QByteArray &cell)
{
    bool ok = false;
    const double v = cell.toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

// Azure's TIMESTAMP, "2023-11-16 18:15:46.6805900": nanoseconds since an arbitrary day zero
// (only differences matter). 'T' between date and time and a closing 'Z' are accepted too.
std::optional<std::int64_t> azureTime(QByteArray cell)
{
    if (cell.endsWith('Z'))
        cell.chop(1);
    if (cell.size() < 19 || (cell[10] != ' ' && cell[10] != 'T') || cell[13] != ':' ||
        cell[16] != ':')
        return std::nullopt;
    const QDate date = QDate::fromString(QString::fromLatin1(cell.left(10)), Qt::ISODate);
    bool okH = false, okM = false, okS = false;
    const int h = cell.mid(11, 2).toInt(&okH);
    const int m = cell.mid(14, 2).toInt(&okM);
    const int s = cell.mid(17, 2).toInt(&okS);
    if (!date.isValid() || !okH || !okM || !okS || h > 23 || m > 59 || s > 60)
        return std::nullopt;
    std::int64_t fractionNs = 0;
    if (cell.size() > 19) {
        const QByteArray digits = cell.mid(20);
        if (cell[19] != '.' || digits.isEmpty() || digits.size() > 9)
            return std::nullopt;
        for (char c : digits) {
            if (c < '0' || c > '9')
                return std::nullopt;
        }
        fractionNs = digits.leftJustified(9, '0').toLongLong();
    }
    // From the Unix epoch, not Julian day 0: nanoseconds since then fit 64 bits until 2262, and
    // only differences between arrivals matter.
    constexpr qint64 kUnixEpochJulianDay = 2440588;
    const qint64 days = date.toJulianDay() - kUnixEpochJulianDay;
    return (days * 86400 + h * 3600 + m * 60 + s) * kWholeNsPerS + fractionNs;
}

CsvColumns csvHeader(const QList<QByteArray> &cells, bool *isHeader)
{
    CsvColumns c;
    *isHeader = !csvNumber(cells.value(0)).has_value();
    if (!*isHeader)
        return c;
    const auto find = [&cells](const char *name) {
        for (qsizetype i = 0; i < cells.size(); ++i) {
            if (cells[i].compare(name, Qt::CaseInsensitive) == 0)
                return int(i);
        }
        return -1;
    };
    if (find("TIMESTAMP") >= 0) {
        c = {find("TIMESTAMP"), find("ContextTokens"), find("GeneratedTokens"), true};
    } else {
        c = {find("offset_ms"), find("input_tokens"), find("output_tokens"), false};
    }
    if (c.offset < 0 || c.input < 0 || c.output < 0)
        throw LineError{Trace::tr("expected a header of offset_ms,input_tokens,output_tokens or "
                                  "TIMESTAMP,ContextTokens,GeneratedTokens")};
    return c;
}

Trace::Entry csvEntry(const QList<QByteArray> &cells, const CsvColumns &c)
{
    const int needed = std::max({c.offset, c.input, c.output}) + 1;
    if (cells.size() < needed)
        throw LineError{Trace::tr("expected %1 comma-separated values, found %2")
                            .arg(needed)
                            .arg(cells.size())};
    Trace::Entry e;
    if (c.azure) {
        const auto at = azureTime(cells[c.offset]);
        if (!at)
            throw LineError{Trace::tr("TIMESTAMP: expected a date and time such as "
                                      "2023-11-16 18:15:46.6805900")};
        e.offsetNs = *at;
    } else {
        e.offsetNs = offsetOfMs(csvNumber(cells[c.offset]), QStringLiteral("offset_ms"));
    }
    e.inputTokens =
        tokenCount(csvWhole(cells[c.input]),
                   c.azure ? QStringLiteral("ContextTokens") : QStringLiteral("input_tokens"), 1,
                   kMaxInputTokens);
    e.outputTokens = std::max(
        1, tokenCount(csvWhole(cells[c.output]),
                      c.azure ? QStringLiteral("GeneratedTokens") : QStringLiteral("output_tokens"),
                      0, kMaxOutputTokens));
    return e;
}

} // namespace

std::optional<Trace> Trace::parse(const QByteArray &bytes, const QString &source, QString *error)
{
    Trace trace;
    const QList<QByteArray> lines = bytes.split('\n');
    std::optional<bool> jsonl;
    CsvColumns columns;
    int lineNumber = 0;
    try {
        for (const QByteArray &raw : lines) {
            ++lineNumber;
            const QByteArray line = raw.trimmed(); // also drops a CRLF's CR
            if (line.isEmpty())
                continue;
            if (!jsonl) {
                jsonl = line.startsWith('{');
                if (!*jsonl) {
                    bool isHeader = false;
                    columns = csvHeader(csvCells(line), &isHeader);
                    if (isHeader)
                        continue;
                }
            }
            if (int(trace.entries.size()) >= kMaxEntries)
                throw LineError{tr("a trace holds at most %1 requests").arg(kMaxEntries)};
            Entry e = *jsonl ? jsonEntry(line) : csvEntry(csvCells(line), columns);
            e.line = lineNumber;
            trace.entries.push_back(e);
        }
    } catch (const LineError &e) {
        if (error)
            *error = tr("%1, line %2: %3").arg(source, QString::number(lineNumber), e.message);
        return std::nullopt;
    }
    if (trace.entries.empty()) {
        if (error)
            *error = tr("%1: the trace holds no requests").arg(source);
        return std::nullopt;
    }
    // Replay starts at the earliest arrival, whatever clock the file was recorded on.
    std::stable_sort(trace.entries.begin(), trace.entries.end(),
                     [](const Entry &a, const Entry &b) { return a.offsetNs < b.offsetNs; });
    const std::int64_t first = trace.entries.front().offsetNs;
    for (Entry &e : trace.entries)
        e.offsetNs -= first;
    return trace;
}

std::optional<Trace> Trace::loadFile(const QString &path, QString *error)
{
    return parseWholeFile(path, tr("%1: cannot read the trace (%2)"), error, &Trace::parse);
}

double Trace::meanInputTokens() const
{
    double sum = 0;
    for (const Entry &e : entries)
        sum += e.inputTokens;
    return entries.empty() ? 0 : sum / double(entries.size());
}

double Trace::meanOutputTokens() const
{
    double sum = 0;
    for (const Entry &e : entries)
        sum += e.outputTokens;
    return entries.empty() ? 0 : sum / double(entries.size());
}

} // namespace ys
