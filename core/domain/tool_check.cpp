#include "domain/tool_check.h"

#include <nlohmann/json.hpp>

namespace ys {

namespace {

// Why one call breaks its tool's contract; empty when it holds. *path: where in the arguments.
QString callProblem(const ToolUse &tools, const ToolCall &call, QString *path)
{
    const ToolSpec *tool = tools.find(call.name);
    if (!tool)
        return ToolCheck::tr("called \"%1\", which the request did not offer").arg(call.name);
    if (tools.find(tools.choice) && call.name != tools.choice)
        return ToolCheck::tr("called \"%1\"; the request asked for \"%2\"")
            .arg(call.name, tools.choice);
    nlohmann::json args;
    try {
        args = nlohmann::json::parse(call.arguments.begin(), call.arguments.end());
    } catch (const nlohmann::json::parse_error &e) {
        return call.arguments.trimmed().isEmpty()
                   ? ToolCheck::tr("\"%1\" was called without arguments").arg(call.name)
                   : ToolCheck::tr("the arguments of \"%1\" are not JSON at byte %2 of %3")
                         .arg(call.name)
                         .arg(e.byte)
                         .arg(call.arguments.size());
    }
    const auto failures = tool->parameters->check(args, 1);
    if (failures.empty())
        return {};
    *path = failures.front().path;
    return ToolCheck::tr("the arguments of \"%1\": %2").arg(call.name, failures.front().message);
}

} // namespace

std::optional<ContractCheckResult> ToolCheck::check(const ToolUse &tools,
                                                    const std::vector<ToolCall> &calls)
{
    ContractCheckResult r{QString::fromLatin1(kCheck), false, {}, {}};
    if (calls.empty()) {
        if (!tools.callRequired())
            return std::nullopt; // the model may answer in words
        r.detail = tr("no tool call; the request asked for one");
        return r;
    }
    for (const ToolCall &call : calls) {
        r.detail = callProblem(tools, call, &r.path);
        if (!r.detail.isEmpty())
            return r;
    }
    r.passed = true;
    return r;
}

QString ToolCheck::text(const std::vector<ToolCall> &calls)
{
    QStringList lines;
    for (const ToolCall &call : calls)
        lines << QStringLiteral("%1(%2)").arg(call.name, QString::fromUtf8(call.arguments));
    return lines.join(QLatin1Char('\n'));
}

} // namespace ys
