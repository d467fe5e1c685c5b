// yardstick-cli: the command line of the workbench (its JSON: docs/show-json.md).
#include "cli/cli_bundle.h"
#include "cli/cli_chunking.h"
#include "cli/cli_commands.h"
#include "cli/cli_export.h"
#include "cli/cli_gate.h"
#include "cli/cli_money.h"
#include "cli/cli_queue.h"
#include "cli/cli_recommend.h"
#include "cli/cli_report.h"
#include "cli/cli_route.h"
#include "cli/cli_store.h"
#include "pricing/price_catalog.h"
#include "util/log.h"
#include "workbench/translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>
#include <memory>

namespace {

int usageError(const QString &message)
{
    QTextStream(stderr) << message << '\n';
    return 2;
}

// The command line's options; --help lists them in the order setUp() adds them.
struct Options {
    QCommandLineOption suite{QStringLiteral("suite"),
                             QCoreApplication::translate("main", "Suite: demo or a file."),
                             QStringLiteral("suite")};
    QCommandLineOption db{QStringLiteral("db"),
                          QCoreApplication::translate("main", "SQLite file or postgresql:// URL."),
                          QStringLiteral("file")};
    QCommandLineOption provider{
        QStringLiteral("provider"),
        QCoreApplication::translate("main", "Run only this provider (repeatable)."),
        QStringLiteral("name")};
    QCommandLineOption session{QStringLiteral("session"),
                               QCoreApplication::translate("main", "Session id to show."),
                               QStringLiteral("id")};
    QCommandLineOption json{QStringLiteral("json"),
                            QCoreApplication::translate("main", "Print JSON.")};
    QCommandLineOption sim{
        QStringLiteral("sim"),
        QCoreApplication::translate(
            "main", "With --suite demo: use the yardstick-sim at this base URL instead of the "
                    "built-in one."),
        QStringLiteral("url")};
    QCommandLineOption encoding{
        QStringLiteral("encoding"),
        QCoreApplication::translate("main", "tokens: cl100k_base or o200k_base."),
        QStringLiteral("name")};
    QCommandLineOption ids{
        QStringLiteral("ids"),
        QCoreApplication::translate("main", "tokens: print the token ids as a JSON array.")};
    QCommandLineOption specialTokens{
        QStringLiteral("special-tokens"),
        QCoreApplication::translate("main", "tokens: read <|endoftext|> and the like as special "
                                            "tokens, not as text.")};
    QCommandLineOption requirements{
        QStringLiteral("requirements"),
        QCoreApplication::translate("main", "gate, run: check these requirements (a JSON file) "
                                            "instead of the suite's."),
        QStringLiteral("file")};
    QCommandLineOption gate{
        QStringLiteral("gate"),
        QCoreApplication::translate("main", "run: afterwards, exit as gate does (3: a provider "
                                            "does not qualify).")};
    QCommandLineOption weights{
        QStringLiteral("weights"),
        QCoreApplication::translate("main", "show: score the providers with these weights, e.g. "
                                            "throughput=0.4,latency=0.35,cost=0.25."),
        QStringLiteral("name=weight,...")};
    QCommandLineOption catalog{
        QStringLiteral("catalog"),
        QCoreApplication::translate("main", "run: price models with this price catalog file "
                                            "(genai-prices JSON) instead of the bundled one "
                                            "(also set by YS_PRICE_CATALOG)."),
        QStringLiteral("file")};
    QCommandLineOption metricsListen{
        QStringLiteral("metrics-listen"),
        QCoreApplication::translate("main", "run, worker: serve live metrics for Prometheus "
                                            "at http://HOST:PORT/metrics while it runs."),
        QStringLiteral("host:port")};
    QCommandLineOption logFile{
        QStringLiteral("log-file"),
        QCoreApplication::translate("main", "Write the log here instead of the default place "
                                            "(also set by YS_LOG_FILE)."),
        QStringLiteral("file")};
    QCommandLineOption format{
        QStringLiteral("format"),
        QCoreApplication::translate("main", "export: csv, xlsx or json (default: from --out); "
                                            "report: html (one file, charts inline) or pdf."),
        QStringLiteral("format")};
    QCommandLineOption out{
        QStringLiteral("out"),
        QCoreApplication::translate("main", "export, report: the file to write."),
        QStringLiteral("file")};
    QCommandLineOption table{
        QStringLiteral("table"),
        QCoreApplication::translate("main", "export: only comparison or attempts."),
        QStringLiteral("name")};
};

void setUp(QCommandLineParser &parser, const Options &o)
{
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Runs benchmark suites against LLM APIs and reports the results."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("command"),
        QCoreApplication::translate("main", "run, list, show, gate, bill, tco, export or report"));
    parser.addOptions({o.suite, o.db, o.provider, o.session, o.json, o.sim});
    parser.addOptions({o.encoding, o.ids, o.specialTokens});
    parser.addOptions({o.requirements, o.gate, o.weights});
    ys::CliGate::addOptions(parser);
    ys::CliMoney::addOptions(parser);
    ys::CliChunking::addOptions(parser);
    ys::CliRecommend::addOptions(parser);
    ys::CliReport::addOptions(parser);
    ys::CliRoute::addOptions(parser);
    ys::CliQueue::addOptions(parser);
    parser.addOptions({o.catalog, o.logFile, o.metricsListen});
    parser.addOptions({o.format, o.out, o.table});
    ys::CliBundle::addOptions(parser);
}

int runCommand(const QCommandLineParser &parser, const Options &o)
{
    if (!parser.isSet(o.suite))
        return usageError(
            QCoreApplication::translate("main", "run needs --suite demo or --suite FILE."));
    QString catalogError;
    if (parser.isSet(o.catalog) &&
        !ys::PriceCatalog::useFile(parser.value(o.catalog), &catalogError))
        return usageError(catalogError);
    ys::CliRunOptions options;
    options.suite = parser.value(o.suite);
    options.dbPath = parser.value(o.db);
    options.providers = parser.values(o.provider);
    options.json = parser.isSet(o.json);
    options.requirements = parser.value(o.requirements);
    options.gate = parser.isSet(o.gate);
    if (const auto code = ys::CliGate::readOptions(parser, &options.baseline))
        return *code;
    if (options.baseline.given() && !options.gate)
        return usageError(QCoreApplication::translate("main", "run: --baseline needs --gate"));
    options.metricsListen = parser.value(o.metricsListen);
    if (parser.isSet(o.sim)) {
        options.simulator = QUrl(parser.value(o.sim), QUrl::StrictMode);
        if (!options.simulator.isValid() || options.simulator.scheme().isEmpty())
            return usageError(QCoreApplication::translate("main", "--sim: \"%1\" is not a URL")
                                  .arg(parser.value(o.sim)));
    }
    return ys::CliCommands::run(options);
}

// --session's id into *id when given; false, after saying so, when it is not a session id.
bool sessionOption(const QCommandLineParser &parser, const Options &o, std::optional<qint64> *id)
{
    if (!parser.isSet(o.session))
        return true;
    bool ok = false;
    *id = parser.value(o.session).toLongLong(&ok);
    if (ok && **id > 0)
        return true;
    usageError(QCoreApplication::translate("main", "--session: \"%1\" is not a session id")
                   .arg(parser.value(o.session)));
    return false;
}

int exportCommand(const QCommandLineParser &parser, const Options &o)
{
    std::optional<qint64> id;
    if (!sessionOption(parser, o, &id))
        return 2;
    return ys::CliExport::run({parser.value(o.db), id, parser.value(o.format), parser.value(o.out),
                               parser.value(o.table)});
}

int showCommand(const QCommandLineParser &parser, const Options &o, bool gate = false)
{
    std::optional<qint64> id;
    if (!sessionOption(parser, o, &id))
        return 2;
    if (gate) {
        ys::CliBaselineOptions baseline;
        if (const auto code = ys::CliGate::readOptions(parser, &baseline))
            return *code;
        return ys::CliGate::gate(
            {parser.value(o.db), id, parser.value(o.requirements), parser.isSet(o.json), false},
            baseline);
    }
    std::vector<ys::ScoreCriterion> criteria;
    if (parser.isSet(o.weights)) {
        std::vector<std::pair<QString, double>> pairs;
        for (const QString &item : parser.value(o.weights).split(QLatin1Char(','))) {
            const qsizetype eq = item.indexOf(QLatin1Char('='));
            bool ok = false;
            const double w = eq > 0 ? item.mid(eq + 1).trimmed().toDouble(&ok) : 0.0;
            if (!ok)
                return usageError(QCoreApplication::translate(
                                      "main", "--weights: \"%1\" is not NAME=WEIGHT, e.g. "
                                              "latency=0.5")
                                      .arg(item));
            pairs.emplace_back(item.left(eq).trimmed(), w);
        }
        QString error;
        auto chosen = ys::Scores::criteria(pairs, &error);
        if (!chosen)
            return usageError(QCoreApplication::translate("main", "--weights: %1").arg(error));
        criteria = std::move(*chosen);
    }
    return ys::CliCommands::show(parser.value(o.db), id, parser.isSet(o.json), criteria);
}

} // namespace

int main(int argc, char *argv[])
{
    // QGuiApplication takes --session (X11 session management) out of argv: parse a copy.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    // report draws charts, which needs a QApplication (offscreen when there is no display).
    const bool gui = ys::CliReport::wantsGui(argc, argv);
    if (gui && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> owned = gui ? std::make_unique<QApplication>(argc, argv)
                                                  : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication &app = *owned;
    QCoreApplication::setApplicationName(QStringLiteral("yardstick-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(YS_VERSION));
    ys::installTranslations(app);

    QCommandLineParser parser;
    const Options o;
    setUp(parser, o);
    parser.process(arguments);

    // Keys are redacted from every line, whether or not the file can be written.
    QString logError;
    if (!ys::Log::install(ys::Log::choosePath(parser.value(o.logFile)), &logError))
        QTextStream(stderr) << logError << '\n';

    if (parser.isSet(o.db))
        if (const auto code = ys::CliStore::check(parser.value(o.db)))
            return *code;

    const QStringList args = parser.positionalArguments();
    // tokens FILE|- needs no database.
    if (!args.isEmpty() && args.first() == QLatin1StringView("tokens")) {
        if (args.size() != 2 || !parser.isSet(o.encoding))
            return usageError(QCoreApplication::translate(
                "main", "Usage: tokens --encoding cl100k_base|o200k_base [--ids] FILE|-"));
        return ys::CliCommands::tokens(parser.value(o.encoding), args.at(1), parser.isSet(o.ids),
                                       parser.isSet(o.specialTokens));
    }
    // queue, schedule, history and worker check their own arguments.
    if (!args.isEmpty())
        if (const auto code = ys::CliQueue::run(args, parser))
            return *code;
    // bundle export|import takes a second word.
    if (const auto code = ys::CliBundle::run(args, parser))
        return *code;
    // bill checks its own --db; tco needs none when given its figures.
    if (args.size() == 1)
        if (const auto code = ys::CliMoney::run(args.first(), parser))
            return *code;
    // chunking needs a database only for its estimates.
    if (args.size() == 1)
        if (const auto code = ys::CliChunking::run(args.first(), parser))
            return *code;
    if (args.size() == 1)
        if (const auto code = ys::CliRecommend::run(args.first(), parser))
            return *code;
    if (args.size() == 1)
        if (const auto code = ys::CliReport::run(args.first(), parser))
            return *code;
    if (args.size() == 1)
        if (const auto code = ys::CliRoute::run(args.first(), parser))
            return *code;
    if (args.size() != 1)
        return usageError(
            QCoreApplication::translate("main", "Give one command: run, list, show, gate, "
                                                "recommend, route, bill, tco, chunking, export, "
                                                "report, "
                                                "bundle, queue, worker, schedule or history."));
    if (!parser.isSet(o.db))
        return usageError(QCoreApplication::translate("main", "--db FILE is required."));
    const QString command = args.first();
    qCInfo(ys::lcApp).noquote() << QStringLiteral("yardstick-cli %1 %2, database %3")
                                       .arg(QCoreApplication::applicationVersion(), command,
                                            parser.value(o.db));

    if (command == QLatin1StringView("run"))
        return runCommand(parser, o);
    if (command == QLatin1StringView("list"))
        return ys::CliCommands::list(parser.value(o.db), parser.isSet(o.json));
    if (command == QLatin1StringView("show"))
        return showCommand(parser, o);
    if (command == QLatin1StringView("gate"))
        return showCommand(parser, o, true);
    if (command == QLatin1StringView("export"))
        return exportCommand(parser, o);
    return usageError(QCoreApplication::translate("main",
                                                  "Unknown command \"%1\"; use run, list, "
                                                  "show, gate, bill, tco, export or report.")
                          .arg(command));
}
