#pragma once

#include "workbench/bill_import.h"

#include <QWidget>
#include <array>
#include <functional>
#include <optional>

class QAction;
class QComboBox;
class QGroupBox;
class QLabel;
class QTableView;

namespace ys {

class BillChart;
class BillDaysModel;
class BillModelsModel;
class Workbench;

// The bill page: a usage or invoice CSV (File → Import bill…) set against what the sessions
// recorded, as `yardstick-cli bill` does it: the whole bill in a line, a table per model, a
// table per day with the flagged days, and the price by day as a chart. The columns each field
// is read from are the file's own, chosen in the page; every session or the selected one.
class BillPage : public QWidget {
    Q_OBJECT
public:
    explicit BillPage(Workbench *workbench, QWidget *parent = nullptr);

    // File → Import bill…: asks for a file (through the chooser when one is set) and imports it.
    QAction *importAction() const { return m_import; }
    // The action's text in the language now set (the window calls it on a change).
    void retranslateAction();
    // Replaces the file dialog (for tests).
    void setChooser(std::function<QString()> chooser) { m_chooser = std::move(chooser); }
    // Reads the file and reconciles it; the result or the problem shows in the page.
    void importFile(const QString &path);

    QComboBox *columnBox(BillCsv::Field f) const { return m_columns[std::size_t(f)]; }
    QComboBox *scopeBox() const { return m_scope; }
    BillModelsModel *modelsModel() const { return m_models; }
    BillDaysModel *daysModel() const { return m_days; }
    BillChart *chart() const { return m_chart; }
    QString message() const;
    QString summary() const;

Q_SIGNALS:
    // A reconciliation was shown, or a problem (message()).
    void reconciled();
    void failed(const QString &message);

private:
    void chooseFile();
    void reconcile();
    void fillColumns();
    void showResult(std::optional<BillReconciliation> r, const QString &error);
    void showProblem(const QString &message);

    Workbench *m_workbench;
    BillImport *m_bill;
    QAction *m_import;
    std::function<QString()> m_chooser;
    QLabel *m_file;
    QComboBox *m_scope;
    QGroupBox *m_columnsBox;
    std::array<QComboBox *, BillCsv::FieldCount> m_columns{};
    QLabel *m_message;
    QLabel *m_summary;
    BillModelsModel *m_models;
    BillDaysModel *m_days;
    QTableView *m_modelsTable;
    QTableView *m_daysTable;
    BillChart *m_chart;
};

} // namespace ys
