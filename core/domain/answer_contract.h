#pragma once

#include "domain/json_schema.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QString>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ys {

// One prompt of a golden set and the answer it expects (docs/contracts.md): the answer equals it
// (exact: both trimmed), holds it (contains), or is a number within tolerance of it (numeric:
// the first number in the answer).
struct GoldenAnswer {
    enum class Match { Exact, Contains, Numeric };
    QString prompt;
    QString expected;
    Match match = Match::Exact;
    double tolerance = 0; // numeric: the largest difference still a match

    static QString matchName(Match m);
};

// What a scenario asks of every successful answer, beside its transport (docs/contracts.md): a
// JSON document, one that holds to a JSON Schema, text matching a regular expression, at most so
// many characters, the golden answer of its prompt. A failed check is no outcome class: the
// attempt stays a success, and the contract is reported beside it.
struct AnswerContract {
    bool json = false;                        // set by a schema too
    std::shared_ptr<const JsonSchema> schema; // null: none
    QRegularExpression regex;                 // compiled once; an empty pattern: none
    std::optional<int> maxChars;
    std::vector<GoldenAnswer> golden; // empty: none

    // The checks it makes, by the names the suite, show --json and the reports use: "json",
    // "schema", "regex", "max_chars", "golden".
    QStringList checks() const;
    bool empty() const { return checks().isEmpty(); }

    // The contract as a suite stores it: the schema and the golden answers inline, so a stored
    // suite needs no file.
    nlohmann::json toJson() const;
};

class AnswerContractParser {
    Q_DECLARE_TR_FUNCTIONS(ys::AnswerContract)
public:
    // A scenario's "contract" object at where (its files read from baseDir); nullopt with *error
    // naming the field, the file and the line when it cannot be read.
    static std::optional<AnswerContract> parse(const nlohmann::json &object, const QString &where,
                                               const QString &baseDir, QString *error);
    // A golden set as a JSONL file holds it, a line each: {"prompt": ..., "expected": ...,
    // "match": "exact" | "contains" | "numeric", "tolerance": X}.
    static std::optional<std::vector<GoldenAnswer>> loadGolden(const QString &path, QString *error);
    // A JSON Schema given inline (an object) or as a file name (a string, read from baseDir),
    // compiled; throws suitefields::SuiteError naming where, the file and the problem.
    static std::shared_ptr<const JsonSchema>
    readSchema(const nlohmann::json &value, const QString &where, const QString &baseDir);
};

} // namespace ys
