#include "domain/workload.h"

#include "domain/scenario.h"
#include "domain/trace.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>

namespace ys {

using nlohmann::json;

namespace {

// Independent streams of one seed: a prompt's size never moves with its output's.
constexpr std::uint64_t kPromptStream = 0x70726f6d70740000ull;
constexpr std::uint64_t kOutputStream = 0x6f75747075740000ull;

struct DistError {
    QString message;
};

std::uint64_t splitMix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// The k-th uniform number in [0, 1) of (seed, index): a counter-based draw, so request i's size
// needs no state and no draws of the requests before it.
double unit(std::uint64_t seed, std::int64_t index, int k)
{
    const std::uint64_t h = splitMix(splitMix(seed) ^ splitMix(std::uint64_t(index) * 4 + k));
    return double(h >> 11) * 0x1.0p-53;
}

int between(double u, int lo, int hi)
{
    const auto span = std::int64_t(hi) - lo + 1;
    return int(std::min<std::int64_t>(hi, lo + std::int64_t(u * double(span))));
}

double normalCdf(double z)
{
    return 0.5 * std::erfc(-z / std::numbers::sqrt2);
}

double normalPdf(double z)
{
    return std::exp(-0.5 * z * z) / std::sqrt(2 * std::numbers::pi);
}

void requireKnown(const json &obj, std::initializer_list<const char *> known, const QString &where)
{
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (std::none_of(known.begin(), known.end(), [&](const char *k) { return it.key() == k; }))
            throw DistError{SizeDistribution::tr("%1: unknown field \"%2\"")
                                .arg(where, QString::fromStdString(it.key()))};
    }
}

const json &required(const json &obj, const char *key, const QString &where)
{
    auto it = obj.find(key);
    if (it == obj.end())
        throw DistError{
            SizeDistribution::tr("%1: missing field \"%2\"").arg(where, QLatin1StringView(key))};
    return *it;
}

int wholeIn(const json &v, const QString &where, int lo, int hi)
{
    if (!v.is_number_integer())
        throw DistError{SizeDistribution::tr("%1: expected a whole number").arg(where)};
    const auto x = v.get<long long>();
    if (x < lo || x > hi)
        throw DistError{
            SizeDistribution::tr("%1: %2 is outside %3..%4").arg(where).arg(x).arg(lo).arg(hi)};
    return int(x);
}

double positive(const json &v, const QString &where)
{
    if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>()))
        throw DistError{SizeDistribution::tr("%1: expected a number above zero").arg(where)};
    return v.get<double>();
}

SizeDistribution::Bin parseBin(const json &b, const QString &where, int lo, int hi)
{
    if (!b.is_array() || b.size() != 2)
        throw DistError{SizeDistribution::tr("%1: expected [size, weight] or [[low, high], weight]")
                            .arg(where)};
    SizeDistribution::Bin bin;
    const QString at = where + QStringLiteral("[0]");
    if (b[0].is_array()) {
        if (b[0].size() != 2)
            throw DistError{SizeDistribution::tr("%1: expected [low, high]").arg(at)};
        bin.lo = wholeIn(b[0][0], at + QStringLiteral("[0]"), lo, hi);
        bin.hi = wholeIn(b[0][1], at + QStringLiteral("[1]"), lo, hi);
        if (bin.hi < bin.lo)
            throw DistError{SizeDistribution::tr("%1: the high end is below the low end").arg(at)};
    } else {
        bin.lo = bin.hi = wholeIn(b[0], at, lo, hi);
    }
    bin.weight = positive(b[1], where + QStringLiteral("[1]"));
    return bin;
}

SizeDistribution parseObject(const json &v, const QString &where, int lo, int hi)
{
    SizeDistribution d;
    const json &name = required(v, "distribution", where);
    const QString kind =
        name.is_string() ? QString::fromStdString(name.get<std::string>()) : QString();
    const QString w = where + QLatin1Char('.');
    if (kind == QLatin1StringView("fixed")) {
        requireKnown(v, {"distribution", "value"}, where);
        d.kind = SizeDistribution::Kind::Fixed;
        d.value = wholeIn(required(v, "value", where), w + QStringLiteral("value"), lo, hi);
    } else if (kind == QLatin1StringView("uniform")) {
        requireKnown(v, {"distribution", "min", "max"}, where);
        d.kind = SizeDistribution::Kind::Uniform;
        d.min = wholeIn(required(v, "min", where), w + QStringLiteral("min"), lo, hi);
        d.max = wholeIn(required(v, "max", where), w + QStringLiteral("max"), lo, hi);
        if (d.max < d.min)
            throw DistError{SizeDistribution::tr("%1max: must be at least min").arg(w)};
    } else if (kind == QLatin1StringView("normal")) {
        requireKnown(v, {"distribution", "mean", "stddev", "min", "max"}, where);
        d.kind = SizeDistribution::Kind::Normal;
        d.mean = positive(required(v, "mean", where), w + QStringLiteral("mean"));
        if (d.mean > hi)
            throw DistError{
                SizeDistribution::tr("%1mean: above the largest size, %2").arg(w).arg(hi)};
        d.stddev = positive(required(v, "stddev", where), w + QStringLiteral("stddev"));
        if (v.contains("min"))
            d.clampMin = wholeIn(v["min"], w + QStringLiteral("min"), lo, hi);
        if (v.contains("max"))
            d.clampMax = wholeIn(v["max"], w + QStringLiteral("max"), lo, hi);
        if (d.clampMin && d.clampMax && *d.clampMax < *d.clampMin)
            throw DistError{SizeDistribution::tr("%1max: must be at least min").arg(w)};
    } else if (kind == QLatin1StringView("histogram")) {
        requireKnown(v, {"distribution", "bins"}, where);
        d.kind = SizeDistribution::Kind::Histogram;
        const json &bins = required(v, "bins", where);
        if (!bins.is_array() || bins.empty())
            throw DistError{SizeDistribution::tr("%1bins: expected a non-empty array").arg(w)};
        for (std::size_t i = 0; i < bins.size(); ++i)
            d.bins.push_back(
                parseBin(bins[i], QStringLiteral("%1bins[%2]").arg(w).arg(qsizetype(i)), lo, hi));
    } else {
        throw DistError{SizeDistribution::tr("%1distribution: unknown distribution \"%2\" "
                                             "(supported: fixed, uniform, normal, histogram)")
                            .arg(w, name.is_string() ? kind : QString::fromStdString(name.dump()))};
    }
    return d;
}

} // namespace

SizeDistribution SizeDistribution::fixed(int value)
{
    SizeDistribution d;
    d.value = value;
    return d;
}

std::optional<SizeDistribution> SizeDistribution::parse(const json &v, const QString &where, int lo,
                                                        int hi, QString *error)
{
    try {
        if (v.is_number_integer())
            return fixed(wholeIn(v, where, lo, hi));
        if (!v.is_object())
            throw DistError{tr("%1: expected a whole number or an object such as "
                               "{\"distribution\": \"uniform\", \"min\": 100, \"max\": 2000}")
                                .arg(where)};
        return parseObject(v, where, lo, hi);
    } catch (const DistError &e) {
        if (error)
            *error = e.message;
    }
    return std::nullopt;
}

json SizeDistribution::toJson() const
{
    switch (kind) {
    case Kind::Fixed:
        return value;
    case Kind::Uniform:
        return {{"distribution", "uniform"}, {"min", min}, {"max", max}};
    case Kind::Normal: {
        json j{{"distribution", "normal"}, {"mean", mean}, {"stddev", stddev}};
        if (clampMin)
            j["min"] = *clampMin;
        if (clampMax)
            j["max"] = *clampMax;
        return j;
    }
    case Kind::Histogram: {
        json bs = json::array();
        for (const Bin &b : bins)
            bs.push_back(
                json::array({b.lo == b.hi ? json(b.lo) : json::array({b.lo, b.hi}), b.weight}));
        return {{"distribution", "histogram"}, {"bins", bs}};
    }
    }
    return value;
}

int SizeDistribution::draw(std::uint64_t seed, std::int64_t index) const
{
    switch (kind) {
    case Kind::Fixed:
        return std::max(1, value);
    case Kind::Uniform:
        return between(unit(seed, index, 0), min, max);
    case Kind::Normal: {
        // Box-Muller on two of the request's uniforms; 1 - u keeps the logarithm finite.
        const double r = std::sqrt(-2.0 * std::log(1.0 - unit(seed, index, 0)));
        const double z = r * std::cos(2 * std::numbers::pi * unit(seed, index, 1));
        double x = std::round(mean + stddev * z);
        if (clampMin)
            x = std::max(x, double(*clampMin));
        if (clampMax)
            x = std::min(x, double(*clampMax));
        return int(std::clamp(x, 1.0, double(std::numeric_limits<int>::max())));
    }
    case Kind::Histogram: {
        double total = 0;
        for (const Bin &b : bins)
            total += b.weight;
        double pick = unit(seed, index, 0) * total;
        for (const Bin &b : bins) {
            if (pick < b.weight || &b == &bins.back())
                return std::max(1, between(unit(seed, index, 1), b.lo, b.hi));
            pick -= b.weight;
        }
        return 1;
    }
    }
    return 1;
}

int SizeDistribution::nominal() const
{
    return std::max(1, int(std::lround(expected())));
}

double SizeDistribution::expected() const
{
    switch (kind) {
    case Kind::Fixed:
        return value;
    case Kind::Uniform:
        return 0.5 * (min + max);
    case Kind::Normal: {
        // The mean of the normal clamped to [a, b] (sizes are never below 1):
        // a·Φ(α) + b·(1 − Φ(β)) + μ·(Φ(β) − Φ(α)) − σ·(φ(β) − φ(α)).
        const double a = std::max(1.0, double(clampMin.value_or(1)));
        const double alpha = (a - mean) / stddev;
        const double pa = normalCdf(alpha);
        if (!clampMax)
            return a * pa + mean * (1 - pa) + stddev * normalPdf(alpha);
        const double b = *clampMax;
        const double beta = (b - mean) / stddev;
        const double pb = normalCdf(beta);
        return a * pa + b * (1 - pb) + mean * (pb - pa) -
               stddev * (normalPdf(beta) - normalPdf(alpha));
    }
    case Kind::Histogram: {
        double total = 0, sum = 0;
        for (const Bin &b : bins) {
            total += b.weight;
            sum += b.weight * 0.5 * (b.lo + b.hi);
        }
        return total > 0 ? sum / total : 1;
    }
    }
    return value;
}

namespace {

// One request's size, prompt or output alike: the traced size when sc replays a trace (its
// entries in turn), else a draw from distribution on its own stream, else the fixed size.
int requestSize(const Scenario &sc, int requestIndex, int Trace::Entry::*traced,
                const std::optional<SizeDistribution> &distribution, std::uint64_t stream,
                int fixed)
{
    if (sc.trace && sc.trace->trace) {
        const auto &entries = sc.trace->trace->entries;
        return entries[std::size_t(requestIndex) % entries.size()].*traced;
    }
    if (distribution)
        return distribution->draw(sc.seed ^ stream, requestIndex);
    return fixed;
}

} // namespace

int Workload::promptTokensFor(const Scenario &sc, int requestIndex)
{
    return requestSize(sc, requestIndex, &Trace::Entry::inputTokens, sc.promptDistribution,
                       kPromptStream, sc.promptTokens);
}

int Workload::maxOutputTokensFor(const Scenario &sc, int requestIndex)
{
    return requestSize(sc, requestIndex, &Trace::Entry::outputTokens, sc.outputDistribution,
                       kOutputStream, sc.maxOutputTokens);
}

std::vector<std::int64_t> Workload::traceOffsetsNs(const Scenario &sc)
{
    std::vector<std::int64_t> offsets;
    if (!sc.trace || !sc.trace->trace)
        return offsets;
    offsets.reserve(sc.trace->trace->entries.size());
    for (const Trace::Entry &e : sc.trace->trace->entries)
        offsets.push_back(e.offsetNs);
    return offsets;
}

void Workload::replayTrace(Scenario &scenario, TraceReplay replay)
{
    scenario.promptTokens = std::max(1, int(std::lround(replay.trace->meanInputTokens())));
    scenario.maxOutputTokens = std::max(1, int(std::lround(replay.trace->meanOutputTokens())));
    scenario.promptDistribution.reset();
    scenario.outputDistribution.reset();
    scenario.load = QStringLiteral("open");
    scenario.trace = std::move(replay);
}

} // namespace ys
