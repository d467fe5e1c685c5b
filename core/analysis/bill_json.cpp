#include "analysis/bill_json.h"

#include "analysis/json_or_null.h"

#include <nlohmann/json.hpp>

namespace ys {

namespace {

using nlohmann::json;

json amounts(const std::optional<BillAmounts> &a)
{
    if (!a)
        return nullptr;
    return json{{"input_tokens", a->inputTokens},   {"cached_tokens", a->cachedTokens},
                {"output_tokens", a->outputTokens}, {"tokens", a->tokens()},
                {"cost_usd", orNull(a->costUsd)},   {"usd_per_1k_tokens", orNull(a->usdPer1k())}};
}

} // namespace

QByteArray billReconciliationJson(const BillReconciliation &r)
{
    json days = json::array();
    for (const BillDay &d : r.days) {
        days.push_back({{"date", d.day.toString(Qt::ISODate).toStdString()},
                        {"model", d.model.toStdString()},
                        {"billed", amounts(d.billed)},
                        {"recorded", amounts(d.recorded)},
                        {"recorded_attempts", d.recordedAttempts},
                        {"cost_diff_usd", orNull(d.costDiffUsd)},
                        {"cost_diff_relative", orNull(d.costDiffRelative)},
                        {"token_diff", d.tokenDiff ? json(*d.tokenDiff) : json(nullptr)},
                        {"others_mean_usd_per_1k", orNull(d.othersMeanUsdPer1k)},
                        {"others_sigma_usd_per_1k", orNull(d.othersSigmaUsdPer1k)},
                        {"flagged", d.flagged}});
    }
    json models = json::array();
    for (const BillModel &m : r.models) {
        models.push_back({{"model", m.model.toStdString()},
                          {"billed", amounts(m.billed)},
                          {"recorded", amounts(m.recorded)},
                          {"days", m.days},
                          {"flagged_days", m.flaggedDays},
                          {"too_few_days", m.tooFewDays}});
    }
    const json doc{{"bill_lines", r.billLines},
                   {"flag_rule",
                    {{"sigmas", BillReconciler::kSigmas},
                     {"min_relative_deviation", BillReconciler::kMinRelativeDeviation},
                     {"min_days", BillReconciler::kMinDays}}},
                   {"billed", amounts(r.billed)},
                   {"recorded", amounts(r.recorded)},
                   {"models", models},
                   {"days", days}};
    return QByteArray::fromStdString(doc.dump(2));
}

} // namespace ys
