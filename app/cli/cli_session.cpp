#include "cli/cli_session.h"

#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include <QFileInfo>

namespace ys::cli {

std::unique_ptr<Database> CliSession::openDatabase(const QString &path, QString *error)
{
    if (!Database::isPostgresUrl(path) && !QFileInfo::exists(path)) {
        *error = tr("%1: no such database").arg(path);
        return nullptr;
    }
    auto db = std::make_unique<Database>(path);
    if (!db->open(error))
        return nullptr;
    return db;
}

std::optional<qint64> CliSession::sessionOption(const QCommandLineParser &parser, QString *error)
{
    if (!parser.isSet(QStringLiteral("session")))
        return std::nullopt;
    bool ok = false;
    const qint64 id = parser.value(QStringLiteral("session")).toLongLong(&ok);
    if (!ok || id <= 0) {
        *error = tr("--session: \"%1\" is not a session id")
                     .arg(parser.value(QStringLiteral("session")));
        return std::nullopt;
    }
    return id;
}

std::optional<SessionSummary> CliSession::summary(const QCommandLineParser &parser, int *code,
                                                  QString *error)
{
    *code = 2;
    const auto session = sessionOption(parser, error);
    if (!error->isEmpty())
        return std::nullopt;
    auto db = openDatabase(parser.value(QStringLiteral("db")), error);
    if (!db)
        return std::nullopt;
    SessionRepository repo(*db);
    *code = 1;
    const auto id = session ? session : latestSession(repo, error);
    if (!id)
        return std::nullopt;
    return loadSessionView(repo, *id, error);
}

std::optional<qint64> CliSession::latestSession(const SessionRepository &repo, QString *error)
{
    const auto sessions = repo.sessions(error);
    if (sessions.empty()) {
        if (error->isEmpty())
            *error = tr("%1 holds no sessions").arg(repo.database().path());
        return std::nullopt;
    }
    return sessions.front().id;
}

} // namespace ys::cli
