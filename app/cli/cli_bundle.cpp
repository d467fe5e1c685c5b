#include "cli/cli_bundle.h"

#include "storage/database.h"
#include "storage/session_bundle.h"
#include "storage/session_repository.h"

#include <QFileInfo>
#include <QTextStream>

namespace ys {

namespace {

constexpr int kBadInput = 2;
constexpr int kFailed = 1;

int complain(const QString &message, int code)
{
    QTextStream(stderr) << message << '\n';
    return code;
}

int codeOf(SessionBundle::Failure failure)
{
    return failure == SessionBundle::Failure::BadInput ? kBadInput : kFailed;
}

int exportBundle(const QCommandLineParser &parser)
{
    const QString location = parser.value(QStringLiteral("db"));
    const QString out = parser.value(QStringLiteral("out"));
    if (out.isEmpty())
        return complain(CliBundle::tr("bundle export needs --out FILE."), kBadInput);
    QString error;
    if (!Database::checkLocation(location, &error))
        return complain(error, kBadInput);
    // Export only reads: a database that is not there is never made.
    if (!Database::isPostgresUrl(location) && !QFileInfo(location).isFile())
        return complain(CliBundle::tr("%1: no such database").arg(location), kBadInput);
    Database db(location);
    if (!db.open(&error))
        return complain(error, kBadInput);
    qint64 sessionId = 0;
    if (parser.isSet(QStringLiteral("session"))) {
        bool ok = false;
        sessionId = parser.value(QStringLiteral("session")).toLongLong(&ok);
        if (!ok)
            return complain(CliBundle::tr("--session: \"%1\" is not a session id")
                                .arg(parser.value(QStringLiteral("session"))),
                            kBadInput);
    } else {
        SessionRepository repo(db);
        const auto sessions = repo.sessions(&error, false);
        if (sessions.empty())
            return complain(
                error.isEmpty() ? CliBundle::tr("%1 holds no sessions").arg(db.display()) : error,
                error.isEmpty() ? kBadInput : kFailed);
        sessionId = sessions.front().id;
    }
    SessionBundle::Failure failure{};
    if (!SessionBundle::exportSession(db, sessionId, out, &error, &failure))
        return complain(error, codeOf(failure));
    QTextStream(stdout) << CliBundle::tr("Session %1 written to %2").arg(sessionId).arg(out)
                        << '\n';
    return 0;
}

int importBundle(const QCommandLineParser &parser)
{
    const QString in = parser.value(QStringLiteral("in"));
    if (in.isEmpty())
        return complain(CliBundle::tr("bundle import needs --in FILE."), kBadInput);
    QString error;
    // Checked before the database is opened, so a bad bundle never makes a new database file.
    if (!SessionBundle::verify(in, &error))
        return complain(error, kBadInput);
    const QString location = parser.value(QStringLiteral("db"));
    if (!Database::checkLocation(location, &error))
        return complain(error, kBadInput);
    Database db(location);
    if (!db.open(&error))
        return complain(error, kBadInput);
    SessionBundle::Failure failure{};
    const auto id = SessionBundle::importBundle(db, in, &error, &failure);
    if (!id)
        return complain(error, codeOf(failure));
    QTextStream(stdout) << CliBundle::tr("Imported %1 as session %2").arg(in).arg(*id) << '\n';
    return 0;
}

} // namespace

void CliBundle::addOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("in"), tr("bundle import: the bundle file to read."),
                      QStringLiteral("file")});
}

std::optional<int> CliBundle::run(const QStringList &args, const QCommandLineParser &parser)
{
    if (args.isEmpty() || args.first() != QLatin1StringView("bundle"))
        return std::nullopt;
    const QString usage = tr("Usage: bundle export --db FILE|URL [--session ID] --out FILE, or "
                             "bundle import --db FILE|URL --in FILE");
    if (args.size() != 2)
        return complain(usage, kBadInput);
    if (!parser.isSet(QStringLiteral("db")))
        return complain(tr("--db FILE is required."), kBadInput);
    if (args.at(1) == QLatin1StringView("export"))
        return exportBundle(parser);
    if (args.at(1) == QLatin1StringView("import"))
        return importBundle(parser);
    return complain(usage, kBadInput);
}

} // namespace ys
