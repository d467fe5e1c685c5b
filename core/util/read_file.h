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

} // namespace ys
