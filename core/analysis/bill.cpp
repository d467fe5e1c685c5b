#include "analysis/bill.h"

#include <cmath>
#include <map>
#include <utility>

namespace ys {

std::optional<double> BillAmounts::usdPer1k() const
{
    if (!costUsd || tokens() <= 0)
        return std::nullopt;
    return *costUsd / double(tokens()) * 1000.0;
}

namespace {

using Key = std::pair<QDate, QString>; // day, lower-case model

void add(BillAmounts &to, qint64 input, qint64 cached, qint64 output, std::optional<double> cost)
{
    to.inputTokens += input;
    to.cachedTokens += cached;
    to.outputTokens += output;
    if (cost)
        to.costUsd = to.costUsd.value_or(0.0) + *cost;
}

void add(BillAmounts &to, const BillAmounts &from)
{
    add(to, from.inputTokens, from.cachedTokens, from.outputTokens, from.costUsd);
}

// Leave-one-out: each day against the mean and sample standard deviation of the model's other
// days, so a single odd day cannot widen the spread it is judged by.
void flagOutliers(std::vector<BillDay *> &days)
{
    std::vector<std::pair<BillDay *, double>> priced;
    for (BillDay *d : days)
        if (d->billed)
            if (const auto p = d->billed->usdPer1k())
                priced.emplace_back(d, *p);
    if (int(priced.size()) < BillReconciler::kMinDays)
        return;
    for (std::size_t i = 0; i < priced.size(); ++i) {
        double sum = 0.0;
        for (std::size_t j = 0; j < priced.size(); ++j)
            if (j != i)
                sum += priced[j].second;
        const double n = double(priced.size() - 1);
        const double mean = sum / n;
        double squares = 0.0;
        for (std::size_t j = 0; j < priced.size(); ++j)
            if (j != i)
                squares += (priced[j].second - mean) * (priced[j].second - mean);
        const double sigma = std::sqrt(squares / (n - 1.0));
        const double deviation = std::abs(priced[i].second - mean);
        BillDay *d = priced[i].first;
        d->othersMeanUsdPer1k = mean;
        d->othersSigmaUsdPer1k = sigma;
        d->flagged = deviation > BillReconciler::kSigmas * sigma &&
                     deviation > BillReconciler::kMinRelativeDeviation * std::abs(mean);
    }
}

} // namespace

BillReconciliation BillReconciler::reconcile(const std::vector<BillRow> &bill,
                                             const std::vector<RecordedUsage> &recorded)
{
    BillReconciliation out;
    out.billLines = int(bill.size());
    std::map<Key, BillDay> days;
    std::map<QString, QString> spelling; // lower-case model -> the bill's spelling
    for (const BillRow &r : bill) {
        const QString key = r.model.toLower();
        spelling.emplace(key, r.model);
        BillDay &d = days[{r.day, key}];
        d.day = r.day;
        d.model = spelling[key];
        if (!d.billed)
            d.billed = BillAmounts{};
        add(*d.billed, r.inputTokens, r.cachedTokens, r.outputTokens, r.costUsd);
        add(out.billed, r.inputTokens, r.cachedTokens, r.outputTokens, r.costUsd);
    }
    for (const RecordedUsage &u : recorded) {
        const QString key = u.model.toLower();
        BillDay &d = days[{u.day, key}];
        if (d.model.isEmpty()) {
            d.day = u.day;
            d.model = spelling.count(key) ? spelling[key] : u.model;
        }
        if (!d.recorded)
            d.recorded = BillAmounts{};
        add(*d.recorded, u.inputTokens, u.cachedTokens, u.outputTokens, u.costUsd);
        d.recordedAttempts += u.attempts;
    }

    std::map<QString, BillModel> models;
    std::map<QString, std::vector<BillDay *>> byModel;
    for (auto &[key, d] : days) {
        if (d.billed && d.recorded) {
            if (d.billed->costUsd && d.recorded->costUsd) {
                d.costDiffUsd = *d.billed->costUsd - *d.recorded->costUsd;
                if (*d.recorded->costUsd != 0.0)
                    d.costDiffRelative = *d.costDiffUsd / *d.recorded->costUsd;
            }
            d.tokenDiff = d.billed->tokens() - d.recorded->tokens();
            add(out.recorded, *d.recorded);
        }
        if (!d.billed)
            continue; // a recorded day the bill does not name: listed, not tested
        BillModel &m = models[key.second];
        m.model = d.model;
        add(m.billed, *d.billed);
        if (d.recorded) {
            if (!m.recorded)
                m.recorded = BillAmounts{};
            add(*m.recorded, *d.recorded);
        }
        ++m.days;
        byModel[key.second].push_back(&d);
    }
    for (auto &[key, list] : byModel) {
        flagOutliers(list);
        BillModel &m = models[key];
        m.tooFewDays = m.days < kMinDays;
        for (const BillDay *d : list)
            m.flaggedDays += d->flagged ? 1 : 0;
    }
    for (auto &[key, d] : days)
        out.days.push_back(std::move(d));
    for (auto &[key, m] : models)
        out.models.push_back(std::move(m));
    return out;
}

} // namespace ys
