#include "models/drift_model.h"

#include "models/cell_values.h"
#include "models/export_roles.h"
#include "models/insight_text.h"
#include "util/number_text.h"

#include <iterator>

namespace ys {

namespace {

QString driftRatioText(std::optional<double> v)
{
    return v ? fixedNumber(*v, 4) : QStringLiteral("—");
}

QString spreadText(const ReconciliationSide &side)
{
    if (!side.ratioP5 || !side.ratioP95)
        return QStringLiteral("—");
    return QStringLiteral("%1–%2").arg(driftRatioText(side.ratioP5), driftRatioText(side.ratioP95));
}

} // namespace

DriftModel::DriftModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void DriftModel::setEvents(std::vector<DriftEvent> events)
{
    beginResetModel();
    m_events = std::move(events);
    endResetModel();
}

int DriftModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int DriftModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DriftModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const DriftEvent &e = m_events[std::size_t(index.row())];
    if (role == FigureNameRole)
        return driftFigureName(e.figure);
    if (role == ExportValueRole)
        return exportValue(data(index, ValueRole), data(index, Qt::DisplayRole));
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Provider:
            return e.provider;
        case Figure:
            return InsightText::figureLabel(e.figure);
        case FromSession:
            return e.fromSession;
        case ToSession:
            return e.toSession;
        case Before:
            return InsightText::before(e);
        case After:
            return InsightText::after(e);
        case Difference:
            return InsightText::difference(e);
        case PValue:
            return e.adjustedPValue ? QString::number(*e.adjustedPValue, 'g', 2)
                                    : QStringLiteral("—");
        default:
            return {};
        }
    }
    if (role == ValueRole) {
        switch (index.column()) {
        case FromSession:
            return e.fromSession;
        case ToSession:
            return e.toSession;
        case Before:
            return cellOrNull(e.before);
        case After:
            return cellOrNull(e.after);
        case Difference:
            return cellOrNull(e.difference);
        case PValue:
            return cellOrNull(e.adjustedPValue);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == PValue)
        return tr("Mann–Whitney U, Holm-adjusted over the comparisons with session %1")
            .arg(e.toSession);
    return {};
}

QVariant DriftModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // Before, after and the difference are in the unit of the row's figure.
    static constexpr ExportColumn kExport[] = {
        {"provider", ""}, {"figure", ""}, {"from_session", ""}, {"to_session", ""},
        {"before", ""},   {"after", ""},  {"difference", ""},   {"p_holm", ""}};
    static_assert(std::size(kExport) == ColumnCount);
    if (isExportHeaderRole(orientation, role))
        return exportHeader(kExport, section, orientation, role);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Provider:
        return tr("Provider");
    case Figure:
        return tr("Figure");
    case FromSession:
        return tr("From session");
    case ToSession:
        return tr("To session");
    case Before:
        return tr("Before");
    case After:
        return tr("After");
    case Difference:
        return tr("Difference [95% CI]");
    case PValue:
        return tr("p (Holm)");
    default:
        return {};
    }
}

ReconciliationModel::ReconciliationModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ReconciliationModel::setProviders(std::vector<TokenReconciliation> providers)
{
    beginResetModel();
    m_providers = std::move(providers);
    endResetModel();
}

int ReconciliationModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_providers.size());
}

int ReconciliationModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReconciliationModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const TokenReconciliation &r = m_providers[std::size_t(index.row())];
    if (role == FlaggedRole)
        return r.flagged();
    if (role == ExportValueRole)
        return exportValue(data(index, ValueRole), data(index, Qt::DisplayRole));
    if (role == ValueRole) {
        if (index.column() == InputRatio)
            return cellOrNull(r.input.ratio);
        if (index.column() == OutputRatio)
            return cellOrNull(r.output.ratio);
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Provider:
        return r.provider;
    case Family:
        return r.encoding.family;
    case InputRatio:
        return driftRatioText(r.input.ratio);
    case InputSpread:
        return spreadText(r.input);
    case OutputRatio:
        return driftRatioText(r.output.ratio);
    case OutputSpread:
        return spreadText(r.output);
    case Status:
        if (r.encoding.estimated)
            return tr("estimated");
        if (r.flagged())
            return tr("differs by more than 1%");
        if (r.input.attempts + r.output.attempts == 0)
            return tr("no reported usage");
        return tr("agrees");
    default:
        return {};
    }
}

QVariant ReconciliationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    static constexpr ExportColumn kExport[] = {
        {"provider", ""},     {"tokenizer_family", ""}, {"prompt_ratio", ""}, {"prompt_p5_p95", ""},
        {"output_ratio", ""}, {"output_p5_p95", ""},    {"status", ""}};
    static_assert(std::size(kExport) == ColumnCount);
    if (isExportHeaderRole(orientation, role))
        return exportHeader(kExport, section, orientation, role);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Provider:
        return tr("Provider");
    case Family:
        return tr("Tokenizer family");
    case InputRatio:
        return tr("Prompt reported/counted");
    case InputSpread:
        return tr("Prompt P5–P95");
    case OutputRatio:
        return tr("Output reported/counted");
    case OutputSpread:
        return tr("Output P5–P95");
    case Status:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace ys
