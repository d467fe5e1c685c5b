#include "models/session_diff_model.h"

#include "models/cell_values.h"
#include "storage/history_loader.h"
#include "util/number_text.h"

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
    : RowTableModel(parent)
{
    addColumns();
}

void SessionDiffModel::addColumns()
{
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("figure", "", QT_TR_NOOP("Figure"), [this](int r) {
        return diffFigureName(at(r).figure);
    }).shown([this](int r) {
          return figureLabel(at(r).figure);
      }).exportsText();
    // Before, after and the change are in the unit of the row's figure.
    addColumn("before", "", QT_TR_NOOP("Before (A)"), [this](int r) {
        return cellOrNull(at(r).before);
    }).shown([this](int r) { return valueText(at(r).figure, at(r).before); });
    addColumn("after", "", QT_TR_NOOP("After (B)"), [this](int r) {
        return cellOrNull(at(r).after);
    }).shown([this](int r) { return valueText(at(r).figure, at(r).after); });
    addColumn("change", "", QT_TR_NOOP("Change (B − A)"), [this](int r) {
        return cellOrNull(at(r).change);
    }).shown([this](int r) { return valueText(at(r).figure, at(r).change, true); });
    // The value is the lower end; the upper one is CiHighRole.
    addColumn("interval_95", "", QT_TR_NOOP("95% interval"),
              [this](int r) { return cellOrNull(at(r).ciLow); })
        .shown([this](int r) -> QVariant {
            const DiffRow &d = at(r);
            if (!d.ciLow || !d.ciHigh)
                return dash();
            return tr("%1 to %2")
                .arg(valueText(d.figure, d.ciLow, true), valueText(d.figure, d.ciHigh, true));
        })
        .exportsText()
        .headerTip(QT_TR_NOOP("95% interval: for TTFT and E2E of the Hodges–Lehmann shift after "
                              "− before, for the others of the change"));
    addColumn("p", "", QT_TR_NOOP("p"), [this](int r) { return cellOrNull(at(r).pValue); })
        .shown([this](int r) -> QVariant {
            const auto &p = at(r).pValue;
            return p ? QString::number(*p, 'g', 2) : dash();
        })
        .headerTip(QT_TR_NOOP("TTFT and E2E: Mann–Whitney U, Holm-adjusted over the provider's "
                              "two timings; success rate: two-proportion test; $/1K: from the "
                              "two intervals"));
    addColumn("significance", "", QT_TR_NOOP("Significance"),
              [this](int r) { return at(r).significant(); })
        .shown([this](int r) -> QVariant {
            if (!at(r).pValue)
                return dash();
            return at(r).significant() ? tr("significant") : tr("no significant change");
        })
        .exportsText();
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

QVariant SessionDiffModel::ownData(int row, int, int role) const
{
    const DiffRow &r = at(row);
    switch (role) {
    case FigureNameRole:
        return diffFigureName(r.figure);
    case SignificantRole:
        return r.significant();
    case CiHighRole:
        return cellOrNull(r.ciHigh);
    case Qt::ToolTipRole:
        if (isLatency(r.figure) && r.shift)
            return tr("Hodges–Lehmann shift of the whole timing: %1 ms")
                .arg(fixedNumber(*r.shift, 1));
        return {};
    default:
        return {};
    }
}

} // namespace ys
