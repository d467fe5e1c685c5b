// The Results page's comparison table on the offscreen platform, against the real simulator: a
// small suite whose only requirement is a context window some providers have and some lack. The
// filter row leaves the matching rows, the header's menu hides a column for this window and the
// next, Ctrl+C copies the rows shown as tab-separated text, and a row's menu re-runs its provider
// or shows its attempts. The filter proxy and the TSV text are checked on their own too.
#include "analysis/gates.h"
#include "demo/sim_demo_host.h"
#include "demo_workbench.h"
#include "models/comparison_filter_model.h"
#include "models/comparison_table_model.h"
#include "models/table_tsv.h"
#include "test_main.h"
#include "test_support.h"
#include "ui/attempts_page.h"
#include "ui/comparison_table_view.h"
#include "ui/main_window.h"
#include "ui/results_page.h"
#include "workbench/app_settings.h"
#include "workbench/workbench.h"
#include "workbench_fixtures.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <memory>

using namespace ys;

namespace {

using Tester = QAbstractItemModelTester;

QString tableProviderAt(const QAbstractItemModel *model, int row)
{
    return model->index(row, 0).data(ComparisonTableModel::ProviderNameRole).toString();
}

// The providers the source model holds whose overall verdict is `result`.
QStringList providersWith(const ComparisonTableModel *model, GateResult result)
{
    QStringList names;
    for (int r = 0; r < model->rowCount(); ++r)
        if (GateResult(model->index(r, 0).data(ComparisonTableModel::VerdictRole).toInt()) ==
            result)
            names.append(tableProviderAt(model, r));
    names.sort();
    return names;
}

QStringList shownProviders(const QAbstractItemModel *model)
{
    QStringList names;
    for (int r = 0; r < model->rowCount(); ++r)
        names.append(tableProviderAt(model, r));
    names.sort();
    return names;
}

// The text a spreadsheet should get for those rows of the table, from the table's own model
// and header: shown columns in the header's order, rows in the table's order.
QString expectedTsv(const QTableView *table, const QList<int> &rows)
{
    const QAbstractItemModel *model = table->model();
    const QHeaderView *header = table->horizontalHeader();
    const auto flat = [](QString s) {
        return s.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), u' ');
    };
    QStringList lines;
    QStringList cells;
    for (int v = 0; v < header->count(); ++v)
        if (!header->isSectionHidden(header->logicalIndex(v)))
            cells.append(
                flat(model->headerData(header->logicalIndex(v), Qt::Horizontal).toString()));
    lines.append(cells.join(QLatin1Char('\t')));
    for (int r : rows) {
        cells.clear();
        for (int v = 0; v < header->count(); ++v)
            if (!header->isSectionHidden(header->logicalIndex(v)))
                cells.append(flat(model->index(r, header->logicalIndex(v)).data().toString()));
        lines.append(cells.join(QLatin1Char('\t')));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

class TstComparisonTable : public QObject {
    Q_OBJECT

private:
    // Three simulated providers, not all with the same context window; the only requirement is
    // the largest window, so some pass and some fail.
    static Suite smallSuite(const QUrl &url)
    {
        Suite suite;
        suite.name = QStringLiteral("table");
        const auto providers = SimDemoHost().providers(url);
        for (const ProviderConfig &p : providers) {
            if (!p.contextWindow)
                continue;
            const bool differs = !suite.providers.empty() &&
                                 p.contextWindow != suite.providers.front().contextWindow;
            if (suite.providers.size() < 2 && (suite.providers.empty() || differs))
                suite.providers.push_back(p);
        }
        for (const ProviderConfig &p : providers)
            if (suite.providers.size() < 3 && p.contextWindow &&
                std::none_of(suite.providers.begin(), suite.providers.end(),
                             [&](const ProviderConfig &q) { return q.name == p.name; }))
                suite.providers.push_back(p);
        Requirements req = Requirements::none();
        for (const ProviderConfig &p : suite.providers)
            req.minContextTokens = std::max(req.minContextTokens.value_or(0), *p.contextWindow);
        suite.requirements = req;
        suite.scenarios.push_back(test::latencyProbe(6, 3, 16, 30000));
        return suite;
    }

    ComparisonTableView *view() const { return m_window->resultsPage()->comparisonView(); }

    // Sends a right click to a scroll area's viewport and returns the menu it popped up.
    QMenu *rightClick(QAbstractScrollArea *area, const QPoint &at, const QString &menuName)
    {
        QContextMenuEvent click(QContextMenuEvent::Mouse, at, area->viewport()->mapToGlobal(at));
        QApplication::sendEvent(area->viewport(), &click);
        QMenu *shown = nullptr;
        const auto find = [&] {
            for (QMenu *menu : view()->findChildren<QMenu *>(menuName))
                if (menu->isVisible())
                    shown = menu;
            return shown != nullptr;
        };
        if (!QTest::qWaitFor(find, 5000))
            return nullptr;
        return shown;
    }

    QMenu *rowMenu(const QString &provider)
    {
        QTableView *table = view()->table();
        for (int r = 0; r < table->model()->rowCount(); ++r)
            if (tableProviderAt(table->model(), r) == provider) {
                const QRect cell = table->visualRect(table->model()->index(r, 0));
                return rightClick(table, cell.center(), QStringLiteral("comparisonRowMenu"));
            }
        return nullptr;
    }

    QTemporaryDir m_dir;
    QTemporaryDir m_config;
    std::unique_ptr<Workbench> m_wb;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<Tester> m_viewTester; // the table's proxy, through every test
    Suite m_suite;

private Q_SLOTS:
    void initTestCase()
    {
        test::useOwnSettings(m_config.path(), QStringLiteral("tst_comparison_table"));
        QSettings().clear();

        QUrl url;
        QString error;
        m_wb =
            test::openDemoWorkbench(m_dir.filePath(QStringLiteral("table.sqlite")), &url, &error);
        QVERIFY2(m_wb, qPrintable(error));
        m_suite = smallSuite(url);
        QCOMPARE(m_suite.providers.size(), std::size_t(3));
        m_window = std::make_unique<MainWindow>(m_wb.get());
        m_viewTester =
            std::make_unique<Tester>(view()->proxy(), Tester::FailureReportingMode::QtTest);
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy finished(m_wb.get(), &Workbench::sessionFinished);
        QVERIFY2(m_wb->runSuite(m_suite, &error), qPrintable(error));
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("finished"));
        QTRY_VERIFY_WITH_TIMEOUT(m_wb->loadingSession() == 0, 60000);
        QCOMPARE(m_wb->comparisonModel()->rowCount(), 3);
        m_window->pages()->setCurrentWidget(m_window->resultsPage());
    }

    void cleanupTestCase()
    {
        m_viewTester.reset();
        m_window.reset();
        m_wb.reset();
    }

    // The text of a table: header line, rows in the order given, columns in the order given,
    // tabs and line breaks inside a cell flattened to spaces.
    void tsvText()
    {
        QStandardItemModel model(2, 3);
        model.setHorizontalHeaderLabels(
            {QStringLiteral("A"), QStringLiteral("B\tb"), QStringLiteral("C")});
        model.setItem(0, 0, new QStandardItem(QStringLiteral("one")));
        model.setItem(0, 1, new QStandardItem(QStringLiteral("two\nlines")));
        model.setItem(0, 2, new QStandardItem(QStringLiteral("$0.00150")));
        model.setItem(1, 0, new QStandardItem(QStringLiteral("x\r\ny")));
        model.setItem(1, 2, new QStandardItem(QStringLiteral("3")));
        QCOMPARE(TableTsv::make(model, {2, 0}, {1, 0}),
                 QStringLiteral("C\tA\n3\tx  y\n$0.00150\tone\n"));
        QCOMPARE(TableTsv::make(model, {0, 1}, {}), QStringLiteral("A\tB b\n"));
        QCOMPARE(TableTsv::make(model, {1}, {0}), QStringLiteral("B b\ntwo lines\n"));
        QCOMPARE(TableTsv::cell(QStringLiteral("a\tb\nc")), QStringLiteral("a b c"));
    }

    // The proxy on its own, over the workbench's model, under the model tester while it
    // narrows, widens and sorts.
    void filterProxy()
    {
        ComparisonTableModel *source = m_wb->comparisonModel();
        ComparisonFilterModel proxy;
        Tester tester(&proxy, Tester::FailureReportingMode::QtTest);
        proxy.setSourceModel(source);
        QCOMPARE(proxy.sortRole(), int(ComparisonTableModel::SortRole));
        QCOMPARE(proxy.rowCount(), source->rowCount());
        const QString name = tableProviderAt(source, 0);
        proxy.setProviderText(name.toUpper());
        QVERIFY(proxy.rowCount() >= 1);
        for (int r = 0; r < proxy.rowCount(); ++r)
            QVERIFY(tableProviderAt(&proxy, r).contains(name, Qt::CaseInsensitive));
        proxy.setProviderText(QStringLiteral("no such provider"));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setProviderText({});
        proxy.setVerdicts(ComparisonFilterModel::Verdicts::Passing);
        QCOMPARE(shownProviders(&proxy), providersWith(source, GateResult::Pass));
        proxy.setVerdicts(ComparisonFilterModel::Verdicts::Failing);
        QCOMPARE(shownProviders(&proxy), providersWith(source, GateResult::Fail));
        proxy.setVerdicts(ComparisonFilterModel::Verdicts::All);
        QCOMPARE(proxy.rowCount(), source->rowCount());
        // Numbers sort as numbers, unmeasured last.
        proxy.sort(ComparisonTableModel::E2eP95Column, Qt::AscendingOrder);
        for (int r = 1; r < proxy.rowCount(); ++r)
            QVERIFY(proxy.index(r - 1, ComparisonTableModel::E2eP95Column)
                        .data(ComparisonTableModel::SortRole)
                        .toDouble() <= proxy.index(r, ComparisonTableModel::E2eP95Column)
                                           .data(ComparisonTableModel::SortRole)
                                           .toDouble());
        // Column names for the settings, and back.
        for (int c = 0; c < ComparisonTableModel::ColumnCount; ++c)
            QCOMPARE(ComparisonTableModel::columnOf(ComparisonTableModel::columnKey(c)), c);
        QCOMPARE(ComparisonTableModel::columnOf(QStringLiteral("nonsense")), -1);
    }

    // Typing in the filter leaves the rows whose provider name contains the text, whatever
    // its case; clearing it brings them all back.
    void typingFilters()
    {
        QTableView *table = m_window->resultsPage()->table();
        QLineEdit *filter = m_window->findChild<QLineEdit *>(QStringLiteral("comparisonFilter"));
        QVERIFY(filter && filter->isClearButtonEnabled());
        QVERIFY(!filter->placeholderText().isEmpty());
        // A part of one provider's name that no other has, typed in upper case.
        const QString name = m_suite.providers[1].name;
        QString typed;
        for (qsizetype i = 0; typed.isEmpty() && i + 4 <= name.size(); ++i) {
            const QString part = name.mid(i, 4);
            if (std::none_of(m_suite.providers.begin(), m_suite.providers.end(),
                             [&](const ProviderConfig &p) {
                                 return p.name != name &&
                                        p.name.contains(part, Qt::CaseInsensitive);
                             }))
                typed = part.toUpper();
        }
        QVERIFY(!typed.isEmpty() && !name.contains(typed));
        QTest::keyClicks(filter, typed);
        QCOMPARE(filter->text(), typed);
        int expected = 0;
        for (const ProviderConfig &p : m_suite.providers)
            expected += p.name.contains(typed, Qt::CaseInsensitive) ? 1 : 0;
        QCOMPARE(expected, 1);
        QCOMPARE(table->model()->rowCount(), expected);
        for (int r = 0; r < table->model()->rowCount(); ++r)
            QVERIFY(tableProviderAt(table->model(), r).contains(typed, Qt::CaseInsensitive));
        QVERIFY(shownProviders(table->model()).contains(name));
        filter->clear();
        QCOMPARE(table->model()->rowCount(), 3);
    }

    // The verdict box leaves the rows whose Requirements column passes, or fails.
    void verdictFilter()
    {
        QTableView *table = m_window->resultsPage()->table();
        auto *box = m_window->findChild<QComboBox *>(QStringLiteral("comparisonVerdictFilter"));
        QVERIFY(box);
        QCOMPARE(box->count(), 3);
        const ComparisonTableModel *source = m_wb->comparisonModel();
        const QStringList passing = providersWith(source, GateResult::Pass);
        const QStringList failing = providersWith(source, GateResult::Fail);
        QVERIFY2(!passing.isEmpty() && !failing.isEmpty(), "the suite's context gate splits them");
        box->setCurrentIndex(1);
        QCOMPARE(shownProviders(table->model()), passing);
        for (int r = 0; r < table->model()->rowCount(); ++r)
            QCOMPARE(table->model()->index(r, ComparisonTableModel::VerdictColumn).data(),
                     QVariant(Gates::describe(GateResult::Pass)));
        box->setCurrentIndex(2);
        QCOMPARE(shownProviders(table->model()), failing);
        box->setCurrentIndex(0);
        QCOMPARE(table->model()->rowCount(), 3);
    }

    // The selected provider stays the workbench's while a filter hides its row, and its row is
    // selected again when the filter shows it.
    void filteringKeepsTheSelectedProvider()
    {
        QLineEdit *filter = view()->filterEdit();
        const QString chosen = m_suite.providers[0].name;
        m_wb->selectProvider(chosen);
        QCOMPARE(view()->selectedProvider(), chosen);
        filter->setText(QStringLiteral("no such provider"));
        QCOMPARE(m_window->resultsPage()->table()->model()->rowCount(), 0);
        QCOMPARE(m_wb->selectedProvider(), chosen);
        filter->clear();
        QCOMPARE(view()->selectedProvider(), chosen);
    }

    // The header's menu hides a column (never the provider's); the choice outlives a reload
    // of the session and holds in the next window.
    void hideColumnKeepsIt()
    {
        QTableView *table = m_window->resultsPage()->table();
        QHeaderView *header = table->horizontalHeader();
        const int column = ComparisonTableModel::TtftP50Column;
        QVERIFY(!table->isColumnHidden(column));
        QMenu *menu = rightClick(header, QPoint(header->sectionViewportPosition(column) + 4, 4),
                                 QStringLiteral("comparisonColumnsMenu"));
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), int(ComparisonTableModel::ColumnCount));
        auto *provider = menu->findChild<QAction *>(QStringLiteral("actionColumn_provider"));
        QVERIFY(provider && provider->isChecked() && !provider->isEnabled());
        auto *ttft = menu->findChild<QAction *>(QStringLiteral("actionColumn_ttft_p50"));
        QVERIFY(ttft && ttft->isChecked() && ttft->isEnabled());
        QCOMPARE(ttft->text(), m_wb->comparisonModel()->headerData(column, Qt::Horizontal));
        ttft->trigger();
        menu->close();
        QVERIFY(table->isColumnHidden(column));
        QCOMPARE(AppSettings().hiddenComparisonColumns(), QStringList{QStringLiteral("ttft_p50")});
        QVERIFY(!view()->visibleColumns().contains(column));

        // Loading the session again resets the model: the column stays hidden.
        const qint64 session = m_wb->selectedSession();
        QSignalSpy summary(m_wb.get(), &Workbench::summaryChanged);
        QVERIFY(m_wb->selectSession(session));
        QTRY_VERIFY_WITH_TIMEOUT(m_wb->loadingSession() == 0 && summary.count() > 0, 60000);
        QCOMPARE(table->model()->rowCount(), 3);
        QVERIFY(table->isColumnHidden(column));

        {
            MainWindow next(m_wb.get());
            QVERIFY(next.resultsPage()->table()->isColumnHidden(column));
            QVERIFY(
                !next.resultsPage()->table()->isColumnHidden(ComparisonTableModel::ModelColumn));
        }
        QTRY_VERIFY_WITH_TIMEOUT(m_wb->loadingSession() == 0, 60000);

        view()->setColumnHidden(column, false);
        QVERIFY(!table->isColumnHidden(column));
        QVERIFY(AppSettings().hiddenComparisonColumns().isEmpty());
        view()->setColumnHidden(ComparisonTableModel::ProviderColumn, true);
        QVERIFY(!table->isColumnHidden(ComparisonTableModel::ProviderColumn));
    }

    // Ctrl+C copies every row when none is selected, else the selected ones: shown columns
    // only, in the table's sort; the row menu's item copies the same.
    void copyAsTsv()
    {
        QTableView *table = m_window->resultsPage()->table();
        view()->setColumnHidden(ComparisonTableModel::CostColumn, true);
        table->sortByColumn(ComparisonTableModel::E2eP95Column, Qt::DescendingOrder);
        table->clearSelection();
        QApplication::clipboard()->clear();
        m_window->activateWindow();
        table->setFocus();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QTRY_VERIFY(table->hasFocus());
        QTest::keySequence(table, QKeySequence::Copy);
        const QString all = expectedTsv(table, {0, 1, 2});
        QCOMPARE(QApplication::clipboard()->text(), all);
        QVERIFY(!all.contains(m_wb->comparisonModel()
                                  ->headerData(ComparisonTableModel::CostColumn, Qt::Horizontal)
                                  .toString()));

        table->selectionModel()->select(table->model()->index(0, 0),
                                        QItemSelectionModel::ClearAndSelect |
                                            QItemSelectionModel::Rows);
        table->selectionModel()->select(table->model()->index(2, 0),
                                        QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QTest::keySequence(table, QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), expectedTsv(table, {0, 2}));

        QApplication::clipboard()->clear();
        QMenu *menu = rowMenu(tableProviderAt(table->model(), 2));
        QVERIFY(menu);
        auto *copy = menu->findChild<QAction *>(QStringLiteral("actionCopyTsv"));
        if (!copy)
            for (QAction *a : menu->actions())
                if (a->objectName() == QStringLiteral("actionCopyTsv"))
                    copy = a;
        QVERIFY(copy);
        copy->trigger();
        menu->close();
        QCOMPARE(QApplication::clipboard()->text(), expectedTsv(table, {0, 2}));

        view()->setColumnHidden(ComparisonTableModel::CostColumn, false);
        table->sortByColumn(ComparisonTableModel::ProviderColumn, Qt::AscendingOrder);
    }

    // "Show attempts" selects the provider and shows the Attempts page on its latest run.
    void rowMenuShowsAttempts()
    {
        m_window->pages()->setCurrentWidget(m_window->resultsPage());
        const QString provider = m_suite.providers[2].name;
        m_wb->selectProvider(m_suite.providers[0].name);
        QCOMPARE(m_window->resultsPage()->selectedProvider(), m_suite.providers[0].name);
        QMenu *menu = rowMenu(provider);
        QVERIFY(menu);
        QAction *show = nullptr;
        for (QAction *a : menu->actions())
            if (a->objectName() == QStringLiteral("actionShowAttempts"))
                show = a;
        QVERIFY(show && show->isEnabled());
        show->trigger();
        menu->close();
        auto *attempts = m_window->findChild<AttemptsPage *>(QStringLiteral("attemptsPage"));
        QVERIFY(attempts);
        QCOMPARE(m_window->pages()->currentWidget(), attempts);
        QCOMPARE(m_wb->selectedProvider(), provider);
        QCOMPARE(m_window->resultsPage()->selectedProvider(), provider);
        // The page reads the session's runs off the UI thread, then shows the provider's latest.
        QTRY_VERIFY2(attempts->runPicker()->currentText().startsWith(provider),
                     qPrintable(attempts->runPicker()->currentText()));
    }

    // "Re-run this provider" runs that provider again in the session; while it runs the item
    // is disabled.
    void rowMenuReruns()
    {
        m_window->pages()->setCurrentWidget(m_window->resultsPage());
        const QString provider = m_suite.providers[1].name;
        const qint64 session = m_wb->selectedSession();
        const auto rerunOf = [](QMenu *menu) -> QAction * {
            for (QAction *a : menu->actions())
                if (a->objectName() == QStringLiteral("actionRerunThisProvider"))
                    return a;
            return nullptr;
        };
        QMenu *menu = rowMenu(provider);
        QVERIFY(menu);
        QAction *rerun = rerunOf(menu);
        QVERIFY(rerun && rerun->isEnabled());
        QSignalSpy finished(m_wb.get(), &Workbench::rerunFinished);
        rerun->trigger();
        menu->close();
        QVERIFY(m_wb->isRunning());
        m_window->pages()->setCurrentWidget(m_window->resultsPage());
        menu = rowMenu(m_suite.providers[0].name);
        QVERIFY(menu);
        QVERIFY(rerunOf(menu) && !rerunOf(menu)->isEnabled());
        menu->close();
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().at(0).toLongLong(), session);
        QCOMPARE(finished.first().at(1).toString(), provider);
        QTRY_VERIFY_WITH_TIMEOUT(m_wb->loadingSession() == 0, 60000);
        const ComparisonTableModel *model = m_wb->comparisonModel();
        for (int r = 0; r < model->rowCount(); ++r)
            QCOMPARE(model->index(r, ComparisonTableModel::RunsColumn)
                         .data(ComparisonTableModel::SortRole)
                         .toInt(),
                     tableProviderAt(model, r) == provider ? 2 : 1);
    }
};

YS_TEST_MAIN(TstComparisonTable)
#include "tst_comparison_table.moc"
