#pragma once

#include <QMainWindow>

class QAction;
class QDockWidget;
class QListView;
class QMenu;
class QTabWidget;
class QToolBar;

namespace ys {

struct CostEstimate;
class BundleActions;
class ChartExporter;
class BillPage;
class ResultsPage;
class RunStatusBar;
class WindowHabits;
class Workbench;

// The workbench window: sessions on the left, the pages (the selected session's results first) in
// the middle, the actions in a tool bar. It only wires widgets to the Workbench; the work is done
// there.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Workbench *workbench, QWidget *parent = nullptr);

    QAction *runDemoAction() const { return m_runDemo; }
    QAction *rerunProviderAction() const { return m_rerunProvider; }
    QAction *cancelAction() const { return m_cancel; }
    QAction *exportChartAction() const { return m_exportChart; }
    // Exports the table of the page shown (TableExportMenu::forPage).
    QAction *exportTableAction() const { return m_exportTable; }
    ResultsPage *resultsPage() const { return m_results; }
    // The charts' export and copy, from the menus and every chart's context menu.
    ChartExporter *chartExporter() const { return m_charts; }
    BundleActions *bundleActions() const { return m_bundles; }
    BillPage *billPage() const { return m_bill; }
    // The pages (Results first), one tab each; a page is found by its objectName.
    QTabWidget *pages() const { return m_pages; }
    QListView *sessionList() const { return m_sessionList; }
    // Settings, shortcuts, theme, language and the status line.
    WindowHabits *habits() const { return m_habits; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    // A title given as untranslated text (QT_TR_NOOP) follows a change of language; a
    // translated one stays until the next start.
    void addPage(QWidget *page, const char *title);
    void addPage(QWidget *page, const QString &title);
    void retranslate();
    void updateActions();
    void runDemo();
    void rerunProvider();
    void rerunProviderNamed(const QString &provider);
    void exportChart();
    void exportTable();
    void showProblem(const QString &message);
    bool confirmOverBudget(const CostEstimate &estimate);

    Workbench *m_workbench;
    QListView *m_sessionList;
    QTabWidget *m_pages;
    ResultsPage *m_results;
    BillPage *m_bill = nullptr;
    RunStatusBar *m_status;
    QDockWidget *m_sessionsDock = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_runMenu = nullptr;
    QToolBar *m_runToolBar = nullptr;
    QAction *m_quit = nullptr;
    WindowHabits *m_habits = nullptr;
    QAction *m_runDemo = nullptr;
    QAction *m_rerunProvider = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_exportChart = nullptr;
    QAction *m_exportTable = nullptr;
    ChartExporter *m_charts = nullptr;
    BundleActions *m_bundles = nullptr;
};

} // namespace ys
