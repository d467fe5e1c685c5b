#pragma once

#include "domain/json_schema.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ys {

// One function a scenario offers the model (docs/suite-format.md, "Tool calls"): its name, what
// it is for, and the JSON Schema its arguments must hold to.
struct ToolSpec {
    QString name;
    QString description;
    std::shared_ptr<const JsonSchema> parameters; // never null

    // The declaration every dialect's tool starts from: name, description (when set) and the
    // schema under schemaKey ("parameters", "input_schema", "parametersJsonSchema").
    nlohmann::json declaration(const char *schemaKey) const;
};

// A scenario's tools and what its requests ask of them. choice is "required" (a call to one of
// them, the default), "auto" (the model decides) or one tool's name (a call to that one); each
// dialect words it its own way (tool_choice, toolConfig).
struct ToolUse {
    Q_DECLARE_TR_FUNCTIONS(ys::ToolUse)

public:
    std::vector<ToolSpec> tools;
    QString choice = QStringLiteral("required");

    const ToolSpec *find(const QString &name) const;
    // Whether the request asks for a call (any tool's or one named): "auto" does not.
    bool callRequired() const { return choice != QLatin1StringView("auto"); }
    // As a suite stores it: {"tools": [...], "tool_choice": ...} members, schemas inline.
    void write(nlohmann::json &scenario) const;

    // A scenario's "tools" array and its "tool_choice" (null when the scenario has none), the
    // schema files read from baseDir; nullopt with *error naming the field, the file and the
    // problem.
    static std::optional<ToolUse> parse(const nlohmann::json &tools, const nlohmann::json *choice,
                                        const QString &where, const QString &baseDir,
                                        QString *error);
};

// One tool call an answer made, as the decoder assembled it from the stream (or read it whole).
struct ToolCall {
    QString id;
    QString name;
    QByteArray arguments; // the arguments' JSON text, UTF-8, as the provider sent it
    bool complete = false;
};

} // namespace ys
