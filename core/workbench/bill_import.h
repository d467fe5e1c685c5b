#pragma once

#include "analysis/bill.h"
#include "analysis/bill_csv.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace ys {

class Workbench;

// The window's bill import (File → Import bill…): a usage or invoice CSV set against what the
// sessions recorded, exactly as `yardstick-cli bill` does it (analysis/bill.h), with the file's
// own header offered for each field the way `--column` maps one. The reconciliation runs on the
// workbench's reader thread (workbench/background_reader.h).
class BillImport : public QObject {
    Q_OBJECT
public:
    explicit BillImport(Workbench *workbench, QObject *parent = nullptr);

    // Reads the file and its header; each field takes the column of its default name where the
    // file has one. False with *error when the file cannot be read or its header is not CSV
    // (what was loaded before stays).
    bool load(const QString &path, QString *error);
    bool loaded() const { return !m_path.isEmpty(); }
    const QString &path() const { return m_path; }
    const QStringList &header() const { return m_header; }
    const BillCsv::Columns &columns() const { return m_columns; }
    // The column a field is read from, by the header's spelling (empty: none).
    QString columnOf(BillCsv::Field f) const;
    void setColumn(BillCsv::Field f, const QString &header);
    // The required fields the file has no column for, as they are called in the bill's format.
    QStringList missingFields() const;

    // Every session (nullopt) or one.
    void setSession(std::optional<qint64> sessionId) { m_session = sessionId; }

    using Done = std::function<void(std::optional<BillReconciliation> r, const QString &error)>;
    // Parses the file with the columns set and reconciles it; done on this object's thread, a
    // malformed file's error naming its line and column. False, with *error, when no file is
    // loaded, a required field has no column, or no database is open (done is not called).
    bool reconcile(Done done, QString *error);

private:
    Workbench *m_workbench;
    QString m_path;
    QByteArray m_text;
    QStringList m_header;
    BillCsv::Columns m_columns;
    std::optional<qint64> m_session;
};

} // namespace ys
