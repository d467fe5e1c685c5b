#pragma once

#include "domain/contract_check.h"
#include "domain/tool_use.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

namespace ys {

// The contract check "tool_arguments" (docs/contracts.md, "Tool calls"): every call the answer
// made names a tool that was offered (the one asked for, when the request named one), its
// arguments are one JSON document, and they hold to the tool's schema. An answer without a
// call fails when the request asked for one; with tool_choice "auto" it is not checked.
class ToolCheck {
    Q_DECLARE_TR_FUNCTIONS(ys::ToolCheck)
public:
    static constexpr const char *kCheck = "tool_arguments";
    static std::optional<ContractCheckResult> check(const ToolUse &tools,
                                                    const std::vector<ToolCall> &calls);
    // The calls as the answer a failure stores: one line each, name(arguments).
    static QString text(const std::vector<ToolCall> &calls);
};

} // namespace ys
