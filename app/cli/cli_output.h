#pragma once

#include <QString>
#include <QTextStream>
#include <optional>

namespace ys::cli {

// The commands' standard output: one stream for all of them.
QTextStream &out();

// Writes MESSAGE and a newline to standard error and returns CODE (the command's exit code).
int fail(int code, const QString &message);

// A number as the options take it: "0.6", "60%", and for token counts (allowSuffix) "50M", "2B",
// "250K"; nullopt when it is none.
std::optional<double> optionNumber(const QString &text, bool allowSuffix);

} // namespace ys::cli
