#include "sim/sim_tool_calls.h"

#include "sim/sim_profile.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

using ToolJson = nlohmann::json;

using ToolCallsProblem = std::pair<QString, QString>;

std::optional<ToolCallsProblem> readToolCallBreaks(const ToolJson &breaks, const QString &field,
                                                   SimToolCalls *out)
{
    if (!breaks.is_array() || breaks.empty())
        return std::make_pair(field, SimProfile::tr("expected a list of truncated, wrong_type "
                                                    "and missing_field"));
    out->breaks.clear();
    for (const ToolJson &b : breaks) {
        const std::optional<SimSchemaBreak> how =
            simSchemaBreakNamed(b.is_string() ? b.get<std::string>() : std::string());
        if (!how)
            return std::make_pair(field, SimProfile::tr("unknown way to break \"%1\" (known: "
                                                        "truncated, wrong_type, missing_field)")
                                             .arg(QString::fromStdString(b.dump())));
        out->breaks.push_back(*how);
    }
    return std::nullopt;
}

} // namespace

SimToolArguments simToolArguments(const std::optional<SimToolCalls> &config,
                                  const QByteArray &schema, std::pair<double, double> draws,
                                  bool asObject)
{
    ToolJson doc;
    if (config && config->arguments) {
        const QByteArray fixed = config->arguments->toUtf8();
        doc = ToolJson::parse(fixed.begin(), fixed.end(), nullptr, false);
    } else if (!schema.isEmpty()) {
        const ToolJson parsed = ToolJson::parse(schema.begin(), schema.end(), nullptr, false);
        if (!parsed.is_discarded())
            doc = simSchemaInstance(parsed);
    }
    if (!doc.is_object())
        doc = ToolJson::object();
    const QString text = QString::fromStdString(doc.dump());
    if (!config || draws.first >= config->invalidRate || config->breaks.empty())
        return {text, std::nullopt};
    const auto pick =
        std::min(config->breaks.size() - 1, std::size_t(draws.second * config->breaks.size()));
    SimSchemaBreak how = config->breaks[pick];
    if (asObject && how == SimSchemaBreak::Truncated)
        how = SimSchemaBreak::MissingField;
    if (doc.empty()) {
        // Nothing to mistype or leave out: cut text, or (as an object) no break at all.
        if (asObject)
            return {text, std::nullopt};
        how = SimSchemaBreak::Truncated;
    }
    return {simBrokenDocument(text, how), how};
}

std::optional<std::pair<QString, QString>> readSimToolCalls(const ToolJson &profile,
                                                            std::optional<SimToolCalls> *out)
{
    const auto it = profile.find("tool_calls");
    if (it == profile.end() || it->is_null())
        return std::nullopt;
    const QString field = QStringLiteral("tool_calls");
    const auto sub = [&field](const char *member) {
        return field + QLatin1Char('.') + QLatin1StringView(member);
    };
    if (!it->is_object())
        return std::make_pair(field, SimProfile::tr("expected an object"));
    for (auto m = it->begin(); m != it->end(); ++m)
        if (m.key() != "invalid_rate" && m.key() != "arguments" && m.key() != "breaks")
            return std::make_pair(field + QLatin1Char('.') + QString::fromStdString(m.key()),
                                  SimProfile::tr("unknown field"));
    SimToolCalls calls;
    if (const auto rate = it->find("invalid_rate"); rate != it->end() && !rate->is_null()) {
        if (!rate->is_number() || rate->get<double>() < 0 || rate->get<double>() > 1)
            return std::make_pair(sub("invalid_rate"),
                                  SimProfile::tr("expected a number from 0 to 1"));
        calls.invalidRate = rate->get<double>();
    }
    if (const auto args = it->find("arguments"); args != it->end() && !args->is_null()) {
        if (!args->is_object())
            return std::make_pair(sub("arguments"), SimProfile::tr("expected an object"));
        calls.arguments = QString::fromStdString(args->dump());
    }
    if (const auto breaks = it->find("breaks"); breaks != it->end() && !breaks->is_null())
        if (auto problem = readToolCallBreaks(*breaks, sub("breaks"), &calls))
            return problem;
    *out = std::move(calls);
    return std::nullopt;
}

} // namespace ys
