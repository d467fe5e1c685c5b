#include "models/bill_tables.h"

#include "models/cell_values.h"
#include "util/number_text.h"

namespace ys {

namespace {

QVariant money(const std::optional<double> &v, int decimals)
{
    return usdAmount(v, decimals);
}

std::optional<double> per1k(const std::optional<BillAmounts> &a)
{
    return a ? a->usdPer1k() : std::nullopt;
}

std::optional<double> cost(const std::optional<BillAmounts> &a)
{
    return a ? a->costUsd : std::nullopt;
}

constexpr Qt::Alignment kRight = Qt::AlignRight | Qt::AlignVCenter;

} // namespace

QString billSummaryText(const BillReconciliation &r)
{
    return BillModelsModel::tr("Billed %1 for %2 tokens, %3 per 1K; recorded %4 for %5 tokens, "
                               "%6 per 1K")
        .arg(usdAmount(r.billed.costUsd, 4), groupedCount(double(r.billed.tokens())),
             usdAmount(r.billed.usdPer1k(), 6), usdAmount(r.recorded.costUsd, 4),
             groupedCount(double(r.recorded.tokens())), usdAmount(r.recorded.usdPer1k(), 6));
}

BillModelsModel::BillModelsModel(QObject *parent)
    : HeldRowsModel(parent)
{
    addColumn("model", "", QT_TR_NOOP("Model"), [this](int r) { return at(r).model; });
    addColumn("days", "", QT_TR_NOOP("Days"), [this](int r) { return at(r).days; }).aligned(kRight);
    addColumn("billed_usd_per_1k", "$", QT_TR_NOOP("Billed $/1K"),
              [this](int r) { return cellOrNull(at(r).billed.usdPer1k()); })
        .shown([this](int r) { return money(at(r).billed.usdPer1k(), 6); })
        .aligned(kRight)
        .headerTip(QT_TR_NOOP("The bill's cost over its input and output tokens, per 1,000"));
    addColumn("recorded_usd_per_1k", "$", QT_TR_NOOP("Recorded $/1K"),
              [this](int r) { return cellOrNull(per1k(at(r).recorded)); })
        .shown([this](int r) { return money(per1k(at(r).recorded), 6); })
        .aligned(kRight)
        .headerTip(QT_TR_NOOP("What the sessions measured for the days the bill names"));
    addColumn("billed_usd", "$", QT_TR_NOOP("Billed"), [this](int r) {
        return cellOrNull(at(r).billed.costUsd);
    }).shown([this](int r) {
          return money(at(r).billed.costUsd, 4);
      }).aligned(kRight);
    addColumn("flagged_days", "", QT_TR_NOOP("Flagged days"),
              [this](int r) { return at(r).tooFewDays ? QVariant() : QVariant(at(r).flaggedDays); })
        .shown([this](int r) -> QVariant {
            if (at(r).tooFewDays)
                return tr("too few days");
            return at(r).flaggedDays;
        })
        .aligned(kRight)
        .headerTip(QT_TR_NOOP("Days whose $/1K lies more than 2σ (and 1%) from the model's "
                              "other days; a model needs three billed days to be tested"));
}

BillDaysModel::BillDaysModel(QObject *parent)
    : HeldRowsModel(parent)
{
    addColumn("date", "", QT_TR_NOOP("Date"),
              [this](int r) { return at(r).day.toString(Qt::ISODate); });
    addColumn("model", "", QT_TR_NOOP("Model"), [this](int r) { return at(r).model; });
    const auto usd =
        [&](const char *key, const char *title,
            std::function<std::optional<double>(const BillDay &)> get) -> ColumnSpec & {
        return addColumn(key, "$", title, [this, get](int r) { return cellOrNull(get(at(r))); })
            .shown([this, get](int r) { return money(get(at(r)), 6); })
            .aligned(kRight);
    };
    usd("billed_usd", QT_TR_NOOP("Billed"), [](const BillDay &d) { return cost(d.billed); });
    usd("recorded_usd", QT_TR_NOOP("Recorded"), [](const BillDay &d) { return cost(d.recorded); })
        .headerTip(QT_TR_NOOP("What the sessions recorded for the model that day (UTC), every "
                              "attempt counted"));
    usd("cost_diff_usd", QT_TR_NOOP("Difference"), [](const BillDay &d) {
        return d.costDiffUsd;
    }).headerTip(QT_TR_NOOP("Billed − recorded"));
    usd("billed_usd_per_1k", QT_TR_NOOP("Billed $/1K"),
        [](const BillDay &d) { return per1k(d.billed); });
    usd("others_mean_usd_per_1k", QT_TR_NOOP("Other days' mean $/1K"),
        [](const BillDay &d) { return d.othersMeanUsdPer1k; })
        .headerTip(QT_TR_NOOP("The mean of the model's other billed days, which the day is "
                              "tested against"));
    usd("others_sigma_usd_per_1k", QT_TR_NOOP("Other days' σ"),
        [](const BillDay &d) { return d.othersSigmaUsdPer1k; });
    addColumn("note", "", QT_TR_NOOP("Flag"), [this](int r) -> QVariant {
        const BillDay &d = at(r);
        return d.flagged     ? tr("flagged")
               : !d.billed   ? tr("not billed")
               : !d.recorded ? tr("not recorded")
                             : QString();
    }).exportsText();
}

QVariant BillDaysModel::ownData(int row, int column, int role) const
{
    if (role == FlaggedRole)
        return at(row).flagged;
    return RowTableModel::ownData(row, column, role);
}

int BillDaysModel::flaggedDays() const
{
    return int(std::count_if(rowsHeld().begin(), rowsHeld().end(),
                             [](const BillDay &d) { return d.flagged; }));
}

} // namespace ys
