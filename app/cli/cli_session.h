#pragma once

#include "analysis/run_summary.h"
#include "storage/database.h"
#include "storage/session_repository.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <memory>
#include <optional>

namespace ys::cli {

// What the commands that read one session's figures share: the database of --db and the
// session of --session (else the latest).
class CliSession {
    Q_DECLARE_TR_FUNCTIONS(ys::CliSession)
public:
    // The database at path, open; null with *error naming it when there is none or it cannot be
    // opened.
    static std::unique_ptr<Database> openDatabase(const QString &path, QString *error);
    // --session's id; nullopt when not given, or (with *error set) when it is not an id.
    static std::optional<qint64> sessionOption(const QCommandLineParser &parser, QString *error);
    // The newest session of the database; nullopt with *error (the query's, or that it holds
    // none) when there is none.
    static std::optional<qint64> latestSession(const SessionRepository &repo, QString *error);
    // The summary of --db's session --session, else its latest; on failure *error and *code (2:
    // bad input, 1: the lookup failed).
    static std::optional<SessionSummary> summary(const QCommandLineParser &parser, int *code,
                                                 QString *error);
};

} // namespace ys::cli
