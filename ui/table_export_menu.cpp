#include "ui/table_export_menu.h"

#include "models/model_table.h"
#include "models/table_tsv.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>
#include <algorithm>

namespace ys {

namespace {

TableExportMenu::FileChooser &fileChooser()
{
    static TableExportMenu::FileChooser chooser;
    return chooser;
}

QString csvFilter()
{
    return TableExportMenu::tr("CSV, comma-separated values (*.csv)");
}

QString xlsxFilter()
{
    return TableExportMenu::tr("Excel workbook (*.xlsx)");
}

} // namespace

TableExportMenu::TableExportMenu(QTableView *view, const QString &name)
    : QObject(view)
    , m_view(view)
    , m_name(name)
    , m_export(new QAction(view))
    , m_copy(new QAction(view))
{
    setObjectName(QStringLiteral("tableExport_") + name);
    m_export->setObjectName(QStringLiteral("actionExportThisTable"));
    m_copy->setObjectName(QStringLiteral("actionCopyTableTsv"));
    connect(m_export, &QAction::triggered, this, &TableExportMenu::exportTable);
    connect(m_copy, &QAction::triggered, this, &TableExportMenu::copyAsTsv);
    if (view->contextMenuPolicy() != Qt::CustomContextMenu) {
        view->setContextMenuPolicy(Qt::ActionsContextMenu);
        // Ctrl+C works while the table has the focus.
        m_copy->setShortcut(QKeySequence::Copy);
        m_copy->setShortcutContext(Qt::WidgetShortcut);
        view->addAction(m_copy);
        view->addAction(m_export);
    }
    view->installEventFilter(this);
    retranslate();
}

TableExportMenu *TableExportMenu::attach(QTableView *view, const QString &name)
{
    if (TableExportMenu *existing = of(view))
        return existing;
    return new TableExportMenu(view, name);
}

TableExportMenu *TableExportMenu::of(const QTableView *view)
{
    return view ? view->findChild<TableExportMenu *>(QString(), Qt::FindDirectChildrenOnly)
                : nullptr;
}

TableExportMenu *TableExportMenu::forPage(QWidget *page)
{
    if (!page)
        return nullptr;
    const QList<TableExportMenu *> all = page->findChildren<TableExportMenu *>();
    const QWidget *focus = QApplication::focusWidget();
    for (TableExportMenu *menu : all)
        if (focus && (focus == menu->m_view || menu->m_view->isAncestorOf(focus)))
            return menu;
    for (TableExportMenu *menu : all)
        if (menu->m_view->isVisible())
            return menu;
    return all.isEmpty() ? nullptr : all.first();
}

void TableExportMenu::setFileChooser(FileChooser chooser)
{
    fileChooser() = std::move(chooser);
}

bool TableExportMenu::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void TableExportMenu::retranslate()
{
    m_export->setText(tr("&Export table…"));
    m_export->setToolTip(tr("Save this table as CSV or as an Excel workbook, numbers as numbers"));
    m_copy->setText(tr("&Copy as TSV"));
}

QList<int> TableExportMenu::visibleColumns() const
{
    const QHeaderView *header = m_view->horizontalHeader();
    QList<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns.append(logical);
    }
    return columns;
}

QList<int> TableExportMenu::visibleRows() const
{
    const QHeaderView *header = m_view->verticalHeader();
    QList<int> rows;
    const int count = m_view->model() ? m_view->model()->rowCount() : 0;
    rows.reserve(count);
    for (int visual = 0; visual < count; ++visual) {
        const int logical = header->logicalIndex(visual);
        if (logical >= 0 && !m_view->isRowHidden(logical))
            rows.append(logical);
    }
    return rows;
}

DataTable TableExportMenu::table() const
{
    if (m_source)
        return m_source();
    if (!m_view->model())
        return {m_name, {}, {}};
    return ModelTable::make(*m_view->model(), visibleColumns(), visibleRows(), m_name);
}

QString TableExportMenu::selectionAsTsv() const
{
    if (!m_view->model())
        return {};
    QList<int> selected;
    if (const QItemSelectionModel *selection = m_view->selectionModel())
        for (const QModelIndex &idx : selection->selectedIndexes())
            if (!selected.contains(idx.row()))
                selected.append(idx.row());
    QList<int> rows = visibleRows();
    if (!selected.isEmpty())
        rows.removeIf([&](int r) { return !selected.contains(r); });
    return TableTsv::make(*m_view->model(), visibleColumns(), rows);
}

void TableExportMenu::copyAsTsv()
{
    QApplication::clipboard()->setText(selectionAsTsv());
}

void TableExportMenu::exportTable()
{
    if (m_busy)
        return;
    const QString suggested = m_name + QStringLiteral(".csv");
    QString filter = csvFilter();
    QString path;
    if (fileChooser())
        path = fileChooser()(m_view->window(), suggested, &filter);
    else
        path = QFileDialog::getSaveFileName(m_view->window(), tr("Export table"), suggested,
                                            csvFilter() + QStringLiteral(";;") + xlsxFilter(),
                                            &filter);
    if (!path.isEmpty())
        exportTo(path, filter);
}

void TableExportMenu::exportTo(QString path, const QString &filter)
{
    std::optional<TableExport::Format> format = TableExport::formatFromPath(path);
    if (format == TableExport::Format::Json)
        format.reset(); // the GUI offers CSV and XLSX; JSON is the command line's
    if (!format) {
        const bool xlsx = filter.contains(QStringLiteral("*.xlsx"));
        format = xlsx ? TableExport::Format::Xlsx : TableExport::Format::Csv;
        if (QFileInfo(path).suffix().isEmpty())
            path += xlsx ? QStringLiteral(".xlsx") : QStringLiteral(".csv");
    }
    if (m_writer) {
        m_busy = true;
        m_export->setEnabled(false);
        m_writer(path, *format, [this, path](const QString &error) { finish(path, error); });
        return;
    }
    QString error;
    if (!TableExport::write(table(), path, *format, &error) && error.isEmpty())
        error = tr("%1: cannot be written").arg(path);
    finish(path, error);
}

void TableExportMenu::finish(const QString &path, const QString &error)
{
    m_busy = false;
    m_export->setEnabled(true);
    if (!error.isEmpty()) {
        // Not modal: the window stays usable, and a test can find and close the box.
        auto *box =
            new QMessageBox(QMessageBox::Warning, tr("Export table"),
                            tr("The table was not exported."), QMessageBox::Ok, m_view->window());
        box->setObjectName(QStringLiteral("tableExportError"));
        box->setInformativeText(error);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    } else if (auto *window = qobject_cast<QMainWindow *>(m_view->window())) {
        window->statusBar()->showMessage(tr("Table saved to %1").arg(path), 8000);
    }
    Q_EMIT exported(path, error);
}

} // namespace ys
