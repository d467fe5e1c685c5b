// yardstick-sim: serves the simulated providers over HTTP until SIGINT or SIGTERM.

#include "sim/sim_profile.h"
#include "sim/sim_server.h"
#include "util/log.h"
#include "util/redact.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>
#include <QSaveFile>
#include <QSocketNotifier>
#include <QTextStream>
#include <csignal>
#include <cstdio>
#include <memory>
#include <optional>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr int kUsageError = 2;
constexpr int kRuntimeError = 1;

int g_signalFd = -1;

void onSignal(int)
{
    const char byte = 1;
    // Only async-signal-safe calls here; the event loop picks the byte up.
    [[maybe_unused]] const ssize_t written = ::write(g_signalFd, &byte, 1);
}

// Translation context of this program's messages.
struct SimMain {
    Q_DECLARE_TR_FUNCTIONS(SimMain)
};

int fail(const QString &message, int code)
{
    QTextStream(stderr) << QCoreApplication::applicationName() << QStringLiteral(": ") << message
                        << Qt::endl;
    return code;
}

// Accepts HOST:PORT with an IPv4 address, "localhost", or a bracketed IPv6 address.
bool parseListen(const QString &text, QHostAddress *address, quint16 *port)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return false;
    QString host = text.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    else if (host.contains(QLatin1Char(':')))
        return false;
    if (host == QLatin1StringView("localhost"))
        host = QStringLiteral("127.0.0.1");
    bool ok = false;
    const uint value = text.mid(colon + 1).toUInt(&ok);
    if (!ok || value > 65535 || !address->setAddress(host))
        return false;
    *port = quint16(value);
    return true;
}

// The command line's options; --help lists them in the order setUp() adds them.
struct Options {
    QCommandLineOption listen{
        QStringLiteral("listen"),
        SimMain::tr("Address and port to listen on; port 0 picks a free one."),
        SimMain::tr("host:port"), QStringLiteral("127.0.0.1:0")};
    QCommandLineOption profiles{
        QStringLiteral("profiles"),
        SimMain::tr("Simulator profile file (format yardstick-sim-profiles/1); the demo profiles "
                    "if not given."),
        SimMain::tr("file")};
    QCommandLineOption tls{
        QStringLiteral("tls"),
        SimMain::tr("Serve HTTPS with a self-signed certificate made at start (needs the openssl "
                    "command).")};
    QCommandLineOption http2{
        QStringLiteral("http2"),
        SimMain::tr("Speak HTTP/2 too: offered by ALPN with --tls, and to clients that open with "
                    "the HTTP/2 preface over plain HTTP.")};
    QCommandLineOption certOut{
        QStringLiteral("cert-out"),
        SimMain::tr("With --tls, write the certificate (PEM) here so clients can trust it."),
        SimMain::tr("file")};
    QCommandLineOption cert{
        QStringLiteral("cert"),
        SimMain::tr("With --tls, serve this certificate (PEM; the server's, then any "
                    "intermediates) instead of a self-signed one; needs --key."),
        SimMain::tr("file")};
    QCommandLineOption key{QStringLiteral("key"),
                           SimMain::tr("The unencrypted private key (PEM) of --cert."),
                           SimMain::tr("file")};
    QCommandLineOption clientCa{
        QStringLiteral("client-ca"),
        SimMain::tr("With --cert, require every client to present a certificate signed by a CA "
                    "in this PEM file (mutual TLS)."),
        SimMain::tr("file")};
    QCommandLineOption log{
        QStringLiteral("log"),
        SimMain::tr("Append the ground truth of every finished request to this file, one JSON "
                    "object per line."),
        SimMain::tr("file")};
    QCommandLineOption logFile{
        QStringLiteral("log-file"),
        SimMain::tr("Write the simulator's own log (start-up, errors; not the ground truth, see "
                    "--log) to this file. Without it nothing is logged to a file."),
        SimMain::tr("file")};
};

QCommandLineOption setUp(QCommandLineParser &parser, const Options &options)
{
    parser.setApplicationDescription(
        SimMain::tr("Serves simulated LLM providers (OpenAI Chat Completions and Responses, "
                    "Anthropic Messages, Gemini) over HTTP or HTTPS."));
    const QCommandLineOption help = parser.addHelpOption();
    parser.addOption(options.listen);
    parser.addOption(options.profiles);
    parser.addOption(options.tls);
    parser.addOption(options.http2);
    parser.addOption(options.cert);
    parser.addOption(options.key);
    parser.addOption(options.clientCa);
    parser.addOption(options.certOut);
    parser.addOption(options.log);
    parser.addOption(options.logFile);
    return help;
}

// The steps of main() below return the exit status when the program must stop there.

std::optional<int> readArguments(QCommandLineParser &parser, const Options &options,
                                 QHostAddress *address, quint16 *port)
{
    const QCommandLineOption help = setUp(parser, options);
    if (!parser.parse(QCoreApplication::arguments()))
        return fail(parser.errorText(), kUsageError);
    if (parser.isSet(help))
        parser.showHelp(0);
    if (!parser.positionalArguments().isEmpty())
        return fail(
            SimMain::tr("unexpected argument: %1").arg(parser.positionalArguments().first()),
            kUsageError);
    const QString listen = parser.value(options.listen);
    if (!parseListen(listen, address, port))
        return fail(
            SimMain::tr("--listen expects HOST:PORT (for example 127.0.0.1:8080), got \"%1\"")
                .arg(listen),
            kUsageError);
    return std::nullopt;
}

// The profiles, and the simulator's own log once their keys are known to be secret.
std::optional<int> loadProfiles(const QCommandLineParser &parser, const Options &options,
                                std::vector<ys::SimProfile> *profiles)
{
    if (parser.isSet(options.profiles)) {
        QString error;
        *profiles = ys::SimProfile::loadFile(parser.value(options.profiles), &error);
        if (profiles->empty())
            return fail(error, kUsageError);
    } else {
        *profiles = ys::SimProfile::demoProfiles();
    }

    if (parser.isSet(options.logFile)) {
        // The profiles' keys are secrets here too: no log line carries them.
        for (const ys::SimProfile &profile : *profiles)
            ys::registerSecret(profile.apiKey.toUtf8());
        QString logError;
        if (!ys::Log::install(parser.value(options.logFile), &logError))
            return fail(logError, kRuntimeError);
        qCInfo(ys::lcSim).noquote()
            << QStringLiteral("yardstick-sim started with %1 profiles").arg(profiles->size());
    }
    return std::nullopt;
}

// SIGINT and SIGTERM quit the event loop; null if that cannot be set up.
std::unique_ptr<QSocketNotifier> quitOnSignals(QCoreApplication *app)
{
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
        return nullptr;
    g_signalFd = fds[0];
    auto notifier = std::make_unique<QSocketNotifier>(fds[1], QSocketNotifier::Read);
    QObject::connect(notifier.get(), &QSocketNotifier::activated, app, &QCoreApplication::quit);
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    return notifier;
}

std::optional<int> startServer(ys::SimServer &server, const QCommandLineParser &parser,
                               const Options &options, const QHostAddress &address, quint16 port)
{
    QString error;
    if (parser.isSet(options.log) && !server.setLogFile(parser.value(options.log), &error))
        return fail(error, kRuntimeError);
    if (parser.isSet(options.tls) && parser.isSet(options.cert)) {
        auto identity =
            ys::SimTlsIdentity::load(parser.value(options.cert), parser.value(options.key), &error);
        if (!identity ||
            (parser.isSet(options.clientCa) &&
             !identity->requireClientCertificates(parser.value(options.clientCa), &error)))
            return fail(error, kRuntimeError);
        server.enableTls(std::move(*identity));
    } else if (parser.isSet(options.tls) && !server.enableTls(&error, address)) {
        return fail(error, kRuntimeError);
    }
    if (parser.isSet(options.tls) && parser.isSet(options.certOut)) {
        QSaveFile cert(parser.value(options.certOut));
        if (!cert.open(QIODevice::WriteOnly) || cert.write(server.certificatePem()) < 0 ||
            !cert.commit())
            return fail(SimMain::tr("cannot write the certificate to %1: %2")
                            .arg(parser.value(options.certOut), cert.errorString()),
                        kRuntimeError);
    }
    if (parser.isSet(options.http2))
        server.enableHttp2();
    if (!server.listen(address, port, &error))
        return fail(error, kRuntimeError);
    return std::nullopt;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("yardstick-sim"));

    QCommandLineParser parser;
    const Options options;
    QHostAddress address;
    quint16 port = 0;
    if (const std::optional<int> code = readArguments(parser, options, &address, &port))
        return *code;
    std::vector<ys::SimProfile> profiles;
    if (const std::optional<int> code = loadProfiles(parser, options, &profiles))
        return *code;
    const std::unique_ptr<QSocketNotifier> notifier = quitOnSignals(&app);
    if (!notifier)
        return fail(SimMain::tr("cannot set up signal handling"), kRuntimeError);
    if (parser.isSet(options.certOut) && !parser.isSet(options.tls))
        return fail(SimMain::tr("--cert-out needs --tls"), kUsageError);
    if (parser.isSet(options.cert) != parser.isSet(options.key) ||
        (parser.isSet(options.cert) && !parser.isSet(options.tls)))
        return fail(SimMain::tr("--cert and --key go together, with --tls"), kUsageError);
    if (parser.isSet(options.clientCa) && !parser.isSet(options.cert))
        return fail(SimMain::tr("--client-ca needs --cert and --key"), kUsageError);

    ys::SimServer server(std::move(profiles));
    if (const std::optional<int> code = startServer(server, parser, options, address, port))
        return *code;

    // Scripts and tests read the port from this exact line, so it is not translated.
    std::printf("yardstick-sim listening on %s\n",
                server.baseUrl().toString().toUtf8().constData());
    std::fflush(stdout);
    // Without --log-file the sim says nothing beyond its stdout line and its errors.
    const bool logging = ys::Log::isInstalled();
    if (logging)
        qCInfo(ys::lcSim).noquote()
            << QStringLiteral("listening on %1").arg(server.baseUrl().toString());
    const int code = app.exec();
    if (logging)
        qCInfo(ys::lcSim) << "yardstick-sim stops";
    return code;
}
