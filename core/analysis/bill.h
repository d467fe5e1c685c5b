#pragma once

#include <QCoreApplication>
#include <QDate>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// One line of a usage or invoice export, as read by BillCsv: what a provider billed for a model
// on a day (UTC). Cached tokens are part of the input tokens, as the usage APIs report them.
struct BillRow {
    int line = 0; // in the CSV file
    QDate day;
    QString model;
    qint64 inputTokens = 0;
    qint64 cachedTokens = 0;
    qint64 outputTokens = 0;
    double costUsd = 0.0;
};

// What the sessions in a database recorded for a model on a day (UTC, by when each attempt
// started): every attempt, warm-ups and failures included, since a provider bills them too.
struct RecordedUsage {
    QDate day;
    QString model;
    qint64 attempts = 0;
    qint64 inputTokens = 0;
    qint64 cachedTokens = 0;
    qint64 outputTokens = 0;
    std::optional<double> costUsd; // null when no attempt of the day had a cost
    qint64 unpricedAttempts = 0;   // attempts with tokens but no cost (no price known)
};

// Tokens and money on one side of the reconciliation.
struct BillAmounts {
    qint64 inputTokens = 0;
    qint64 cachedTokens = 0;
    qint64 outputTokens = 0;
    std::optional<double> costUsd;
    qint64 tokens() const { return inputTokens + outputTokens; }
    // cost / (input + output tokens) × 1000; null without tokens or cost.
    std::optional<double> usdPer1k() const;
};

// A day and model of the reconciliation. A side that has no line for it is null.
struct BillDay {
    QDate day;
    QString model; // as the bill spells it (the recording's spelling when the bill has none)
    std::optional<BillAmounts> billed;
    std::optional<BillAmounts> recorded;
    qint64 recordedAttempts = 0;
    std::optional<double> costDiffUsd;      // billed − recorded
    std::optional<double> costDiffRelative; // (billed − recorded) / recorded
    std::optional<qint64> tokenDiff;        // billed − recorded, input + output
    // The outlier test of the day's billed $/1K against the model's other days
    // (docs/measurements.md, "Bill reconciliation").
    std::optional<double> othersMeanUsdPer1k;
    std::optional<double> othersSigmaUsdPer1k;
    bool flagged = false;
};

struct BillModel {
    QString model;
    BillAmounts billed;
    std::optional<BillAmounts> recorded;
    int days = 0;            // days the bill has for the model
    int flaggedDays = 0;     // of those
    bool tooFewDays = false; // under three billed days: no day can be tested
};

struct BillReconciliation {
    std::vector<BillDay> days; // by day, then model
    std::vector<BillModel> models;
    BillAmounts billed;   // every bill line
    BillAmounts recorded; // the recorded days and models the bill names
    int billLines = 0;
};

// Reverse-calculates the bill's effective prices and sets them against the recording. Models
// match case-insensitively.
class BillReconciler {
    Q_DECLARE_TR_FUNCTIONS(ys::BillReconciler)
public:
    // A day is flagged when its $/1K lies more than this many standard deviations from the mean
    // of the model's other days...
    static constexpr double kSigmas = 2.0;
    // ...and more than this share of that mean, so days that agree to a rounding are not.
    static constexpr double kMinRelativeDeviation = 0.01;
    static constexpr int kMinDays = 3;

    static BillReconciliation reconcile(const std::vector<BillRow> &bill,
                                        const std::vector<RecordedUsage> &recorded);
};

} // namespace ys
