#pragma once

#include <QStringList>

namespace ys {

// The dialect names a suite may use ("openai-chat", ...). The list lives in domain/ so a suite
// can be checked without the dialects themselves; provider/dialect.cpp makes one of each.
QStringList knownDialects();

} // namespace ys
