#include "cli/cli_store.h"

#include "storage/database.h"
#include "util/log.h"

#include <QTextStream>

namespace ys {

namespace {

int complain(const QString &message, int code)
{
    QTextStream(stderr) << message << '\n';
    Log::toFileOnly(QtWarningMsg, lcApp(), message);
    return code;
}

} // namespace

std::optional<int> CliStore::check(const QString &location)
{
    QString error;
    if (!Database::checkLocation(location, &error))
        return complain(error, 2);
    if (!Database::isPostgresUrl(location))
        return std::nullopt;
    Database db(location);
    if (!db.open(&error))
        return complain(error, 1);
    return std::nullopt;
}

} // namespace ys
