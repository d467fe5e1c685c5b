#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// One successful answer's stored contract checks (Sample::contract), with where it came from.
struct ContractAnswer {
    qint64 sampleId = 0;
    qint64 runId = 0;
    int requestIndex = 0;
    int attempt = 0;
    QString stored; // ContractCheck::stored()
};

// How often one check passed: the share of answers checked, with its 95% Wilson interval.
struct ContractCheckRate {
    QString check; // "json", "schema", "regex", "max_chars", "golden"
    int checked = 0;
    int passed = 0;
    std::optional<double> rate;
    std::optional<std::pair<double, double>> ci;
};

// One failed check of one answer, for the list of failures (docs/contracts.md).
struct ContractFailure {
    qint64 sampleId = 0;
    qint64 runId = 0;
    int requestIndex = 0;
    int attempt = 0;
    QString check;
    QString path;   // a JSON pointer into the answer (schema); empty otherwise
    QString detail; // what the check wanted and what came
    QString prompt; // the golden prompt, for a golden failure
    QString answer; // the answer as stored (at most ContractCheck::kStoredAnswerChars)
};

// A provider's answers against its scenarios' contracts: the successful, measured (not warm-up)
// answers it served itself (not a fallback) of the latest run of each latency scenario that has
// a contract. passRate is the share
// that passed every check, the figure the min_contract_pass_rate gate reads.
struct ContractSummary {
    QStringList checks; // the checks made, in the contract's order
    int answers = 0;
    int passed = 0;
    std::optional<double> passRate;
    std::optional<std::pair<double, double>> passRateCi;
    std::vector<ContractCheckRate> perCheck;
    std::vector<ContractFailure> failures; // every failed check, in the order run

    const ContractCheckRate *rate(const QString &check) const;
};

// The 95% (z = 1.96) Wilson score interval of passed out of n; nullopt when n is 0.
std::optional<std::pair<double, double>> wilsonInterval(int passed, int n, double z = 1.96);

// The summary of the answers' stored checks; nullopt when none was checked.
std::optional<ContractSummary> summarizeContract(const std::vector<ContractAnswer> &answers);

} // namespace ys
