#pragma once

#include "domain/sample.h"

#include <QObject>
#include <QString>
#include <array>
#include <map>
#include <memory>
#include <vector>

namespace ys {

class MetricsHttpServer;
class PromWriter;
class SessionRunner;
struct RegressionGate;

// Live metrics of the sessions a process runs, served for Prometheus at GET /metrics
// (docs/metrics.md): attempts by provider and outcome, TTFT and end-to-end histograms, tokens
// and dollars by provider, runs in progress and the build. Counters count every attempt the
// session stores, warm-up included, so at the end they equal the database's counts; the
// histograms hold the measured successful attempts (warm-up excluded), as the summaries do.
// Lives on the thread that creates it (the command line's main thread), which only receives
// copies of finished samples: serving a scrape never touches the measuring thread.
class MetricsEndpoint : public QObject {
    Q_OBJECT
public:
    explicit MetricsEndpoint(QObject *parent = nullptr);
    ~MetricsEndpoint() override;

    // Serves GET /metrics on "HOST:PORT" (see MetricsHttpServer::parseAddress); false with
    // *error when the address is malformed or taken.
    bool listen(const QString &hostPort, QString *error);
    quint16 port() const;

    // Counts what this runner's sessions measure; any number of runners, one after another or
    // at once. Call before SessionRunner::start().
    void attach(SessionRunner *runner);

    // The exposition text now.
    QByteArray exposition() const;

    // For other sources of samples (and tests): what attach() connects to.
    void runStarted(qint64 runId, const QString &provider);
    void runEnded(qint64 runId, const QString &provider);
    void sampleMeasured(const Sample &sample);

    // The regression gate's verdict on a session of this suite against its baseline (a worker's
    // scheduled session, docs/workers.md), checked at checkedAtMs (ms since the epoch): replaces
    // the suite's previous verdict.
    void regressionGateChecked(const QString &suite, const RegressionGate &gate,
                               qint64 checkedAtMs);

    // Upper bounds of the latency histograms' buckets, in seconds.
    static const std::vector<double> &latencyBuckets();

private:
    struct Histogram {
        std::vector<quint64> counts; // latencyBuckets().size() + 1
        double sum = 0;
        void observe(double seconds);
    };
    struct ProviderFigures {
        std::map<QString, quint64> attempts; // by outcome name
        Histogram ttft;
        Histogram e2e;
        double inputTokens = 0;
        double outputTokens = 0;
        double costUsd = 0;
        int runsInProgress = 0;
    };

    // The latest verdict of the regression gate on a suite.
    struct GateFigures {
        qint64 checkedAtMs = 0;
        std::map<QString, bool> regressed;                    // by provider
        std::map<std::pair<QString, QString>, double> change; // (provider, figure) regressed
    };

    ProviderFigures &figures(const QString &provider);
    void writeGates(PromWriter &w) const;

    std::unique_ptr<MetricsHttpServer> m_server;
    std::map<QString, ProviderFigures> m_providers;
    std::map<qint64, QString> m_runProvider; // run id -> its provider's name
    std::map<QString, GateFigures> m_gates;  // by suite
};

} // namespace ys
