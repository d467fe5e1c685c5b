#include "cli/cli_report.h"

#include "charts/report_document.h"
#include "cli/cli_output.h"
#include "report/report_language.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include <QFileInfo>
#include <QTextStream>
#include <algorithm>
#include <cstring>

namespace ys {

namespace {

using cli::fail;

// The session to report: the one asked for, else the newest; 0 with *code set when there is
// none to report.
qint64 chooseSession(const SessionRepository &repo, const QCommandLineParser &parser,
                     const QString &dbPath, int *code)
{
    QString error;
    const auto sessions = repo.sessions(&error, false);
    if (!parser.isSet(QStringLiteral("session"))) {
        if (sessions.empty())
            *code = fail(2, CliReport::tr("%1 holds no sessions").arg(dbPath));
        return sessions.empty() ? 0 : sessions.front().id;
    }
    const QString text = parser.value(QStringLiteral("session"));
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    const bool known = ok && std::any_of(sessions.begin(), sessions.end(),
                                         [id](const SessionInfo &s) { return s.id == id; });
    if (!known) {
        *code = fail(2, CliReport::tr("--session: %1 holds no session \"%2\"").arg(dbPath, text));
        return 0;
    }
    return id;
}

} // namespace

void CliReport::addOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("lang"),
                      tr("report: the report's language, en (default) or zh_CN."),
                      QStringLiteral("en|zh_CN")});
}

bool CliReport::wantsGui(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "report") == 0)
            return true;
    return false;
}

std::optional<int> CliReport::run(const QString &command, const QCommandLineParser &parser)
{
    if (command != QLatin1StringView("report"))
        return std::nullopt;
    const QString dbPath = parser.value(QStringLiteral("db"));
    const QString out = parser.value(QStringLiteral("out"));
    const QString language = parser.isSet(QStringLiteral("lang"))
                                 ? parser.value(QStringLiteral("lang"))
                                 : QStringLiteral("en");
    if (dbPath.isEmpty() || out.isEmpty() || !parser.isSet(QStringLiteral("format")))
        return fail(2, tr("Usage: report --db FILE [--session ID] --format html|pdf --out FILE "
                          "[--lang en|zh_CN]"));
    const auto format = ReportWriter::formatFromName(parser.value(QStringLiteral("format")));
    if (!format)
        return fail(
            2,
            tr("--format: \"%1\" is not html or pdf").arg(parser.value(QStringLiteral("format"))));
    if (!ReportLanguage::isKnown(language))
        return fail(2, tr("--lang: \"%1\" is not en or zh_CN").arg(language));
    // Never create a database that is not there.
    if (!Database::isPostgresUrl(dbPath) && !QFileInfo(dbPath).isFile())
        return fail(2, tr("%1: no such database").arg(dbPath));
    Database db(dbPath);
    QString error;
    if (!db.open(&error))
        return fail(2, error);
    SessionRepository repo(db);
    int code = 0;
    const qint64 sessionId = chooseSession(repo, parser, dbPath, &code);
    if (!sessionId)
        return code;
    const auto summary = loadSessionView(repo, sessionId, &error);
    if (!summary)
        return fail(1, error);
    const ReportDocument document =
        ReportWriter::prepare(*summary, summary->suite, *format, language);
    if (!ReportWriter::save(document, out, &error))
        return fail(2, error);
    return 0;
}

} // namespace ys
