#include "models/latency_phases_model.h"

#include "models/cell_values.h"
#include "util/number_text.h"

#include <QStringList>

namespace ys {

namespace {

QString countedText(const std::optional<double> &v, int count)
{
    return v ? LatencyPhasesModel::tr("%1 (n = %2)").arg(fixedNumber(*v, 1)).arg(count) : dash();
}

} // namespace

LatencyPhasesModel::LatencyPhasesModel(QObject *parent)
    : RowTableModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("slo_share_pct", "%", QT_TR_NOOP("SLO met"),
              [this](int r) {
                  const auto &s = at(r).slo;
                  return cellOrNull(s && s->share ? std::optional(*s->share * 100.0)
                                                  : std::nullopt);
              })
        .shown([this](int r) -> QVariant {
            const auto &s = at(r).slo;
            if (!s || !s->share)
                return dash();
            return tr("%1% (%2 of %3)")
                .arg(fixedNumber(*s->share * 100.0, 1))
                .arg(s->attained)
                .arg(s->requests);
        })
        .aligned(right)
        .headerTip(QT_TR_NOOP("Requests that succeeded and met every objective the suite's "
                              "requirements set"));
    addColumn("goodput_per_s", "requests/s", QT_TR_NOOP("Goodput (req/s)"),
              [this](int r) {
                  const auto &s = at(r).slo;
                  return cellOrNull(s ? s->goodputPerS : std::nullopt);
              })
        .places(2)
        .aligned(right)
        .headerTip(QT_TR_NOOP("Requests that met the objectives, per second of the run"));
    const auto ms = [&](const char *key, const char *title, const Distribution LatencyResult::*m,
                        std::optional<double> Distribution::*p) -> ColumnSpec & {
        return addColumn(key, "ms", title,
                         [this, m, p](int r) { return cellOrNull(figure(r, m, p)); })
            .places(1)
            .aligned(right);
    };
    ms("ttfb_p50_ms", QT_TR_NOOP("TTFB P50 (ms)"), &LatencyResult::ttfbMs, &Distribution::p50)
        .headerTip(QT_TR_NOOP("From sending the request to the response's headers"));
    ms("ttfb_p95_ms", QT_TR_NOOP("TTFB P95 (ms)"), &LatencyResult::ttfbMs, &Distribution::p95);
    ms("tpot_p50_ms", QT_TR_NOOP("TPOT P50 (ms)"), &LatencyResult::tpotMs, &Distribution::p50)
        .headerTip(QT_TR_NOOP("Time per output token after the first: (end − first token) / "
                              "(output tokens − 1)"));
    ms("tpot_p95_ms", QT_TR_NOOP("TPOT P95 (ms)"), &LatencyResult::tpotMs, &Distribution::p95);
    addColumn("itl_mean_ms", "ms", QT_TR_NOOP("ITL mean (ms)"),
              [this](int r) { return cellOrNull(at(r).itlMeanMs); })
        .places(1)
        .aligned(right)
        .headerTip(QT_TR_NOOP("Inter-token latency: the gaps between the stream's deliveries"));
    addColumn("itl_p99_ms", "ms", QT_TR_NOOP("ITL P99 (ms)"),
              [this](int r) { return cellOrNull(at(r).itlP99Ms); })
        .places(1)
        .aligned(right);
    // The first token's P50 on new and on reused connections, each with its count.
    const auto byConnection = [&](const char *key, const char *title, const char *tip,
                                  const Distribution LatencyResult::*m) {
        addColumn(key, "ms", title,
                  [this, m](int r) { return cellOrNull(figure(r, m, &Distribution::p50)); })
            .shown([this, m](int r) {
                const auto &l = at(r).latency;
                return countedText(figure(r, m, &Distribution::p50), l ? ((*l).*m).count : 0);
            })
            .aligned(right)
            .headerTip(tip);
    };
    byConnection("cold_ttft_p50_ms", QT_TR_NOOP("TTFT cold P50 (ms)"),
                 QT_TR_NOOP("Attempts that opened a new connection"), &LatencyResult::coldTtftMs);
    byConnection("warm_ttft_p50_ms", QT_TR_NOOP("TTFT warm P50 (ms)"),
                 QT_TR_NOOP("Attempts on a reused connection"), &LatencyResult::warmTtftMs);
    addColumn("connect_p50_ms", "ms", QT_TR_NOOP("Connect P50 (ms)"),
              [this](int r) {
                  const auto &l = at(r).latency;
                  return cellOrNull(l && l->connectMs ? l->connectMs->p50 : std::nullopt);
              })
        .places(1)
        .aligned(right);
    addColumn("tls_p50_ms", "ms", QT_TR_NOOP("TLS P50 (ms)"),
              [this](int r) {
                  const auto &l = at(r).latency;
                  return cellOrNull(l && l->tlsMs ? l->tlsMs->p50 : std::nullopt);
              })
        .places(1)
        .aligned(right)
        .headerTip(QT_TR_NOOP("From the start of connecting to the end of the TLS handshake"));
    addToolCallColumn();
}

void LatencyPhasesModel::addToolCallColumn()
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("tool_args_p50_ms", "ms", QT_TR_NOOP("Tool arguments P50 (ms)"),
              [this](int r) {
                  const auto &l = at(r).latency;
                  return cellOrNull(l && l->toolCalls ? l->toolCalls->argsCompleteMs.p50
                                                      : std::nullopt);
              })
        .shown([this](int r) -> QVariant {
            const auto &l = at(r).latency;
            if (!l || !l->toolCalls)
                return dash();
            return countedText(l->toolCalls->argsCompleteMs.p50, l->toolCalls->attempts);
        })
        .aligned(right)
        .headerTip(QT_TR_NOOP("From sending the request to a tool call's complete arguments: "
                              "when a client can call the function"));
}

void LatencyPhasesModel::setSummary(const SessionSummary &summary)
{
    beginResetModel();
    m_rows.clear();
    m_objectives = summary.requirements.slo.any();
    for (const ProviderSummary &p : summary.providers) {
        Row row{p.name, p.results.latency, p.itlMeanMs, p.itlP99Ms, std::nullopt};
        if (m_objectives)
            row.slo = sloAttainment(p, summary.requirements.slo);
        m_rows.push_back(std::move(row));
    }
    endResetModel();
}

QString LatencyPhasesModel::objectivesText(const SloObjectives &slo)
{
    QStringList out;
    if (slo.ttftMs)
        out << tr("TTFT ≤ %1 ms").arg(fixedNumber(*slo.ttftMs, 0));
    if (slo.tpotMs)
        out << tr("TPOT ≤ %1 ms").arg(fixedNumber(*slo.tpotMs, 0));
    if (slo.e2eMs)
        out << tr("E2E ≤ %1 ms").arg(fixedNumber(*slo.e2eMs, 0));
    return out.join(tr(", "));
}

void LatencyPhasesModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_objectives = false;
    endResetModel();
}

std::optional<double>
LatencyPhasesModel::figure(int row, const Distribution LatencyResult::*member,
                           std::optional<double> Distribution::*percentile) const
{
    const auto &l = at(row).latency;
    if (!l)
        return std::nullopt;
    return (*l).*member.*percentile;
}

} // namespace ys
