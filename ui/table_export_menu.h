#pragma once

#include "models/table_export.h"

#include <QList>
#include <QObject>
#include <functional>
#include <optional>

class QAction;
class QTableView;
class QWidget;

namespace ys {

// Export and copy for one table view: "Export table…" (a save dialog offering CSV and XLSX; the
// format is the file name's extension, else the chosen filter's) and "Copy as TSV", in the
// view's context menu, and for the File menu's "Export table…" of the page the view is on
// (forPage). The table written is the view's model as shown (ModelTable: the header's columns
// in their order without the hidden ones, the rows in the view's order), unless the owner gives
// another source, or a writer of its own for a table too big to hold (the attempts), which then
// runs off the UI thread and reports back. A failed export says why in a message box naming the
// path, and leaves no file behind (TableFile).
class TableExportMenu : public QObject {
    Q_OBJECT
public:
    using Source = std::function<DataTable()>;
    // Writes path in format, then calls done (on the UI thread) with an empty error or why not.
    using Done = std::function<void(const QString &error)>;
    using Writer = std::function<void(const QString &path, TableExport::Format format, Done done)>;
    // Asks for the path: suggested is a file name; *filter the chosen filter. Empty: cancelled.
    using FileChooser =
        std::function<QString(QWidget *parent, const QString &suggested, QString *filter)>;

    // Made as a child of the view. name: the table's name (the XLSX sheet, the file name
    // suggested). A view with its own context menu (Qt::CustomContextMenu) adds the actions to
    // it; any other gets them as its context menu.
    static TableExportMenu *attach(QTableView *view, const QString &name);
    static TableExportMenu *of(const QTableView *view);
    // The table the File menu exports on that page: the one with the focus, else the first one
    // shown; null when the page has none.
    static TableExportMenu *forPage(QWidget *page);
    // Replaces the save dialog (tests; nullptr restores it).
    static void setFileChooser(FileChooser chooser);

    void setSource(Source source) { m_source = std::move(source); }
    void setWriter(Writer writer) { m_writer = std::move(writer); }

    QTableView *view() const { return m_view; }
    QAction *exportAction() const { return m_export; }
    QAction *copyAction() const { return m_copy; }
    // The model's columns shown, in the header's order; its rows shown, in the view's order.
    QList<int> visibleColumns() const;
    QList<int> visibleRows() const;
    DataTable table() const;
    // The selected rows (all shown rows when none is) of the shown columns as TableTsv text.
    QString selectionAsTsv() const;
    void copyAsTsv();

    // Asks for a path and writes the table there.
    void exportTable();
    // Writes the table to path; the format is the extension's, else the filter's (a filter's
    // extension is appended to a path without one). The result comes as exported().
    void exportTo(QString path, const QString &filter = {});
    bool busy() const { return m_busy; }

Q_SIGNALS:
    // An export ended: error is empty when the file was written.
    void exported(const QString &path, const QString &error);

private:
    TableExportMenu(QTableView *view, const QString &name);
    bool eventFilter(QObject *watched, QEvent *event) override;
    void retranslate();
    void finish(const QString &path, const QString &error);

    QTableView *m_view;
    QString m_name;
    QAction *m_export;
    QAction *m_copy;
    Source m_source;
    Writer m_writer;
    bool m_busy = false;
};

} // namespace ys
