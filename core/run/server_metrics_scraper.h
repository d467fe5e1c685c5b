#pragma once

#include "domain/provider_config.h"
#include "run/session_signals.h"

#include <QString>
#include <functional>
#include <memory>

class QThread;

namespace ys {

class SampleWriter;
class ScrapeWorker;

// Reads a self-hosted server's Prometheus /metrics at an interval during one run, on a thread
// and a network manager of its own (never the measuring thread or its connections), and hands
// the samples to the sample writer as server_metrics rows stamped on the run's clock. A scrape
// that fails (unreachable, an HTTP error, text that does not parse) is recorded as a
// server_metrics event of the run, never as a failure of it. One scrape is taken at once;
// a tick that finds the last one still out is skipped.
class ServerMetricsScraper {
public:
    // runStartNs: the run's clock origin (LoadRunner::startNs()). Starts at once: the first
    // scrape goes out immediately.
    // observe, when set, is called on the scraper's thread with each scrape's rows as they go
    // to the writer.
    using Observer = std::function<void(ServerScrape scrape)>;
    ServerMetricsScraper(const ServerMetricsSettings &settings, const QString &provider,
                         qint64 sessionId, qint64 runId, qint64 runStartNs, SampleWriter *writer,
                         Observer observe = {});
    // Stops: a scrape still out is abandoned; every row already read has been queued to the
    // writer when this returns, with a summary event (scrapes stored and failed).
    ~ServerMetricsScraper();
    ServerMetricsScraper(const ServerMetricsScraper &) = delete;
    ServerMetricsScraper &operator=(const ServerMetricsScraper &) = delete;

private:
    std::unique_ptr<QThread> m_thread;
    ScrapeWorker *m_worker = nullptr; // lives on m_thread
};

} // namespace ys
