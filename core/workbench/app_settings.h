#pragma once

#include <QByteArray>
#include <QLocale>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace ys {

// What the workbench keeps between starts: the window's geometry and layout, the page shown,
// the session last looked at in each database, the comparison table's hidden columns, and the
// language. Stored with QSettings under the application's organisation and name (tests point
// QSettings at a folder of their own).
class AppSettings {
public:
    AppSettings();

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    // The dock and tool bar layout (QMainWindow::saveState).
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);
    // The objectName of the page shown; empty when none was kept.
    QString currentPage() const;
    void setCurrentPage(const QString &objectName);

    // The session last selected in the database at that path, or 0.
    qint64 lastSession(const QString &dbPath) const;
    void setLastSession(const QString &dbPath, qint64 sessionId);

    // The comparison table's hidden columns, by ComparisonTableModel::columnKey().
    QStringList hiddenComparisonColumns() const;
    void setHiddenComparisonColumns(const QStringList &keys);

    // "en", "zh_CN", or empty to follow the system's locale.
    QString language() const;
    void setLanguage(const QString &language);
    // The locale the language stands for (the system's when none was chosen).
    QLocale locale() const;
    static QLocale localeOf(const QString &language);
    // The languages the workbench speaks, as language codes.
    static QStringList languages();

    void sync() { m_settings.sync(); }

private:
    QSettings m_settings;
};

} // namespace ys
