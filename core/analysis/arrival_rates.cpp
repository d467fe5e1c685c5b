#include "analysis/arrival_rates.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;

namespace {

std::optional<double> perSecond(int count, qint64 spanNs)
{
    if (count < 2 || spanNs <= 0)
        return std::nullopt;
    return double(count - 1) / (double(spanNs) / 1e9);
}

std::optional<double> number(const json &j, const char *key)
{
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? std::optional<double>(it->get<double>())
                                            : std::nullopt;
}

} // namespace

void ArrivalRateMeter::add(const Sample &s)
{
    if (s.warmup || s.attemptNumber != 0 || s.startedAtNs == 0)
        return;
    // intendedStartNs is the intended start relative to the actual one (never after it).
    const qint64 intended = s.startedAtNs + s.intendedStartNs;
    if (m_count == 0) {
        m_firstIntended = m_lastIntended = intended;
        m_firstStart = m_lastStart = s.startedAtNs;
    } else {
        // Attempts end (and arrive here) out of order: keep the extremes.
        m_firstIntended = std::min(m_firstIntended, intended);
        m_lastIntended = std::max(m_lastIntended, intended);
        m_firstStart = std::min(m_firstStart, s.startedAtNs);
        m_lastStart = std::max(m_lastStart, s.startedAtNs);
    }
    ++m_count;
}

std::optional<double> ArrivalRateMeter::askedPerS() const
{
    return perSecond(m_count, m_lastIntended - m_firstIntended);
}

std::optional<double> ArrivalRateMeter::achievedPerS() const
{
    return perSecond(m_count, m_lastStart - m_firstStart);
}

QByteArray ArrivalRateMeter::eventJson() const
{
    const auto orNull = [](const std::optional<double> &v) {
        return v ? json(*v) : json(nullptr);
    };
    const json j{{"requests", m_count},
                 {"asked_per_s", orNull(askedPerS())},
                 {"achieved_per_s", orNull(achievedPerS())}};
    return QByteArray::fromStdString(j.dump());
}

ArrivalRateMeter::Rates ArrivalRateMeter::fromEventJson(const QString &detail)
{
    const json j = json::parse(detail.toStdString(), nullptr, false);
    if (!j.is_object())
        return {};
    return {number(j, "asked_per_s"), number(j, "achieved_per_s")};
}

} // namespace ys
