#include "export/xlsx_sink.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <xlsxwriter.h>

namespace ys {

namespace {

constexpr lxw_row_t kRowsPerSheet = 1048576;
constexpr qsizetype kMaxCellBytes = 32767; // a cell holds at most this many characters

// A sheet name Excel accepts: none of []:*?/\, at most 31 characters, not empty.
QString sheetName(QString name)
{
    static const QString forbidden = QStringLiteral("[]:*?/\\");
    for (QChar &c : name)
        if (forbidden.contains(c))
            c = QLatin1Char('_');
    name = name.left(31).trimmed();
    return name.isEmpty() ? QStringLiteral("Sheet") : name;
}

class XlsxSink final : public TableSink {
public:
    explicit XlsxSink(const QString &path)
        : TableSink(path)
    {
    }

    ~XlsxSink() override
    {
        // Dropped before commit: free the workbook without writing it, and remove the
        // temporary name.
        if (m_book)
            lxw_workbook_free(m_book);
        if (!m_tempPath.isEmpty())
            QFile::remove(m_tempPath);
    }

    bool open(QString *error) override
    {
        const QFileInfo target(path());
        if (target.isDir()) {
            *error = writeError(tr("it is a folder"));
            return false;
        }
        // Reserve a name beside the target, so the rename at the end stays on one file system
        // and a folder we may not write is found before any work is done.
        QTemporaryFile reserve(target.absolutePath() + QStringLiteral("/.") + target.fileName() +
                               QStringLiteral(".XXXXXX"));
        reserve.setAutoRemove(false);
        if (!reserve.open()) {
            *error = writeError(reserve.errorString());
            return false;
        }
        m_tempPath = reserve.fileName();
        reserve.close();
        // A temporary file is private to its owner; the export is read as any new file is.
        QFile::setPermissions(m_tempPath, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ReadUser | QFileDevice::WriteUser |
                                              QFileDevice::ReadGroup | QFileDevice::ReadOther);
        lxw_workbook_options options{};
        options.constant_memory = LXW_TRUE;
        options.use_zip64 = LXW_TRUE; // a million rows go past 4 GB unzipped
        m_book = workbook_new_opt(QFile::encodeName(m_tempPath).constData(), &options);
        if (!m_book) {
            *error = writeError(tr("the workbook could not be made"));
            return false;
        }
        m_bold = workbook_add_format(m_book);
        format_set_bold(m_bold);
        return true;
    }

    bool beginTable(const QString &name, const std::vector<DataColumn> &columns,
                    QString *error) override
    {
        m_name = sheetName(name);
        m_headers.clear();
        for (const DataColumn &c : columns)
            m_headers.push_back(c.header().toStdString());
        m_part = 0;
        if (!addSheet()) {
            *error = writeError(tr("sheet \"%1\" could not be added").arg(name));
            return false;
        }
        return true;
    }

    void text(QStringView value) override { utf8(value.toUtf8()); }

    void utf8(QByteArrayView value) override
    {
        if (m_sheet && !value.isEmpty()) {
            qsizetype n = std::min(value.size(), kMaxCellBytes);
            while (n < value.size() && n > 0 && (uchar(value[n]) & 0xC0) == 0x80)
                --n; // never cut a character in half
            m_cell.assign(value.data(), std::size_t(n));
            write(worksheet_write_string(m_sheet, m_row, m_column, m_cell.c_str(), nullptr));
        }
        ++m_column;
    }

    void integer(qint64 value) override { number(double(value)); }

    void number(double value) override
    {
        if (m_sheet && std::isfinite(value))
            write(worksheet_write_number(m_sheet, m_row, m_column, value, nullptr));
        ++m_column;
    }

    void empty() override { ++m_column; }

    void endRow() override
    {
        m_column = 0;
        if (++m_row == kRowsPerSheet && m_sheet && !addSheet())
            m_failure = tr("a further sheet could not be added");
    }

    bool commit(QString *error) override
    {
        if (!m_book) {
            *error = writeError(tr("the workbook was not opened"));
            return false;
        }
        const lxw_error closed = workbook_close(m_book); // frees the workbook too
        m_book = nullptr;
        if (m_failure.isEmpty() && closed != LXW_NO_ERROR)
            m_failure = QString::fromUtf8(lxw_strerror(closed));
        if (m_failure.isEmpty() && std::rename(QFile::encodeName(m_tempPath).constData(),
                                               QFile::encodeName(path()).constData()) != 0)
            m_failure = QString::fromLocal8Bit(std::strerror(errno));
        if (!m_failure.isEmpty()) {
            *error = writeError(m_failure);
            return false;
        }
        m_tempPath.clear(); // it is the target now
        return true;
    }

private:
    bool addSheet()
    {
        ++m_part;
        const QString name =
            m_part == 1 ? m_name : QStringLiteral("%1 (%2)").arg(m_name.left(24)).arg(m_part);
        m_sheet = workbook_add_worksheet(m_book, name.toUtf8().constData());
        if (!m_sheet)
            return false;
        worksheet_freeze_panes(m_sheet, 1, 0);
        worksheet_set_column(m_sheet, 0, lxw_col_t(std::max<std::size_t>(m_headers.size(), 1) - 1),
                             14, nullptr);
        for (std::size_t c = 0; c < m_headers.size(); ++c)
            write(worksheet_write_string(m_sheet, 0, lxw_col_t(c), m_headers[c].c_str(), m_bold));
        m_row = 1;
        m_column = 0;
        return true;
    }

    void write(lxw_error result)
    {
        if (result != LXW_NO_ERROR && m_failure.isEmpty())
            m_failure = QString::fromUtf8(lxw_strerror(result));
    }

    lxw_workbook *m_book = nullptr;
    lxw_worksheet *m_sheet = nullptr;
    lxw_format *m_bold = nullptr;
    QString m_tempPath;
    QString m_name;
    QString m_failure;
    std::vector<std::string> m_headers;
    std::string m_cell;
    int m_part = 0;
    lxw_row_t m_row = 0;
    lxw_col_t m_column = 0;
};

} // namespace

std::unique_ptr<TableSink> makeXlsxSink(const QString &path)
{
    return std::make_unique<XlsxSink>(path);
}

} // namespace ys
