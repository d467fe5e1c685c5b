#pragma once

#include <QByteArray>
#include <QList>
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

// The length of the first whole HTTP/1.1 request in a server's buffer (head and a body framed by
// Content-Length), or -1 while it has not all arrived.
inline qsizetype requestLength(const QByteArray &buffer)
{
    const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return -1;
    qsizetype length = 0;
    for (const QByteArray &line : buffer.left(headEnd).split('\n')) {
        const QByteArray l = line.trimmed();
        if (l.toLower().startsWith("content-length:"))
            length = l.mid(15).trimmed().toLongLong();
    }
    return buffer.size() < headEnd + 4 + length ? -1 : headEnd + 4 + length;
}

} // namespace ys::test
