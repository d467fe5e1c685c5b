// The short scheduler slice of the network lanes: requestShortTimeSlice() sets the calling
// thread's slice (read back from /proc, where the kernel shows it), and every lane a
// NetworkPool starts has it.
#include "run/network_pool.h"
#include "test_main.h"
#include "util/thread_slice.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <optional>
#include <thread>

using namespace ys;

namespace {

// se.slice of a thread in ns, from /proc/self/task/<tid>/sched (or thread-self); nullopt when
// the kernel does not show it (before Linux 6.6).
std::optional<qint64> sliceOf(const QString &schedFile)
{
    QFile f(schedFile);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QString text = QString::fromLatin1(f.readAll());
    const auto m = QRegularExpression(QStringLiteral("se\\.slice\\s*:\\s*(\\d+)")).match(text);
    if (!m.hasMatch())
        return std::nullopt;
    return m.captured(1).toLongLong();
}

} // namespace

class TstThreadSlice : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void callingThread()
    {
        const std::optional<qint64> before = sliceOf(QStringLiteral("/proc/thread-self/sched"));
        if (!before)
            QSKIP("this kernel does not show a thread's slice");
        std::optional<qint64> after;
        bool ok = false;
        std::thread worker([&] {
            ok = requestShortTimeSlice(100);
            after = sliceOf(QStringLiteral("/proc/thread-self/sched"));
        });
        worker.join();
        QVERIFY(ok);
        QVERIFY(after);
        // Linux 6.12 and later take it; before, the slice is the scheduler's own.
        if (*after == *before)
            QSKIP("this kernel keeps its own slice for normal threads");
        QCOMPARE(*after, qint64(100'000));
        // This thread's own slice is untouched.
        QCOMPARE(*sliceOf(QStringLiteral("/proc/thread-self/sched")), *before);
    }

    void lanesHaveIt()
    {
        if (!sliceOf(QStringLiteral("/proc/thread-self/sched")))
            QSKIP("this kernel does not show a thread's slice");
        std::optional<qint64> probe;
        std::thread worker([&] {
            requestShortTimeSlice(100);
            probe = sliceOf(QStringLiteral("/proc/thread-self/sched"));
        });
        worker.join();
        if (probe != qint64(100'000))
            QSKIP("this kernel keeps its own slice for normal threads");
        NetworkPool pool;
        pool.ensureLanes(2);
        int lanes = 0;
        // The lanes set their slice as they start: wait for both to show it.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                lanes = 0;
                int shortSlice = 0;
                const QDir tasks(QStringLiteral("/proc/self/task"));
                for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                    QFile comm(tasks.filePath(tid + QStringLiteral("/comm")));
                    if (!comm.open(QIODevice::ReadOnly) || !comm.readAll().startsWith("ys-lane-"))
                        continue;
                    ++lanes;
                    const auto slice = sliceOf(tasks.filePath(tid + QStringLiteral("/sched")));
                    shortSlice += slice == qint64(100'000) ? 1 : 0;
                }
                return lanes == 2 && shortSlice == 2;
            }(),
            5000);
        QCOMPARE(lanes, 2);
    }
};

YS_TEST_GUILESS_MAIN(TstThreadSlice)
#include "tst_thread_slice.moc"
