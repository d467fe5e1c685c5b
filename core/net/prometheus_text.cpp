#include "net/prometheus_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>
#include <cstdlib>
#include <string>

namespace ys {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ys::PromText", text);
}

bool nameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

bool nameChar(char c)
{
    return nameStart(c) || (c >= '0' && c <= '9');
}

// Reads a float as the format writes it (Go's ParseFloat: NaN, +Inf, -Inf, Inf, any case).
std::optional<double> readValue(const QByteArray &token)
{
    if (token.isEmpty())
        return std::nullopt;
    const QByteArray lower = token.toLower();
    if (lower == "nan")
        return std::nan("");
    if (lower == "+inf" || lower == "inf")
        return HUGE_VAL;
    if (lower == "-inf")
        return -HUGE_VAL;
    const std::string s = token.toStdString();
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size())
        return std::nullopt;
    return v;
}

// text in UTF-8 with its backslashes and line feeds escaped, and its double quotes too when
// quotes is set, as the exposition format asks of label values and help texts.
QByteArray escaped(const QString &text, bool quotes)
{
    QByteArray out;
    const QByteArray utf8 = text.toUtf8();
    out.reserve(utf8.size());
    for (const char c : utf8) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"' && quotes)
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

} // namespace

QByteArray PromText::escapeLabelValue(const QString &value)
{
    return escaped(value, true);
}

QByteArray PromText::escapeHelp(const QString &help)
{
    return escaped(help, false);
}

QByteArray PromText::formatValue(double value)
{
    if (std::isnan(value))
        return QByteArrayLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QByteArrayLiteral("+Inf") : QByteArrayLiteral("-Inf");
    // Whole numbers (counters) print without an exponent up to 2^53; the rest in the fewest
    // digits that read back as the same double.
    if (value == std::floor(value) && std::fabs(value) < 9007199254740992.0)
        return QByteArray::number(qint64(value));
    return QString::number(value, 'g', QLocale::FloatingPointShortest).toLatin1();
}

QByteArray PromText::labelSet(const PromLabels &labels)
{
    if (labels.empty())
        return {};
    QByteArray out = "{";
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (i > 0)
            out += ',';
        out += labels[i].first.toUtf8();
        out += "=\"";
        out += escapeLabelValue(labels[i].second);
        out += '"';
    }
    out += '}';
    return out;
}

bool PromText::validName(QStringView name)
{
    if (name.isEmpty() || !nameStart(char(name.front().unicode())) || name.front().unicode() > 127)
        return false;
    for (const QChar c : name) {
        if (c.unicode() > 127 || !nameChar(char(c.unicode())))
            return false;
    }
    return true;
}

namespace {

// The label set from just after "{" to just after "}"; *i moves past it. False with *why.
bool readLabels(const QByteArray &line, qsizetype *i, PromLabels *labels, QString *why)
{
    const qsizetype n = line.size();
    const auto skipBlanks = [&] {
        while (*i < n && (line[*i] == ' ' || line[*i] == '\t'))
            ++*i;
    };
    for (;;) {
        skipBlanks();
        if (*i < n && line[*i] == '}') {
            ++*i;
            return true;
        }
        const qsizetype ls = *i;
        if (*i >= n || !nameStart(line[*i])) {
            *why = tr("expected a label name");
            return false;
        }
        while (*i < n && nameChar(line[*i]))
            ++*i;
        const QString labelName = QString::fromLatin1(line.mid(ls, *i - ls));
        skipBlanks();
        if (*i >= n || line[*i] != '=') {
            *why = tr("expected = after label %1").arg(labelName);
            return false;
        }
        ++*i;
        skipBlanks();
        if (*i >= n || line[*i] != '"') {
            *why = tr("expected a quoted value for label %1").arg(labelName);
            return false;
        }
        ++*i;
        QByteArray value;
        bool closed = false;
        while (*i < n && !closed) {
            const char c = line[(*i)++];
            if (c == '"') {
                closed = true;
            } else if (c != '\\') {
                value += c;
            } else if (*i < n) {
                const char e = line[(*i)++];
                if (e == 'n') {
                    value += '\n';
                } else if (e == '\\' || e == '"') {
                    value += e;
                } else {
                    *why = tr("unknown escape \\%1 in label %2")
                               .arg(QString(QLatin1Char(e)), labelName);
                    return false;
                }
            }
        }
        if (!closed) {
            *why = tr("unterminated value of label %1").arg(labelName);
            return false;
        }
        labels->emplace_back(labelName, QString::fromUtf8(value));
        skipBlanks();
        if (*i < n && line[*i] == ',') {
            ++*i;
            continue;
        }
        if (*i < n && line[*i] == '}') {
            ++*i;
            return true;
        }
        *why = tr("expected , or } after label %1").arg(labelName);
        return false;
    }
}

// One sample line (not blank, not a comment). False with *why.
bool readSample(const QByteArray &line, qsizetype i, PromSample *s, QString *why)
{
    const qsizetype n = line.size();
    const qsizetype nameStartAt = i;
    if (!nameStart(line[i])) {
        *why = tr("expected a metric name");
        return false;
    }
    while (i < n && nameChar(line[i]))
        ++i;
    s->name = QString::fromLatin1(line.mid(nameStartAt, i - nameStartAt));
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        ++i;
    if (i < n && line[i] == '{') {
        ++i;
        if (!readLabels(line, &i, &s->labels, why))
            return false;
    }
    const QList<QByteArray> rest = line.mid(i).simplified().split(' ');
    if (rest.isEmpty() || rest.front().isEmpty()) {
        *why = tr("%1 has no value").arg(s->name);
        return false;
    }
    if (rest.size() > 2) {
        *why = tr("%1: unexpected text after the value").arg(s->name);
        return false;
    }
    const std::optional<double> value = readValue(rest.front());
    if (!value) {
        *why = tr("%1: \"%2\" is not a number").arg(s->name, QString::fromUtf8(rest.front()));
        return false;
    }
    s->value = *value;
    if (rest.size() == 2) {
        bool ok = false;
        s->timestampMs = rest.back().toLongLong(&ok);
        if (!ok) {
            *why = tr("%1: \"%2\" is not a timestamp").arg(s->name, QString::fromUtf8(rest.back()));
            return false;
        }
    }
    return true;
}

} // namespace

std::optional<std::vector<PromSample>> PromText::parse(const QByteArray &text, QString *error)
{
    std::vector<PromSample> out;
    int lineNumber = 0;
    for (const QByteArray &rawLine : text.split('\n')) {
        ++lineNumber;
        const QByteArray line = rawLine.endsWith('\r') ? rawLine.chopped(1) : rawLine;
        qsizetype i = 0;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        if (i == line.size() || line[i] == '#')
            continue; // # HELP, # TYPE and other comments carry no sample
        PromSample s;
        QString why;
        if (!readSample(line, i, &s, &why)) {
            if (error)
                *error = tr("line %1: %2").arg(lineNumber).arg(why);
            return std::nullopt;
        }
        out.push_back(std::move(s));
    }
    return out;
}

void PromWriter::family(const QString &name, const char *type, const QString &help)
{
    m_text += "# HELP " + name.toUtf8() + ' ' + PromText::escapeHelp(help) + '\n';
    m_text += "# TYPE " + name.toUtf8() + ' ' + QByteArray(type) + '\n';
}

void PromWriter::sample(const QString &name, const PromLabels &labels, double value)
{
    m_text +=
        name.toUtf8() + PromText::labelSet(labels) + ' ' + PromText::formatValue(value) + '\n';
}

void PromWriter::histogram(const QString &name, const PromLabels &labels,
                           const std::vector<double> &bounds, const std::vector<quint64> &counts,
                           double sum)
{
    const QString bucket = name + QStringLiteral("_bucket");
    quint64 cumulative = 0;
    for (std::size_t i = 0; i <= bounds.size(); ++i) {
        cumulative += i < counts.size() ? counts[i] : 0;
        PromLabels withLe = labels;
        // Bounds are written as floats ("1.0", not "1"), as the client libraries write them,
        // so a query on le="1.0" finds them.
        QByteArray le = i < bounds.size() ? PromText::formatValue(bounds[i]) : "+Inf";
        if (!le.contains('.') && !le.contains('e') && !le.contains("Inf"))
            le += ".0";
        withLe.emplace_back(QStringLiteral("le"), QString::fromLatin1(le));
        sample(bucket, withLe, double(cumulative));
    }
    sample(name + QStringLiteral("_sum"), labels, sum);
    sample(name + QStringLiteral("_count"), labels, double(cumulative));
}

} // namespace ys
