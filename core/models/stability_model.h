#pragma once

#include "analysis/kind_results.h"
#include "models/held_rows_model.h"

#include <QString>
#include <vector>

namespace ys {

// One provider's streaming stability scenario, as the session's summary holds it.
struct StabilityRow {
    QString provider;
    StabilityResult result;
};

// How steadily each provider streams, one row per provider of the selected session that ran a
// stability scenario: the gaps between deliveries (ITL P50, P95, P99), the longest, how many
// reached each stall threshold, the streams cut before their end and why the streams ended. The
// figures are the summary's (analysis/kind_results.h), the ones `show --json` gives under
// results.stability.
class StabilityModel : public HeldRowsModel<StabilityRow> {
    Q_OBJECT
public:
    enum Column {
        Provider,
        Attempts,
        ItlP50,
        ItlP95,
        ItlP99,
        LongestStall,
        Stalls,
        Cuts,
        FinishReasons,
        ColumnCount
    };

    explicit StabilityModel(QObject *parent = nullptr);

    void setProviders(std::vector<StabilityRow> rows) { hold(std::move(rows)); }

    // "3 ≥ 200 ms · 0 ≥ 1000 ms": the gaps at least each threshold long.
    static QString stallsText(const StabilityResult &r);
    // "stop 40 · length 2", by reason.
    static QString finishText(const StabilityResult &r);
    // A gap in ms as the table shows it (one decimal).
    static QString gapText(double ms);
};

} // namespace ys
