#pragma once

#include "domain/network_settings.h"
#include "pricing/price.h"

#include <QString>
#include <QStringList>
#include <QUrl>
#include <optional>

namespace ys {

// One provider endpoint as a suite names it. apiKeyRef is a reference (env:NAME, keychain:ID),
// never the key itself.
// A per-provider circuit breaker (off unless a suite asks for it: a benchmark normally wants
// every failure measured, not avoided).
struct BreakerSettings {
    // The limits a suite file and the provider editor hold each field to.
    static constexpr int kMaxFailureThreshold = 10'000;
    static constexpr double kMaxSeconds = 86'400; // window_s and open_s: more than 0, at most this
    static constexpr int kMaxHalfOpenProbes = 1'000;
    int failureThreshold = 5; // failures within the window that open it
    double windowS = 30;
    double openS = 10; // how long it stays open before letting probes through
    int halfOpenProbes = 1;
    bool operator==(const BreakerSettings &) const = default;
};

// A self-hosted server's own Prometheus endpoint, scraped during each of the provider's runs
// (docs/suite-format.md). keep: the metric names to store; empty stores every sample, up to
// kMaxSamplesPerScrape per scrape.
struct ServerMetricsSettings {
    static constexpr int kMaxSamplesPerScrape = 500;
    // Faster than 50 ms a scrape would cost the server more than it tells.
    static constexpr int kMinIntervalMs = 50;
    static constexpr int kMaxIntervalMs = 3'600'000;
    QUrl url;
    int intervalMs = 1000;
    QStringList keep;
    bool operator==(const ServerMetricsSettings &) const = default;

    // Prometheus' metric name rule, [a-zA-Z_:][a-zA-Z0-9_:]*: what keep may list.
    static bool isMetricName(QStringView name)
    {
        if (name.isEmpty() || name.front().isDigit())
            return false;
        for (const QChar c : name) {
            const bool ok = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') ||
                            (c >= u'0' && c <= u'9') || c == u'_' || c == u':';
            if (!ok)
                return false;
        }
        return true;
    }
};

struct ProviderConfig {
    QString name;
    QString dialect; // "openai-chat", ...
    QUrl baseUrl;    // e.g. http://127.0.0.1:8000/v1
    QString model;
    QString apiKeyRef;
    // The price in force: the suite's own until the session resolves it against the price
    // catalog (then it says its source, catalog entry and catalog date).
    std::optional<Price> price;
    // Price fields the suite gives without a whole price, or (once resolved) the suite's own
    // fields: they override the catalog's field by field.
    std::optional<PriceOverride> priceOverride;
    QString catalog; // the price catalog's entry, "provider/model"; empty: found from address
    std::optional<qint64> contextWindow;
    QString preset; // an OpenAI-compatible preset id ("vllm", "deepseek", ...), or empty
    std::optional<BreakerSettings> breaker;
    // Providers of the same suite that take a request this one refused (breaker open) or
    // failed, tried in order.
    QStringList fallback;
    std::optional<ServerMetricsSettings> serverMetrics;
    // Proxy, trust, client certificate and HTTP version (docs/suite-format.md, "Network").
    NetworkSettings network;
};

} // namespace ys
