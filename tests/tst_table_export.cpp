// Tables out of the workbench's GUI. Every table model answers the export roles, so that
// ModelTable gives numbers as numbers with stable keys and units; and on the offscreen platform,
// after a short run against the real simulator, the context menu and the File menu write CSV and
// XLSX files (read back with CsvReader and Python's openpyxl) whose figures are the tables',
// the comparison table with its intervals in columns of their own, the attempts every one of
// them however few the view fetched; an unwritable path is said in a message box and leaves no
// file; Copy as TSV copies what the table shows.
#include "analysis/scores.h"
#include "analysis/session_diff.h"
#include "demo/sim_demo_host.h"
#include "demo_workbench.h"
#include "export/comparison_export.h"
#include "models/attempts_model.h"
#include "models/catalog_model.h"
#include "models/comparison_filter_model.h"
#include "models/comparison_table_model.h"
#include "models/drift_model.h"
#include "models/drift_series_model.h"
#include "models/export_roles.h"
#include "models/live_run_model.h"
#include "models/model_table.h"
#include "models/pareto_model.h"
#include "models/run_events_model.h"
#include "models/score_model.h"
#include "models/session_diff_model.h"
#include "models/table_tsv.h"
#include "test_main.h"
#include "test_support.h"
#include "ui/attempt_detail_view.h"
#include "ui/attempts_page.h"
#include "ui/comparison_table_view.h"
#include "ui/main_window.h"
#include "ui/results_page.h"
#include "ui/run_page.h"
#include "ui/scores_page.h"
#include "ui/table_export_menu.h"
#include "util/csv_reader.h"
#include "workbench/workbench.h"
#include "workbench_fixtures.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <memory>

using namespace ys;

namespace {

bool isNumber(const QVariant &v)
{
    const int id = v.metaType().id();
    return id == QMetaType::Double || id == QMetaType::LongLong;
}

int columnOfKey(const DataTable &table, const QString &key)
{
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        if (table.columns[c].key == key)
            return int(c);
    return -1;
}

bool sameNumber(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a));
}

QAction *actionNamed(const QList<QAction *> &actions, const QString &name)
{
    for (QAction *a : actions)
        if (a->objectName() == name)
            return a;
    return nullptr;
}

} // namespace

class TstTableExport : public QObject {
    Q_OBJECT

private:
    // A model's table: every column keyed (uniquely, never the fallback), the keys given hold
    // numbers only (double or qint64, equal to the model's ExportValueRole), the units given.
    static void checkModel(QAbstractItemModel *model, const QStringList &numeric,
                           const QHash<QString, QString> &units = {})
    {
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(ModelTable::hasExportRoles(*model));
        const DataTable table = ModelTable::make(*model, QStringLiteral("t"));
        QCOMPARE(int(table.columns.size()), model->columnCount());
        QCOMPARE(int(table.rows.size()), model->rowCount());
        QStringList keys;
        for (const DataColumn &c : table.columns) {
            QVERIFY2(!c.key.isEmpty() && !c.key.startsWith(QStringLiteral("column_")),
                     qPrintable(c.title));
            QVERIFY2(!keys.contains(c.key), qPrintable(c.key));
            keys.append(c.key);
        }
        for (const QString &key : numeric) {
            const int c = columnOfKey(table, key);
            QVERIFY2(c >= 0, qPrintable(key));
            QVERIFY2(table.columns[std::size_t(c)].kind != DataColumn::Kind::Text, qPrintable(key));
            bool any = false;
            for (int r = 0; r < model->rowCount(); ++r) {
                const QVariant v = table.rows[std::size_t(r)][std::size_t(c)];
                if (!v.isValid())
                    continue;
                any = true;
                QVERIFY2(isNumber(v), qPrintable(key + QStringLiteral(": ") + v.toString()));
                QVERIFY(
                    sameNumber(v.toDouble(), model->index(r, c).data(ExportValueRole).toDouble()));
            }
            QVERIFY2(any || model->rowCount() == 0, qPrintable(key));
        }
        for (auto it = units.begin(); it != units.end(); ++it) {
            const int c = columnOfKey(table, it.key());
            QVERIFY2(c >= 0, qPrintable(it.key()));
            QCOMPARE(table.columns[std::size_t(c)].unit, it.value());
        }
    }

    // Sets the path the next "Export table…" writes to, and the filter "chosen".
    static void choose(const QString &path, const QString &filter = {})
    {
        TableExportMenu::setFileChooser([path, filter](QWidget *, const QString &, QString *f) {
            if (!filter.isEmpty())
                *f = filter;
            return path;
        });
    }

    // Triggers action and waits for the export it starts: the error, empty when written.
    static QString runExport(TableExportMenu *menu, QAction *action)
    {
        QSignalSpy spy(menu, &TableExportMenu::exported);
        action->trigger();
        if (spy.isEmpty() && !spy.wait(60000))
            return QStringLiteral("no export ended");
        return spy.first().at(1).toString();
    }

    static std::vector<CsvRecord> readCsv(const QString &path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        QString error;
        int line = 0;
        auto records = CsvReader::parse(file.readAll(), &error, &line);
        return records ? *records : std::vector<CsvRecord>{};
    }

    // The first sheet as rows of JSON values, through openpyxl (FAILs when it is missing).
    static QJsonArray readXlsx(const QString &path)
    {
        const QString script = QStringLiteral(
            "import json, sys, openpyxl\n"
            "wb = openpyxl.load_workbook(sys.argv[1], read_only=True)\n"
            "ws = wb.worksheets[0]\n"
            "print(json.dumps([list(r) for r in ws.iter_rows(values_only=True)]))\n");
        const QString python = QFile::exists(QStringLiteral("/usr/bin/python3"))
                                   ? QStringLiteral("/usr/bin/python3")
                                   : QStringLiteral("python3");
        QProcess p;
        p.start(python, {QStringLiteral("-c"), script, path});
        if (!p.waitForFinished(60000) || p.exitCode() != 0) {
            qWarning().noquote() << "python3 with openpyxl failed:" << p.readAllStandardError();
            return {};
        }
        return QJsonDocument::fromJson(p.readAllStandardOutput()).array();
    }

    // A written table read back against the table it was made from: the header's titles with
    // their units, every number a number equal to the table's, every text the table's.
    static void compareXlsx(const QJsonArray &sheet, const DataTable &table)
    {
        QCOMPARE(sheet.size(), qsizetype(table.rows.size() + 1));
        const QJsonArray header = sheet.at(0).toArray();
        for (std::size_t c = 0; c < table.columns.size(); ++c)
            QCOMPARE(header.at(qsizetype(c)).toString(), table.columns[c].header());
        for (std::size_t r = 0; r < table.rows.size(); ++r) {
            const QJsonArray row = sheet.at(qsizetype(r + 1)).toArray();
            for (std::size_t c = 0; c < table.columns.size(); ++c) {
                const QVariant want = table.rows[r][c];
                const QJsonValue got = row.at(qsizetype(c));
                if (!want.isValid() ||
                    (want.metaType().id() == QMetaType::Double && !std::isfinite(want.toDouble())))
                    QVERIFY(got.isNull() || got.isUndefined() || got.toString().isEmpty());
                else if (table.columns[c].kind != DataColumn::Kind::Text)
                    QVERIFY2(got.isDouble() && sameNumber(got.toDouble(), want.toDouble()),
                             qPrintable(table.columns[c].key));
                else
                    QCOMPARE(got.toString(), want.toString());
            }
        }
    }

    static void compareCsv(const std::vector<CsvRecord> &records, const DataTable &table)
    {
        QCOMPARE(records.size(), table.rows.size() + 1);
        for (std::size_t c = 0; c < table.columns.size(); ++c)
            QCOMPARE(records[0].fields.value(qsizetype(c)), table.columns[c].header());
        for (std::size_t r = 0; r < table.rows.size(); ++r) {
            const QStringList &fields = records[r + 1].fields;
            QCOMPARE(fields.size(), qsizetype(table.columns.size()));
            for (std::size_t c = 0; c < table.columns.size(); ++c) {
                const QVariant want = table.rows[r][c];
                const QString got = fields.at(qsizetype(c));
                if (!want.isValid())
                    QVERIFY(got.isEmpty());
                else if (table.columns[c].kind != DataColumn::Kind::Text) {
                    bool ok = false;
                    const double d = got.toDouble(&ok);
                    QVERIFY2(ok && sameNumber(d, want.toDouble()),
                             qPrintable(table.columns[c].key + QStringLiteral(": ") + got));
                } else
                    QCOMPARE(got, want.toString());
            }
        }
    }

    QWidget *page(const char *className) const
    {
        for (int i = 0; i < m_window->pages()->count(); ++i)
            if (m_window->pages()->widget(i)->inherits(className))
                return m_window->pages()->widget(i);
        return nullptr;
    }

    QTemporaryDir m_dir;
    QTemporaryDir m_config;
    std::unique_ptr<Workbench> m_wb;
    std::unique_ptr<MainWindow> m_window;
    Suite m_suite;

private Q_SLOTS:
    void initTestCase()
    {
        test::useOwnSettings(m_config.path(), QStringLiteral("tst_table_export"));
        QSettings().clear();

        QUrl url;
        QString error;
        m_wb =
            test::openDemoWorkbench(m_dir.filePath(QStringLiteral("tables.sqlite")), &url, &error);
        QVERIFY2(m_wb, qPrintable(error));
        m_suite.name = QStringLiteral("tables");
        m_suite.providers = test::firstDemoProviders(url, 3);
        Requirements requirements = Requirements::none();
        requirements.maxP95LatencyMs = 100000;
        m_suite.requirements = requirements;
        m_suite.scenarios.push_back(test::latencyProbe(6, 3, 16, 30000));
        m_window = std::make_unique<MainWindow>(m_wb.get());
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(test::runSuiteAndWaitForSummary(*m_wb, m_suite, 120000));
        QCOMPARE(m_wb->comparisonModel()->rowCount(), int(m_suite.providers.size()));
    }

    void cleanupTestCase()
    {
        TableExportMenu::setFileChooser(nullptr);
        m_window.reset();
        m_wb.reset();
    }

    void cleanup() { TableExportMenu::setFileChooser(nullptr); }

    // Every table model the GUI shows gives numbers as numbers, keys and units.
    void modelTables()
    {
        checkModel(m_wb->comparisonModel(),
                   {QStringLiteral("attempts"), QStringLiteral("success_rate_pct"),
                    QStringLiteral("ttft_p50_ms"), QStringLiteral("e2e_p95_ms"),
                    QStringLiteral("runs")},
                   {{QStringLiteral("e2e_p95_ms"), QStringLiteral("ms")},
                    {QStringLiteral("success_rate_pct"), QStringLiteral("%")},
                    {QStringLiteral("cost_usd"), QStringLiteral("$")}});
        if (QTest::currentTestFailed())
            return;
        auto *attempts = static_cast<AttemptsPage *>(page("ys::AttemptsPage"));
        QVERIFY(attempts);
        m_window->pages()->setCurrentWidget(attempts);
        QTRY_VERIFY(attempts->currentRun() != 0);
        QTRY_VERIFY(attempts->model()->rowCount() > 0);
        checkModel(attempts->model(),
                   {QStringLiteral("seq"), QStringLiteral("ttft_ms"), QStringLiteral("e2e_ms"),
                    QStringLiteral("output_tokens")},
                   {{QStringLiteral("e2e_ms"), QStringLiteral("ms")},
                    {QStringLiteral("output_tokens"), QStringLiteral("tokens")}});
        attempts->openAttempt(attempts->model()->index(0, 0));
        QVERIFY(attempts->detailView());
        QTRY_VERIFY(!attempts->isLoading()); // the attempt is read off the UI thread
        checkModel(attempts->detailView()->table()->model(), {});

        CatalogModel catalog;
        checkModel(&catalog,
                   {QStringLiteral("input_usd_per_1m"), QStringLiteral("output_usd_per_1m")},
                   {{QStringLiteral("context_tokens"), QStringLiteral("tokens")}});
        auto *run = static_cast<RunPage *>(page("ys::RunPage"));
        QVERIFY(run);
        checkModel(run->progressTable()->model(),
                   {QStringLiteral("requests_done"), QStringLiteral("succeeded")});
        checkModel(run->eventsView()->model(), {},
                   {{QStringLiteral("time_s"), QStringLiteral("s")}});

        const auto summary = m_wb->summary();
        QVERIFY(summary);
        SessionDiffModel diff;
        diff.setDiff(diffProviders(summary->providers, summary->providers));
        checkModel(&diff, {QStringLiteral("before"), QStringLiteral("after")});
        ScoreModel scores;
        QString error;
        auto table = Scores::ofSession(*summary, Scores::defaultCriteria(), &error);
        QVERIFY2(table, qPrintable(error));
        scores.setTable(std::move(*table));
        checkModel(&scores, {QStringLiteral("rank"), QStringLiteral("score")});
        ReconciliationModel reconciliation;
        reconciliation.setProviders(summary->reconciliation);
        checkModel(&reconciliation, {});

        DriftEvent event;
        event.provider = QStringLiteral("p");
        event.fromSession = 1;
        event.toSession = 2;
        event.before = 100;
        event.after = 150;
        event.difference = 50;
        event.adjustedPValue = 0.01;
        DriftModel drift;
        drift.setEvents({event});
        checkModel(&drift, {QStringLiteral("before"), QStringLiteral("after"),
                            QStringLiteral("difference"), QStringLiteral("p_holm")});
        DriftPoint point;
        point.sessionId = 3;
        point.startedAt = QDateTime::currentDateTimeUtc();
        point.provider = QStringLiteral("p");
        point.ttftMs = {10, 20, 30};
        point.e2eMs = {100, 200, 300};
        DriftSeriesModel series;
        series.setPoints({point});
        checkModel(&series, {QStringLiteral("session"), QStringLiteral("ttft_p95_ms")},
                   {{QStringLiteral("ttft_p95_ms"), QStringLiteral("ms")}});
        ParetoModel pareto;
        checkModel(&pareto, {});
    }

    // A model without the export roles: its display text, a plain number as a number.
    void displayFallback()
    {
        QStandardItemModel model(2, 2);
        model.setHorizontalHeaderLabels({QStringLiteral("Name"), QStringLiteral("Count")});
        model.setItem(0, 0, new QStandardItem(QStringLiteral("a")));
        model.setItem(0, 1, new QStandardItem(QStringLiteral("12")));
        model.setItem(1, 0, new QStandardItem(QStringLiteral("b")));
        model.setItem(1, 1, new QStandardItem(QStringLiteral("2.5")));
        const DataTable t = ModelTable::make(model, QStringLiteral("t"));
        QCOMPARE(t.columns[0].kind, DataColumn::Kind::Text);
        QCOMPARE(t.columns[1].kind, DataColumn::Kind::Number);
        QCOMPARE(t.rows[0][1].toDouble(), 12.0);
        QCOMPARE(t.rows[1][1].toDouble(), 2.5);
        QCOMPARE(t.columns[1].title, QStringLiteral("Count"));
    }
    // The Results page's row menu exports the comparison table of the rows the filter shows:
    // intervals in columns of their own, read back from CSV with the figures of the table.
    void comparisonFromRowMenu()
    {
        m_window->pages()->setCurrentWidget(m_window->resultsPage());
        ComparisonTableView *view = m_window->resultsPage()->comparisonView();
        const QString first = m_suite.providers.front().name;
        view->filterEdit()->setText(first);
        QVERIFY(view->proxy()->rowCount() >= 1);
        QVERIFY(view->proxy()->rowCount() < int(m_suite.providers.size()));
        QMenu *menu = view->rowMenu(first, view);
        QAction *exportAction =
            actionNamed(menu->actions(), QStringLiteral("actionExportThisTable"));
        QVERIFY(exportAction);
        const QString path = m_dir.filePath(QStringLiteral("comparison.csv"));
        choose(path);
        TableExportMenu *exporter = TableExportMenu::of(view->table());
        QVERIFY(exporter);
        QCOMPARE(runExport(exporter, exportAction), QString());
        delete menu;
        const DataTable want =
            comparisonTable(view->shownSummaries(), m_wb->comparisonModel()->requirements());
        QCOMPARE(int(want.rows.size()), view->proxy()->rowCount());
        QVERIFY(columnOfKey(want, QStringLiteral("e2e_p95_ci_low_ms")) >= 0 ||
                std::any_of(want.columns.begin(), want.columns.end(), [](const DataColumn &c) {
                    return c.key.contains(QStringLiteral("ci_low"));
                }));
        compareCsv(readCsv(path), want);
        view->filterEdit()->clear();
    }

    // The File menu's "Export table…" writes the table of the page shown; an XLSX file read
    // with openpyxl has numbers in its numeric cells, the figures of the table.
    void fileMenuXlsx()
    {
        auto *scores = static_cast<ScoresPage *>(page("ys::ScoresPage"));
        QVERIFY(scores);
        m_window->pages()->setCurrentWidget(scores);
        QTRY_VERIFY(scores->ranking()->model()->rowCount() > 0);
        TableExportMenu *exporter = TableExportMenu::forPage(scores);
        QVERIFY(exporter);
        QCOMPARE(exporter->view(), scores->ranking());
        QCOMPARE(m_window->exportTableAction()->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
        // No extension: the chosen filter's is added.
        const QString path = m_dir.filePath(QStringLiteral("scores"));
        choose(path, QStringLiteral("Excel workbook (*.xlsx)"));
        QCOMPARE(runExport(exporter, m_window->exportTableAction()), QString());
        const DataTable want = exporter->table();
        QVERIFY(std::any_of(want.columns.begin(), want.columns.end(), [](const DataColumn &c) {
            return c.kind == DataColumn::Kind::Number;
        }));
        const QJsonArray sheet = readXlsx(path + QStringLiteral(".xlsx"));
        QVERIFY2(!sheet.isEmpty(), "python3-openpyxl is needed to read the workbook");
        compareXlsx(sheet, want);

        // On the Results page, the comparison table as a workbook.
        m_window->pages()->setCurrentWidget(m_window->resultsPage());
        TableExportMenu *comparison = TableExportMenu::forPage(m_window->resultsPage());
        QVERIFY(comparison);
        const QString xlsx = m_dir.filePath(QStringLiteral("comparison.xlsx"));
        choose(xlsx);
        QCOMPARE(runExport(comparison, m_window->exportTableAction()), QString());
        compareXlsx(readXlsx(xlsx), comparison->table());
    }

    // The attempts table exports every attempt of its query, off the UI thread, however few
    // rows the view has fetched.
    void attemptsAll()
    {
        auto *attempts = static_cast<AttemptsPage *>(page("ys::AttemptsPage"));
        m_window->pages()->setCurrentWidget(attempts);
        QTRY_VERIFY(attempts->currentRun() != 0);
        attempts->model()->setPageSize(2);
        // Read off the UI thread; the view may fetch a page or two more to fill itself.
        QTRY_VERIFY(!attempts->isLoading() && attempts->model()->rowCount() >= 2);
        const qint64 total = attempts->model()->matchingCount();
        QVERIFY(total > 2);
        TableExportMenu *exporter = TableExportMenu::of(attempts->table());
        QAction *exportAction =
            actionNamed(attempts->table()->actions(), QStringLiteral("actionExportThisTable"));
        QVERIFY(exporter && exportAction);
        QCOMPARE(attempts->table()->contextMenuPolicy(), Qt::ActionsContextMenu);
        const QString path = m_dir.filePath(QStringLiteral("attempts.csv"));
        choose(path);
        QCOMPARE(runExport(exporter, exportAction), QString());
        const auto records = readCsv(path);
        QCOMPARE(qint64(records.size()), total + 1);
        // The first rows are the view's, figure for figure.
        const DataTable shown = exporter->table();
        QVERIFY(shown.rows.size() <= std::size_t(total));
        std::vector<CsvRecord> head(records.begin(),
                                    records.begin() + qsizetype(shown.rows.size() + 1));
        compareCsv(head, shown);
        attempts->model()->setPageSize(AttemptsModel::kDefaultPageSize);
        QTRY_VERIFY(!attempts->isLoading());
    }

    // An unwritable path: a message box naming it, no file, the action usable again.
    void unwritablePath()
    {
        auto *scores = static_cast<ScoresPage *>(page("ys::ScoresPage"));
        m_window->pages()->setCurrentWidget(scores);
        TableExportMenu *exporter = TableExportMenu::of(scores->ranking());
        const QString path = m_dir.filePath(QStringLiteral("missing/folder/scores.csv"));
        choose(path);
        const QString error = runExport(exporter, exporter->exportAction());
        QVERIFY(error.contains(path));
        QVERIFY(!QFile::exists(path));
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("tableExportError"))));
        QVERIFY(box->informativeText().contains(path));
        box->close();
        QVERIFY(exporter->exportAction()->isEnabled());
    }

    // Copy as TSV: the shown columns and rows as the table shows them.
    void copyTsv()
    {
        auto *scores = static_cast<ScoresPage *>(page("ys::ScoresPage"));
        m_window->pages()->setCurrentWidget(scores);
        TableExportMenu *exporter = TableExportMenu::of(scores->ranking());
        scores->ranking()->clearSelection();
        QApplication::clipboard()->clear();
        exporter->copyAction()->trigger();
        QCOMPARE(QApplication::clipboard()->text(),
                 TableTsv::make(*scores->ranking()->model(), exporter->visibleColumns(),
                                exporter->visibleRows()));
        QVERIFY(QApplication::clipboard()->text().count(QLatin1Char('\n')) ==
                scores->ranking()->model()->rowCount() + 1);
    }
};

YS_TEST_MAIN(TstTableExport)
#include "tst_table_export.moc"
