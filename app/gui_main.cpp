// yardstick: the workbench window.
#include "ui/main_window.h"
#include "util/translations.h"
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
    ys::installTranslations(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Workbench for choosing an LLM API."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption db(QStringLiteral("db"),
                                QCoreApplication::translate("main", "SQLite database file."),
                                QStringLiteral("file"));
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QCoreApplication::translate("main", "Run the demo suite as soon as the window opens."));
    parser.addOptions({db, demo});
    parser.process(app);

    QString path = parser.value(db);
    if (path.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir().mkpath(dir);
        path = dir + QStringLiteral("/yardstick.sqlite");
    }
    ys::Workbench workbench(path);
    QString error;
    if (!workbench.open(&error)) {
        QMessageBox::critical(nullptr, QCoreApplication::translate("main", "Yardstick"), error);
        return 1;
    }
    ys::MainWindow window(&workbench);
    window.show();
    if (parser.isSet(demo))
        window.runDemoAction()->trigger();
    return app.exec();
}
