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

    // What an attempt stores of its checks (the samples' `contract` column, docs/contracts.md):
    // the checks that passed, each failure with its path and detail, and, when one failed, the
    // answer (at most kStoredAnswerChars characters) and the golden prompt it answered.
    static constexpr int kStoredAnswerChars = 8000;
    static QString stored(const std::vector<ContractCheckResult> &results, const QString &answer,
                          const GoldenAnswer *golden);
    // The stored form read back; nullopt when it is not one.
    struct Stored {
        std::vector<ContractCheckResult> results;
        QString answer; // empty when every check passed
        QString prompt; // the golden prompt, when a golden check failed
    };
    static std::optional<Stored> fromStored(const QString &text);
    // One line for a list: "passed", or each failed check with its path ("schema at /qty;
    // golden").
    static QString summary(const std::vector<ContractCheckResult> &results);
};

} // namespace ys
