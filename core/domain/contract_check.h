#pragma once

#include "domain/answer_contract.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// One check of a contract on one answer: passed, or where and how it failed (path: a JSON pointer
// into the answer for a schema check, else empty).
struct ContractCheckResult {
    QString check; // "json", "schema", "regex", "max_chars", "golden"
    bool passed = false;
    QString path;
    QString detail;
};

// Every check of a contract on one successful answer, in AnswerContract::checks()' order.
class ContractCheck {
    Q_DECLARE_TR_FUNCTIONS(ys::ContractCheck)
public:
    // golden: the golden answer the attempt's prompt was (null when the contract has none).
    static std::vector<ContractCheckResult> check(const AnswerContract &contract,
                                                  const QString &answer,
                                                  const GoldenAnswer *golden = nullptr);
    static bool allPassed(const std::vector<ContractCheckResult> &results);
    // Whether an answer matches a golden answer, and if not, why (in *why).
    static bool matches(const GoldenAnswer &golden, const QString &answer, QString *why);
};

} // namespace ys
