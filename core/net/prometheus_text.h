#pragma once

#include <QByteArray>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// Prometheus' text exposition format 0.0.4: writing it (yardstick's /metrics, the simulator's)
// and reading it (a server's /metrics scraped during a run). Names follow
// [a-zA-Z_:][a-zA-Z0-9_:]*; label values are UTF-8 with \\, \" and \n escaped; a value is a
// float, NaN, +Inf or -Inf.
using PromLabels = std::vector<std::pair<QString, QString>>;

struct PromSample {
    QString name;
    PromLabels labels;
    double value = 0;
    std::optional<qint64> timestampMs;
};

// Builds one exposition document: each family's # HELP and # TYPE once, then its samples.
class PromWriter {
public:
    // type: counter, gauge, histogram, summary or untyped.
    void family(const QString &name, const char *type, const QString &help);
    void sample(const QString &name, const PromLabels &labels, double value);
    // The _bucket (cumulative, le="+Inf" last), _sum and _count lines of one histogram series.
    // counts[i] is the number of observations in (bounds[i-1], bounds[i]]; counts has one more
    // entry than bounds, the observations above the last bound.
    void histogram(const QString &name, const PromLabels &labels, const std::vector<double> &bounds,
                   const std::vector<quint64> &counts, double sum);
    const QByteArray &text() const { return m_text; }

private:
    QByteArray m_text;
};

class PromText {
public:
    static QByteArray escapeLabelValue(const QString &value);
    static QByteArray escapeHelp(const QString &help);
    static QByteArray formatValue(double value);
    // {a="x",b="y"}, or nothing without labels.
    static QByteArray labelSet(const PromLabels &labels);
    static bool validName(QStringView name);

    // Every sample of a document. A line that cannot be read stops the parse: nullopt with
    // *error naming the line and the reason (a scraper stores nothing of a document it cannot
    // read rather than a part chosen by where the mistake was).
    static std::optional<std::vector<PromSample>> parse(const QByteArray &text, QString *error);
};

} // namespace ys
