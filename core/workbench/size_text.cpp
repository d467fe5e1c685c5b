#include "workbench/size_text.h"

#include <QRegularExpression>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

using nlohmann::json;

constexpr QChar kDash = QChar(0x2013);

QString shortest(double v)
{
    return QString::number(v, 'g', 12);
}

QString range(int lo, int hi)
{
    return lo == hi ? QString::number(lo) : QString::number(lo) + kDash + QString::number(hi);
}

// The text with the other spellings of its signs replaced by one each, and no spaces.
QString normalised(QString text)
{
    text.replace(QStringLiteral("+-"), QStringLiteral("±"));
    for (const QChar c : {QChar(u'~'), QChar(0xFF5E), QChar(u'-'), QChar(0x2014)})
        text.replace(c, kDash);
    text.replace(QChar(0xFF1B), QChar(u';'));
    text.replace(QChar(0xFF1A), QChar(u':'));
    text.replace(QChar(0xFF0C), QChar(u','));
    text.remove(QRegularExpression(QStringLiteral("\\s")));
    return text;
}

std::optional<qint64> whole(const QString &text)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

std::optional<double> real(const QString &text)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

// "A–B" or "A" as a json size or [lo, hi]; none when it does not read.
std::optional<json> rangeJson(const QString &text)
{
    const QStringList ends = text.split(kDash);
    if (ends.size() == 1) {
        if (const auto v = whole(ends[0]))
            return json(*v);
    } else if (ends.size() == 2) {
        const auto lo = whole(ends[0]);
        const auto hi = whole(ends[1]);
        if (lo && hi)
            return json::array({*lo, *hi});
    }
    return std::nullopt;
}

} // namespace

QString SizeText::format(const SizeDistribution &size)
{
    switch (size.kind) {
    case SizeDistribution::Kind::Fixed:
        return QString::number(size.value);
    case SizeDistribution::Kind::Uniform:
        return range(size.min, size.max);
    case SizeDistribution::Kind::Normal: {
        QString text = shortest(size.mean) + QStringLiteral(" ± ") + shortest(size.stddev);
        if (size.clampMin || size.clampMax)
            text += QStringLiteral(", ") +
                    (size.clampMin ? QString::number(*size.clampMin) : QString()) + kDash +
                    (size.clampMax ? QString::number(*size.clampMax) : QString());
        return text;
    }
    case SizeDistribution::Kind::Histogram: {
        QStringList bins;
        for (const SizeDistribution::Bin &b : size.bins)
            bins << range(b.lo, b.hi) + QStringLiteral(": ") + shortest(b.weight);
        return bins.join(QStringLiteral("; "));
    }
    }
    return QString::number(size.value);
}

std::optional<SizeDistribution> SizeText::parse(const QString &input, const QString &label, int lo,
                                                int hi, QString *error)
{
    const QString text = normalised(input);
    const auto fail = [&](const QString &what) -> std::optional<SizeDistribution> {
        *error = tr("%1: %2").arg(label, what);
        return std::nullopt;
    };
    json spec;
    if (text.contains(u':')) {
        json bins = json::array();
        for (const QString &bin : text.split(u';', Qt::SkipEmptyParts)) {
            const QStringList parts = bin.split(u':');
            const auto size = parts.size() == 2 ? rangeJson(parts[0]) : std::nullopt;
            const auto weight = parts.size() == 2 ? real(parts[1]) : std::nullopt;
            if (!size || !weight)
                return fail(tr("\"%1\" is not a bin such as 200–800: 6").arg(bin));
            bins.push_back(json::array({*size, *weight}));
        }
        spec = {{"distribution", "histogram"}, {"bins", bins}};
    } else if (text.contains(u'±')) {
        const QStringList parts = text.split(u',');
        const QStringList spread = parts[0].split(u'±');
        const auto mean = spread.size() == 2 ? real(spread[0]) : std::nullopt;
        const auto stddev = spread.size() == 2 ? real(spread[1]) : std::nullopt;
        if (parts.size() > 2 || !mean || !stddev)
            return fail(tr("\"%1\" is not a mean and spread such as 300 ± 120").arg(input));
        spec = {{"distribution", "normal"}, {"mean", *mean}, {"stddev", *stddev}};
        if (parts.size() == 2) {
            const QStringList ends = parts[1].split(kDash);
            const auto min = ends.size() == 2 ? whole(ends[0]) : std::nullopt;
            const auto max = ends.size() == 2 ? whole(ends[1]) : std::nullopt;
            if (ends.size() != 2 || (!min && !ends[0].isEmpty()) || (!max && !ends[1].isEmpty()) ||
                (!min && !max))
                return fail(tr("\"%1\" is not a clamp such as 16–1024").arg(parts[1]));
            if (min)
                spec["min"] = *min;
            if (max)
                spec["max"] = *max;
        }
    } else if (text.indexOf(kDash) > 0) {
        const auto ends = rangeJson(text);
        if (!ends || !ends->is_array())
            return fail(tr("\"%1\" is not a range such as 200–800").arg(input));
        spec = {{"distribution", "uniform"}, {"min", (*ends)[0]}, {"max", (*ends)[1]}};
    } else if (const auto v = whole(text)) {
        spec = *v;
    } else {
        return fail(tr("\"%1\" is not a size: write a number, a range, a mean ± spread or "
                       "bins with weights")
                        .arg(input));
    }
    return SizeDistribution::parse(spec, label, lo, hi, error);
}

QString SizeText::help()
{
    return tr("1000: every request the same\n200–800: uniform from 200 to 800\n300 ± 120: normal "
              "(mean ± standard deviation), optionally clamped: 300 ± 120, 16–1024\n200–800: 6; "
              "800–4000: 3; 16000: 1: bins and their weights");
}

} // namespace ys
