#include "domain/calibration_record.h"

#include <QStringList>
#include <algorithm>
#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;

namespace {

json resultJson(const CalibrationResult &r)
{
    return json{
        {"transport", r.transport.isEmpty() ? json(nullptr) : json(r.transport.toStdString())},
        {"events", r.events},
        {"median_ms", r.medianMs},
        {"p99_ms", r.p99Ms},
        {"max_ms", r.maxMs}};
}

std::optional<CalibrationResult> resultFrom(const json &o)
{
    if (!o.is_object() || !o.contains("median_ms") || !o["median_ms"].is_number())
        return std::nullopt;
    const auto number = [&o](const char *key) {
        const auto it = o.find(key);
        return it != o.end() && it->is_number() ? it->get<double>() : 0.0;
    };
    CalibrationResult r;
    if (const auto it = o.find("transport"); it != o.end() && it->is_string())
        r.transport = QString::fromStdString(it->get<std::string>());
    r.events = int(number("events"));
    r.medianMs = number("median_ms");
    r.p99Ms = number("p99_ms");
    r.maxMs = number("max_ms");
    return r;
}

} // namespace

bool CalibrationRecord::large() const
{
    return std::any_of(results.begin(), results.end(),
                       [](const CalibrationResult &r) { return r.large(); });
}

const CalibrationResult *CalibrationRecord::headline() const
{
    const CalibrationResult *best = nullptr;
    for (const CalibrationResult &r : results)
        if (!best || r.medianMs > best->medianMs)
            best = &r;
    return best;
}

QByteArray CalibrationRecord::toJson() const
{
    const CalibrationResult *top = headline();
    if (!top)
        return {};
    json doc = resultJson(*top);
    doc["transports"] = json::array();
    for (const CalibrationResult &r : results)
        doc["transports"].push_back(resultJson(r));
    return QByteArray::fromStdString(doc.dump());
}

std::optional<CalibrationRecord> CalibrationRecord::fromJson(const QByteArray &text)
{
    if (text.isEmpty())
        return std::nullopt;
    const json doc = json::parse(text.toStdString(), nullptr, false);
    if (!doc.is_object())
        return std::nullopt;
    CalibrationRecord record;
    if (const auto it = doc.find("transports"); it != doc.end() && it->is_array()) {
        for (const json &entry : *it)
            if (auto r = resultFrom(entry))
                record.results.push_back(std::move(*r));
    } else if (auto r = resultFrom(doc)) {
        record.results.push_back(std::move(*r)); // stored before transports were named
    }
    if (record.results.empty())
        return std::nullopt;
    return record;
}

QString CalibrationText::transportName(const QString &transport)
{
    return transport.isEmpty() ? tr("unknown transport") : transport;
}

QString CalibrationText::describe(const CalibrationResult &r)
{
    return tr("Client delivery overhead (%1): median %2 ms, p99 %3 ms over %4 events")
        .arg(transportName(r.transport))
        .arg(r.medianMs, 0, 'f', 3)
        .arg(r.p99Ms, 0, 'f', 3)
        .arg(r.events);
}

QString CalibrationText::describe(const CalibrationRecord &record)
{
    QStringList parts;
    for (const CalibrationResult &r : record.results)
        parts << describe(r);
    return parts.join(QStringLiteral("; "));
}

} // namespace ys
