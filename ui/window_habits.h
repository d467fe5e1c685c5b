#pragma once

#include "workbench/app_settings.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QPalette;
class QProgressBar;
class QTimer;

namespace ys {

class MainWindow;
class Workbench;

// The workbench window's everyday habits: its geometry, layout, page and last session kept
// between starts; keyboard shortcuts for the main actions (any page's action named
// actionOpenSuite, actionSaveSuite... gets its shortcut too); charts coloured from the palette,
// so they follow the system's light or dark look; the language menu (English, Chinese),
// switching at once; and the status line saying what the workbench is doing. Made last by
// MainWindow's constructor, when every page exists.
class WindowHabits : public QObject {
    Q_OBJECT
public:
    WindowHabits(MainWindow *window, Workbench *workbench);

    // Whether the palette is a dark one (its window colour is more dark than light).
    static bool isDark(const QPalette &palette);
    bool isDark() const { return m_dark; }

    // Switches the language now and keeps it for the next start ("en", "zh_CN"; empty follows
    // the system).
    void setLanguage(const QString &language);
    // The language in use, as a code of AppSettings::languages().
    QString language() const;

    QLabel *statusLine() const { return m_statusLine; }
    QAction *nextPageAction() const { return m_nextPage; }
    QAction *previousPageAction() const { return m_previousPage; }
    // Writes the window's geometry, layout and page (done when the window closes).
    void saveWindow();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void assignShortcuts();
    void restoreWindow();
    void openLastSession();
    void retranslate();
    void applyPalette();
    void refreshHeaders();
    void updateStatusLine();
    void turnPage(int step);

    MainWindow *m_window;
    Workbench *m_workbench;
    AppSettings m_settings;
    QLabel *m_statusLine;
    QProgressBar *m_loadProgress;
    QTimer *m_loadTicker;
    QElapsedTimer m_loadClock;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QActionGroup *m_languages = nullptr;
    QAction *m_nextPage = nullptr;
    QAction *m_previousPage = nullptr;
    bool m_dark = false;
};

} // namespace ys
