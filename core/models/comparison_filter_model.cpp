#include "models/comparison_filter_model.h"

#include "analysis/gates.h"
#include "models/comparison_table_model.h"

namespace ys {

ComparisonFilterModel::ComparisonFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(ComparisonTableModel::SortRole);
}

void ComparisonFilterModel::setProviderText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

void ComparisonFilterModel::setVerdicts(Verdicts verdicts)
{
    if (verdicts == m_verdicts)
        return;
    m_verdicts = verdicts;
    invalidateFilter();
}

bool ComparisonFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex idx =
        sourceModel()->index(sourceRow, ComparisonTableModel::ProviderColumn, sourceParent);
    if (!m_text.isEmpty() && !idx.data(ComparisonTableModel::ProviderNameRole)
                                  .toString()
                                  .contains(m_text, Qt::CaseInsensitive))
        return false;
    if (m_verdicts == Verdicts::All)
        return true;
    const QVariant verdict = idx.data(ComparisonTableModel::VerdictRole);
    if (!verdict.isValid())
        return false;
    const auto result = GateResult(verdict.toInt());
    return m_verdicts == Verdicts::Passing ? result == GateResult::Pass
                                           : result == GateResult::Fail;
}

} // namespace ys
