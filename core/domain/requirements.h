#pragma once

#include "domain/slo_objectives.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>

namespace ys {

// The $ per 1K tokens the cost gate reads: what was spent over the tokens billed (measured), or
// the list price blended by input:output weights (list).
enum class CostBasis { Measured, List };

// What a provider must achieve to qualify (docs/suite-format.md, "Requirements"): a suite's
// `requirements` or a requirements file. Each set threshold is one gate; an unset one is not
// checked. Default-constructed: the "line" preset (P95 ≤ 380 ms, ≤ $0.0015 per 1K, ≥ 128K).
struct Requirements {
    Q_DECLARE_TR_FUNCTIONS(ys::Requirements)
public:
    QString preset = QStringLiteral("line"); // the preset it started from; empty: none
    // End-to-end P95, from the intended start in open loop.
    std::optional<double> maxP95LatencyMs = 380.0;
    std::optional<double> maxTtftP95Ms;
    std::optional<double> maxUsdPer1k = 0.0015;
    CostBasis costBasis = CostBasis::Measured;
    double listInputWeight = 3.0; // the list blend, input:output
    double listOutputWeight = 1.0;
    std::optional<qint64> minContextTokens = 128000;
    // The share of answers (0 to 1) that pass every check of their scenario's answer contract
    // (docs/contracts.md); the preset "contract_audit" asks for 0.999.
    std::optional<double> minContractPassRate;
    SloObjectives slo; // per-request objectives; not a gate (analysis/slo.*)
    // "N of M": how many of the set gates must pass for a provider to qualify; unset: all.
    std::optional<int> minPassed;

    // Gates set, in the order they are checked: latency, TTFT, cost, context, contract.
    int gateCount() const;

    // Nothing required.
    static Requirements none();
    static QStringList presetNames();
    static std::optional<Requirements> fromPreset(const QString &name);

    // A requirements file: the same JSON object as a suite's `requirements`. On failure
    // returns nullopt and sets *error to a message naming the source and the field.
    static std::optional<Requirements> parse(const QByteArray &json, const QString &source,
                                             QString *error);
    static std::optional<Requirements> loadFile(const QString &path, QString *error);

    // Its JSON: domain/requirements_json.h.

    bool operator==(const Requirements &) const = default;
};

} // namespace ys
