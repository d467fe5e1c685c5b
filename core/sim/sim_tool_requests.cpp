#include "sim/sim_tool_requests.h"

#include "sim/sim_openai_common.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

// The error messages copy the English wording of the real APIs (they are wire protocol), so they
// are deliberately not translated.

namespace ys {

namespace {

using ToolReqJson = nlohmann::json;

// One function tool a request offers: its name and its parameters' schema (compact JSON).
struct OfferedTool {
    QString name;
    QByteArray schema;
};

// Thrown while reading the tools; answered with the dialect's invalid-request error.
struct ToolRequestError {
    QString message;
    const char *param = nullptr;
    const char *code = nullptr;
};

QString toolText(const ToolReqJson &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

QByteArray toolSchemaText(const ToolReqJson &tool, std::initializer_list<const char *> keys)
{
    for (const char *key : keys)
        if (const auto it = tool.find(key); it != tool.end() && !it->is_null())
            return QByteArray::fromStdString(it->dump());
    return {};
}

// Sets out's tool members from the tools offered and the choice ("auto", "required", "none", or
// forced naming the tool); an error when the forced tool is not offered.
void chooseTool(const std::vector<OfferedTool> &tools, const QString &choice, const QString &forced,
                SimChatRequest *out, const ToolRequestError &notOffered)
{
    if (tools.empty())
        return; // no tools: a text answer, whatever the choice said
    out->toolCount = int(tools.size());
    out->toolChoice = forced.isEmpty() ? choice : forced;
    const OfferedTool *picked = &tools.front();
    if (!forced.isEmpty()) {
        picked = nullptr;
        for (const OfferedTool &tool : tools)
            if (tool.name == forced)
                picked = &tool;
        if (!picked)
            throw notOffered;
    }
    out->toolName = picked->name;
    out->toolSchema = picked->schema;
}

std::vector<OfferedTool> openAiTools(const ToolReqJson &tools, bool responses)
{
    if (!tools.is_array())
        throw ToolRequestError{QStringLiteral("Invalid type for 'tools': expected an array of "
                                              "objects, but got %1 instead.")
                                   .arg(simJsonTypeName(tools)),
                               "tools", "invalid_type"};
    std::vector<OfferedTool> offered;
    for (std::size_t i = 0; i < tools.size(); ++i) {
        const ToolReqJson &tool = tools[i];
        if (!tool.is_object())
            throw ToolRequestError{QStringLiteral("Invalid type for 'tools[%1]': expected an "
                                                  "object, but got %2 instead.")
                                       .arg(i)
                                       .arg(simJsonTypeName(tool)),
                                   "tools", "invalid_type"};
        const QString type = toolText(tool.value("type", ToolReqJson("function")));
        if (type != QLatin1StringView("function"))
            continue; // a built-in tool (web_search, ...): not one the model calls by name
        const ToolReqJson *function = &tool;
        if (!responses) {
            const auto f = tool.find("function");
            if (f == tool.end() || !f->is_object())
                throw ToolRequestError{
                    QStringLiteral("Missing required parameter: 'tools[%1].function'.").arg(i),
                    "tools", "missing_required_parameter"};
            function = &*f;
        }
        const QString name = toolText(function->value("name", ToolReqJson()));
        if (name.isEmpty())
            throw ToolRequestError{
                QStringLiteral("Missing required parameter: 'tools[%1].%2'.")
                    .arg(i)
                    .arg(responses ? QStringLiteral("name") : QStringLiteral("function.name")),
                "tools", "missing_required_parameter"};
        offered.push_back({name, toolSchemaText(*function, {"parameters"})});
    }
    return offered;
}

} // namespace

bool simReadOpenAiTools(const ToolReqJson &body, bool responses, SimChatRequest *out,
                        SimError *error)
{
    try {
        const auto tools = body.find("tools");
        if (tools == body.end() || tools->is_null())
            return true;
        const std::vector<OfferedTool> offered = openAiTools(*tools, responses);
        QString choice = QStringLiteral("auto");
        QString forced;
        if (const auto c = body.find("tool_choice"); c != body.end() && !c->is_null()) {
            if (c->is_object()) {
                const ToolReqJson &named = responses ? *c : c->value("function", ToolReqJson());
                forced =
                    named.is_object() ? toolText(named.value("name", ToolReqJson())) : QString();
            } else {
                choice = toolText(*c);
            }
            const bool known = choice == QLatin1StringView("auto") ||
                               choice == QLatin1StringView("required") ||
                               choice == QLatin1StringView("none");
            if ((c->is_object() && forced.isEmpty()) || (!c->is_object() && !known))
                throw ToolRequestError{QStringLiteral("Invalid value for 'tool_choice': expected "
                                                      "'none', 'auto', 'required' or a named "
                                                      "function."),
                                       "tool_choice", "invalid_value"};
        }
        chooseTool(offered, choice, forced, out,
                   ToolRequestError{QStringLiteral("Invalid value for 'tool_choice': no function "
                                                   "named '%1' was specified in the 'tools' "
                                                   "parameter.")
                                        .arg(forced),
                                    "tool_choice", "invalid_value"});
    } catch (const ToolRequestError &e) {
        *error = invalidRequest(e.message);
        error->param = e.param;
        error->code = e.code;
        return false;
    }
    return true;
}

bool simReadAnthropicTools(const ToolReqJson &body, SimChatRequest *out, SimError *error)
{
    try {
        const auto tools = body.find("tools");
        if (tools == body.end() || tools->is_null())
            return true;
        if (!tools->is_array())
            throw ToolRequestError{QStringLiteral("tools: Input should be a valid list")};
        std::vector<OfferedTool> offered;
        for (std::size_t i = 0; i < tools->size(); ++i) {
            const ToolReqJson &tool = (*tools)[i];
            const QString name =
                tool.is_object() ? toolText(tool.value("name", ToolReqJson())) : QString();
            if (name.isEmpty())
                throw ToolRequestError{QStringLiteral("tools.%1.name: Field required").arg(i)};
            offered.push_back({name, toolSchemaText(tool, {"input_schema"})});
        }
        QString choice = QStringLiteral("auto");
        QString forced;
        if (const auto c = body.find("tool_choice"); c != body.end() && !c->is_null()) {
            const QString type =
                c->is_object() ? toolText(c->value("type", ToolReqJson())) : QString();
            if (type == QLatin1StringView("any"))
                choice = QStringLiteral("required");
            else if (type == QLatin1StringView("tool"))
                forced = toolText(c->value("name", ToolReqJson()));
            else if (type == QLatin1StringView("auto") || type == QLatin1StringView("none"))
                choice = type;
            else
                throw ToolRequestError{QStringLiteral("tool_choice: Input tag '%1' found using "
                                                      "'type' does not match any of the expected "
                                                      "tags: 'auto', 'any', 'tool', 'none'")
                                           .arg(type)};
            if (type == QLatin1StringView("tool") && forced.isEmpty())
                throw ToolRequestError{QStringLiteral("tool_choice.tool.name: Field required")};
        }
        chooseTool(
            offered, choice, forced, out,
            ToolRequestError{QStringLiteral("Tool '%1' not found in provided tools").arg(forced)});
    } catch (const ToolRequestError &e) {
        *error = invalidRequest(e.message);
        return false;
    }
    return true;
}

namespace {

std::vector<OfferedTool> geminiTools(const ToolReqJson &tools)
{
    if (!tools.is_array())
        throw ToolRequestError{QStringLiteral("Invalid JSON payload received. Unknown name "
                                              "\"tools\": Proto field is not repeating, cannot "
                                              "start list.")};
    std::vector<OfferedTool> offered;
    for (std::size_t i = 0; i < tools.size(); ++i) {
        const ToolReqJson &tool = tools[i];
        if (!tool.is_object())
            throw ToolRequestError{
                QStringLiteral("* GenerateContentRequest.tools[%1]: expected a Tool.\n").arg(i)};
        auto declarations = tool.find("functionDeclarations");
        if (declarations == tool.end())
            declarations = tool.find("function_declarations");
        if (declarations == tool.end() || declarations->is_null())
            continue; // googleSearch, codeExecution, ...: nothing the model calls by name
        if (!declarations->is_array())
            throw ToolRequestError{QStringLiteral("* GenerateContentRequest.tools[%1]."
                                                  "function_declarations: expected a list.\n")
                                       .arg(i)};
        for (std::size_t j = 0; j < declarations->size(); ++j) {
            const ToolReqJson &d = (*declarations)[j];
            const QString name =
                d.is_object() ? toolText(d.value("name", ToolReqJson())) : QString();
            if (name.isEmpty())
                throw ToolRequestError{QStringLiteral("* GenerateContentRequest.tools[%1]."
                                                      "function_declarations[%2].name: Name "
                                                      "cannot be empty.\n")
                                           .arg(i)
                                           .arg(j)};
            offered.push_back({name, toolSchemaText(d, {"parametersJsonSchema",
                                                        "parameters_json_schema", "parameters"})});
        }
    }
    return offered;
}

} // namespace

bool simReadGeminiTools(const ToolReqJson &body, SimChatRequest *out, SimError *error)
{
    try {
        const auto tools = body.find("tools");
        if (tools == body.end() || tools->is_null())
            return true;
        std::vector<OfferedTool> offered = geminiTools(*tools);
        QString choice = QStringLiteral("auto");
        QString forced;
        auto config = body.find("toolConfig");
        if (config == body.end())
            config = body.find("tool_config");
        if (config != body.end() && config->is_object()) {
            ToolReqJson calling = config->value("functionCallingConfig", ToolReqJson());
            if (calling.is_null())
                calling = config->value("function_calling_config", ToolReqJson());
            const QString mode = calling.is_object()
                                     ? toolText(calling.value("mode", ToolReqJson("AUTO")))
                                     : QStringLiteral("AUTO");
            if (mode == QLatin1StringView("ANY"))
                choice = QStringLiteral("required");
            else if (mode == QLatin1StringView("NONE"))
                choice = QStringLiteral("none");
            else if (mode != QLatin1StringView("AUTO") && mode != QLatin1StringView("VALIDATED") &&
                     mode != QLatin1StringView("MODE_UNSPECIFIED"))
                throw ToolRequestError{QStringLiteral("Invalid value at "
                                                      "'tool_config.function_calling_config.mode' "
                                                      "(type.googleapis.com/"
                                                      "google.ai.generativelanguage.v1beta."
                                                      "FunctionCallingConfig.Mode), \"%1\"")
                                           .arg(mode)};
            ToolReqJson allowed = calling.is_object()
                                      ? calling.value("allowedFunctionNames", ToolReqJson())
                                      : ToolReqJson();
            if (allowed.is_null() && calling.is_object())
                allowed = calling.value("allowed_function_names", ToolReqJson());
            // One allowed name forces that tool; several restrict the choice to them.
            if (allowed.is_array() && allowed.size() == 1)
                forced = toolText(allowed.front());
            else if (allowed.is_array() && allowed.size() > 1)
                std::erase_if(offered, [&allowed](const OfferedTool &tool) {
                    return std::find(allowed.begin(), allowed.end(), tool.name.toStdString()) ==
                           allowed.end();
                });
        }
        chooseTool(offered, choice, forced, out,
                   ToolRequestError{QStringLiteral("* GenerateContentRequest.tool_config."
                                                   "function_calling_config.allowed_function_"
                                                   "names: function \"%1\" is not declared in "
                                                   "tools.\n")
                                        .arg(forced)});
    } catch (const ToolRequestError &e) {
        *error = invalidRequest(e.message);
        return false;
    }
    return true;
}

} // namespace ys
