// yardstick-screenshots: opens the workbench window on a database and writes a PNG of every page
// and of every tab inside a page (the Results page's charts among them), in English and in
// Chinese: OUTDIR/en/*.png, OUTDIR/zh_CN/*.png. Pages and tabs are found at run time, so a page
// added later is pictured too. tools/screenshots.sh runs the demo first and then this.
#include "models/session_list_model.h"
#include "ui/main_window.h"
#include "workbench/app_settings.h"
#include "workbench/background_reader.h"
#include "workbench/demo_host.h"
#include "workbench/translations.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

namespace {

// The window's size in every picture.
constexpr int kWidth = 1280;
constexpr int kHeight = 820;
// Time for charts to lay out their legends and axes after a page is shown.
constexpr int kSettleMs = 250;

QString fileStem(const QWidget *widget, int index)
{
    QString name = widget->objectName();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]+")), QStringLiteral("-"));
    if (name.isEmpty())
        name = QStringLiteral("tab");
    return QStringLiteral("%1-%2").arg(index, 2, 10, QLatin1Char('0')).arg(name);
}

bool save(QWidget *window, const ys::Workbench &workbench, const QString &path)
{
    // A page reads its figures off the UI thread: the picture waits for them.
    QElapsedTimer clock;
    clock.start();
    while (workbench.reader() && workbench.reader()->busy() && clock.elapsed() < 120000)
        QTest::qWait(20);
    QTest::qWait(kSettleMs);
    if (!window->grab().save(path)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

// Every tab widget inside the page, outermost first, with each of its tabs in turn.
bool shootTabs(QWidget *window, const ys::Workbench &workbench, QWidget *page, const QString &stem,
               const QString &dir)
{
    const auto tabWidgets = page->findChildren<QTabWidget *>();
    for (QTabWidget *tabs : tabWidgets) {
        if (!tabs->isVisibleTo(window))
            continue;
        const QString tabsStem = stem + QLatin1Char('-') + fileStem(tabs, 0).mid(3);
        for (int t = 0; t < tabs->count(); ++t) {
            tabs->setCurrentIndex(t);
            if (!save(window, workbench,
                      dir + QLatin1Char('/') + tabsStem + QLatin1Char('-') +
                          fileStem(tabs->widget(t), t) + QStringLiteral(".png")))
                return false;
        }
        tabs->setCurrentIndex(0);
    }
    return true;
}

bool shootLanguage(const QString &dbPath, const QString &language, const QString &outDir)
{
    ys::installTranslations(*QCoreApplication::instance(), ys::AppSettings::localeOf(language));
    const QString dir = outDir + QLatin1Char('/') + language;
    QDir().mkpath(dir);
    ys::Workbench workbench(dbPath);
    QString error;
    if (!workbench.open(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return false;
    }
    ys::MainWindow window(&workbench);
    window.resize(kWidth, kHeight);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) {
        std::fprintf(stderr, "the window was never shown\n");
        return false;
    }
    // The newest session, loaded, with its first provider selected as an analyst would.
    QElapsedTimer clock;
    clock.start();
    while ((workbench.loadingSession() || !workbench.summary()) && clock.elapsed() < 120000 &&
           workbench.sessionModel()->rowCount() > 0)
        QTest::qWait(50);
    if (const auto summary = workbench.summary(); summary && !summary->providers.empty())
        workbench.selectProvider(summary->providers.front().name);

    QTabWidget *pages = window.pages();
    for (int p = 0; p < pages->count(); ++p) {
        pages->setCurrentIndex(p);
        QWidget *page = pages->widget(p);
        const QString stem = fileStem(page, p);
        if (!save(&window, workbench, dir + QLatin1Char('/') + stem + QStringLiteral(".png")) ||
            !shootTabs(&window, workbench, page, stem, dir))
            return false;
    }
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Yardstick"));
    QApplication::setOrganizationName(QStringLiteral("Yardstick"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes a PNG of every page and chart of the workbench, in English and in Chinese."));
    parser.addHelpOption();
    const QCommandLineOption db(QStringLiteral("db"), QStringLiteral("SQLite database file."),
                                QStringLiteral("file"));
    parser.addOption(db);
    parser.addPositionalArgument(QStringLiteral("outdir"),
                                 QStringLiteral("Where the en/ and zh_CN/ folders go."));
    parser.process(app);
    if (parser.positionalArguments().size() != 1 || !parser.isSet(db))
        parser.showHelp(2);

    // The pictures never read or change the analyst's own settings (window size, last session).
    QTemporaryDir settings;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings.path());

    const QString outDir = parser.positionalArguments().constFirst();
    for (const QString &language : ys::AppSettings::languages()) {
        if (!shootLanguage(parser.value(db), language, outDir))
            return 1;
    }
    return 0;
}
