#include "models/results_text.h"

#include "models/kind_results_text.h"
#include "util/number_text.h"

namespace ys {

namespace {

// Milliseconds with one decimal, or two below 10 ms where one would hide the differences.
QString ms(const std::optional<double> &v)
{
    if (!v)
        return QStringLiteral("—");
    return fixedNumber(*v, *v < 10.0 ? 2 : 1);
}

} // namespace

QStringList ResultsText::latencyLines(const LatencyResult &r)
{
    const auto pair = [](const Distribution &d) {
        return tr("p50 %1 / p95 %2 ms").arg(ms(d.p50), ms(d.p95));
    };
    QStringList out;
    out << tr("latency: TTFB %1; TPOT %2 (n = %3)")
               .arg(pair(r.ttfbMs), pair(r.tpotMs))
               .arg(r.tpotMs.count);
    out << tr("TTFT cold (new connection) %1 (n = %2); warm (reused connection) %3 (n = %4)")
               .arg(pair(r.coldTtftMs))
               .arg(r.coldTtftMs.count)
               .arg(pair(r.warmTtftMs))
               .arg(r.warmTtftMs.count);
    const QString connect =
        r.connectMs ? tr("connect %1 (n = %2)").arg(pair(*r.connectMs)).arg(r.connectMs->count)
                    : tr("connect — (no new connection)");
    const QString tls = r.tlsMs ? tr("TLS %1 (from the start of connecting)").arg(pair(*r.tlsMs))
                                : tr("TLS — (no TLS handshake)");
    out << connect + QStringLiteral("; ") + tls;
    if (r.e2eFromIntendedMs)
        out << tr("E2E from the intended start %1 (n = %2; open loop: queue delay included, "
                  "the latency gate reads this P95)")
                   .arg(pair(*r.e2eFromIntendedMs))
                   .arg(r.e2eFromIntendedMs->count);
    for (qsizetype i = 1; i < out.size(); ++i)
        out[i].prepend(QStringLiteral("  ")); // the kind's details under its first line
    return out;
}

QStringList ResultsText::lines(const ScenarioResults &results)
{
    QStringList out;
    if (results.latency)
        out << latencyLines(*results.latency);
    out << KindResultsText::lines(results);
    return out;
}

QStringList resultsTextLines(const ScenarioResults &results)
{
    return ResultsText::lines(results);
}

} // namespace ys
