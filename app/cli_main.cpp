// yardstick-cli: the command line of the workbench (its JSON: docs/show-json.md).
#include "cli/cli_commands.h"
#include "util/log.h"
#include "util/translations.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

namespace {

int usageError(const QString &message)
{
    QTextStream(stderr) << message << '\n';
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("yardstick-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(YS_VERSION));
    ys::installTranslations(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Runs benchmark suites against LLM APIs and reports the results."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QCoreApplication::translate("main", "run, list or show"));
    const QCommandLineOption suite(QStringLiteral("suite"),
                                   QCoreApplication::translate("main", "Suite: demo or a file."),
                                   QStringLiteral("suite"));
    const QCommandLineOption db(QStringLiteral("db"),
                                QCoreApplication::translate("main", "SQLite database file."),
                                QStringLiteral("file"));
    const QCommandLineOption provider(
        QStringLiteral("provider"),
        QCoreApplication::translate("main", "Run only this provider (repeatable)."),
        QStringLiteral("name"));
    const QCommandLineOption session(QStringLiteral("session"),
                                     QCoreApplication::translate("main", "Session id to show."),
                                     QStringLiteral("id"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QCoreApplication::translate("main", "Print JSON."));
    const QCommandLineOption sim(
        QStringLiteral("sim"),
        QCoreApplication::translate(
            "main", "With --suite demo: use the yardstick-sim at this base URL instead of the "
                    "built-in one."),
        QStringLiteral("url"));
    parser.addOptions({suite, db, provider, session, json, sim});
    const QCommandLineOption encoding(
        QStringLiteral("encoding"),
        QCoreApplication::translate("main", "tokens: cl100k_base or o200k_base."),
        QStringLiteral("name"));
    const QCommandLineOption ids(
        QStringLiteral("ids"),
        QCoreApplication::translate("main", "tokens: print the token ids as a JSON array."));
    const QCommandLineOption specialTokens(
        QStringLiteral("special-tokens"),
        QCoreApplication::translate("main", "tokens: read <|endoftext|> and the like as special "
                                            "tokens, not as text."));
    parser.addOptions({encoding, ids, specialTokens});
    const QCommandLineOption logFile(
        QStringLiteral("log-file"),
        QCoreApplication::translate("main", "Write the log here instead of the default place "
                                            "(also set by YS_LOG_FILE)."),
        QStringLiteral("file"));
    parser.addOption(logFile);
    parser.process(app);

    // Keys are redacted from every line, whether or not the file can be written.
    QString logError;
    if (!ys::Log::install(ys::Log::choosePath(parser.value(logFile)), &logError))
        QTextStream(stderr) << logError << '\n';

    const QStringList args = parser.positionalArguments();
    // tokens FILE|- needs no database.
    if (!args.isEmpty() && args.first() == QLatin1StringView("tokens")) {
        if (args.size() != 2 || !parser.isSet(encoding))
            return usageError(QCoreApplication::translate(
                "main", "Usage: tokens --encoding cl100k_base|o200k_base [--ids] FILE|-"));
        return ys::CliCommands::tokens(parser.value(encoding), args.at(1), parser.isSet(ids),
                                       parser.isSet(specialTokens));
    }
    if (args.size() != 1)
        return usageError(
            QCoreApplication::translate("main", "Give one command: run, list or show."));
    if (!parser.isSet(db))
        return usageError(QCoreApplication::translate("main", "--db FILE is required."));
    const QString command = args.first();
    qCInfo(ys::lcApp).noquote() << QStringLiteral("yardstick-cli %1 %2, database %3")
                                       .arg(QCoreApplication::applicationVersion(), command,
                                            parser.value(db));

    if (command == QLatin1StringView("run")) {
        if (!parser.isSet(suite))
            return usageError(
                QCoreApplication::translate("main", "run needs --suite demo or --suite FILE."));
        ys::CliRunOptions options;
        options.suite = parser.value(suite);
        options.dbPath = parser.value(db);
        options.providers = parser.values(provider);
        options.json = parser.isSet(json);
        if (parser.isSet(sim)) {
            options.simulator = QUrl(parser.value(sim), QUrl::StrictMode);
            if (!options.simulator.isValid() || options.simulator.scheme().isEmpty())
                return usageError(QCoreApplication::translate("main", "--sim: \"%1\" is not a URL")
                                      .arg(parser.value(sim)));
        }
        return ys::CliCommands::run(options);
    }
    if (command == QLatin1StringView("list"))
        return ys::CliCommands::list(parser.value(db), parser.isSet(json));
    if (command == QLatin1StringView("show")) {
        std::optional<qint64> id;
        if (parser.isSet(session)) {
            bool ok = false;
            id = parser.value(session).toLongLong(&ok);
            if (!ok || *id <= 0)
                return usageError(QCoreApplication::translate("main", "--session: \"%1\" is not a "
                                                                      "session id")
                                      .arg(parser.value(session)));
        }
        return ys::CliCommands::show(parser.value(db), id, parser.isSet(json));
    }
    return usageError(
        QCoreApplication::translate("main", "Unknown command \"%1\"; use run, list or show.")
            .arg(command));
}
