// yardstick-screenshots: opens the workbench window on a database and writes a PNG of every page
// and of every tab inside a page (the Results page's charts among them), in English and in
// Chinese, at 1280×800 and at 1920×1080: OUTDIR/en/1280x800/*.png, OUTDIR/zh_CN/1920x1080/*.png
// and so on. The walk is the one tst_screen_walk checks (ui/screen_walk.h), so a page added
// later is pictured too. tools/screenshots.sh runs the demo first and then this.
#include "ui/main_window.h"
#include "ui/screen_walk.h"
#include "workbench/app_settings.h"
#include "workbench/demo_host.h"
#include "workbench/translations.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QSettings>
#include <QSize>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

namespace {

// The window sizes pictured: a laptop's and a desktop monitor's.
const QSize kSizes[] = {{1280, 800}, {1920, 1080}};

bool shootLanguage(const QString &dbPath, const QString &language, const QString &outDir)
{
    ys::installTranslations(*QCoreApplication::instance(), ys::AppSettings::localeOf(language));
    ys::Workbench workbench(dbPath);
    QString error;
    if (!workbench.open(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return false;
    }
    ys::MainWindow window(&workbench);
    window.resize(kSizes[0]);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) {
        std::fprintf(stderr, "the window was never shown\n");
        return false;
    }
    ys::waitForNewestSession(workbench);
    for (const QSize &size : kSizes) {
        window.resize(size);
        const QString dir = QStringLiteral("%1/%2/%3x%4")
                                .arg(outDir, language)
                                .arg(size.width())
                                .arg(size.height());
        QDir().mkpath(dir);
        const bool walked = ys::walkWindow(window, workbench, [&](const QString &stem, QWidget *) {
            const QString path = dir + QLatin1Char('/') + stem + QStringLiteral(".png");
            if (!window.grab().save(path)) {
                std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
                return false;
            }
            std::printf("%s\n", qPrintable(path));
            return true;
        });
        if (!walked)
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
