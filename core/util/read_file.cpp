#include "util/read_file.h"

#include <QFile>

namespace ys {

std::optional<QByteArray> readWholeFile(const QString &path, const QString &cannotRead,
                                        QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = cannotRead.arg(path, file.errorString());
        return std::nullopt;
    }
    return file.readAll();
}

} // namespace ys
