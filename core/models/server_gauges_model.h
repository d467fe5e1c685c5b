#pragma once

#include "analysis/server_timeline.h"
#include "models/held_rows_model.h"

#include <QString>
#include <vector>

namespace ys {

// What each provider's server said about its load during the session, one row per provider and
// gauge it reported (requests running, requests waiting, KV cache use): scrapes, least, median,
// most and last value. The figures are the summary's (analysis/server_timeline.h), the ones
// `show --json` gives under server_gauges.
class ServerGaugesModel : public HeldRowsModel<ServerGaugeSummary> {
    Q_OBJECT
public:
    enum Column { Provider, Gauge, Scrapes, Min, Median, Max, Last, ColumnCount };

    explicit ServerGaugesModel(QObject *parent = nullptr);

    void setGauges(std::vector<ServerGaugeSummary> rows) { hold(std::move(rows)); }

    // "Requests running", "Requests waiting", "KV cache use (%)": what a gauge is called on
    // screen (its metric's name is the cell's tooltip).
    static QString gaugeText(ServerGauge gauge);
};

} // namespace ys
