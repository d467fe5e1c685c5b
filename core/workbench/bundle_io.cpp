#include "workbench/bundle_io.h"

#include "storage/database.h"
#include "storage/session_bundle.h"
#include "storage/session_repository.h"
#include "workbench/background_reader.h"
#include "workbench/workbench.h"

#include <QCoreApplication>
#include <QPointer>

namespace ys::BundleIo {

namespace {

// A channel of each call's own: a bundle written or imported is never superseded by the next.
QString channelOf(const char *kind)
{
    static quint64 calls = 0;
    return QStringLiteral("bundle-%1-%2").arg(QLatin1StringView(kind)).arg(++calls);
}

BackgroundReader *readerOf(Workbench &workbench, QString *error)
{
    BackgroundReader *reader = workbench.reader();
    if (!reader)
        *error = QCoreApplication::translate("ys::BundleIo", "No database is open.");
    return reader;
}

} // namespace

bool exportSelected(Workbench &workbench, const QString &path, QObject *context, ExportDone done,
                    QString *error)
{
    const qint64 session = workbench.selectedSession();
    if (session == 0) {
        *error = QCoreApplication::translate("ys::BundleIo", "Select a session to export.");
        return false;
    }
    BackgroundReader *reader = readerOf(workbench, error);
    if (!reader)
        return false;
    reader->submit(
        channelOf("export"), context,
        [session, path, done = std::move(done)](const SessionRepository *repo,
                                                const QString &openError) {
            QString why = openError;
            if (repo && !SessionBundle::exportSession(repo->database(), session, path, &why) &&
                why.isEmpty())
                why =
                    QCoreApplication::translate("ys::BundleIo", "%1: cannot be written").arg(path);
            return [done, session, why] {
                done(session, why);
            };
        });
    return true;
}

bool importInto(Workbench &workbench, const QString &path, QObject *context, ImportDone done,
                QString *error)
{
    BackgroundReader *reader = readerOf(workbench, error);
    if (!reader)
        return false;
    reader->submit(channelOf("import"), context,
                   [path, bench = QPointer<Workbench>(&workbench), done = std::move(done)](
                       const SessionRepository *repo, const QString &openError) {
                       QString why = openError;
                       std::optional<qint64> id;
                       if (repo)
                           id = SessionBundle::importBundle(repo->database(), path, &why);
                       return [bench, done, id, why] {
                           if (id && bench) {
                               bench->refreshSessions();
                               bench->selectSession(*id);
                           }
                           done(id, why);
                       };
                   });
    return true;
}

} // namespace ys::BundleIo
