#include "cli/cli_export.h"

#include "cli/cli_output.h"
#include "export/attempts_export.h"
#include "export/comparison_export.h"
#include "export/table_file.h"
#include "export/table_sink.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/sqlite_direct.h"
#include "storage/summary_loader.h"

#include <QFileInfo>
#include <QTextStream>
#include <memory>
#include <vector>

namespace ys {

namespace {

constexpr int kBadInput = 2;
constexpr int kReadFailed = 1;

using cli::fail;

// One file to write and the tables it takes.
struct Target {
    std::unique_ptr<TableSink> sink;
    bool comparison = false;
    bool attempts = false;
};

// The files the options ask for: one, or for CSV of both tables two.
std::vector<Target> targetsFor(const CliExportOptions &o, TableFile::Format format)
{
    const bool comparison = o.table != QLatin1StringView("attempts");
    const bool attempts = o.table != QLatin1StringView("comparison");
    std::vector<Target> targets;
    if (format == TableFile::Format::Csv && comparison && attempts) {
        targets.push_back({TableSink::create(format, o.outPath), true, false});
        targets.push_back(
            {TableSink::create(format, CliExport::attemptsPath(o.outPath)), false, true});
    } else {
        // Both tables in one file make a JSON object of members; one table alone, an array.
        targets.push_back(
            {TableSink::create(format, o.outPath, comparison && attempts), comparison, attempts});
    }
    return targets;
}

// The session the options name, or the latest; nullopt after saying what is wrong.
std::optional<qint64> sessionOf(const CliExportOptions &o, const SessionRepository &repo)
{
    QString error;
    if (o.sessionId) {
        if (!repo.session(*o.sessionId, &error)) {
            fail(kBadInput,
                 error.isEmpty()
                     ? CliExport::tr("%1 holds no session %2").arg(o.dbPath).arg(*o.sessionId)
                     : error);
            return std::nullopt;
        }
        return o.sessionId;
    }
    const auto sessions = repo.sessions(&error);
    if (sessions.empty()) {
        fail(kBadInput,
             error.isEmpty() ? CliExport::tr("%1 holds no sessions").arg(o.dbPath) : error);
        return std::nullopt;
    }
    return sessions.front().id;
}

} // namespace

QString CliExport::attemptsPath(const QString &outPath)
{
    const QFileInfo info(outPath);
    const QString suffix = info.suffix();
    const QString base =
        suffix.isEmpty() ? outPath : outPath.left(outPath.size() - suffix.size() - 1);
    return base + QStringLiteral("-attempts") +
           (suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix);
}

int CliExport::run(const CliExportOptions &o)
{
    if (o.outPath.isEmpty())
        return fail(kBadInput, tr("export needs --out FILE."));
    const auto format = o.format.isEmpty() ? TableFile::formatFromPath(o.outPath)
                                           : TableFile::formatFromName(o.format);
    if (!format)
        return fail(kBadInput,
                    tr("--format: \"%1\" is not csv, xlsx or json")
                        .arg(o.format.isEmpty() ? QFileInfo(o.outPath).suffix() : o.format));
    if (!o.table.isEmpty() && o.table != QLatin1StringView("comparison") &&
        o.table != QLatin1StringView("attempts"))
        return fail(kBadInput, tr("--table: \"%1\" is not comparison or attempts").arg(o.table));
    // Export only reads: a database that is not there is never made.
    if (!Database::isPostgresUrl(o.dbPath) && !QFileInfo(o.dbPath).isFile())
        return fail(kBadInput, tr("%1: no such database").arg(o.dbPath));
    Database db(o.dbPath);
    QString error;
    if (!db.open(&error))
        return fail(kBadInput, error);
    SessionRepository repo(db);
    const auto sessionId = sessionOf(o, repo);
    if (!sessionId)
        return kBadInput;

    // Every file is opened (under its temporary name) before anything is read, so a path that
    // cannot be written is found at once; none replaces its target until all are complete.
    std::vector<Target> targets = targetsFor(o, *format);
    for (Target &t : targets)
        if (!t.sink->open(&error))
            return fail(kBadInput, error);

    qint64 attempts = 0;
    std::size_t providers = 0;
    for (Target &t : targets) {
        if (t.comparison) {
            const auto summary = loadSessionView(repo, *sessionId, &error);
            if (!summary)
                return fail(kReadFailed, error);
            const DataTable table = comparisonTable(summary->providers, summary->requirements);
            if (!t.sink->beginTable(table.name, table.columns, &error))
                return fail(kBadInput, error);
            for (const auto &row : table.rows)
                t.sink->row(table.columns, row);
            providers = table.rows.size();
        }
        if (t.attempts) {
            const auto written =
                AttemptsExport::write(db.connection(), *sessionId, *t.sink, &error);
            if (!written)
                return fail(kReadFailed, tr("%1: %2").arg(o.dbPath, error));
            attempts = *written;
        }
    }
    for (Target &t : targets)
        if (!t.sink->commit(&error))
            return fail(kReadFailed, error);

    QTextStream out(stdout);
    for (const Target &t : targets)
        out << (t.comparison && t.attempts
                    ? tr("%1: the comparison of %2 providers and %3 attempts of session %4")
                          .arg(t.sink->path())
                          .arg(providers)
                          .arg(attempts)
                          .arg(*sessionId)
                : t.comparison ? tr("%1: the comparison of %2 providers of session %3")
                                     .arg(t.sink->path())
                                     .arg(providers)
                                     .arg(*sessionId)
                               : tr("%1: %2 attempts of session %3")
                                     .arg(t.sink->path())
                                     .arg(attempts)
                                     .arg(*sessionId))
            << '\n';
    return 0;
}

} // namespace ys
