#pragma once

#include "analysis/run_summary.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// A fine-tuning run repeated through the year, amortised per month (docs/measurements.md,
// "Hidden costs"): gpuHours × price × runsPerYear / 12.
struct TcoFineTune {
    QString kind;          // "lora" or "full"
    double gpuHours = 0.0; // one run
    double runsPerYear = 1.0;
    std::optional<double> gpuUsdPerHour; // null: the deployment's GPU price
};

// A self-hosted deployment against an API at a monthly token volume (docs/measurements.md,
// "Total cost of ownership"). Tokens are counted as the API bills them: input plus output.
struct TcoInput {
    double gpuUsdPerHour = 0.0;  // one GPU
    int gpus = 0;                // in one deployment
    double utilisation = 0.0;    // share of paid GPU time doing useful work, (0, 1]
    double opsUsdPerMonth = 0.0; // engineering and operations
    double tokensPerS = 0.0;     // one deployment's sustained throughput at full load
    double apiUsdPer1m = 0.0;
    double monthlyTokens = 0.0;
    QString throughputSource; // how tokensPerS was found, for the report
    QString apiPriceSource;
    int redundancy = 0; // standby deployments beyond those the volume needs, always on
    std::vector<TcoFineTune> fineTunes;
};

// One input moved alone, and the break-even volume at either end (docs/measurements.md,
// "Sensitivity"); the low and high ends are the input's values.
struct TcoSensitivity {
    QString key;   // as in the JSON input, e.g. "gpu_usd_per_hour"
    QString label; // for people
    double base = 0.0;
    double low = 0.0;
    double high = 0.0;
    std::optional<double> breakEvenLow;
    std::optional<double> breakEvenHigh;
    // |breakEvenHigh − breakEvenLow|; null when unbounded (break-even exists at one end only).
    std::optional<double> swing;
    bool unbounded() const { return !swing; }
};

struct TcoPoint {
    double utilisation = 0.0;
    double capacityTokensPerMonth = 0.0;           // one deployment, always on
    double gpuUsdPer1m = 0.0;                      // GPU time alone, per 1M tokens served
    double selfUsdPerMonth = 0.0;                  // at the monthly volume
    std::optional<double> selfUsdPer1m;            // at the monthly volume; null at a volume of 0
    std::optional<double> breakEvenTokensPerMonth; // null: self-hosting never pays off
    double deployments = 0.0;                      // deployments the volume keeps busy on average
};

struct TcoReport {
    TcoInput input;
    TcoPoint at; // at the given utilisation
    double apiUsdPerMonth = 0.0;
    std::vector<TcoPoint> byUtilisation; // how the figures move with utilisation, ascending
    double redundancyUsdPerMonth = 0.0;
    std::vector<double> fineTuneUsdPerMonth; // per entry of input.fineTunes
    double fineTuneTotalUsdPerMonth = 0.0;
    std::vector<TcoSensitivity> sensitivity; // ranked, largest move of the break-even first
    bool selfCheaper() const { return at.selfUsdPerMonth < apiUsdPerMonth; }
};

// Where a deployment's throughput came from in a measured concurrency sweep: one step, whose
// prompt and output tokens per second are kept apart and added up, so the throughput counts the
// same tokens as the volume and the price (input plus output) at the step's own mix.
struct SweepThroughput {
    int concurrency = 0;             // the step
    double outputTokensPerS = 0.0;   // its measured output rate
    double inputTokensPerS = 0.0;    // its measured prompt rate (reported prompt tokens)
    double tokensPerS = 0.0;         // the two together
    double allTokensPerOutput = 1.0; // tokensPerS / outputTokensPerS: the step's mix
};

class Tco {
    Q_DECLARE_TR_FUNCTIONS(ys::Tco)
public:
    static constexpr double kHoursPerMonth = 730.0; // 8,760 / 12
    // A step counts as sustained when at most this share of its attempts failed.
    static constexpr double kSustainedErrorRate = 0.01;

    // The report, or nullopt with *error naming the field that is out of range (its command
    // line option, e.g. "--gpu-usd-per-hour").
    static std::optional<TcoReport> compute(const TcoInput &input, QString *error);
    static TcoPoint at(const TcoInput &input, double utilisation);
    // The hidden costs a month: the standby deployments, and one fine-tuning entry amortised.
    static double redundancyUsdPerMonth(const TcoInput &input);
    static double fineTuneUsdPerMonth(const TcoInput &input, const TcoFineTune &fineTune);
    static double fineTuneUsdPerMonth(const TcoInput &input); // all entries
    // The tornado table: each input moved alone ±10% (counts ±1), ranked by the break-even's move.
    static std::vector<TcoSensitivity> sensitivity(const TcoInput &input);

    // The best sustained step of a provider's concurrency sweep; nullopt with *error when the
    // provider ran none or no step was sustained with a measured rate.
    static std::optional<SweepThroughput> sweepThroughput(const ProviderSummary &provider,
                                                          QString *error);
    // What the provider's attempts cost per 1M tokens (spend / (input + output) × 1M).
    static std::optional<double> measuredUsdPer1m(const ProviderSummary &provider);

    static QByteArray json(const TcoReport &report);
};

} // namespace ys
