#include "cli/cli_bundle.h"

#include "cli/cli_output.h"
#include "storage/database.h"
#include "storage/session_bundle.h"
#include "storage/session_repository.h"

#include <QFileInfo>
#include <QTextStream>

namespace ys {

namespace {

constexpr int kBadInput = 2;
constexpr int kFailed = 1;

using cli::fail;

int codeOf(SessionBundle::Failure failure)
{
    return failure == SessionBundle::Failure::BadInput ? kBadInput : kFailed;
}

int exportBundle(const QCommandLineParser &parser)
{
    const QString location = parser.value(QStringLiteral("db"));
    const QString out = parser.value(QStringLiteral("out"));
    if (out.isEmpty())
        return fail(kBadInput, CliBundle::tr("bundle export needs --out FILE."));
    QString error;
    if (!Database::checkLocation(location, &error))
        return fail(kBadInput, error);
    // Export only reads: a database that is not there is never made.
    if (!Database::isPostgresUrl(location) && !QFileInfo(location).isFile())
        return fail(kBadInput, CliBundle::tr("%1: no such database").arg(location));
    Database db(location);
    if (!db.open(&error))
        return fail(kBadInput, error);
    qint64 sessionId = 0;
    if (parser.isSet(QStringLiteral("session"))) {
        bool ok = false;
        sessionId = parser.value(QStringLiteral("session")).toLongLong(&ok);
        if (!ok)
            return fail(kBadInput, CliBundle::tr("--session: \"%1\" is not a session id")
                                       .arg(parser.value(QStringLiteral("session"))));
    } else {
        SessionRepository repo(db);
        const auto sessions = repo.sessions(&error, false);
        if (sessions.empty())
            return fail(error.isEmpty() ? kBadInput : kFailed,
                        error.isEmpty() ? CliBundle::tr("%1 holds no sessions").arg(db.display())
                                        : error);
        sessionId = sessions.front().id;
    }
    SessionBundle::Failure failure{};
    if (!SessionBundle::exportSession(db, sessionId, out, &error, &failure))
        return fail(codeOf(failure), error);
    QTextStream(stdout) << CliBundle::tr("Session %1 written to %2").arg(sessionId).arg(out)
                        << '\n';
    return 0;
}

int importBundle(const QCommandLineParser &parser)
{
    const QString in = parser.value(QStringLiteral("in"));
    if (in.isEmpty())
        return fail(kBadInput, CliBundle::tr("bundle import needs --in FILE."));
    QString error;
    // Checked before the database is opened, so a bad bundle never makes a new database file.
    if (!SessionBundle::verify(in, &error))
        return fail(kBadInput, error);
    const QString location = parser.value(QStringLiteral("db"));
    if (!Database::checkLocation(location, &error))
        return fail(kBadInput, error);
    Database db(location);
    if (!db.open(&error))
        return fail(kBadInput, error);
    SessionBundle::Failure failure{};
    const auto id = SessionBundle::importBundle(db, in, &error, &failure);
    if (!id)
        return fail(codeOf(failure), error);
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
        return fail(kBadInput, usage);
    if (!parser.isSet(QStringLiteral("db")))
        return fail(kBadInput, tr("--db FILE is required."));
    if (args.at(1) == QLatin1StringView("export"))
        return exportBundle(parser);
    if (args.at(1) == QLatin1StringView("import"))
        return importBundle(parser);
    return fail(kBadInput, usage);
}

} // namespace ys
