#include "ui/window_habits.h"

#include "models/session_list_model.h"
#include "ui/main_window.h"
#include "workbench/translations.h"
#include "workbench/workbench.h"

#include <QAbstractAxis>
#include <QAbstractItemView>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCloseEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QMenuBar>
#include <QProgressBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

namespace ys {

namespace {

// The window's default size on a first start.
constexpr int kDefaultWidth = 1200;
constexpr int kDefaultHeight = 760;

struct Shortcut {
    const char *action;
    QKeySequence key;
};

// By objectName: pages add their actions with these names and get the shortcut here, unless
// they set one themselves.
std::vector<Shortcut> shortcuts()
{
    return {
        {"actionRunDemo", QKeySequence(Qt::CTRL | Qt::Key_R)},
        {"actionRerunProvider", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R)},
        {"actionCancel", QKeySequence(Qt::CTRL | Qt::Key_Period)},
        {"actionExportChart", QKeySequence(Qt::CTRL | Qt::Key_E)},
        {"actionExportTable", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)},
        {"actionNextPage", QKeySequence(Qt::CTRL | Qt::Key_PageDown)},
        {"actionPreviousPage", QKeySequence(Qt::CTRL | Qt::Key_PageUp)},
        {"actionOpenSuite", QKeySequence(QKeySequence::Open)},
        {"actionSaveSuite", QKeySequence(QKeySequence::Save)},
        {"actionSaveSuiteAs", QKeySequence(QKeySequence::SaveAs)},
        {"actionNewSuite", QKeySequence(QKeySequence::New)},
    };
}

// A language's name in that language, so it can be found whatever the current one is.
QString nativeName(const QString &language)
{
    if (language == QLatin1StringView("zh_CN"))
        return QStringLiteral("中文（简体）");
    return QStringLiteral("English");
}

void styleChart(QChart *chart, const QPalette &palette)
{
    const QColor text = palette.color(QPalette::WindowText);
    const QColor grid = palette.color(QPalette::Mid);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(text);
    if (chart->legend())
        chart->legend()->setLabelColor(text);
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(grid);
        axis->setGridLineColor(grid);
        QColor minor = grid;
        minor.setAlpha(90);
        axis->setMinorGridLineColor(minor);
    }
}

} // namespace

WindowHabits::WindowHabits(MainWindow *window, Workbench *workbench)
    : QObject(window)
    , m_window(window)
    , m_workbench(workbench)
    , m_statusLine(new QLabel(window))
    , m_loadProgress(new QProgressBar(window))
    , m_loadTicker(new QTimer(this))
{
    setObjectName(QStringLiteral("windowHabits"));
    m_statusLine->setObjectName(QStringLiteral("statusLine"));
    m_loadProgress->setObjectName(QStringLiteral("loadProgress"));
    m_loadProgress->setRange(0, 0); // the loader reports no steps: busy until it is done
    m_loadProgress->setMaximumWidth(120);
    m_loadProgress->setTextVisible(false);
    m_loadProgress->hide();
    m_window->statusBar()->addWidget(m_statusLine, 1);
    m_window->statusBar()->addWidget(m_loadProgress);
    m_loadTicker->setInterval(200);
    connect(m_loadTicker, &QTimer::timeout, this, &WindowHabits::updateStatusLine);

    createActions();
    assignShortcuts();
    retranslate();

    connect(workbench, &Workbench::loadingChanged, this, [this](qint64 sessionId) {
        if (sessionId) {
            m_loadClock.start();
            m_loadTicker->start();
        } else {
            m_loadTicker->stop();
        }
        m_loadProgress->setVisible(sessionId != 0);
        updateStatusLine();
    });
    connect(workbench, &Workbench::runningChanged, this, &WindowHabits::updateStatusLine);
    connect(workbench, &Workbench::summaryChanged, this, [this] {
        applyPalette(); // a chart may have made new axes for the new session
        updateStatusLine();
    });
    connect(workbench->sessionModel(), &QAbstractItemModel::modelReset, this,
            &WindowHabits::updateStatusLine);
    connect(workbench, &Workbench::selectedSessionChanged, this, [this](qint64 sessionId) {
        m_settings.setLastSession(m_workbench->dbPath(), sessionId);
    });

    m_window->installEventFilter(this);
    restoreWindow();
    applyPalette();
    // The session list is read off the UI thread: the last session opens once it is there.
    if (workbench->sessionsLoading())
        connect(workbench->sessionModel(), &QAbstractItemModel::modelReset, this,
                &WindowHabits::openLastSession, Qt::SingleShotConnection);
    else
        openLastSession();
    updateStatusLine();
}

bool WindowHabits::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QString WindowHabits::language() const
{
    const QString chosen = m_settings.language();
    if (!chosen.isEmpty())
        return chosen;
    return QLocale().language() == QLocale::Chinese ? QStringLiteral("zh_CN")
                                                    : QStringLiteral("en");
}

void WindowHabits::setLanguage(const QString &language)
{
    m_settings.setLanguage(language);
    m_settings.sync();
    installTranslations(*QCoreApplication::instance(), AppSettings::localeOf(language));
    // The application posts LanguageChange to the windows; retranslate() runs then.
    m_window->statusBar()->showMessage(
        tr("Language: %1. Labels that do not change now change at the next start.")
            .arg(nativeName(this->language())),
        10000);
}

void WindowHabits::createActions()
{
    m_nextPage = new QAction(this);
    m_nextPage->setObjectName(QStringLiteral("actionNextPage"));
    connect(m_nextPage, &QAction::triggered, this, [this] { turnPage(1); });
    m_previousPage = new QAction(this);
    m_previousPage->setObjectName(QStringLiteral("actionPreviousPage"));
    connect(m_previousPage, &QAction::triggered, this, [this] { turnPage(-1); });
    // The shortcuts work whichever widget has the focus.
    m_window->addAction(m_nextPage);
    m_window->addAction(m_previousPage);

    m_viewMenu = m_window->menuBar()->addMenu(QString());
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_viewMenu->addAction(m_nextPage);
    m_viewMenu->addAction(m_previousPage);
    m_viewMenu->addSeparator();
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageMenu->setObjectName(QStringLiteral("languageMenu"));
    m_languages = new QActionGroup(this);
    m_languages->setExclusive(true);
    const QString current = language();
    for (const QString &code : AppSettings::languages()) {
        QAction *action = m_languageMenu->addAction(nativeName(code));
        action->setObjectName(QStringLiteral("actionLanguage_") + code);
        action->setCheckable(true);
        action->setChecked(code == current);
        action->setData(code);
        m_languages->addAction(action);
    }
    connect(m_languages, &QActionGroup::triggered, this, [this](QAction *action) {
        const QString code = action->data().toString();
        if (code != language())
            setLanguage(code);
    });
}

void WindowHabits::assignShortcuts()
{
    const auto actions = m_window->findChildren<QAction *>();
    for (const Shortcut &s : shortcuts()) {
        for (QAction *action : actions) {
            if (action->objectName() == QLatin1StringView(s.action) && action->shortcut().isEmpty())
                action->setShortcut(s.key);
        }
    }
}

void WindowHabits::restoreWindow()
{
    if (!m_window->restoreGeometry(m_settings.windowGeometry()))
        m_window->resize(kDefaultWidth, kDefaultHeight);
    m_window->restoreState(m_settings.windowState());
    const QString page = m_settings.currentPage();
    QTabWidget *pages = m_window->pages();
    for (int i = 0; !page.isEmpty() && i < pages->count(); ++i) {
        if (pages->widget(i)->objectName() == page)
            pages->setCurrentIndex(i);
    }
}

void WindowHabits::saveWindow()
{
    m_settings.setWindowGeometry(m_window->saveGeometry());
    m_settings.setWindowState(m_window->saveState());
    if (const QWidget *page = m_window->pages()->currentWidget())
        m_settings.setCurrentPage(page->objectName());
    m_settings.sync();
}

// The session looked at last in this database, else the newest.
void WindowHabits::openLastSession()
{
    const SessionListModel *sessions = m_workbench->sessionModel();
    // A session chosen meanwhile (a run started, say) stays.
    if (sessions->rowCount() == 0 || m_workbench->selectedSession() != 0 ||
        m_workbench->loadingSession() != 0)
        return;
    int row = sessions->rowOf(m_settings.lastSession(m_workbench->dbPath()));
    if (row < 0)
        row = 0;
    m_workbench->selectSession(
        sessions->index(row).data(SessionListModel::SessionIdRole).toLongLong());
}

void WindowHabits::turnPage(int step)
{
    QTabWidget *pages = m_window->pages();
    if (pages->count() == 0)
        return;
    pages->setCurrentIndex((pages->currentIndex() + step + pages->count()) % pages->count());
}

bool WindowHabits::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        switch (event->type()) {
        case QEvent::Close:
            saveWindow();
            break;
        case QEvent::PaletteChange:
        case QEvent::ApplicationPaletteChange:
            applyPalette();
            break;
        case QEvent::LanguageChange:
            retranslate();
            refreshHeaders();
            break;
        default:
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

void WindowHabits::retranslate()
{
    m_nextPage->setText(tr("&Next page"));
    m_previousPage->setText(tr("&Previous page"));
    m_viewMenu->setTitle(tr("&View"));
    m_languageMenu->setTitle(tr("&Language"));
    const QString current = language();
    for (QAction *action : m_languages->actions())
        action->setChecked(action->data().toString() == current);
    updateStatusLine();
}

// Models translate their headers when asked: the views ask again.
void WindowHabits::refreshHeaders()
{
    for (QHeaderView *header : m_window->findChildren<QHeaderView *>()) {
        if (header->count() > 0)
            header->headerDataChanged(header->orientation(), 0, header->count() - 1);
    }
    for (QAbstractItemView *view : m_window->findChildren<QAbstractItemView *>())
        view->viewport()->update();
}

void WindowHabits::applyPalette()
{
    const QPalette palette = m_window->palette();
    m_dark = isDark(palette);
    m_window->setProperty("ysDarkTheme", m_dark);
    for (QChartView *view : m_window->findChildren<QChartView *>()) {
        if (view->chart())
            styleChart(view->chart(), palette);
    }
}

void WindowHabits::updateStatusLine()
{
    QStringList parts;
    const QLocale locale;
    if (const qint64 loading = m_workbench->loadingSession()) {
        parts << tr("Loading session %1… %2 s")
                     .arg(loading)
                     .arg(locale.toString(m_loadClock.elapsed() / 1000.0, 'f', 1));
    } else if (m_workbench->isRunning()) {
        parts << tr("Running");
    } else {
        parts << tr("Idle");
    }
    if (m_workbench->sessionsLoading())
        parts << tr("Reading the sessions…");
    else
        parts << tr("Sessions: %1").arg(m_workbench->sessionModel()->rowCount());
    if (const auto summary = m_workbench->summary()) {
        qint64 attempts = 0;
        for (const ProviderSummary &p : summary->providers)
            attempts += p.attempts;
        parts << tr("session %1 — providers: %2, attempts: %3")
                     .arg(m_workbench->selectedSession())
                     .arg(int(summary->providers.size()))
                     .arg(locale.toString(attempts));
    }
    m_statusLine->setText(parts.join(QStringLiteral(" · ")));
}

} // namespace ys
