#pragma once

#include "analysis/routing_text.h"
#include "models/held_rows_model.h"

#include <vector>

namespace ys {

// A routing policy's what-if (analysis/routing_replay.h) as a table: one row per figure of
// RoutingText::rows (requests, success rate, SLO attainment, P50/P95 E2E, cost, cost per request,
// attempts, went to a fallback, breaker opened, answered by each provider), a column for the
// primary alone and one with the policy, their texts those `yardstick-cli route` prints.
// ValueRole gives the raw figures (a share for the rates), KeyRole the row's export key.
class RoutingWhatIfModel : public HeldRowsModel<RoutingFigureRow> {
    Q_OBJECT
public:
    enum Column { FigureColumn, PrimaryAloneColumn, WithPolicyColumn, ColumnCount };
    enum Role { KeyRole = FirstOwnRole };

    explicit RoutingWhatIfModel(QObject *parent = nullptr);
    void setResult(const RoutingReplayResult &result) { hold(RoutingText::rows(result)); }

protected:
    QVariant ownData(int row, int column, int role) const override;
    QHash<int, QByteArray> ownRoleNames() const override;
};

} // namespace ys
