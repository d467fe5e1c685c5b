#include "domain/reasoning_ask.h"

#include <array>

namespace ys {

namespace {

struct EffortBudget {
    const char *effort;
    int budget;
};
constexpr std::array<EffortBudget, 4> kEfforts{
    {{"minimal", 1024}, {"low", 2048}, {"medium", 8192}, {"high", 24576}}};

} // namespace

int ReasoningAsk::budget() const
{
    if (budgetTokens)
        return *budgetTokens;
    for (const EffortBudget &e : kEfforts)
        if (effort == QLatin1StringView(e.effort))
            return e.budget;
    return kEfforts[2].budget;
}

QString ReasoningAsk::effortWord() const
{
    if (!effort.isEmpty())
        return effort;
    for (const EffortBudget &e : kEfforts)
        if (budgetTokens && *budgetTokens <= e.budget)
            return QString::fromLatin1(e.effort);
    return QString::fromLatin1(kEfforts.back().effort);
}

QStringList ReasoningAsk::efforts()
{
    QStringList out;
    for (const EffortBudget &e : kEfforts)
        out << QString::fromLatin1(e.effort);
    return out;
}

} // namespace ys
