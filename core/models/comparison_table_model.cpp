#include "models/comparison_table_model.h"

#include "models/cell_values.h"
#include "models/figure_text.h"
#include "util/number_text.h"

#include <iterator>

namespace ys {

namespace {

// A requirement's threshold in a tooltip; "—" when the requirements set no such gate.
template <typename T> QString limit(const std::optional<T> &v)
{
    return v ? QString::number(*v) : QStringLiteral("—");
}

// In Column order.
constexpr const char *kColumnKeys[] = {
    "provider", "model",     "attempts",   "success_rate", "ttft_p50", "ttft_p95",     "e2e_p50",
    "e2e_p95",  "tok_per_s", "usd_per_1k", "cost",         "context",  "requirements", "runs"};
static_assert(std::size(kColumnKeys) == ComparisonTableModel::ColumnCount);

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject *parent)
    : RowTableModel(parent)
{
    addColumns();
}

void ComparisonTableModel::addColumns()
{
    // The export keys carry the unit, so that a spreadsheet's column names say it too.
    const Qt::Alignment left = Qt::AlignLeft | Qt::AlignVCenter;
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).name; })
        .aligned(left)
        .tip([this](int r) { return tooltipOf(r, ProviderColumn); });
    addColumn("model", "", QT_TR_NOOP("Model"), [this](int r) {
        return at(r).model;
    }).aligned(left);
    addColumn("attempts", "", QT_TR_NOOP("Attempts"), [this](int r) {
        return at(r).attempts;
    }).aligned(right);
    addColumn("success_rate_pct", "%", QT_TR_NOOP("Success"),
              [this](int r) {
                  const ProviderSummary &s = at(r);
                  return s.attempts ? QVariant(100.0 * s.successes / s.attempts) : QVariant();
              })
        .shown([this](int r) -> QVariant {
            const ProviderSummary &s = at(r);
            if (!s.attempts)
                return dash();
            return tr("%1% (%2)")
                .arg(fixedNumber(100.0 * s.successes / s.attempts, 1))
                .arg(FigureText::successes(s));
        })
        .aligned(right)
        .tip([this](int r) { return tooltipOf(r, SuccessRateColumn); });
    addLatencyColumns();
    addMoneyColumns();
    addColumn("context_tokens", "tokens", QT_TR_NOOP("Context"),
              [this](int r) {
                  const auto &w = at(r).contextWindow;
                  return w ? QVariant(qint64(*w)) : QVariant();
              })
        .shown([this](int r) -> QVariant {
            const auto &w = at(r).contextWindow;
            return w ? FigureText::contextWindow(*w) : dash();
        })
        .aligned(right)
        .tip([this](int r) { return tooltipOf(r, ContextColumn); });
    addColumn("requirements", "", QT_TR_NOOP("Requirements"),
              [this](int r) { return int(gateForColumn(r, VerdictColumn)); })
        .shown([this](int r) { return Gates::describe(gateForColumn(r, VerdictColumn)); })
        .exportsText()
        .aligned(right);
    addColumn("runs", "", QT_TR_NOOP("Runs"), [this](int r) { return at(r).runs; }).aligned(right);
}

void ComparisonTableModel::addLatencyColumns()
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("ttft_p50_ms", "ms", QT_TR_NOOP("TTFT P50 (ms)"),
              [this](int r) { return cellOrNull(at(r).ttftMs.p50); })
        .places(1)
        .aligned(right);
    addColumn("ttft_p95_ms", "ms", QT_TR_NOOP("TTFT P95 (ms)"),
              [this](int r) { return cellOrNull(at(r).ttftMs.p95); })
        .places(1)
        .aligned(right);
    addColumn("e2e_p50_ms", "ms", QT_TR_NOOP("E2E P50 (ms)"),
              [this](int r) { return cellOrNull(at(r).e2eMs.p50); })
        .places(1)
        .aligned(right);
    // The figure the latency gate reads: in open loop, from the intended start.
    addColumn("e2e_p95_ms", "ms", QT_TR_NOOP("E2E P95 (ms, 95% CI)"),
              [this](int r) { return cellOrNull(Gates::gatedLatency(at(r)).p95); })
        .shown([this](int r) {
            const ProviderSummary &s = at(r);
            const Distribution &e2e = Gates::gatedLatency(s);
            const QString p95 = e2e.p95 ? fixedNumber(*e2e.p95, 1) : dash();
            const QString text = e2e.p95 && e2e.p95Ci
                                     ? tr("%1 (%2–%3)")
                                           .arg(p95, fixedNumber(e2e.p95Ci->first, 0),
                                                fixedNumber(e2e.p95Ci->second, 0))
                                     : p95;
            return Gates::latencyFromIntendedStart(s) ? tr("%1, from intended start").arg(text)
                                                      : text;
        })
        .aligned(right)
        .tip([this](int r) { return tooltipOf(r, E2eP95Column); });
    addColumn("output_tok_per_s", "tokens/s", QT_TR_NOOP("Output tok/s"),
              [this](int r) { return cellOrNull(at(r).outputTokensPerSecondP50); })
        .places(0)
        .aligned(right);
}

void ComparisonTableModel::addMoneyColumns()
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("usd_per_1k", "$/1K tokens", QT_TR_NOOP("$ / 1K tokens"),
              [this](int r) { return cellOrNull(at(r).usdPer1kBlended); })
        .shown([this](int r) -> QVariant {
            const auto &v = at(r).usdPer1kBlended;
            return v ? QStringLiteral("$%1").arg(fixedNumber(*v, 5)) : dash();
        })
        .aligned(right)
        .tip([this](int r) { return tooltipOf(r, UsdPer1kColumn); });
    addColumn("cost_usd", "$", QT_TR_NOOP("Cost of run"),
              [this](int r) { return cellOrNull(at(r).costUsd); })
        .shown([this](int r) -> QVariant {
            const ProviderSummary &s = at(r);
            if (!s.costUsd)
                return dash();
            return s.tokensEstimated ? tr("$%1 (partial)").arg(fixedNumber(*s.costUsd, 5))
                                     : QStringLiteral("$%1").arg(fixedNumber(*s.costUsd, 5));
        })
        .aligned(right)
        .tip([this](int r) { return tooltipOf(r, CostColumn); });
}

QString ComparisonTableModel::columnKey(int column)
{
    return column >= 0 && column < ColumnCount ? QString::fromLatin1(kColumnKeys[column])
                                               : QString();
}

int ComparisonTableModel::columnOf(const QString &key)
{
    for (int c = 0; c < ColumnCount; ++c)
        if (key == QLatin1StringView(kColumnKeys[c]))
            return c;
    return -1;
}

void ComparisonTableModel::setSummaries(std::vector<ProviderSummary> summaries)
{
    beginResetModel();
    m_rows = std::move(summaries);
    judge();
    endResetModel();
}

void ComparisonTableModel::setRequirements(const Requirements &requirements)
{
    m_requirements = requirements;
    judge();
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void ComparisonTableModel::judge()
{
    m_verdicts.clear();
    for (const ProviderSummary &s : m_rows)
        m_verdicts.push_back(Gates::evaluate(s, m_requirements));
}

GateResult ComparisonTableModel::gateForColumn(int row, int column) const
{
    const GateVerdict &v = m_verdicts[std::size_t(row)];
    switch (column) {
    case E2eP95Column:
        return v.latency;
    case UsdPer1kColumn:
        return v.cost;
    case ContextColumn:
        return v.context;
    case VerdictColumn:
        return v.overall();
    default:
        return GateResult::NoData;
    }
}

QString ComparisonTableModel::tooltipOf(int row, int column) const
{
    const ProviderSummary &s = at(row);
    if (column == E2eP95Column && Gates::latencyFromIntendedStart(s))
        return tr("Open loop: end-to-end P95 in ms from the intended start (queue delay "
                  "included), with its distribution-free 95% confidence interval (order "
                  "statistics); the requirement "
                  "≤ %1 ms is checked against it. From the actual start: %2 ms")
            .arg(limit(m_requirements.maxP95LatencyMs))
            .arg(s.e2eMs.p95 ? fixedNumber(*s.e2eMs.p95, 1) : dash());
    if (column == E2eP95Column)
        return tr("End-to-end P95 in ms with its distribution-free 95% confidence interval "
                  "(order statistics); requirement ≤ %1 ms")
            .arg(limit(m_requirements.maxP95LatencyMs));
    if (column == UsdPer1kColumn && m_requirements.costBasis == CostBasis::Measured)
        return tr("Blended list price per 1K tokens, input:output 3:1. The cost gate "
                  "(≤ $%1) reads what was spent per 1K billed tokens: $%2")
            .arg(limit(m_requirements.maxUsdPer1k), limit(s.usdPer1kMeasured));
    if (column == UsdPer1kColumn)
        return tr("Blended list price per 1K tokens, input:output 3:1; requirement ≤ $%1")
            .arg(limit(m_requirements.maxUsdPer1k));
    if (column == ContextColumn)
        return tr("Context window; requirement ≥ %1 tokens")
            .arg(limit(m_requirements.minContextTokens));
    if (column == SuccessRateColumn)
        return tr("Successful attempts (ok, or cut by the output limit): %1. Outcomes: %2")
            .arg(FigureText::successes(s), FigureText::outcomeBreakdown(s));
    if (column == CostColumn && s.tokensEstimated)
        return tr("Some attempts reported no token usage; their cost is not included");
    if (column == ProviderColumn && !s.latencyScenarios.empty())
        return FigureText::latencyScenarios(s).join(QLatin1Char('\n'));
    return {};
}

QVariant ComparisonTableModel::ownData(int row, int column, int role) const
{
    const ProviderSummary &s = at(row);
    switch (role) {
    case GateRole:
        return int(gateForColumn(row, column));
    case ProviderNameRole:
        return s.name;
    case LatencyP95Role:
        return cellOrNull(Gates::gatedLatency(s).p95);
    case UsdPer1kRole:
        return cellOrNull(s.usdPer1kBlended);
    case VerdictRole:
        return int(m_verdicts[std::size_t(row)].overall());
    default:
        return {};
    }
}

QHash<int, QByteArray> ComparisonTableModel::ownRoleNames() const
{
    return {{ProviderNameRole, "providerName"},
            {LatencyP95Role, "latencyP95"},
            {UsdPer1kRole, "usdPer1k"},
            {VerdictRole, "verdict"},
            {GateRole, "gate"}};
}

} // namespace ys
