#pragma once

#include "analysis/bill.h"
#include "models/held_rows_model.h"

#include <QString>

namespace ys {

// The bill reconciliation's two tables for the workbench (analysis/bill.h), with the figures and
// the precision `yardstick-cli bill` prints: per model, and per day and model with the day's
// flag. ValueRole gives the raw numbers.
class BillModelsModel : public HeldRowsModel<BillModel> {
    Q_OBJECT
public:
    enum Column { Model, Days, BilledUsdPer1k, RecordedUsdPer1k, BilledUsd, Flagged, ColumnCount };

    explicit BillModelsModel(QObject *parent = nullptr);
    void setReconciliation(const BillReconciliation &r) { hold(r.models); }
};

class BillDaysModel : public HeldRowsModel<BillDay> {
    Q_OBJECT
public:
    enum Column {
        Date,
        Model,
        BilledUsd,
        RecordedUsd,
        DiffUsd,
        BilledUsdPer1k,
        OthersMean,
        OthersSigma,
        Note,
        ColumnCount
    };
    // Whether the day is flagged (bool), for a delegate or a test.
    enum Role { FlaggedRole = FirstOwnRole };

    explicit BillDaysModel(QObject *parent = nullptr);
    void setReconciliation(const BillReconciliation &r) { hold(r.days); }
    int flaggedDays() const;

protected:
    QVariant ownData(int row, int column, int role) const override;
};

// The whole bill against the whole recording in one line: "Billed $12.3400 for 1,234,567
// tokens, $0.010000 per 1K; recorded …", as the command line and the workbench show it.
QString billSummaryText(const BillReconciliation &r);

} // namespace ys
