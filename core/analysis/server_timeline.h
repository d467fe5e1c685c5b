#pragma once

#include "analysis/server_metrics_summary.h"
#include "domain/sample.h"

#include <QString>
#include <QStringView>
#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// The three figures of a serving engine's own metrics that explain a client's latency: the
// requests it is generating for now (its batch), the requests waiting for a place in it, and
// how full its KV cache is.
enum class ServerGauge { Running, Waiting, KvCache };
inline constexpr int kServerGaugeCount = 3;

// The gauge's key in show --json: "running", "waiting", "kv_cache_percent".
const char *serverGaugeKey(ServerGauge gauge);

// Which gauge a metric is, by the names vLLM, llama.cpp's server, TGI and SGLang give them
// (Yardstick's simulator uses vLLM's); none for any other metric.
std::optional<ServerGauge> serverGaugeOf(QStringView metricName);

// Whether a series with this label set (a="x",b="y") is the given model's: a server that serves
// several models labels each model's series (model_name= as vLLM does, or model=); a series with
// neither label is the whole server's and belongs to every model it serves.
bool seriesOfModel(const QString &labels, const QString &model);

struct TimePoint {
    double atS = 0; // seconds from the provider's first run's start
    double value = 0;
};

// One run of a provider, for its timeline: where the run started on the provider's clock (from
// the start of its first run) and its attempts (startOffsetNs from the run's start).
struct ServerTimelineRun {
    qint64 runId = 0;
    qint64 offsetNs = 0;
    std::vector<Sample> samples;
};

// A provider's session on one time axis: what its client measured (TTFT of every successful
// attempt at the attempt's start; output tokens per second by window, as the Run page draws
// them live) beside what its server reported (each gauge per scrape, the series of the
// provider's model summed, the KV cache in percent). Runs follow one another on the axis as
// they ran.
struct ServerTimeline {
    QString provider;
    std::vector<TimePoint> ttftMs;
    std::vector<TimePoint> throughput;
    std::array<std::vector<TimePoint>, kServerGaugeCount> gauges;
    std::vector<double> runStartsS;
    int scrapes = 0;    // scrapes that stored any series of the provider's model
    int ttftStride = 1; // past maxPoints, every ttftStride-th attempt (in time) is drawn
    bool hasServerMetrics() const { return scrapes > 0; }
};

// One gauge of one provider's server over the session: each scrape's value (the series of the
// provider's model summed; the fullest cache among them), in percent for the KV cache.
struct ServerGaugeSummary {
    QString provider;
    ServerGauge gauge = ServerGauge::Running;
    QString metric; // the metric's name as the server gave it
    int scrapes = 0;
    double min = 0;
    double median = 0; // the middle value (the mean of the two middle ones)
    double max = 0;
    double last = 0;
};

// Each provider's gauges (providerModels: each provider's name and model), sorted by provider
// as given and gauge; a gauge its server never reported is left out.
std::vector<ServerGaugeSummary>
summarizeServerGauges(const std::vector<ServerMetricPoint> &points,
                      const std::vector<std::pair<QString, QString>> &providerModels);

// points: the session's stored server metrics (any provider's; the provider's are picked).
// maxPoints bounds the TTFT scatter (every k-th attempt in time, still the whole session) and the
// throughput windows (wider windows past it): a chart takes a thousand markers in without holding
// the window up.
ServerTimeline serverTimeline(const QString &provider, const QString &model,
                              const std::vector<ServerTimelineRun> &runs,
                              const std::vector<ServerMetricPoint> &points, int maxPoints = 1000);

} // namespace ys
