#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QSettings>
#include <QString>
#include <algorithm>
#include <vector>

// Paths the tests need (the checkout, the built programs, the peer clients, lupdate), read at run
// time from test_paths.ini beside the test executables, which tests/CMakeLists.txt writes. No
// object file carries a path of the checkout, so a clone in another folder reuses the compiler
// cache, and nothing outside the checkout and its build tree is read.
namespace ys::test {

inline QString testPath(const char *key)
{
    const QSettings paths(QCoreApplication::applicationDirPath() +
                              QStringLiteral("/test_paths.ini"),
                          QSettings::IniFormat);
    const QString value = paths.value(QLatin1StringView(key)).toString();
    if (value.isEmpty())
        qFatal("test_paths.ini beside %s names no \"%s\": configure the build tree again",
               qPrintable(QCoreApplication::applicationFilePath()), key);
    return value;
}

// The checkout's root.
inline QString sourceDir()
{
    return testPath("source");
}

// Test data committed with the tests (tests/fixtures/, licence notes in its README.md).
inline QString fixturesDir()
{
    return sourceDir() + QStringLiteral("/tests/fixtures");
}

// Where yardstick-cli and yardstick-sim are built.
inline QString binDir()
{
    return testPath("bin");
}

// The peer clients tests/peers/install.sh installs (tst_sim_peers).
inline QString peersDir()
{
    return testPath("peers");
}

inline QString lupdatePath()
{
    return testPath("lupdate");
}

// The demo session tst_cli_demo runs and leaves here for the tests that only read a demo session
// (ctest's fixture demo_session, tests/CMakeLists.txt), so the demo is run once, not per test.
inline QString demoSessionPath()
{
    return testPath("demoSession");
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

// The middle value (the upper of the two middle ones for an even count); 0 for none.
inline double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

} // namespace ys::test
