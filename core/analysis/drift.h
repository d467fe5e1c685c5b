#pragma once

#include "domain/sample.h"

#include <QDateTime>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// Drift across sessions: the same provider (the same provider name and model; the address may
// change) measured in two sessions, the later against the one before it in time order. A figure
// has drifted when the change is significant (Mann–Whitney U, Holm-adjusted over every
// comparison ending at the same session, p < 0.05) and large enough to matter (at least the
// practical threshold, relative to the earlier figure). The reported model and fingerprint drift
// when the set of values reported changes. The definitions are in docs/measurements.md.

enum class DriftFigure { TtftMs, E2eMs, OutputTokensPerS, UsdPer1k, Model, Fingerprint };

QString driftFigureName(DriftFigure figure); // "ttft_ms", ... as in show --json
// The figure for people ("TTFT p50", "reported model"), as the drift table, its insights and the
// recommendation's risks name it.
QString driftFigureLabel(DriftFigure figure);

// One provider's latest latency run in one session, reduced to what drift compares.
struct DriftPoint {
    qint64 sessionId = 0;
    QDateTime startedAt;
    QString provider;
    QString model;
    std::vector<double> ttftMs; // successful attempts of the provider's own, no warm-up
    std::vector<double> e2eMs;
    std::vector<double> outputTokensPerS;
    // Each attempt of the provider's own that counts towards the measured price
    // (measuredPriceTokens), failures too; spentUsd / billedTokens × 1000 over them is the
    // session's usd_per_1k_measured.
    std::vector<double> usdPer1k;
    double spentUsd = 0;
    qint64 billedTokens = 0;
    QStringList modelsReported; // sorted, distinct, non-empty
    QStringList fingerprints;
};

DriftPoint driftPointOf(const std::vector<Sample> &samples);

// The tokens an attempt is billed for when it counts towards the measured $ per 1K tokens: it
// has a cost and both token counts (a failed attempt too: what it cost was spent); none
// otherwise. The session summary's usd_per_1k_measured and drift's measured price take their
// attempts by it, so the History page and drift show the figure show --json does.
std::optional<qint64> measuredPriceTokens(const Sample &attempt);

struct DriftEvent {
    QString provider;
    QString model;
    DriftFigure figure = DriftFigure::TtftMs;
    qint64 fromSession = 0;
    qint64 toSession = 0;
    // Numeric figures: medians (latency, speed) or spent / billed × 1000 (price), the
    // Hodges–Lehmann shift after − before with its 95% interval, the relative change of the
    // figure and the p-values. Model and fingerprint: the value sets instead.
    std::optional<double> before;
    std::optional<double> after;
    std::optional<double> difference;
    std::optional<double> ciLow;
    std::optional<double> ciHigh;
    std::optional<double> relative;
    std::optional<double> pValue;
    std::optional<double> adjustedPValue;
    QStringList beforeValues;
    QStringList afterValues;
};

struct DriftSettings {
    double alpha = 0.05;
    double latencyThreshold = 0.10; // TTFT, E2E and output speed: 10%
    double priceThreshold = 0.02;   // measured $ per 1K: 2%
    int minAttempts = 5;            // per session; fewer say nothing
};

// Every drift event between consecutive sessions of each provider in points (any order). With
// toSession, only the comparisons ending at that session.
std::vector<DriftEvent> findDrift(std::vector<DriftPoint> points,
                                  const DriftSettings &settings = {},
                                  std::optional<qint64> toSession = std::nullopt);

} // namespace ys
