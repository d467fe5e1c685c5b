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

// How much longer a wait may take in the ASan/UBSan build, which runs a few times slower.
#ifdef YS_SANITIZED
constexpr int kSlow = 4;
#else
constexpr int kSlow = 1;
#endif

} // namespace ys::test
