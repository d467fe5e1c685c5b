#pragma once

#include "analysis/contract_summary.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ys {

// A provider's answers against their contracts in words, the same for the command line, the
// contracts view and the report (docs/contracts.md).
class ContractText {
    Q_DECLARE_TR_FUNCTIONS(ys::ContractText)
public:
    // "380 of 400 answers passed every check: 95.0% (95% CI 92.4–96.8%)".
    static QString headline(const ContractSummary &c);
    // A rate with its interval: "95.0% (95% CI 92.4–96.8%)".
    static QString rate(const std::optional<double> &rate,
                        const std::optional<std::pair<double, double>> &ci);
    // What a check is: "valid JSON", "JSON Schema", ...
    static QString checkName(const QString &check);
    // One failure: "request 12: schema at /id: expected integer" (with the golden prompt).
    static QString failure(const ContractFailure &f);
    // The headline, a line per check, and the first `failures` failures (then how many more).
    static QStringList lines(const ContractSummary &c, int failures);
};

} // namespace ys
