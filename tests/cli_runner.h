#pragma once

#include "test_support.h"

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

// Runs a program the tests built (or python3) to its end and keeps what it printed.
namespace ys::test {

struct CliResult {
    int code = -1; // -1 when it crashed or did not finish in time
    QByteArray out;
    QString err;
};

// The program runs in this process's environment unless given another.
inline CliResult
runProgram(const QString &program, const QStringList &args, int timeoutMs = 120000 * kSlow,
           const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(environment);
    p.start(program, args);
    CliResult r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// yardstick-cli with these arguments.
inline CliResult runCli(const QStringList &args, int timeoutMs = 120000 * kSlow)
{
    return runProgram(binDir() + QStringLiteral("/yardstick-cli"), args, timeoutMs);
}

// The demo session tst_cli_demo left (ctest's fixture demo_session) copied to dbPath; run alone
// without it, the demo is run into dbPath. False when neither worked.
inline bool demoSessionAt(const QString &dbPath)
{
    if (const QString shared = demoSessionPath(); QFile::exists(shared))
        return QFile::copy(shared, dbPath);
    return runCli({QStringLiteral("run"), QStringLiteral("--suite"), QStringLiteral("demo"),
                   QStringLiteral("--db"), dbPath},
                  480000 * kSlow)
               .code == 0;
}

} // namespace ys::test
