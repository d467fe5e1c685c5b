#include "analysis/server_timeline.h"

#include "analysis/throughput_windows.h"
#include "domain/outcome.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace ys {

namespace {

struct GaugeName {
    const char16_t *name;
    ServerGauge gauge;
};

constexpr GaugeName kGaugeNames[] = {
    {u"vllm:num_requests_running", ServerGauge::Running},
    {u"vllm:num_requests_waiting", ServerGauge::Waiting},
    {u"vllm:gpu_cache_usage_perc", ServerGauge::KvCache},
    {u"vllm:kv_cache_usage_perc", ServerGauge::KvCache},
    {u"llamacpp:requests_processing", ServerGauge::Running},
    {u"llamacpp:requests_deferred", ServerGauge::Waiting},
    {u"llamacpp:kv_cache_usage_ratio", ServerGauge::KvCache},
    {u"tgi_batch_current_size", ServerGauge::Running},
    {u"tgi_queue_size", ServerGauge::Waiting},
    {u"sglang:num_running_reqs", ServerGauge::Running},
    {u"sglang:num_queue_reqs", ServerGauge::Waiting},
    {u"sglang:token_usage", ServerGauge::KvCache},
};

// The value of label key in a label set as the exposition format writes it (a="x",b="y", with
// \\, \" and \n escaped in values); none when the set has no such label.
std::optional<QString> labelValue(const QString &labels, QStringView key)
{
    qsizetype i = 0;
    const qsizetype n = labels.size();
    while (i < n) {
        const qsizetype eq = labels.indexOf(u'=', i);
        if (eq < 0 || eq + 1 >= n || labels[eq + 1] != u'"')
            return std::nullopt;
        const QStringView name = QStringView(labels).mid(i, eq - i).trimmed();
        QString value;
        qsizetype j = eq + 2;
        for (; j < n && labels[j] != u'"'; ++j) {
            if (labels[j] == u'\\' && j + 1 < n) {
                ++j;
                value += labels[j] == u'n' ? QChar(u'\n') : labels[j];
            } else {
                value += labels[j];
            }
        }
        if (name == key)
            return value;
        i = j + 1;
        if (i < n && labels[i] == u',')
            ++i;
    }
    return std::nullopt;
}

// One gauge at one scrape (its run and time on the run's clock).
struct ScrapeKey {
    int gauge;
    qint64 runId;
    qint64 atNs;
    auto operator<=>(const ScrapeKey &) const = default;
};

struct GaugeScrapes {
    std::map<ScrapeKey, double> values; // KV cache as a share (0..1)
    std::array<QString, kServerGaugeCount> metric;
    std::set<std::pair<qint64, qint64>> scrapes; // (run, time) of every scrape with the model's
};

// The provider's gauges per scrape: requests summed over the model's series, the fullest cache.
GaugeScrapes gaugeScrapes(const std::vector<ServerMetricPoint> &points, const QString &provider,
                          const QString &model)
{
    GaugeScrapes out;
    for (const ServerMetricPoint &p : points) {
        if (p.provider != provider || !seriesOfModel(p.labels, model))
            continue;
        out.scrapes.insert({p.runId, p.atNs});
        const std::optional<ServerGauge> gauge = serverGaugeOf(p.name);
        if (!gauge)
            continue;
        out.metric[std::size_t(*gauge)] = p.name;
        auto [it, fresh] = out.values.try_emplace(ScrapeKey{int(*gauge), p.runId, p.atNs}, p.value);
        if (!fresh)
            it->second = *gauge == ServerGauge::KvCache ? std::max(it->second, p.value)
                                                        : it->second + p.value;
    }
    return out;
}

constexpr qint64 kEarliest = std::numeric_limits<qint64>::min();

double shownValue(int gauge, double value)
{
    return ServerGauge(gauge) == ServerGauge::KvCache ? value * 100 : value;
}

} // namespace

const char *serverGaugeKey(ServerGauge gauge)
{
    switch (gauge) {
    case ServerGauge::Running:
        return "running";
    case ServerGauge::Waiting:
        return "waiting";
    case ServerGauge::KvCache:
        break;
    }
    return "kv_cache_percent";
}

std::optional<ServerGauge> serverGaugeOf(QStringView metricName)
{
    for (const GaugeName &g : kGaugeNames) {
        if (metricName == QStringView(g.name))
            return g.gauge;
    }
    return std::nullopt;
}

bool seriesOfModel(const QString &labels, const QString &model)
{
    for (const QStringView key : {QStringView(u"model_name"), QStringView(u"model")}) {
        if (const std::optional<QString> value = labelValue(labels, key))
            return *value == model;
    }
    return true;
}

ServerTimeline serverTimeline(const QString &provider, const QString &model,
                              const std::vector<ServerTimelineRun> &runs,
                              const std::vector<ServerMetricPoint> &points, int maxPoints)
{
    ServerTimeline out;
    out.provider = provider;
    std::map<qint64, qint64> offsetOf; // run id → its start on the provider's clock
    ThroughputWindows throughput(maxPoints);
    for (const ServerTimelineRun &run : runs) {
        offsetOf[run.runId] = run.offsetNs;
        out.runStartsS.push_back(double(run.offsetNs) / 1e9);
        for (const Sample &s : run.samples) {
            // A fallback's answer is the fallback's timing, drawn under its own name.
            const bool own = s.servedBy.isEmpty() || s.servedBy == provider;
            if (s.warmup || !own || !outcomeIsSuccess(s.outcome))
                continue;
            const qint64 startNs = run.offsetNs + s.startOffsetNs;
            if (s.firstTokenNs)
                out.ttftMs.push_back({double(startNs) / 1e9, double(*s.firstTokenNs) / 1e6});
            throughput.add(startNs + s.endNs, double(s.outputTokens.value_or(s.localOutputTokens)));
        }
    }
    std::sort(out.runStartsS.begin(), out.runStartsS.end());
    throughput.close();
    for (const auto &[x, y] : throughput.points())
        out.throughput.push_back({x, y});

    std::sort(out.ttftMs.begin(), out.ttftMs.end(),
              [](const TimePoint &a, const TimePoint &b) { return a.atS < b.atS; });
    if (maxPoints > 0 && out.ttftMs.size() > std::size_t(maxPoints)) {
        out.ttftStride =
            int((out.ttftMs.size() + std::size_t(maxPoints) - 1) / std::size_t(maxPoints));
        std::vector<TimePoint> kept;
        for (std::size_t i = 0; i < out.ttftMs.size(); i += std::size_t(out.ttftStride))
            kept.push_back(out.ttftMs[i]);
        out.ttftMs = std::move(kept);
    }

    const GaugeScrapes scraped = gaugeScrapes(points, provider, model);
    for (const auto &[run, atNs] : scraped.scrapes) {
        if (offsetOf.count(run))
            ++out.scrapes;
    }
    for (const auto &[key, value] : scraped.values) {
        const auto offset = offsetOf.find(key.runId);
        if (offset != offsetOf.end())
            out.gauges[std::size_t(key.gauge)].push_back(
                {double(offset->second + key.atNs) / 1e9, shownValue(key.gauge, value)});
    }
    for (auto &series : out.gauges)
        std::sort(series.begin(), series.end(),
                  [](const TimePoint &a, const TimePoint &b) { return a.atS < b.atS; });
    return out;
}

std::vector<ServerGaugeSummary>
summarizeServerGauges(const std::vector<ServerMetricPoint> &points,
                      const std::vector<std::pair<QString, QString>> &providerModels)
{
    std::vector<ServerGaugeSummary> out;
    for (const auto &[provider, model] : providerModels) {
        const GaugeScrapes scraped = gaugeScrapes(points, provider, model);
        for (int g = 0; g < kServerGaugeCount; ++g) {
            std::vector<double> values; // in scrape order (run, then time)
            for (auto it = scraped.values.lower_bound({g, kEarliest, kEarliest});
                 it != scraped.values.end() && it->first.gauge == g; ++it)
                values.push_back(shownValue(g, it->second));
            if (values.empty())
                continue;
            ServerGaugeSummary s;
            s.provider = provider;
            s.gauge = ServerGauge(g);
            s.metric = scraped.metric[std::size_t(g)];
            s.scrapes = int(values.size());
            s.last = values.back();
            std::sort(values.begin(), values.end());
            const std::size_t n = values.size();
            s.min = values.front();
            s.max = values.back();
            s.median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
            out.push_back(std::move(s));
        }
    }
    return out;
}

} // namespace ys
