#include "domain/tool_use.h"

#include <algorithm>

namespace ys {

using nlohmann::json;

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

} // namespace ys
