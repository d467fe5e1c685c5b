#pragma once

// What the GUI tests do the same way with a workbench: keep their settings to themselves, run a
// suite on the simulator and wait until the run has ended and its summary is loaded. Apart from
// fixtures.h because the workbench's headers bring names (percentile, ...) that some non-GUI tests
// define for themselves.
#include "domain/session_status.h"
#include "domain/suite.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <memory>

namespace ys::test {

// Keeps the test's settings to itself: QSettings in configDir, under the organisation
// "YardstickTest" and this application name, and QStandardPaths in test mode; never the user's.
inline void useOwnSettings(const QString &configDir, const QString &application)
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, configDir);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, configDir);
    QCoreApplication::setOrganizationName(QStringLiteral("YardstickTest"));
    QCoreApplication::setApplicationName(application);
}

namespace detail {
// The scratch folder a ScratchWorkbench keeps its database in: a base of its own so that it is made
// before the workbench and removed after it.
struct ScratchFolder {
    QTemporaryDir folder;
};
} // namespace detail

// A workbench for one test function, on a database in a scratch folder of its own and with this
// demo host (the simulator it runs suites on), if any. It is a Workbench: windows and pages take
// its address.
class ScratchWorkbench : private detail::ScratchFolder, public Workbench {
public:
    explicit ScratchWorkbench(std::unique_ptr<DemoHost> demo = nullptr)
        : Workbench(folder.filePath(QStringLiteral("workbench.sqlite")), std::move(demo))
    {
    }

    // Opens the workbench: false, after a warning saying why, when it does not open.
    [[nodiscard]] bool opens()
    {
        QString error;
        if (open(&error))
            return true;
        qWarning("the workbench on %s did not open: %s", qPrintable(dbPath()), qPrintable(error));
        return false;
    }
};

// Whether the model's rows hold non-decreasing numbers of this role in this column, none below
// least (a table sorted ascending by its sort role).
inline bool sortedAscending(const QAbstractItemModel &model, int column, int role, double least)
{
    double previous = least;
    for (int r = 0; r < model.rowCount(); ++r) {
        const double v = model.index(r, column).data(role).toDouble();
        if (v < previous)
            return false;
        previous = v;
    }
    return true;
}

// The short latency scenario the GUI tests run: 200-token prompts, every request on the simulator.
inline Scenario latencyProbe(int requests, int concurrency, int maxOutputTokens, int timeoutMs)
{
    Scenario probe;
    probe.kind = QStringLiteral("latency");
    probe.requests = requests;
    probe.concurrency = concurrency;
    probe.promptTokens = 200;
    probe.maxOutputTokens = maxOutputTokens;
    probe.timeoutMs = timeoutMs;
    return probe;
}

// Starts a workbench run with start (runSuite, rerunProvider, ...) and waits until it has ended
// "finished" within timeoutMs and the workbench has loaded its summary off the UI thread. False,
// with the test failed where it failed, otherwise: the caller returns.
[[nodiscard]] inline bool
runAndWaitForSummary(Workbench &wb, const std::function<bool(QString *)> &start, int timeoutMs)
{
    QSignalSpy finished(&wb, &Workbench::sessionFinished);
    QString error;
    if (!QTest::qVerify(start(&error), "start(&error)", qPrintable(error), __FILE__, __LINE__))
        return false;
    if (!QTest::qVerify(finished.wait(timeoutMs), "finished.wait(timeoutMs)", "", __FILE__,
                        __LINE__))
        return false;
    const QVariant status = finished.first().at(1);
    if (!QTest::qVerify(status.value<SessionStatus>() == SessionStatus::Finished,
                        "status == SessionStatus::Finished", qPrintable(status.toString()),
                        __FILE__, __LINE__))
        return false;
    // The summary loads on a worker thread after the run has ended.
    return QTest::qVerify(QTest::qWaitFor([&] { return wb.loadingSession() == 0; }, 60000),
                          "wb.loadingSession() == 0", "", __FILE__, __LINE__);
}

// The same for a run of the whole suite.
[[nodiscard]] inline bool runSuiteAndWaitForSummary(Workbench &wb, const Suite &suite,
                                                    int timeoutMs)
{
    return runAndWaitForSummary(
        wb, [&](QString *error) { return wb.runSuite(suite, error); }, timeoutMs);
}

} // namespace ys::test
