#pragma once

#include "analysis/tco_curve.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <array>
#include <optional>

namespace ys {

struct SessionSummary;

// The TCO form's hidden-cost fields (docs/measurements.md, "Hidden costs"): the standby
// deployments and one fine-tuning entry.
enum class TcoHiddenField { Redundancy, FineTuneGpuHours, FineTuneRunsPerYear, FineTuneGpuUsd };

// The TCO page's form: the inputs of `yardstick-cli tco` as the texts of its fields, read as the
// analyst's locale writes numbers, checked and computed in core (analysis/tco.h) exactly as the
// command line computes them.
class TcoForm {
    Q_DECLARE_TR_FUNCTIONS(ys::TcoForm)
public:
    static constexpr int kFields = 7;
    using Texts = std::array<QString, kFields>;

    // A deployment of one GPU against a $1 per 1M API at 500M tokens a month.
    static Texts defaults();
    static QString fieldLabel(TcoField field);
    // The field's widget name: "tco_" and its command line option.
    static QString objectName(TcoField field);

    // The hidden costs: the texts of the TcoHiddenField fields, and the fine-tuning's kind. An
    // empty GPU-hours text means no fine-tuning; an empty GPU price, the deployment's.
    static constexpr int kHiddenFields = 4;
    struct Hidden {
        std::array<QString, kHiddenFields> texts;
        bool fullFineTune = false; // else LoRA
    };
    // No standby deployment, no fine-tuning, one run a year.
    static Hidden hiddenDefaults();
    static QString fieldLabel(TcoHiddenField field);
    // "tco_redundancy", "tco_finetune_gpu_hours", "tco_finetune_runs", "tco_finetune_gpu_usd".
    static QString objectName(TcoHiddenField field);

    struct Result {
        std::optional<TcoField> refused; // the field marked, named in message
        std::optional<TcoHiddenField> refusedHidden;
        QString message;
        std::optional<TcoInput> input; // the valid input, with its report and its curve
        std::optional<TcoReport> report;
        std::optional<TcoCurve> curve;
        QString summary;         // the costs at the volume given and the break-even, in words
        QStringList hiddenCosts; // the standby, fine-tuning and total lines (TcoText)
    };
    // The sensitivity table's heading, as `yardstick-cli tco` prints it.
    static QString sensitivityTitle();
    static Result evaluate(const Texts &texts); // with hiddenDefaults()
    static Result evaluate(const Texts &texts, const Hidden &hidden);

    // Measurements as field texts, from two providers picked separately (the API one buys and
    // the model one hosts are rarely the same): the price provider's measured cost per 1M
    // tokens, and the throughput provider's best sustained concurrency-sweep step in prompt
    // plus output tokens per second; notes say what is missing.
    struct Measured {
        std::optional<QString> apiUsdPer1m;
        std::optional<QString> tokensPerS;
        QStringList notes;
    };
    static Measured measured(const SessionSummary *summary, const QString &priceProvider,
                             const QString &throughputProvider);
    // The session's providers, in its order, that can give each: a measured cost; a sweep.
    static QStringList priceProviders(const SessionSummary *summary);
    static QStringList throughputProviders(const SessionSummary *summary);
};

} // namespace ys
