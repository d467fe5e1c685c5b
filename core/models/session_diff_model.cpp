#include "models/session_diff_model.h"

#include "models/cell_values.h"
#include "models/export_roles.h"
#include "storage/history_loader.h"
#include "util/number_text.h"

#include <iterator>

namespace ys {

namespace {

bool isLatency(DiffFigure f)
{
    return f == DiffFigure::TtftP50 || f == DiffFigure::TtftP95 || f == DiffFigure::E2eP50 ||
           f == DiffFigure::E2eP95;
}

// A figure's value in its unit: ms, a percentage or dollars.
QString valueText(DiffFigure f, std::optional<double> v, bool signedChange = false)
{
    if (!v)
        return QStringLiteral("—");
    QString text;
    if (isLatency(f))
        text = fixedNumber(*v, 0);
    else if (f == DiffFigure::SuccessRate)
        text = fixedNumber(*v * 100.0, 1);
    else
        text = fixedNumber(*v, 5);
    if (signedChange && *v > 0)
        text.prepend(QLatin1Char('+'));
    return text;
}

} // namespace

SessionDiffModel::SessionDiffModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SessionDiffModel::setDiff(SessionDiff diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

bool SessionDiffModel::load(const SessionRepository &repo, const HistorySource &before,
                            const HistorySource &after, QString *error)
{
    const auto b = loadSourceProviders(repo, before, error);
    std::optional<std::vector<ProviderSummary>> a;
    if (b)
        a = loadSourceProviders(repo, after, error);
    if (!a || !b) {
        clear();
        return false;
    }
    setDiff(diffProviders(*b, *a));
    return true;
}

QString SessionDiffModel::figureLabel(DiffFigure figure)
{
    switch (figure) {
    case DiffFigure::TtftP50:
        return tr("TTFT P50 (ms)");
    case DiffFigure::TtftP95:
        return tr("TTFT P95 (ms)");
    case DiffFigure::E2eP50:
        return tr("E2E P50 (ms)");
    case DiffFigure::E2eP95:
        return tr("E2E P95 (ms)");
    case DiffFigure::SuccessRate:
        return tr("Success rate (%)");
    case DiffFigure::UsdPer1kMeasured:
        return tr("$/1K measured");
    }
    return {};
}

int SessionDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.rows.size());
}

int SessionDiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SessionDiffModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const DiffRow &r = m_diff.rows[std::size_t(index.row())];
    switch (role) {
    case FigureNameRole:
        return diffFigureName(r.figure);
    case SignificantRole:
        return r.significant();
    case CiHighRole:
        return cellOrNull(r.ciHigh);
    case ExportValueRole: // the interval and the verdict as they read, the figures as numbers
        if (index.column() == IntervalColumn || index.column() == VerdictColumn)
            return exportValue({}, data(index, Qt::DisplayRole));
        if (index.column() == FigureColumn)
            return data(index, Qt::DisplayRole);
        return data(index, ValueRole);
    case ValueRole:
        switch (index.column()) {
        case ProviderColumn:
            return r.provider;
        case FigureColumn:
            return diffFigureName(r.figure);
        case BeforeColumn:
            return cellOrNull(r.before);
        case AfterColumn:
            return cellOrNull(r.after);
        case ChangeColumn:
            return cellOrNull(r.change);
        case IntervalColumn:
            return cellOrNull(r.ciLow);
        case PValueColumn:
            return cellOrNull(r.pValue);
        case VerdictColumn:
            return r.significant();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (isLatency(r.figure) && r.shift)
            return tr("Hodges–Lehmann shift of the whole timing: %1 ms")
                .arg(fixedNumber(*r.shift, 1));
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case ProviderColumn:
            return r.provider;
        case FigureColumn:
            return figureLabel(r.figure);
        case BeforeColumn:
            return valueText(r.figure, r.before);
        case AfterColumn:
            return valueText(r.figure, r.after);
        case ChangeColumn:
            return valueText(r.figure, r.change, true);
        case IntervalColumn:
            if (!r.ciLow || !r.ciHigh)
                return QStringLiteral("—");
            return tr("%1 to %2")
                .arg(valueText(r.figure, r.ciLow, true), valueText(r.figure, r.ciHigh, true));
        case PValueColumn:
            return r.pValue ? QString::number(*r.pValue, 'g', 2) : QStringLiteral("—");
        case VerdictColumn:
            if (!r.pValue)
                return QStringLiteral("—");
            return r.significant() ? tr("significant") : tr("no significant change");
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant SessionDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    // Before, after and the change are in the unit of the row's figure.
    static constexpr ExportColumn kExport[] = {
        {"provider", ""}, {"figure", ""},      {"before", ""}, {"after", ""},
        {"change", ""},   {"interval_95", ""}, {"p", ""},      {"significance", ""}};
    static_assert(std::size(kExport) == ColumnCount);
    if (isExportHeaderRole(orientation, role))
        return exportHeader(kExport, section, orientation, role);
    if (role == Qt::ToolTipRole && section == IntervalColumn)
        return tr("95% interval: for TTFT and E2E of the Hodges–Lehmann shift after − before, "
                  "for the others of the change");
    if (role == Qt::ToolTipRole && section == PValueColumn)
        return tr("TTFT and E2E: Mann–Whitney U, Holm-adjusted over the provider's two timings; "
                  "success rate: two-proportion test; $/1K: from the two intervals");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ProviderColumn:
        return tr("Provider");
    case FigureColumn:
        return tr("Figure");
    case BeforeColumn:
        return tr("Before (A)");
    case AfterColumn:
        return tr("After (B)");
    case ChangeColumn:
        return tr("Change (B − A)");
    case IntervalColumn:
        return tr("95% interval");
    case PValueColumn:
        return tr("p");
    case VerdictColumn:
        return tr("Significance");
    default:
        return {};
    }
}

} // namespace ys
