#include "workbench/bundle_io.h"

#include "storage/database.h"
#include "storage/session_bundle.h"
#include "workbench/workbench.h"

#include <QCoreApplication>

namespace ys::BundleIo {

bool exportSelected(Workbench &workbench, const QString &path, QString *error)
{
    const qint64 session = workbench.selectedSession();
    if (session == 0) {
        *error = QCoreApplication::translate("ys::BundleIo", "Select a session to export.");
        return false;
    }
    Database db(workbench.dbPath());
    return db.open(error) && SessionBundle::exportSession(db, session, path, error);
}

std::optional<qint64> importInto(Workbench &workbench, const QString &path, QString *error)
{
    std::optional<qint64> id;
    {
        Database db(workbench.dbPath());
        if (!db.open(error))
            return std::nullopt;
        id = SessionBundle::importBundle(db, path, error);
    }
    if (id) {
        workbench.refreshSessions();
        workbench.selectSession(*id);
    }
    return id;
}

} // namespace ys::BundleIo
