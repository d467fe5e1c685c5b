// yardstick: the workbench window.
#include "demo/sim_demo_host.h"
#include "storage/database.h"
#include "ui/main_window.h"
#include "util/log.h"
#include "workbench/app_settings.h"
#include "workbench/translations.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QStandardPaths>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Yardstick"));
    QApplication::setOrganizationName(QStringLiteral("Yardstick"));
    QApplication::setApplicationVersion(QStringLiteral(YS_VERSION));
    ys::installTranslations(app, ys::AppSettings().locale()); // the language chosen last

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Workbench for choosing an LLM API."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption db(
        QStringLiteral("db"),
        QCoreApplication::translate("main", "SQLite file or postgresql:// URL."),
        QStringLiteral("file"));
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QCoreApplication::translate("main", "Run the demo suite as soon as the window opens."));
    const QCommandLineOption logFile(
        QStringLiteral("log-file"),
        QCoreApplication::translate("main", "Write the log here instead of the default place "
                                            "(also set by YS_LOG_FILE)."),
        QStringLiteral("file"));
    parser.addOptions({db, demo, logFile});
    parser.process(app);

    // Keys are redacted from every line, whether or not the file can be written.
    QString logError;
    if (!ys::Log::install(ys::Log::choosePath(parser.value(logFile)), &logError))
        qCWarning(ys::lcApp).noquote() << logError;

    QString path = parser.value(db);
    if (path.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir().mkpath(dir);
        path = dir + QStringLiteral("/yardstick.sqlite");
    }
    // A malformed team store URL, or one carrying a password, is refused before it is logged.
    if (QString error; !ys::Database::checkLocation(path, &error)) {
        qCWarning(ys::lcApp).noquote() << error;
        QMessageBox::critical(nullptr, QCoreApplication::translate("main", "Yardstick"), error);
        return 2;
    }
    qCInfo(ys::lcApp).noquote() << QStringLiteral("Yardstick %1 started, database %2, log %3")
                                       .arg(QCoreApplication::applicationVersion(), path,
                                            ys::Log::path());
    ys::Workbench workbench(path, std::make_unique<ys::SimDemoHost>());
    QString error;
    if (!workbench.open(&error)) {
        qCWarning(ys::lcApp).noquote() << error;
        QMessageBox::critical(nullptr, QCoreApplication::translate("main", "Yardstick"), error);
        return 1;
    }
    ys::MainWindow window(&workbench);
    window.show();
    if (parser.isSet(demo))
        window.runDemoAction()->trigger();
    const int code = app.exec();
    qCInfo(ys::lcApp) << "Yardstick exits with" << code;
    return code;
}
