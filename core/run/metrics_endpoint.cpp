#include "run/metrics_endpoint.h"

#include "analysis/regression_gate.h"
#include "net/metrics_http_server.h"
#include "net/prometheus_text.h"
#include "run/session_runner.h"
#include "util/units.h"

#include <QtGlobal>
#include <algorithm>

namespace ys {

namespace {

} // namespace

void MetricsEndpoint::Histogram::observe(double seconds)
{
    const std::vector<double> &bounds = latencyBuckets();
    if (counts.empty())
        counts.assign(bounds.size() + 1, 0);
    const auto it = std::lower_bound(bounds.begin(), bounds.end(), seconds);
    ++counts[std::size_t(it - bounds.begin())];
    sum += seconds;
}

MetricsEndpoint::MetricsEndpoint(QObject *parent)
    : QObject(parent)
{
}

MetricsEndpoint::~MetricsEndpoint() = default;

const std::vector<double> &MetricsEndpoint::latencyBuckets()
{
    // From a fast local model's first token to a long reasoning answer.
    static const std::vector<double> bounds{0.025, 0.05, 0.1, 0.25, 0.5, 1,  2.5,
                                            5,     10,   20,  30,   60,  120};
    return bounds;
}

bool MetricsEndpoint::listen(const QString &hostPort, QString *error)
{
    auto server = std::make_unique<MetricsHttpServer>([this] { return exposition(); });
    if (!server->listen(hostPort, error))
        return false;
    m_server = std::move(server);
    return true;
}

quint16 MetricsEndpoint::port() const
{
    return m_server ? m_server->port() : 0;
}

void MetricsEndpoint::attach(SessionRunner *runner)
{
    connect(runner, &SessionRunner::runStarted, this, &MetricsEndpoint::runStarted);
    connect(runner, &SessionRunner::runEnded, this, &MetricsEndpoint::runEnded);
    connect(runner, &SessionRunner::sampleMeasured, this, &MetricsEndpoint::sampleMeasured);
}

MetricsEndpoint::ProviderFigures &MetricsEndpoint::figures(const QString &provider)
{
    return m_providers[provider];
}

void MetricsEndpoint::runStarted(qint64 runId, const QString &provider)
{
    m_runProvider[runId] = provider;
    ++figures(provider).runsInProgress;
}

void MetricsEndpoint::runEnded(qint64 runId, const QString &provider)
{
    ProviderFigures &f = figures(provider);
    f.runsInProgress = std::max(0, f.runsInProgress - 1);
    Q_UNUSED(runId);
}

void MetricsEndpoint::sampleMeasured(const Sample &sample)
{
    const auto run = m_runProvider.find(sample.runId);
    // The database files an attempt under its run's provider (a fallback that served it is
    // said by served_by), and so do these counters.
    const QString provider = run != m_runProvider.end() ? run->second : QString();
    ProviderFigures &f = figures(provider);
    ++f.attempts[outcomeName(sample.outcome)];
    if (sample.inputTokens)
        f.inputTokens += double(*sample.inputTokens);
    if (sample.outputTokens)
        f.outputTokens += double(*sample.outputTokens);
    if (sample.costUsd)
        f.costUsd += *sample.costUsd;
    if (sample.warmup || !outcomeIsSuccess(sample.outcome))
        return;
    if (sample.firstTokenNs)
        f.ttft.observe(double(*sample.firstTokenNs) / kNsPerS);
    f.e2e.observe(double(sample.endNs) / kNsPerS);
}

void MetricsEndpoint::regressionGateChecked(const QString &suite, const RegressionGate &gate,
                                            qint64 checkedAtMs)
{
    GateFigures g;
    g.checkedAtMs = checkedAtMs;
    for (const RegressionCheck &c : gate.checks) {
        bool &regressed = g.regressed[c.row.provider];
        regressed = regressed || c.regression;
        if (c.regression && c.relativeChange)
            g.change[{c.row.provider, diffFigureName(c.row.figure)}] = *c.relativeChange;
    }
    m_gates[suite] = std::move(g);
}

// The regression gate's families, once a verdict is in (docs/metrics.md).
void MetricsEndpoint::writeGates(PromWriter &w) const
{
    if (m_gates.empty())
        return;
    const QString suiteLabel = QStringLiteral("suite");
    const QString providerLabel = QStringLiteral("provider");
    const QString regressed = QStringLiteral("yardstick_regression_gate_regressed");
    w.family(regressed, "gauge",
             QStringLiteral("1 when the regression gate found the provider's latest scheduled "
                            "session of the suite worse than its baseline, else 0."));
    for (const auto &[suite, g] : m_gates)
        for (const auto &[provider, r] : g.regressed)
            w.sample(regressed, {{suiteLabel, suite}, {providerLabel, provider}}, r ? 1 : 0);
    const QString checked = QStringLiteral("yardstick_regression_gate_checked_timestamp_seconds");
    w.family(checked, "gauge",
             QStringLiteral("When the regression gate last checked a session of the suite, in "
                            "seconds since the Unix epoch."));
    for (const auto &[suite, g] : m_gates)
        w.sample(checked, {{suiteLabel, suite}}, double(g.checkedAtMs) / 1000.0);
    const QString change = QStringLiteral("yardstick_regression_relative_change_ratio");
    w.family(change, "gauge",
             QStringLiteral("Each regressed figure's change against the baseline, (after - "
                            "before) / before: 0.2 is 20% higher."));
    for (const auto &[suite, g] : m_gates)
        for (const auto &[key, v] : g.change)
            w.sample(change,
                     {{suiteLabel, suite},
                      {providerLabel, key.first},
                      {QStringLiteral("figure"), key.second}},
                     v);
}

QByteArray MetricsEndpoint::exposition() const
{
    PromWriter w;
    const QString providerLabel = QStringLiteral("provider");
    w.family(QStringLiteral("yardstick_build_info"), "gauge",
             QStringLiteral("The yardstick build serving these metrics; always 1."));
    w.sample(QStringLiteral("yardstick_build_info"),
             {{QStringLiteral("version"), QStringLiteral(YS_VERSION)},
              {QStringLiteral("qt_version"), QString::fromLatin1(qVersion())}},
             1);

    w.family(QStringLiteral("yardstick_attempts_total"), "counter",
             QStringLiteral("Attempts stored, warm-up included, by provider and outcome class."));
    for (const auto &[provider, f] : m_providers)
        for (const auto &[outcome, n] : f.attempts)
            w.sample(QStringLiteral("yardstick_attempts_total"),
                     {{providerLabel, provider}, {QStringLiteral("outcome"), outcome}}, double(n));

    w.family(QStringLiteral("yardstick_runs_in_progress"), "gauge",
             QStringLiteral("Runs of the provider sending attempts now."));
    for (const auto &[provider, f] : m_providers)
        w.sample(QStringLiteral("yardstick_runs_in_progress"), {{providerLabel, provider}},
                 f.runsInProgress);

    const std::vector<double> &bounds = latencyBuckets();
    const auto histogram = [&](const QString &name, const QString &help,
                               Histogram ProviderFigures::*member) {
        w.family(name, "histogram", help);
        for (const auto &[provider, f] : m_providers) {
            const Histogram &h = f.*member;
            std::vector<quint64> counts = h.counts;
            counts.resize(bounds.size() + 1, 0);
            w.histogram(name, {{providerLabel, provider}}, bounds, counts, h.sum);
        }
    };
    histogram(QStringLiteral("yardstick_ttft_seconds"),
              QStringLiteral("Time to first token of successful measured attempts, in seconds."),
              &ProviderFigures::ttft);
    histogram(QStringLiteral("yardstick_e2e_seconds"),
              QStringLiteral("End-to-end time of successful measured attempts, in seconds."),
              &ProviderFigures::e2e);

    const auto counter = [&](const QString &name, const QString &help,
                             double ProviderFigures::*member) {
        w.family(name, "counter", help);
        for (const auto &[provider, f] : m_providers)
            w.sample(name, {{providerLabel, provider}}, f.*member);
    };
    counter(QStringLiteral("yardstick_input_tokens_total"),
            QStringLiteral("Prompt tokens the provider reported, all stored attempts."),
            &ProviderFigures::inputTokens);
    counter(QStringLiteral("yardstick_output_tokens_total"),
            QStringLiteral("Output tokens the provider reported, all stored attempts."),
            &ProviderFigures::outputTokens);
    counter(QStringLiteral("yardstick_cost_usd_total"),
            QStringLiteral("What the stored attempts cost, in US dollars."),
            &ProviderFigures::costUsd);
    writeGates(w);
    return w.text();
}

} // namespace ys
