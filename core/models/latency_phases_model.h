#pragma once

#include "analysis/latency_result.h"
#include "analysis/run_summary.h"
#include "analysis/slo.h"
#include "models/row_table_model.h"

#include <optional>
#include <vector>

namespace ys {

// Where each provider's latency goes, one row per provider of the selected session: time to
// the response headers (TTFB), per output token (TPOT) and between deliveries (ITL), the first
// token on a new connection against a reused one, the connect and TLS phases, and, when the
// suite's requirements set service-level objectives, the share of requests that met them and
// the goodput. The figures are the summary's (analysis/latency_result.h, analysis/slo.h), the
// ones `show --json` gives under results.latency, itl_ms and slo.
class LatencyPhasesModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column {
        Provider,
        SloShare,
        Goodput,
        TtfbP50,
        TtfbP95,
        TpotP50,
        TpotP95,
        ItlMean,
        ItlP99,
        ColdTtftP50,
        WarmTtftP50,
        ConnectP50,
        TlsP50,
        ToolArgsP50,
        ColumnCount
    };

    explicit LatencyPhasesModel(QObject *parent = nullptr);

    void setSummary(const SessionSummary &summary);
    void clear();
    // Whether the session's requirements set an objective (else the SLO columns are empty).
    bool hasObjectives() const { return m_objectives; }
    // The objectives set, in words: "TTFT ≤ 250 ms, E2E ≤ 500 ms".
    static QString objectivesText(const SloObjectives &slo);

protected:
    int rows() const override { return int(m_rows.size()); }

private:
    struct Row {
        QString provider;
        std::optional<LatencyResult> latency;
        std::optional<double> itlMeanMs;
        std::optional<double> itlP99Ms;
        std::optional<SloAttainment> slo;
    };
    const Row &at(int row) const { return m_rows[std::size_t(row)]; }
    void addToolCallColumn(); // when tool calls' arguments were complete
    // A percentile of the row's latency result, or nothing.
    std::optional<double> figure(int row, const Distribution LatencyResult::*member,
                                 std::optional<double> Distribution::*percentile) const;

    std::vector<Row> m_rows;
    bool m_objectives = false;
};

} // namespace ys
