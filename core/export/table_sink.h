#pragma once

#include "export/data_table.h"
#include "export/table_file.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>
#include <QStringView>
#include <memory>
#include <vector>

namespace ys {

// A table file written a row at a time, so a table of a million attempts never has to be held:
// open(), then for each table beginTable() and its rows cell by cell (each row ended by
// endRow()), then commit(). The file is written under a temporary name beside its target and
// renamed over it by commit() only; a sink destroyed without a successful commit() removes
// what it wrote, so a failed or abandoned export leaves nothing behind and an earlier file of
// that name untouched.
class TableSink {
    Q_DECLARE_TR_FUNCTIONS(ys::TableSink)
public:
    // A sink for this format writing to path (nothing is opened yet). severalTables: the file
    // will hold more than one table (JSON: an object with a member per table, not an array).
    static std::unique_ptr<TableSink> create(TableFile::Format format, const QString &path,
                                             bool severalTables = false);
    virtual ~TableSink();

    // Makes the temporary file; false with *error naming the path and the reason.
    virtual bool open(QString *error) = 0;
    // Starts a table: a CSV file takes one, an XLSX workbook one sheet each, a JSON document
    // one member each (a lone table, as written by TableFile::write, is the whole document).
    virtual bool beginTable(const QString &name, const std::vector<DataColumn> &columns,
                            QString *error) = 0;
    // The cells of a row, in column order.
    virtual void text(QStringView value) = 0;
    virtual void utf8(QByteArrayView value) = 0; // text already in UTF-8 (straight from SQLite)
    virtual void integer(qint64 value) = 0;
    virtual void number(double value) = 0; // NaN or infinity: an empty cell
    virtual void empty() = 0;
    virtual void endRow() = 0;
    // A row given as values (DataTable's rows): typed by its columns' kinds.
    void row(const std::vector<DataColumn> &columns, const std::vector<QVariant> &values);
    // Finishes the file and renames it over the target; false with *error naming the path.
    virtual bool commit(QString *error) = 0;

    const QString &path() const { return m_path; }

protected:
    explicit TableSink(QString path)
        : m_path(std::move(path))
    {
    }
    // "PATH: cannot be written (REASON)", the one message of every failed write.
    QString writeError(const QString &reason) const;

private:
    QString m_path;
};

} // namespace ys
