#pragma once

#include <QSortFilterProxyModel>

namespace ys {

// The comparison table as the analyst narrows it: rows whose provider name contains a text
// (case-insensitive), and optionally only the providers whose overall requirements verdict
// (ComparisonTableModel::VerdictRole, the Requirements column) passes or fails. Sorts by the
// source's SortRole, so numbers sort as numbers and unmeasured figures last.
class ComparisonFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class Verdicts { All, Passing, Failing };

    explicit ComparisonFilterModel(QObject *parent = nullptr);

    QString providerText() const { return m_text; }
    void setProviderText(const QString &text);
    Verdicts verdicts() const { return m_verdicts; }
    void setVerdicts(Verdicts verdicts);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
    Verdicts m_verdicts = Verdicts::All;
};

} // namespace ys
