#include "domain/tool_use.h"

#include <algorithm>
#include <array>

namespace ys {

using nlohmann::json;

namespace {

struct EffortBudget {
    const char *effort;
    int budget;
};
constexpr std::array<EffortBudget, 4> kEfforts{
    {{"minimal", 1024}, {"low", 2048}, {"medium", 8192}, {"high", 24576}}};

} // namespace

nlohmann::json ToolSpec::declaration(const char *schemaKey) const
{
    json d = {{"name", name.toStdString()}, {schemaKey, parameters->source()}};
    if (!description.isEmpty())
        d["description"] = description.toStdString();
    return d;
}

const ToolSpec *ToolUse::find(const QString &name) const
{
    const auto it =
        std::find_if(tools.begin(), tools.end(), [&](const ToolSpec &t) { return t.name == name; });
    return it == tools.end() ? nullptr : &*it;
}

void ToolUse::write(nlohmann::json &scenario) const
{
    json list = json::array();
    for (const ToolSpec &t : tools)
        list.push_back(t.declaration("parameters"));
    scenario["tools"] = std::move(list);
    scenario["tool_choice"] = choice.toStdString();
}

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
