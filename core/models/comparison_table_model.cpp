#include "models/comparison_table_model.h"

#include "models/column_header.h"
#include "models/export_roles.h"
#include "models/figure_text.h"
#include "util/number_text.h"

#include <cmath>
#include <iterator>
#include <limits>

namespace ys {

namespace {

// A requirement's threshold in a tooltip; "—" when the requirements set no such gate.
template <typename T> QString limit(const std::optional<T> &v)
{
    return v ? QString::number(*v) : QStringLiteral("—");
}

QString msCell(const std::optional<double> &v)
{
    return v ? fixedNumber(*v, 1) : QStringLiteral("—");
}

QVariant orInfinity(const std::optional<double> &v)
{
    // Unmeasured sorts after every measured value in ascending order.
    return v ? QVariant(*v) : QVariant(std::numeric_limits<double>::infinity());
}

// In Column order.
constexpr const char *kColumnKeys[] = {
    "provider", "model",     "attempts",   "success_rate", "ttft_p50", "ttft_p95",     "e2e_p50",
    "e2e_p95",  "tok_per_s", "usd_per_1k", "cost",         "context",  "requirements", "runs"};
static_assert(std::size(kColumnKeys) == ComparisonTableModel::ColumnCount);

// The export keys carry the unit, so that a spreadsheet's column names say it too.
constexpr ExportColumn kExport[] = {{"provider", ""},
                                    {"model", ""},
                                    {"attempts", ""},
                                    {"success_rate_pct", "%"},
                                    {"ttft_p50_ms", "ms"},
                                    {"ttft_p95_ms", "ms"},
                                    {"e2e_p50_ms", "ms"},
                                    {"e2e_p95_ms", "ms"},
                                    {"output_tok_per_s", "tokens/s"},
                                    {"usd_per_1k", "$/1K tokens"},
                                    {"cost_usd", "$"},
                                    {"context_tokens", "tokens"},
                                    {"requirements", ""},
                                    {"runs", ""}};
static_assert(std::size(kExport) == ComparisonTableModel::ColumnCount);

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
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

int ComparisonTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ComparisonTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void ComparisonTableModel::judge()
{
    m_verdicts.clear();
    for (const ProviderSummary &s : m_rows)
        m_verdicts.push_back(Gates::evaluate(s, m_requirements));
}

const GateVerdict &ComparisonTableModel::verdictOf(const ProviderSummary &s) const
{
    // Every summary the model reads is one of its rows, judged once when they were set.
    return m_verdicts[std::size_t(&s - m_rows.data())];
}

GateResult ComparisonTableModel::gateForColumn(const ProviderSummary &s, int column) const
{
    const GateVerdict &v = verdictOf(s);
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

QVariant ComparisonTableModel::displayValue(const ProviderSummary &s, int column) const
{
    switch (column) {
    case ProviderColumn:
        return s.name;
    case ModelColumn:
        return s.model;
    case AttemptsColumn:
        return s.attempts;
    case SuccessRateColumn:
        return s.attempts ? tr("%1% (%2)")
                                .arg(fixedNumber(100.0 * s.successes / s.attempts, 1))
                                .arg(FigureText::successes(s))
                          : QStringLiteral("—");
    case TtftP50Column:
        return msCell(s.ttftMs.p50);
    case TtftP95Column:
        return msCell(s.ttftMs.p95);
    case E2eP50Column:
        return msCell(s.e2eMs.p50);
    case E2eP95Column: {
        // The figure the latency gate reads: in open loop, from the intended start.
        const Distribution &e2e = Gates::gatedLatency(s);
        const QString text = e2e.p95 && e2e.p95Ci
                                 ? tr("%1 (%2–%3)")
                                       .arg(msCell(e2e.p95), fixedNumber(e2e.p95Ci->first, 0),
                                            fixedNumber(e2e.p95Ci->second, 0))
                                 : msCell(e2e.p95);
        return Gates::latencyFromIntendedStart(s) ? tr("%1, from intended start").arg(text) : text;
    }
    case TokensPerSecondColumn:
        return s.outputTokensPerSecondP50 ? fixedNumber(*s.outputTokensPerSecondP50, 0)
                                          : QStringLiteral("—");
    case UsdPer1kColumn:
        return s.usdPer1kBlended ? QStringLiteral("$%1").arg(fixedNumber(*s.usdPer1kBlended, 5))
                                 : QStringLiteral("—");
    case CostColumn:
        if (!s.costUsd)
            return QStringLiteral("—");
        return s.tokensEstimated ? tr("$%1 (partial)").arg(fixedNumber(*s.costUsd, 5))
                                 : QStringLiteral("$%1").arg(fixedNumber(*s.costUsd, 5));
    case ContextColumn:
        return s.contextWindow ? FigureText::contextWindow(*s.contextWindow) : QStringLiteral("—");
    case VerdictColumn:
        return Gates::describe(gateForColumn(s, column));
    case RunsColumn:
        return s.runs;
    default:
        return {};
    }
}

QVariant ComparisonTableModel::sortValue(const ProviderSummary &s, int column) const
{
    switch (column) {
    case ProviderColumn:
        return s.name;
    case ModelColumn:
        return s.model;
    case AttemptsColumn:
        return s.attempts;
    case SuccessRateColumn:
        return s.attempts ? QVariant(double(s.successes) / s.attempts) : orInfinity(std::nullopt);
    case TtftP50Column:
        return orInfinity(s.ttftMs.p50);
    case TtftP95Column:
        return orInfinity(s.ttftMs.p95);
    case E2eP50Column:
        return orInfinity(s.e2eMs.p50);
    case E2eP95Column:
        return orInfinity(Gates::gatedLatency(s).p95);
    case TokensPerSecondColumn:
        return orInfinity(s.outputTokensPerSecondP50);
    case UsdPer1kColumn:
        return orInfinity(s.usdPer1kBlended);
    case CostColumn:
        return orInfinity(s.costUsd);
    case ContextColumn:
        return s.contextWindow ? QVariant(double(*s.contextWindow)) : orInfinity(std::nullopt);
    case VerdictColumn:
        return int(gateForColumn(s, column));
    case RunsColumn:
        return s.runs;
    default:
        return {};
    }
}

QVariant ComparisonTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const ProviderSummary &s = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return displayValue(s, index.column());
    case SortRole:
        return sortValue(s, index.column());
    case ExportValueRole:
        if (index.column() == SuccessRateColumn)
            return s.attempts ? QVariant(100.0 * s.successes / s.attempts) : QVariant();
        if (index.column() == VerdictColumn)
            return displayValue(s, index.column());
        if (index.column() == ContextColumn)
            return s.contextWindow ? QVariant(qint64(*s.contextWindow)) : QVariant();
        if (const QVariant v = sortValue(s, index.column());
            v.metaType().id() != QMetaType::Double || std::isfinite(v.toDouble()))
            return v;
        return {}; // unmeasured
    case Qt::TextAlignmentRole:
        return index.column() <= ModelColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                             : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case GateRole:
        return int(gateForColumn(s, index.column()));
    case Qt::ToolTipRole:
        if (index.column() == E2eP95Column && Gates::latencyFromIntendedStart(s))
            return tr("Open loop: end-to-end P95 in ms from the intended start (queue delay "
                      "included), with its distribution-free 95% confidence interval (order "
                      "statistics); the requirement "
                      "≤ %1 ms is checked against it. From the actual start: %2 ms")
                .arg(limit(m_requirements.maxP95LatencyMs))
                .arg(msCell(s.e2eMs.p95));
        if (index.column() == E2eP95Column)
            return tr("End-to-end P95 in ms with its distribution-free 95% confidence interval "
                      "(order statistics); requirement ≤ %1 ms")
                .arg(limit(m_requirements.maxP95LatencyMs));
        if (index.column() == UsdPer1kColumn && m_requirements.costBasis == CostBasis::Measured)
            return tr("Blended list price per 1K tokens, input:output 3:1. The cost gate "
                      "(≤ $%1) reads what was spent per 1K billed tokens: $%2")
                .arg(limit(m_requirements.maxUsdPer1k), limit(s.usdPer1kMeasured));
        if (index.column() == UsdPer1kColumn)
            return tr("Blended list price per 1K tokens, input:output 3:1; requirement ≤ $%1")
                .arg(limit(m_requirements.maxUsdPer1k));
        if (index.column() == ContextColumn)
            return tr("Context window; requirement ≥ %1 tokens")
                .arg(limit(m_requirements.minContextTokens));
        if (index.column() == SuccessRateColumn)
            return tr("Successful attempts (ok, or cut by the output limit): %1. Outcomes: %2")
                .arg(FigureText::successes(s), FigureText::outcomeBreakdown(s));
        if (index.column() == CostColumn && s.tokensEstimated)
            return tr("Some attempts reported no token usage; their cost is not included");
        if (index.column() == ProviderColumn && !s.latencyScenarios.empty())
            return FigureText::latencyScenarios(s).join(QLatin1Char('\n'));
        return {};
    case ProviderNameRole:
        return s.name;
    case LatencyP95Role: {
        const Distribution &e2e = Gates::gatedLatency(s);
        return e2e.p95 ? QVariant(*e2e.p95) : QVariant();
    }
    case UsdPer1kRole:
        return s.usdPer1kBlended ? QVariant(*s.usdPer1kBlended) : QVariant();
    case VerdictRole:
        return int(verdictOf(s).overall());
    default:
        return {};
    }
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (isExportHeaderRole(orientation, role))
        return exportHeader(kExport, section, orientation, role);
    return columnHeader(*this, section, orientation, role, [] {
        return QStringList{tr("Provider"),      tr("Model"),
                           tr("Attempts"),      tr("Success"),
                           tr("TTFT P50 (ms)"), tr("TTFT P95 (ms)"),
                           tr("E2E P50 (ms)"),  tr("E2E P95 (ms, 95% CI)"),
                           tr("Output tok/s"),  tr("$ / 1K tokens"),
                           tr("Cost of run"),   tr("Context"),
                           tr("Requirements"),  tr("Runs")};
    });
}

QHash<int, QByteArray> ComparisonTableModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names[SortRole] = "sort";
    names[ProviderNameRole] = "providerName";
    names[LatencyP95Role] = "latencyP95";
    names[UsdPer1kRole] = "usdPer1k";
    names[VerdictRole] = "verdict";
    names[GateRole] = "gate";
    return names;
}

} // namespace ys
