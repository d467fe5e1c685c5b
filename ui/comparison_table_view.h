#pragma once

#include <QList>
#include <QWidget>
#include <functional>
#include <vector>

class QAction;
class QComboBox;
class QLineEdit;
class QMenu;
class QTableView;

namespace ys {

struct ProviderSummary;
class ComparisonFilterModel;
class Workbench;

// The comparison table with what an analyst does to it: a filter row (provider name, and passing
// or failing the requirements) above the sortable table; the header's context menu hides and
// shows columns (kept between starts); Ctrl+C and the row menu copy rows as tab-separated text;
// the row menu re-runs the provider, shows its attempts or exports the table (TableExportMenu). The
// narrowing is ComparisonFilterModel's and the text TableTsv's; this class only wires them to the
// widgets.
class ComparisonTableView : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonTableView(Workbench *workbench, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QLineEdit *filterEdit() const { return m_filter; }
    QComboBox *verdictFilter() const { return m_verdicts; }
    ComparisonFilterModel *proxy() const { return m_proxy; }
    QAction *copyAction() const { return m_copy; }

    // The provider of the current selected row (else the first selected), or an empty string.
    QString selectedProvider() const;
    // Selects the row of that provider (none for an unknown, filtered out or empty name),
    // without a signal when it already is.
    void selectProvider(const QString &provider);

    // Hides or shows a column (never the provider's) and keeps the choice in the settings.
    void setColumnHidden(int column, bool hidden);
    // The model's columns shown, in the header's order.
    QList<int> visibleColumns() const;
    // The selected rows (all rows when none is) of the shown columns, in the table's order, as
    // TableTsv text.
    QString selectionAsTsv() const;
    void copyAsTsv();
    // The providers the filter shows, in the table's order (what "Export table…" writes).
    std::vector<ProviderSummary> shownSummaries() const;

    // The menus the header and the rows pop up, made for the caller to show.
    QMenu *columnMenu(QWidget *parent);
    QMenu *rowMenu(const QString &provider, QWidget *parent);

Q_SIGNALS:
    void selectedProviderChanged(const QString &provider);
    void rerunRequested(const QString &provider);
    void attemptsRequested(const QString &provider);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refilter(const std::function<void()> &change);
    int rowOf(const QString &provider) const;
    void selectOnly(int row);
    void applyHiddenColumns();
    void showColumnMenu(const QPoint &pos);
    void showRowMenu(const QPoint &pos);

    Workbench *m_workbench;
    QLineEdit *m_filter;
    QComboBox *m_verdicts;
    QTableView *m_table;
    ComparisonFilterModel *m_proxy;
    QAction *m_copy;
    QList<int> m_hidden; // the model's hidden columns
    bool m_refiltering = false;
};

} // namespace ys
