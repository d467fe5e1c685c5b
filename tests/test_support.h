#pragma once

#include <QString>

// Paths the tests need: the shared data folder beside the checkout and the built binaries.
namespace ys::test {

inline QString sharedDir()
{
    return QStringLiteral(YS_SHARED_DIR);
}

inline QString binDir()
{
    return QStringLiteral(YS_BIN_DIR);
}

} // namespace ys::test
