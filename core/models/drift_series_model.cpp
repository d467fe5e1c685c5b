#include "models/drift_series_model.h"

#include "models/cell_values.h"
#include "models/export_roles.h"
#include "storage/drift_loader.h"
#include "util/number_text.h"

#include <QLocale>
#include <iterator>

namespace ys {

namespace {

QString number(std::optional<double> v, int decimals)
{
    return v ? fixedNumber(*v, decimals) : QStringLiteral("—");
}

} // namespace

DriftSeriesModel::DriftSeriesModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

bool DriftSeriesModel::load(const SessionRepository &repo, const QString &provider, QString *error)
{
    QString problem;
    std::vector<DriftPoint> points = loadDriftPoints(repo, provider, &problem);
    m_provider = provider;
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        setPoints({});
        return false;
    }
    setPoints(std::move(points));
    return true;
}

void DriftSeriesModel::setLoaded(const QString &provider, std::vector<DriftPoint> points)
{
    m_provider = provider;
    setPoints(std::move(points));
}

void DriftSeriesModel::setPoints(std::vector<DriftPoint> points)
{
    beginResetModel();
    m_events = findDrift(points);
    m_series = driftSeries(std::move(points));
    endResetModel();
}

int DriftSeriesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_series.size());
}

int DriftSeriesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DriftSeriesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const DriftSeriesPoint &p = m_series[std::size_t(index.row())];
    switch (role) {
    case ModelChangedRole:
        return p.modelChanged;
    case FingerprintChangedRole:
        return p.fingerprintChanged;
    case ExportValueRole:
        if (index.column() == IdentityColumn)
            return exportValue({}, data(index, Qt::DisplayRole));
        return data(index, ValueRole);
    case ValueRole:
        switch (index.column()) {
        case SessionColumn:
            return p.sessionId;
        case StartedColumn:
            return p.startedAt;
        case ModelColumn:
            return p.model;
        case TtftP95Column:
            return cellOrNull(p.ttftP95Ms);
        case E2eP95Column:
            return cellOrNull(p.e2eP95Ms);
        case UsdPer1kColumn:
            return cellOrNull(p.usdPer1k);
        case IdentityColumn:
            return p.modelChanged || p.fingerprintChanged;
        default:
            return {};
        }
    case Qt::DisplayRole:
        switch (index.column()) {
        case SessionColumn:
            return p.sessionId;
        case StartedColumn:
            return QLocale().toString(p.startedAt.toLocalTime(), QLocale::ShortFormat);
        case ModelColumn:
            return p.model;
        case TtftP95Column:
            return number(p.ttftP95Ms, 0);
        case E2eP95Column:
            return number(p.e2eP95Ms, 0);
        case UsdPer1kColumn:
            return number(p.usdPer1k, 5);
        case IdentityColumn: {
            QStringList parts;
            if (p.modelChanged)
                parts << tr("model changed");
            if (p.fingerprintChanged)
                parts << tr("fingerprint changed");
            const QStringList reported = p.modelsReported + p.fingerprints;
            if (!reported.isEmpty())
                parts << reported.join(QStringLiteral(", "));
            return parts.isEmpty() ? QStringLiteral("—") : parts.join(QStringLiteral("; "));
        }
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant DriftSeriesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    static constexpr ExportColumn kExport[] = {
        {"session", ""},       {"started", ""},      {"model", ""},
        {"ttft_p95_ms", "ms"}, {"e2e_p95_ms", "ms"}, {"usd_per_1k_measured", "$/1K tokens"},
        {"model_identity", ""}};
    static_assert(std::size(kExport) == ColumnCount);
    if (isExportHeaderRole(orientation, role))
        return exportHeader(kExport, section, orientation, role);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SessionColumn:
        return tr("Session");
    case StartedColumn:
        return tr("Started");
    case ModelColumn:
        return tr("Model");
    case TtftP95Column:
        return tr("TTFT P95 (ms)");
    case E2eP95Column:
        return tr("E2E P95 (ms)");
    case UsdPer1kColumn:
        return tr("$/1K measured");
    case IdentityColumn:
        return tr("Model identity");
    default:
        return {};
    }
}

} // namespace ys
