// A sentinel key used for a whole session appears nowhere, not in the database
// file, its WAL and shared memory, the logs or anything yardstick-cli prints, even when the
// provider quotes the key back in its error replies. And the log handler, given lines that carry
// keys, writes none of them, to its file or to stderr.
#include "fixtures.h"
#include "provider/secrets.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "test_main.h"
#include "test_support.h"
#include "util/log.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <csignal>
#include <nlohmann/json.hpp>
#include <sys/types.h>

using namespace ys;

namespace {

// Not shaped like any provider's key, but with characters that change when percent-encoded.
const QByteArray kSentinel = QByteArrayLiteral("ys-sentinel-Q7RZ/KEY+0042=");
const char *const kSentinelVar = "YS_TST_SECRETS_SENTINEL";

// Every form in which a key could leak, each with a name for the failure message.
QList<std::pair<QByteArray, const char *>> leakForms(const QByteArray &key)
{
    QList<std::pair<QByteArray, const char *>> forms = {
        {key, "the key"},
        {key.toBase64(QByteArray::OmitTrailingEquals), "its base64 form"},
        {key.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals),
         "its base64url form"},
        {key.toPercentEncoding(), "its URL-encoded form"},
        {key.toPercentEncoding().toLower(), "its lower-case URL-encoded form"},
        {QByteArray(key).replace("/", "\\/"), "its JSON-escaped form"},
    };
    if (key == kSentinel)
        forms.append({QByteArrayLiteral("Q7RZ/KEY"), "a piece of it"});
    return forms;
}

// Empty when bytes carry no form of key, else which form and where.
QString leakIn(const QByteArray &bytes, const QByteArray &key, const QString &where)
{
    for (const auto &[form, name] : leakForms(key)) {
        const qsizetype at = bytes.indexOf(form);
        if (at >= 0)
            return QStringLiteral("%1 found in %2 at byte %3: ...%4...")
                .arg(QLatin1StringView(name), where)
                .arg(at)
                .arg(QString::fromUtf8(bytes.mid(std::max<qsizetype>(0, at - 60), 160)));
    }
    return {};
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Messages the log hands on, standing in for stderr.
QMutex g_forwardedMutex;
QStringList g_forwarded;
QtMessageHandler g_testHandler = nullptr;

void captureForwarded(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    {
        QMutexLocker lock(&g_forwardedMutex);
        g_forwarded.append(message);
    }
    if (g_testHandler)
        g_testHandler(type, context, message);
}

QByteArray profilesJson()
{
    // Fast answers; every profile demands the sentinel except "wrong", which wants another key
    // and so answers the sentinel with 401. echo_auth quotes the key back in a 400.
    auto shape =
        test::ProfileShape().withTtft(40, 50).withDecode(4000).withOutput(4, 8).withWindow(8000);
    const auto seeded = [shape](std::uint64_t seed) {
        test::ProfileShape s = shape;
        s.seed = seed;
        return s;
    };
    const std::string key = kSentinel.toStdString();
    using test::simProfileJson;
    return test::simProfilesJson({
        simProfileJson(QStringLiteral("Chat"), QStringLiteral("sentinel-chat"), seeded(11),
                       {{"api_key", key},
                        {"faults",
                         {{"echo_auth", 0.4},
                          {"malformed_json", 0.2},
                          {"error_mid_stream", 0.2},
                          {"retry_after_ms", {{"probability", 0.1}, {"param", 20}}}}}}),
        simProfileJson(QStringLiteral("Claude"), QStringLiteral("sentinel-claude"), seeded(12),
                       {{"api_key", key},
                        {"faults", {{"echo_auth", 0.5}, {"quota", 0.2}, {"no_end_marker", 0.1}}}}),
        simProfileJson(QStringLiteral("Gemini"), QStringLiteral("sentinel-gemini"), seeded(13),
                       {{"api_key", key}, {"faults", {{"echo_auth", 1.0}}}}),
        simProfileJson(
            QStringLiteral("Responses"), QStringLiteral("sentinel-responses"), seeded(14),
            {{"api_key", key},
             {"faults", {{"echo_auth", 0.3}, {"spend_limit", 0.2}, {"error_mid_stream", 0.2}}}}),
        simProfileJson(QStringLiteral("Wrong"), QStringLiteral("sentinel-wrong"), shape,
                       {{"api_key", "ys-other-Q7RZ-0000"}}),
    });
}

QByteArray suiteJson(const QString &v1, const QString &v1beta)
{
    const QString var = QString::fromLatin1(kSentinelVar);
    auto provider = [&](const char *name, const char *dialect, const QString &url,
                        const char *model) {
        return QStringLiteral(R"({"name": "%1", "dialect": "%2", "base_url": "%3", "model": "%4",
   "api_key": "env:%5"})")
            .arg(QLatin1StringView(name), QLatin1StringView(dialect), url, QLatin1StringView(model),
                 var);
    };
    const QStringList providers = {
        provider("Chat", "openai-chat", v1, "sentinel-chat"),
        provider("Claude", "anthropic-messages", v1, "sentinel-claude"),
        provider("Gemini", "gemini", v1beta, "sentinel-gemini"),
        provider("Responses", "openai-responses", v1, "sentinel-responses"),
        provider("Wrong", "openai-chat", v1, "sentinel-wrong"),
    };
    return QStringLiteral(R"({"format": "yardstick-suite/1", "name": "sentinel",
 "providers": [%1],
 "scenarios": [{"kind": "latency", "requests": 12, "concurrency": 3, "prompt_tokens": 40,
                "max_output_tokens": 16, "timeout_ms": 20000, "retries": 1, "seed": 7}]})")
        .arg(providers.join(QStringLiteral(",\n")))
        .toUtf8();
}

// A log line: UTC time with milliseconds, level, category, [pid], message.
const QRegularExpression kLine(QStringLiteral(
    R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (debug|info|warning|critical|fatal) \S+ \[\d+\] .*$)"));

} // namespace

class TstSecrets : public QObject {
    Q_OBJECT

private:
    QString cli() const { return test::binDir() + QStringLiteral("/yardstick-cli"); }
    QProcessEnvironment cliEnvironment(const QString &logFile) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(kSentinelVar), QString::fromUtf8(kSentinel));
        env.insert(QStringLiteral("YS_LOG_FILE"), logFile);
        return env;
    }

private Q_SLOTS:
    void secretsRedactEveryForm()
    {
        // Passed in: removed in every form, and from then on known to the process.
        const QByteArray key = QByteArrayLiteral("ys-given-0001/xyz");
        const QString text =
            QStringLiteral("a %1 b %2 c %3 d %4")
                .arg(QString::fromUtf8(key), QString::fromLatin1(key.toPercentEncoding()),
                     QString::fromLatin1(key.toBase64()),
                     QString::fromLatin1(key.toPercentEncoding().toLower()));
        const QString clean = Secrets::redact(text, {key});
        QVERIFY2(leakIn(clean.toUtf8(), key, QStringLiteral("redact()")).isEmpty(),
                 qPrintable(clean));
        QCOMPARE(clean.count(Secrets::marker()), 4);
        QVERIFY(Secrets::redact(QString::fromUtf8(key)) == Secrets::marker());

        // Resolved through an env: reference: registered.
        const QByteArray resolvedKey = QByteArrayLiteral("ys-resolved-0002");
        qputenv("YS_TST_SECRETS_RESOLVED", " " + resolvedKey + "\n");
        QByteArray got;
        QString error;
        QVERIFY(Secrets::resolve(QStringLiteral("env:YS_TST_SECRETS_RESOLVED"), &got, &error));
        QCOMPARE(got, resolvedKey);
        QCOMPARE(Secrets::redact(QStringLiteral("key %1 end").arg(QString::fromUtf8(got))),
                 QStringLiteral("key [REDACTED] end"));
        QVERIFY(
            !Secrets::resolve(QStringLiteral("env:YS_TST_SECRETS_UNSET_VARIABLE"), &got, &error));
        QVERIFY(error.contains(QStringLiteral("YS_TST_SECRETS_UNSET_VARIABLE")));

        // The generic shapes, for keys nobody registered; the header names stay readable.
        QCOMPARE(Secrets::redact(QStringLiteral("Authorization: Bearer abc.def-123")),
                 QStringLiteral("Authorization: Bearer [REDACTED]"));
        QCOMPARE(Secrets::redact(QStringLiteral("x-api-key: k-1234 next")),
                 QStringLiteral("x-api-key: [REDACTED] next"));
        QCOMPARE(Secrets::redact(QStringLiteral("GET /v1beta/models?key=k-9&alt=sse")),
                 QStringLiteral("GET /v1beta/models?key=[REDACTED]&alt=sse"));
        // Short keys are left alone, so that ordinary words survive.
        QCOMPARE(Secrets::redact(QStringLiteral("the end"), {QByteArrayLiteral("end")}),
                 QStringLiteral("the end"));
    }

    // The handler, given lines that carry keys in every usual shape, writes none of them.
    void logHandlerRedacts()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("logs/deep/unit.log"));
        g_testHandler = qInstallMessageHandler(captureForwarded);
        g_forwarded.clear();
        QString error;
        QVERIFY2(Log::install(path, &error), qPrintable(error));
        QCOMPARE(Log::path(), QFileInfo(path).absoluteFilePath());

        const QByteArray registered = QByteArrayLiteral("ys-unit-R3GD/KEY+77");
        qputenv("YS_TST_SECRETS_UNIT", registered);
        QByteArray resolved;
        QVERIFY(Secrets::resolve(QStringLiteral("env:YS_TST_SECRETS_UNIT"), &resolved, &error));
        // Nobody registered these: the shapes around them give them away.
        const QByteArray bearer = QByteArrayLiteral("ys-unit-BEARER-0003");
        const QByteArray query = QByteArrayLiteral("ys-unit-QUERY-0004");
        const QByteArray header = QByteArrayLiteral("ys-unit-HEADER-0005");
        const QByteArray goog = QByteArrayLiteral("ys-unit-GOOG-0006");
        const QByteArray skLike = QByteArrayLiteral("sk-t0st0000unit0000");    // sk- and 16
        const QByteArray skAntLike = QByteArrayLiteral("sk-ant-t0st00unit00"); // sk- and 16
        const auto s = [](const QByteArray &b) {
            return QString::fromUtf8(b);
        };

        qCInfo(lcEngine).noquote() << QStringLiteral("attempt 3 failed: HTTP 400: the key %1 is "
                                                     "not valid")
                                          .arg(s(registered));
        qCInfo(lcProvider).noquote()
            << QStringLiteral("as sent: %1 and %2")
                   .arg(s(registered.toPercentEncoding()), s(registered.toBase64()));
        qCWarning(lcProvider).noquote()
            << QStringLiteral("request headers:\nAuthorization: Bearer %1\nx-api-key: %2")
                   .arg(s(bearer), s(header));
        qCInfo(lcProvider).noquote()
            << QStringLiteral("POST http://127.0.0.1:1/v1beta/models/m:generateContent?key=%1")
                   .arg(s(query));
        qCInfo(lcProvider).noquote() << QStringLiteral("{\"x-goog-api-key\": \"%1\"}").arg(s(goog));
        qCInfo(lcProvider).noquote()
            << QStringLiteral("keys %1 and %2 in prose").arg(s(skLike), s(skAntLike));
        qWarning().noquote() << QStringLiteral("a Qt warning quoting %1").arg(s(registered));
        qCDebug(lcStorage) << "plain debug line";

        const QByteArray logged = readAll(path);
        for (const QByteArray &key : {registered, bearer, query, header, goog, skLike, skAntLike})
            QVERIFY2(leakIn(logged, key, path).isEmpty(), qPrintable(leakIn(logged, key, path)));
        const QList<QByteArray> lines = logged.trimmed().split('\n');
        QCOMPARE(lines.size(), 8);
        for (const QByteArray &line : lines)
            QVERIFY2(kLine.match(QString::fromUtf8(line)).hasMatch(), line.constData());
        QVERIFY(lines[0].contains(" info ys.engine ["));
        QVERIFY(lines[2].contains(" warning ys.provider ["));
        QVERIFY(lines[2].contains("\\nAuthorization: Bearer [REDACTED]\\nx-api-key: [REDACTED]"));
        QVERIFY(lines[3].contains("?key=[REDACTED]"));
        QVERIFY(lines[6].contains(" warning default ["));
        QVERIFY(lines[7].contains(" debug ys.storage [") && lines[7].endsWith("plain debug line"));
        QCOMPARE(logged.count("[REDACTED]"), 10);
        // The file is its owner's only.
        QVERIFY(!(QFile::permissions(path) & (QFileDevice::ReadOther | QFileDevice::ReadGroup)));

        // What goes on to stderr: the warnings, redacted; the ys.* diary stays in the file.
        QStringList forwarded;
        {
            QMutexLocker lock(&g_forwardedMutex);
            forwarded = g_forwarded;
        }
        QCOMPARE(forwarded.size(), 2);
        for (const QString &line : forwarded) {
            for (const QByteArray &key : {registered, bearer, header})
                QVERIFY2(leakIn(line.toUtf8(), key, QStringLiteral("stderr")).isEmpty(),
                         qPrintable(line));
            QVERIFY(line.contains(Secrets::marker()));
        }

        Log::uninstall();
        QVERIFY(!Log::isInstalled());
        qInstallMessageHandler(g_testHandler);
        g_testHandler = nullptr;
    }

    // Worker threads log at once: every line whole, none with a key, and the file bounded.
    void logRotatesAndIsThreadSafe()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("threads.log"));
        const QByteArray key = QByteArrayLiteral("ys-thread-K3Y-0007");
        Secrets::registerSecret(key);
        const qint64 previousMax = Log::maxBytes();
        Log::setMaxBytes(64 * 1024);
        g_testHandler = qInstallMessageHandler(captureForwarded);
        QString error;
        QVERIFY2(Log::install(path, &error), qPrintable(error));

        constexpr int kThreads = 4;
        constexpr int kLines = 1500; // ~4 x 1500 x 110 bytes: several rotations
        std::vector<std::unique_ptr<QThread>> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back(QThread::create([t, key] {
                for (int i = 0; i < kLines; ++i)
                    qCInfo(lcEngine).noquote()
                        << QStringLiteral("thread %1 line %2 Authorization: Bearer %3 end")
                               .arg(t)
                               .arg(i)
                               .arg(QString::fromUtf8(key));
            }));
            threads.back()->start();
        }
        for (auto &thread : threads)
            QVERIFY(thread->wait(60000));
        Log::uninstall();
        qInstallMessageHandler(g_testHandler);
        g_testHandler = nullptr;
        Log::setMaxBytes(previousMax);

        const QByteArray current = readAll(path);
        const QByteArray rotated = readAll(path + QStringLiteral(".1"));
        QVERIFY(!rotated.isEmpty());
        QVERIFY(current.size() <= 64 * 1024 && rotated.size() <= 64 * 1024);
        QVERIFY(!QFile::exists(path + QStringLiteral(".2")));
        static const QRegularExpression body(
            QStringLiteral(R"( info ys\.engine \[\d+\] thread \d line \d+ Authorization: Bearer )"
                           R"(\[REDACTED\] end$)"));
        int count = 0;
        for (const QByteArray &file : {rotated, current}) {
            QVERIFY(leakIn(file, key, path).isEmpty());
            QVERIFY(file.endsWith('\n'));
            for (const QByteArray &line : file.trimmed().split('\n')) {
                const QString text = QString::fromUtf8(line);
                QVERIFY2(kLine.match(text).hasMatch() && body.match(text).hasMatch(),
                         line.constData());
                ++count;
            }
        }
        // The newest lines survive: the last thread to end wrote its last line to the current
        // file.
        QVERIFY(current.contains(QStringLiteral(" line %1 ").arg(kLines - 1).toUtf8()));
        QVERIFY(count > 500);
    }

    // A whole session through the real yardstick-cli against a real yardstick-sim whose
    // providers demand the sentinel, fail in many ways and quote the key back.
    void sentinelAppearsNowhere()
    {
        QElapsedTimer total;
        total.start();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString profiles = dir.filePath(QStringLiteral("profiles.json"));
        const QString suiteFile = dir.filePath(QStringLiteral("suite.json"));
        const QString truthFile = dir.filePath(QStringLiteral("truth.jsonl"));
        const QString simLog = dir.filePath(QStringLiteral("sim/sim.log"));
        const QString logDir = dir.filePath(QStringLiteral("logs"));
        const QString logFile = logDir + QStringLiteral("/yardstick.log");
        const QString db = dir.filePath(QStringLiteral("s.sqlite"));
        const QString wal = db + QStringLiteral("-wal");
        const QString shm = db + QStringLiteral("-shm");
        {
            QFile f(profiles);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(profilesJson());
        }

        QProcess sim;
        sim.start(test::binDir() + QStringLiteral("/yardstick-sim"),
                  {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                   QStringLiteral("--profiles"), profiles, QStringLiteral("--log"), truthFile,
                   QStringLiteral("--log-file"), simLog});
        QVERIFY(sim.waitForStarted());
        const auto stopSim = qScopeGuard([&sim] {
            if (sim.state() != QProcess::NotRunning) {
                sim.kill();
                sim.waitForFinished();
            }
        });
        QByteArray simOut;
        QElapsedTimer wait;
        wait.start();
        while (!simOut.contains('\n') && wait.elapsed() < 30000 &&
               sim.state() == QProcess::Running) {
            sim.waitForReadyRead(200);
            simOut += sim.readAllStandardOutput();
        }
        const auto match =
            QRegularExpression(QStringLiteral("listening on (http:[/]{2}127\\.0\\.0\\.1:\\d+)/v1"))
                .match(QString::fromUtf8(simOut));
        QVERIFY2(match.hasMatch(), simOut.constData());
        const QString origin = match.captured(1);
        {
            QFile f(suiteFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(suiteJson(origin + QStringLiteral("/v1"), origin + QStringLiteral("/v1beta")));
        }

        // A reader connection held open for the whole test: the WAL is never checkpointed away
        // and removed when the CLI closes, so its bytes can be read after the run as well.
        auto reader = std::make_unique<Database>(db);
        QString error;
        QVERIFY2(reader->open(&error), qPrintable(error));

        // The database's files are opened once and kept open: closing any descriptor of a file
        // drops every POSIX lock this process holds on it, the reader's included, and the CLI
        // would then checkpoint and remove the WAL.
        std::map<QString, std::unique_ptr<QFile>> held;
        for (const QString &path : {db, wal, shm})
            held[path] = std::make_unique<QFile>(path);
        QStringList leaks;
        auto scan = [&](const QString &path, const QString &where) {
            QByteArray bytes;
            if (const auto it = held.find(path); it != held.end()) {
                QFile &file = *it->second;
                if (file.isOpen() || file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
                    file.seek(0);
                    bytes = file.readAll();
                }
            } else {
                bytes = readAll(path);
            }
            const QString leak = leakIn(bytes, kSentinel, where);
            if (!leak.isEmpty())
                leaks << leak;
            return bytes.size();
        };
        auto scanLogs = [&](const QString &when) {
            for (const QString &name : QDir(logDir).entryList(QDir::Files))
                scan(logDir + QLatin1Char('/') + name, name + when);
            scan(simLog, QStringLiteral("the simulator's log") + when);
        };

        QProcess run;
        run.setProcessEnvironment(cliEnvironment(logFile));
        QByteArray runErr;
        int scansWhileRunning = 0;
        qint64 walBytesWhileRunning = 0;
        connect(&run, &QProcess::readyReadStandardError, this, [&] {
            runErr += run.readAllStandardError();
            if (run.state() != QProcess::Running)
                return;
            // The CLI has begun another provider: held still, mid-session with its connections
            // open, while its files are read.
            const pid_t pid = pid_t(run.processId());
            ::kill(pid, SIGSTOP);
            ++scansWhileRunning;
            scan(db, QStringLiteral("the database during the run"));
            walBytesWhileRunning = std::max<qint64>(
                walBytesWhileRunning, scan(wal, QStringLiteral("the WAL during the run")));
            scan(shm, QStringLiteral("the -shm during the run"));
            scanLogs(QStringLiteral(" during the run"));
            ::kill(pid, SIGCONT);
        });
        QSignalSpy finished(&run, &QProcess::finished);
        run.start(cli(), {QStringLiteral("run"), QStringLiteral("--suite"), suiteFile,
                          QStringLiteral("--db"), db});
        QVERIFY(run.waitForStarted());
        QVERIFY2(finished.wait(150000), runErr.constData());
        runErr += run.readAllStandardError();
        const QByteArray runOut = run.readAllStandardOutput();
        qInfo("run: exit %d after %lld ms, %d scans while it ran", run.exitCode(), total.elapsed(),
              scansWhileRunning);
        QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 0,
                 runErr.constData());
        QVERIFY(scansWhileRunning >= 1);
        QVERIFY(walBytesWhileRunning > 0);

        // Everything the CLI shows afterwards.
        auto cliOutput = [&](const QStringList &args) {
            QProcess p;
            p.setProcessEnvironment(cliEnvironment(logFile));
            p.start(cli(), args);
            if (!p.waitForFinished(60000))
                return QByteArray("(timed out)");
            return p.readAllStandardOutput() + p.readAllStandardError();
        };
        const QByteArray showJson = cliOutput(
            {QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QVERIFY2(showJson.contains("\"providers\""), showJson.constData());
        const QByteArray showText = cliOutput({QStringLiteral("show"), QStringLiteral("--db"), db});
        const QByteArray listJson = cliOutput(
            {QStringLiteral("list"), QStringLiteral("--db"), db, QStringLiteral("--json")});

        for (const auto &[bytes, where] :
             {std::pair(runOut, "run's stdout"), std::pair(runErr, "run's stderr"),
              std::pair(showJson, "show --json"), std::pair(showText, "show"),
              std::pair(listJson, "list --json")}) {
            const QString leak = leakIn(bytes, kSentinel, QLatin1StringView(where));
            if (!leak.isEmpty())
                leaks << leak;
        }
        QVERIFY(scan(db, QStringLiteral("the database")) > 0);
        QVERIFY2(scan(wal, QStringLiteral("the WAL")) > 0, "the WAL is gone");
        scan(shm, QStringLiteral("the -shm"));
        scanLogs(QString());
        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(QLatin1Char('\n'))));

        // The log file is there and tells the session's story.
        const QByteArray log = readAll(logFile);
        QVERIFY2(log.contains("ys.app") && log.contains("yardstick-cli"), log.constData());
        QVERIFY(log.contains(" started: suite \"sentinel\", 5 providers"));
        QVERIFY(log.contains(" ended finished after "));
        QVERIFY(log.contains("provider \"Gemini\" (gemini, model sentinel-gemini)"));
        for (const QByteArray &line : log.trimmed().split('\n'))
            QVERIFY2(kLine.match(QString::fromUtf8(line)).hasMatch(), line.constData());
        // The log quotes the echoes among the session's diagnostics, with the marker where the
        // key was, for every provider that echoed.
        QSet<QByteArray> echoedIn;
        for (const QByteArray &line : log.split('\n')) {
            if (!line.contains("Malformed credentials"))
                continue;
            QVERIFY2(line.contains("the key [REDACTED] is"), line.constData());
            // The session summary names the provider; the engine's per-attempt lines, checked
            // above for the marker too, name the run.
            if (line.contains("provider \""))
                echoedIn.insert(line.mid(line.indexOf("provider \"")).split('"').value(1));
        }
        QCOMPARE(echoedIn, (QSet<QByteArray>{"Chat", "Claude", "Gemini", "Responses"}));

        // The simulator really did quote the key: per model, how many echoes and wrong keys.
        std::map<std::string, int> echoes;
        int wrongKey = 0;
        int records = 0;
        for (const QByteArray &line : readAll(truthFile).split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            const nlohmann::json record = nlohmann::json::parse(line.toStdString());
            ++records;
            for (const auto &fault : record["faults"])
                if (fault == "echo_auth")
                    ++echoes[record["model"].get<std::string>()];
            if (record["auth"]["result"] == "wrong")
                ++wrongKey;
        }
        QVERIFY(records >= 60);
        QCOMPARE(echoes["sentinel-gemini"], 12);
        QVERIFY(echoes["sentinel-chat"] >= 1);
        QVERIFY(echoes["sentinel-claude"] >= 1);
        QVERIFY(echoes["sentinel-responses"] >= 1);
        QCOMPARE(wrongKey, 12);

        // And each echo is stored, with the marker where the key was.
        SessionRepository repo(*reader);
        const auto sessions = repo.sessions(&error);
        QCOMPARE(sessions.size(), 1u);
        std::map<std::string, int> stored;
        int unauthorised = 0;
        // One run per provider, in the suite's order.
        const auto runs = repo.runs(sessions.front().id, &error);
        QCOMPARE(runs.size(), 5u);
        int runIndex = 0;
        const std::vector<std::string> models = {"sentinel-chat", "sentinel-claude",
                                                 "sentinel-gemini", "sentinel-responses",
                                                 "sentinel-wrong"};
        for (const RunRecord &r : runs) {
            for (const Sample &sample : repo.samples(r.id, &error)) {
                QVERIFY(
                    leakIn(sample.error.toUtf8(), kSentinel, QStringLiteral("a sample")).isEmpty());
                if (sample.error.contains(QStringLiteral("Malformed credentials"))) {
                    QVERIFY2(sample.error.contains(QStringLiteral("Bearer [REDACTED]")) ||
                                 sample.error.contains(QStringLiteral("key: [REDACTED]")),
                             qPrintable(sample.error));
                    QVERIFY2(sample.error.contains(QStringLiteral("the key [REDACTED] is")),
                             qPrintable(sample.error));
                    ++stored[models[std::size_t(runIndex)]];
                }
                if (sample.httpStatus == 401)
                    ++unauthorised;
            }
            ++runIndex;
        }
        QVERIFY2(stored == echoes, "every echo is stored, redacted, in its own provider's run");
        QCOMPARE(unauthorised, 12);

        // A direct request: the fault does put the whole key on the wire, so the checks above
        // are not vacuous.
        QNetworkAccessManager nam;
        QNetworkRequest request(QUrl(origin + QStringLiteral("/v1/chat/completions")));
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json"));
        request.setRawHeader("Authorization", "Bearer " + kSentinel);
        request.setRawHeader("x-sim-fault", "echo_auth");
        QNetworkReply *reply = nam.post(
            request,
            QByteArrayLiteral(
                R"({"model":"sentinel-chat","messages":[{"role":"user","content":"hi"}]})"));
        QSignalSpy replied(reply, &QNetworkReply::finished);
        QVERIFY(replied.wait(10000));
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 400);
        // The scanner sees the key where it is.
        QVERIFY(!leakIn(reply->readAll(), kSentinel, QStringLiteral("the reply")).isEmpty());
        QVERIFY(!leakIn(readAll(profiles), kSentinel, profiles).isEmpty());
        reply->deleteLater();

        // Closing the last connection checkpoints the WAL into the file: scan that too.
        reader.reset();
        scan(db, QStringLiteral("the database after the checkpoint"));
        scan(wal, QStringLiteral("the WAL after the checkpoint"));

        sim.terminate();
        QVERIFY(sim.waitForFinished(10000));
        scanLogs(QStringLiteral(" after the simulator stopped"));
        QVERIFY(readAll(simLog).contains("yardstick-sim started with 5 profiles"));

        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(QLatin1Char('\n'))));
        qInfo("whole-session case: %lld ms", total.elapsed());
    }
};

YS_TEST_GUILESS_MAIN(TstSecrets)
#include "tst_secrets.moc"
