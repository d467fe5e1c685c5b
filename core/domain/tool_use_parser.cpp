#include "domain/answer_contract.h"
#include "domain/suite_fields.h"
#include "domain/tool_use.h"

#include <QRegularExpression>

// Reading a scenario's tools; apart from tool_use.cpp, which the dialects need without the
// suite's readers and the JSON Schema compiler.

namespace ys {

using namespace suitefields;

namespace {

ToolSpec toolOf(const json &t, const QString &where, const QString &baseDir)
{
    if (!t.is_object())
        throw SuiteError{ToolUse::tr("%1: expected an object with name and parameters").arg(where)};
    requireKnownFields(t, {"name", "description", "parameters"}, where);
    ToolSpec tool;
    tool.name = stringField(t, "name", where, true);
    // What every one of the four APIs accepts as a function's name.
    static const QRegularExpression kName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_-]{0,63}$"));
    if (!kName.match(tool.name).hasMatch())
        throw SuiteError{ToolUse::tr("%1.name: \"%2\" is not a function name (letters, digits, _ "
                                     "and -, at most 64, not starting with a digit or -)")
                             .arg(where, tool.name)};
    if (t.contains("description"))
        tool.description = stringField(t, "description", where, true);
    const auto p = t.find("parameters");
    const json none = {{"type", "object"}, {"properties", json::object()}};
    tool.parameters = AnswerContractParser::readSchema(
        p == t.end() ? none : *p, where + QStringLiteral(".parameters"), baseDir);
    if (tool.parameters->source().value("type", json()) != "object")
        throw SuiteError{ToolUse::tr("%1.parameters: a function's arguments are an object: the "
                                     "schema's type must be \"object\"")
                             .arg(where)};
    return tool;
}

} // namespace

std::optional<ToolUse> ToolUse::parse(const nlohmann::json &tools, const nlohmann::json *choice,
                                      const QString &where, const QString &baseDir, QString *error)
{
    const QString tw = where + QStringLiteral(".tools");
    try {
        if (!tools.is_array() || tools.empty())
            throw SuiteError{tr("%1: expected a non-empty array of tools").arg(tw)};
        ToolUse use;
        for (std::size_t i = 0; i < tools.size(); ++i) {
            const QString at = QStringLiteral("%1[%2]").arg(tw).arg(i);
            ToolSpec tool = toolOf(tools[i], at, baseDir);
            if (use.find(tool.name))
                throw SuiteError{tr("%1.name: a second tool named \"%2\"").arg(at, tool.name)};
            use.tools.push_back(std::move(tool));
        }
        if (choice) {
            const QString cw = where + QStringLiteral(".tool_choice");
            if (!choice->is_string())
                throw SuiteError{
                    tr("%1: expected \"required\", \"auto\" or a tool's name").arg(cw)};
            use.choice = QString::fromStdString(choice->get<std::string>());
            if (use.choice != QLatin1StringView("required") &&
                use.choice != QLatin1StringView("auto") && !use.find(use.choice))
                throw SuiteError{tr("%1: \"%2\" is neither required, auto nor one of the tools")
                                     .arg(cw, use.choice)};
        }
        return use;
    } catch (const SuiteError &e) {
        *error = e.message;
    } catch (const json::exception &e) {
        *error = QStringLiteral("%1: %2").arg(tw, QString::fromUtf8(e.what()));
    }
    return std::nullopt;
}

} // namespace ys
