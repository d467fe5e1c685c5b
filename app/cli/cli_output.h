#pragma once

#include <QString>
#include <QTextStream>

namespace ys::cli {

// The commands' standard output: one stream for all of them.
QTextStream &out();

// Writes MESSAGE and a newline to standard error and returns CODE (the command's exit code).
int fail(int code, const QString &message);

} // namespace ys::cli
