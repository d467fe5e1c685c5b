#include "analysis/routing_text.h"

#include "domain/outcome.h"
#include "util/number_text.h"

namespace ys {

namespace {

std::optional<double> routingCount(int n)
{
    return double(n);
}

RoutingFigureRow routingCountRow(const char *key, const QString &label, int alone, int with)
{
    return {QLatin1StringView(key), label,
            QString::number(alone), QString::number(with),
            routingCount(alone),    routingCount(with)};
}

} // namespace

QString RoutingText::headline(const RoutingPolicy &p)
{
    return tr("Routing policy%1: primary %2; fallbacks %3")
        .arg(p.useCase.isEmpty() ? QString() : tr(" for %1").arg(p.useCase), p.primary,
             p.fallbacks.empty()
                 ? tr("none")
                 : QStringList(p.fallbacks.begin(), p.fallbacks.end()).join(QStringLiteral(", ")));
}

QString RoutingText::fallsBackOn(const RoutingPolicy &p)
{
    // In words (OutcomeText), as every text for people names an outcome class.
    QStringList classes;
    for (const QString &name : p.fallbackOn) {
        const auto outcome = outcomeFromName(name);
        classes << (outcome ? OutcomeText::display(*outcome) : name);
    }
    return tr("Falls back on: %1").arg(classes.join(QStringLiteral(", ")));
}

QString RoutingText::limits(const RoutingPolicy &p)
{
    return tr("Latency budget: %1; retries: %2; breaker: %3")
        .arg(p.latencyBudgetMs ? tr("%1 ms").arg(*p.latencyBudgetMs) : tr("none"))
        .arg(p.retries)
        .arg(p.breaker ? tr("%1 failures within %2 s open it for %3 s, %4 probe(s)")
                             .arg(p.breaker->failureThreshold)
                             .arg(p.breaker->windowS)
                             .arg(p.breaker->openS)
                             .arg(p.breaker->halfOpenProbes)
                       : tr("none"));
}

QStringList RoutingText::policyLines(const RoutingPolicy &policy)
{
    return {headline(policy), fallsBackOn(policy), limits(policy)};
}

QString RoutingText::objectives(const SloObjectives &o)
{
    QStringList parts;
    if (o.ttftMs)
        parts << tr("TTFT ≤ %1 ms").arg(*o.ttftMs);
    if (o.tpotMs)
        parts << tr("TPOT ≤ %1 ms").arg(*o.tpotMs);
    if (o.e2eMs)
        parts << tr("E2E ≤ %1 ms").arg(*o.e2eMs);
    return parts.isEmpty() ? tr("none set, a success attains") : parts.join(QStringLiteral(", "));
}

QString RoutingText::percent(const std::optional<double> &share)
{
    return share ? fixedNumber(*share * 100, 1) + QLatin1Char('%') : QStringLiteral("—");
}

QString RoutingText::ms(const std::optional<double> &ms)
{
    return ms ? fixedNumber(*ms, 1) : QStringLiteral("—");
}

std::vector<RoutingFigureRow> RoutingText::rows(const RoutingReplayResult &r)
{
    const RoutingFigures &a = r.primaryAlone, &w = r.withPolicy;
    const auto share = [](const char *key, const QString &label, const std::optional<double> &x,
                          const std::optional<double> &y) {
        return RoutingFigureRow{QLatin1StringView(key), label, percent(x), percent(y), x, y};
    };
    const auto millis = [](const char *key, const QString &label, const std::optional<double> &x,
                           const std::optional<double> &y) {
        return RoutingFigureRow{QLatin1StringView(key), label, ms(x), ms(y), x, y};
    };
    const auto usd = [](const char *key, const QString &label, const std::optional<double> &x,
                        const std::optional<double> &y, int decimals) {
        return RoutingFigureRow{QLatin1StringView(key), label, usdAmount(x, decimals),
                                usdAmount(y, decimals), x,     y};
    };
    std::vector<RoutingFigureRow> rows{
        routingCountRow("requests", tr("Requests"), a.requests, w.requests),
        share("success_rate", tr("Success rate"), a.successRate, w.successRate),
        share("slo_attainment", tr("SLO attainment"), a.slo.share, w.slo.share),
        millis("p50_ms", tr("P50 E2E (ms)"), a.p50Ms, w.p50Ms),
        millis("p95_ms", tr("P95 E2E (ms)"), a.p95Ms, w.p95Ms),
        usd("cost_usd", tr("Cost"), a.costUsd, w.costUsd, 4),
        usd("cost_per_request_usd", tr("Cost per request"), a.costPerRequestUsd,
            w.costPerRequestUsd, 6),
        routingCountRow("attempts", tr("Attempts"), a.attempts, w.attempts),
        routingCountRow("fell_back", tr("Went to a fallback"), a.fellBack, w.fellBack),
        routingCountRow("breaker_opened", tr("Breaker opened"), a.breakerOpened, w.breakerOpened),
    };
    for (std::size_t k = 0; k < w.servedBy.size(); ++k) {
        const bool alone = k < a.servedBy.size();
        rows.push_back({QStringLiteral("served_by:") + w.servedBy[k].first,
                        tr("Answered by %1").arg(w.servedBy[k].first),
                        alone ? QString::number(a.servedBy[k].second) : QStringLiteral("—"),
                        QString::number(w.servedBy[k].second),
                        alone ? routingCount(a.servedBy[k].second) : std::nullopt,
                        routingCount(w.servedBy[k].second)});
    }
    return rows;
}

} // namespace ys
