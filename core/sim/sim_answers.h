#pragma once

#include <QString>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ys {

// How a simulated structured answer breaks its schema (docs/simulator-profiles.md, "Answer
// contracts"): cut in the middle, the first member (in key order) of another type, or the first
// member left out.
enum class SimSchemaBreak { Truncated, WrongType, MissingField };

// A model told to answer with a JSON document: every answer (but a golden or needle one) is
// `document`, broken at breakRate in one of `breaks`' ways (drawn per request from the seed).
struct SimStructuredOutput {
    QString document; // compact JSON text
    double breakRate = 0;
    std::vector<SimSchemaBreak> breaks{SimSchemaBreak::Truncated, SimSchemaBreak::WrongType,
                                       SimSchemaBreak::MissingField};
};

// A prompt the simulated model answers with a fixed text: the golden answers of a test.
struct SimGoldenEntry {
    QString prompt;
    QString answer;
};

struct SimAnswers {
    std::optional<SimStructuredOutput> structured;
    std::vector<SimGoldenEntry> golden;
};

// One answer decided by the profile's answers rather than drawn: its whole text, and how it
// broke its schema (when it did).
struct SimFixedAnswer {
    QString text;
    std::optional<SimSchemaBreak> broke;
};

QString simSchemaBreakName(SimSchemaBreak b);
// The break of that name ("truncated", "wrong_type", "missing_field"); nullopt for another.
std::optional<SimSchemaBreak> simSchemaBreakNamed(const std::string &name);

// document (JSON text) broken as `how` says: its first half of characters (truncated, and
// always when it is not an object with members), its first member (in key order) of another
// type (wrong_type) or left out (missing_field).
QString simBrokenDocument(const QString &document, SimSchemaBreak how);

// The profile's fixed answer to a prompt: the golden answer whose prompt the processed prompt
// ends with (both trimmed), else the structured document (broken or not, by `draws`, two
// uniform draws in [0, 1)), else, when the request asked for structured output
// (responseFormat "json" or "json_schema" with its schema), a document that holds to the
// schema (simSchemaInstance) or {"answer": "yes"}; nullopt when none applies.
std::optional<SimFixedAnswer> simFixedAnswer(const SimAnswers &answers, const QString &prompt,
                                             std::pair<double, double> draws,
                                             const QString &responseFormat = {},
                                             const QByteArray &schema = {});

// The smallest plain document a JSON Schema asks for: const or the first enum value; an object
// with its required properties (all of them when none is required); minItems (at least one) of
// the items; a string of minLength (at least 1) x; the minimum or 1 for an integer, 1.5 for a
// number; true; null.
nlohmann::json simSchemaInstance(const nlohmann::json &schema);

// Reads a profile's "structured_output" and "golden" members into *out; on failure the field at
// fault and the problem.
std::optional<std::pair<QString, QString>> readSimAnswers(const nlohmann::json &profile,
                                                          SimAnswers *out);

} // namespace ys
