#include "domain/server_metrics_fields.h"

namespace ys::suitefields {

ServerMetricsSettings parseServerMetrics(const json &obj, const QString &where)
{
    if (!obj.is_object())
        throw SuiteError{Suite::tr("%1: expected an object").arg(where)};
    requireKnownFields(obj, {"url", "interval_ms", "keep"}, where);
    ServerMetricsSettings s;
    const QString url = stringField(obj, "url", where, true);
    s.url = QUrl(url, QUrl::StrictMode);
    if (!s.url.isValid() || s.url.host().isEmpty() ||
        (s.url.scheme() != QLatin1StringView("http") &&
         s.url.scheme() != QLatin1StringView("https")))
        throw SuiteError{Suite::tr("%1.url: \"%2\" is not an http(s) URL").arg(where, url)};
    s.intervalMs =
        intField(obj, "interval_ms", where, s.intervalMs, ServerMetricsSettings::kMinIntervalMs,
                 ServerMetricsSettings::kMaxIntervalMs);
    if (auto it = obj.find("keep"); it != obj.end()) {
        const QString kw = where + QStringLiteral(".keep");
        if (!it->is_array())
            throw SuiteError{Suite::tr("%1: expected an array of metric names").arg(kw)};
        for (std::size_t i = 0; i < it->size(); ++i) {
            const json &v = (*it)[i];
            if (!v.is_string() || !ServerMetricsSettings::isMetricName(q(v.get<std::string>())))
                throw SuiteError{
                    Suite::tr("%1[%2]: expected a metric name").arg(kw).arg(qsizetype(i))};
            s.keep.append(q(v.get<std::string>()));
        }
    }
    return s;
}

json serverMetricsJson(const ServerMetricsSettings &settings)
{
    json j{{"url", settings.url.toString().toStdString()}, {"interval_ms", settings.intervalMs}};
    if (!settings.keep.isEmpty()) {
        j["keep"] = json::array();
        for (const QString &k : settings.keep)
            j["keep"].push_back(k.toStdString());
    }
    return j;
}

} // namespace ys::suitefields
