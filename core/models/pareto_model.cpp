#include "models/pareto_model.h"

#include "models/export_roles.h"
#include "util/number_text.h"
#include <algorithm>
#include <iterator>

namespace ys {

ParetoModel::ParetoModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ParetoModel::setAnalysis(ParetoAnalysis analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

int ParetoModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_analysis.points.size());
}

int ParetoModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ParetoModel::value(int row, int column) const
{
    const ParetoEntry &p = m_analysis.points[std::size_t(row)];
    const auto &front = m_analysis.front;
    switch (column) {
    case ProviderColumn:
        return p.provider;
    case UsdPer1kColumn:
        return p.usdPer1k;
    case UsdPer1kLowColumn:
        return p.usdPer1kCi ? QVariant(p.usdPer1kCi->first) : QVariant();
    case UsdPer1kHighColumn:
        return p.usdPer1kCi ? QVariant(p.usdPer1kCi->second) : QVariant();
    case LatencyColumn:
        return p.latencyMs;
    case LatencyLowColumn:
        return p.latencyCi ? QVariant(p.latencyCi->first) : QVariant();
    case LatencyHighColumn:
        return p.latencyCi ? QVariant(p.latencyCi->second) : QVariant();
    case FrontColumn:
        return std::find(front.begin(), front.end(), row) != front.end();
    case KneeColumn:
        return m_analysis.knee == row;
    case SegmentColumn:
        for (const ParetoSegment &s : m_analysis.segments) {
            if (s.from == row)
                return segmentShapeName(s.shape);
        }
        return {};
    default:
        return {};
    }
}

QVariant ParetoModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const QVariant v = value(index.row(), index.column());
    if (role == ValueRole)
        return v;
    if (role == ExportValueRole)
        return index.column() >= FrontColumn ? exportValue({}, data(index, Qt::DisplayRole)) : v;
    if (role != Qt::DisplayRole)
        return {};
    if (!v.isValid())
        return QStringLiteral("—");
    switch (index.column()) {
    case UsdPer1kColumn:
    case UsdPer1kLowColumn:
    case UsdPer1kHighColumn:
        return fixedNumber(v.toDouble(), 5);
    case LatencyColumn:
    case LatencyLowColumn:
    case LatencyHighColumn:
        return fixedNumber(v.toDouble(), 1);
    case FrontColumn:
    case KneeColumn:
        return v.toBool() ? tr("yes") : QString();
    case SegmentColumn: {
        const QString shape = v.toString();
        return shape == QLatin1String("steep")  ? tr("steep")
               : shape == QLatin1String("flat") ? tr("flat")
                                                : tr("even");
    }
    default:
        return v;
    }
}

QVariant ParetoModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    static constexpr ExportColumn kExport[] = {{"provider", ""},
                                               {"usd_per_1k", "$/1K tokens"},
                                               {"usd_per_1k_low", "$/1K tokens"},
                                               {"usd_per_1k_high", "$/1K tokens"},
                                               {"latency_ms", "ms"},
                                               {"latency_low_ms", "ms"},
                                               {"latency_high_ms", "ms"},
                                               {"on_front", ""},
                                               {"knee", ""},
                                               {"next_segment", ""}};
    static_assert(std::size(kExport) == ColumnCount);
    if (isExportHeaderRole(orientation, role))
        return exportHeader(kExport, section, orientation, role);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ProviderColumn:
        return tr("Provider");
    case UsdPer1kColumn:
        return tr("$/1K measured");
    case UsdPer1kLowColumn:
        return tr("$/1K low");
    case UsdPer1kHighColumn:
        return tr("$/1K high");
    case LatencyColumn:
        return tr("Latency (ms)");
    case LatencyLowColumn:
        return tr("Latency low");
    case LatencyHighColumn:
        return tr("Latency high");
    case FrontColumn:
        return tr("On front");
    case KneeColumn:
        return tr("Knee");
    case SegmentColumn:
        return tr("Next segment");
    default:
        return {};
    }
}

QHash<int, QByteArray> ParetoModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(ValueRole, "value");
    return names;
}

} // namespace ys
