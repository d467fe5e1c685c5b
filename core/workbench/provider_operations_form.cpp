#include "workbench/provider_operations_form.h"

#include <QRegularExpression>
#include <algorithm>

namespace ys {

namespace {

// A whole number in [min, max], or nullopt.
std::optional<int> wholeIn(const QString &text, int min, int max)
{
    bool ok = false;
    const int v = text.trimmed().toInt(&ok);
    return ok && v >= min && v <= max ? std::optional(v) : std::nullopt;
}

// Seconds, more than 0 and at most the breaker's limit, or nullopt.
std::optional<double> secondsIn(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok && v > 0 && v <= BreakerSettings::kMaxSeconds ? std::optional(v) : std::nullopt;
}

QString numberText(double v)
{
    return QString::number(v, 'g', 10);
}

} // namespace

QStringList ProviderOperationsForm::listOf(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

void ProviderOperationsForm::fill(ProviderDraft &d, const ProviderConfig &c)
{
    const ServerMetricsSettings metrics = c.serverMetrics.value_or(ServerMetricsSettings{});
    d.metricsUrl = c.serverMetrics ? metrics.url.toString() : QString();
    d.metricsInterval = QString::number(metrics.intervalMs);
    d.metricsKeep = metrics.keep.join(QStringLiteral(", "));
    const BreakerSettings breaker = c.breaker.value_or(BreakerSettings{});
    d.breakerThreshold = c.breaker ? QString::number(breaker.failureThreshold) : QString();
    d.breakerWindow = numberText(breaker.windowS);
    d.breakerOpen = numberText(breaker.openS);
    d.breakerProbes = QString::number(breaker.halfOpenProbes);
    d.fallback = c.fallback.join(QStringLiteral(", "));
}

std::vector<FieldProblem>
ProviderOperationsForm::validate(const ProviderDraft &d, const std::vector<QString> &otherProviders)
{
    std::vector<FieldProblem> out;
    const QString urlText = d.metricsUrl.trimmed();
    const QUrl url(urlText, QUrl::StrictMode);
    if (!urlText.isEmpty() &&
        (!url.isValid() || url.host().isEmpty() ||
         (url.scheme() != QLatin1StringView("http") && url.scheme() != QLatin1StringView("https"))))
        out.push_back(
            {ProviderField::MetricsUrl, tr("%1: \"%2\" is not an http:// or https:// URL")
                                            .arg(fieldLabel(ProviderField::MetricsUrl), urlText)});
    if (!wholeIn(d.metricsInterval, ServerMetricsSettings::kMinIntervalMs,
                 ServerMetricsSettings::kMaxIntervalMs))
        out.push_back(
            {ProviderField::MetricsInterval, tr("%1: a whole number of milliseconds from %2 to %3")
                                                 .arg(fieldLabel(ProviderField::MetricsInterval))
                                                 .arg(ServerMetricsSettings::kMinIntervalMs)
                                                 .arg(ServerMetricsSettings::kMaxIntervalMs)});
    for (const QString &name : listOf(d.metricsKeep)) {
        if (!ServerMetricsSettings::isMetricName(name)) {
            out.push_back({ProviderField::MetricsKeep,
                           tr("%1: \"%2\" is not a metric name (letters, digits, _ and :, not "
                              "starting with a digit)")
                               .arg(fieldLabel(ProviderField::MetricsKeep), name)});
            break;
        }
    }
    if (!d.breakerThreshold.trimmed().isEmpty()) {
        if (!wholeIn(d.breakerThreshold, 1, BreakerSettings::kMaxFailureThreshold))
            out.push_back({ProviderField::BreakerThreshold,
                           tr("%1: a whole number from 1 to %2, or empty for no breaker")
                               .arg(fieldLabel(ProviderField::BreakerThreshold))
                               .arg(BreakerSettings::kMaxFailureThreshold)});
        for (const ProviderField f : {ProviderField::BreakerWindow, ProviderField::BreakerOpen}) {
            if (!secondsIn(f == ProviderField::BreakerWindow ? d.breakerWindow : d.breakerOpen))
                out.push_back({f, tr("%1: seconds, more than 0 and at most %2")
                                      .arg(fieldLabel(f))
                                      .arg(BreakerSettings::kMaxSeconds)});
        }
        if (!wholeIn(d.breakerProbes, 1, BreakerSettings::kMaxHalfOpenProbes))
            out.push_back(
                {ProviderField::BreakerProbes, tr("%1: a whole number from 1 to %2")
                                                   .arg(fieldLabel(ProviderField::BreakerProbes))
                                                   .arg(BreakerSettings::kMaxHalfOpenProbes)});
    }
    const QString own = d.name.trimmed();
    for (const QString &name : listOf(d.fallback)) {
        const bool other = name != own && std::find(otherProviders.begin(), otherProviders.end(),
                                                    name) != otherProviders.end();
        if (!other) {
            out.push_back(
                {ProviderField::Fallback, tr("%1: \"%2\" is not another provider of this suite")
                                              .arg(fieldLabel(ProviderField::Fallback), name)});
            break;
        }
    }
    return out;
}

void ProviderOperationsForm::apply(const ProviderDraft &d, ProviderConfig &c)
{
    c.serverMetrics.reset();
    if (!d.metricsUrl.trimmed().isEmpty()) {
        ServerMetricsSettings s;
        s.url = QUrl(d.metricsUrl.trimmed(), QUrl::StrictMode);
        s.intervalMs = d.metricsInterval.trimmed().toInt();
        s.keep = listOf(d.metricsKeep);
        c.serverMetrics = s;
    }
    c.breaker.reset();
    if (!d.breakerThreshold.trimmed().isEmpty()) {
        BreakerSettings b;
        b.failureThreshold = d.breakerThreshold.trimmed().toInt();
        b.windowS = d.breakerWindow.trimmed().toDouble();
        b.openS = d.breakerOpen.trimmed().toDouble();
        b.halfOpenProbes = d.breakerProbes.trimmed().toInt();
        c.breaker = b;
    }
    c.fallback = listOf(d.fallback);
}

QString ProviderOperationsForm::fieldLabel(ProviderField field)
{
    switch (field) {
    case ProviderField::MetricsUrl:
        return tr("Metrics URL");
    case ProviderField::MetricsInterval:
        return tr("Scrape interval (ms)");
    case ProviderField::MetricsKeep:
        return tr("Metrics kept");
    case ProviderField::BreakerThreshold:
        return tr("Breaker failures");
    case ProviderField::BreakerWindow:
        return tr("Breaker window (s)");
    case ProviderField::BreakerOpen:
        return tr("Open for (s)");
    case ProviderField::BreakerProbes:
        return tr("Half-open probes");
    case ProviderField::Fallback:
        return tr("Fallback");
    default:
        return {};
    }
}

} // namespace ys
