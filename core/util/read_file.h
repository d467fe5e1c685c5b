#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace ys {

// The whole content of the file at path. When it cannot be opened: nothing, and *error (when
// not null) is cannotRead with %1 the path and %2 the reason the system gave, e.g.
// tr("%1: cannot read the suite file (%2)").
std::optional<QByteArray> readWholeFile(const QString &path, const QString &cannotRead,
                                        QString *error);

// What parse(bytes, path, error) makes of the whole file at path (path naming the source in its
// errors); nothing when the file cannot be read, *error then as readWholeFile() words it.
template <typename Parse>
auto parseWholeFile(const QString &path, const QString &cannotRead, QString *error, Parse parse)
    -> decltype(parse(QByteArray(), path, error))
{
    const std::optional<QByteArray> bytes = readWholeFile(path, cannotRead, error);
    if (!bytes)
        return {};
    return parse(*bytes, path, error);
}

} // namespace ys
