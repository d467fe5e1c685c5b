#pragma once

// A network namespace of the test's own, reachable from the test's namespace only over a
// DelayLine (two TUN devices, one on each side, with private addresses 10.231.N.1 here and
// 10.231.N.2 there), and the simulators the test starts inside it. Everything is torn down by
// close() or the destructor: the processes stopped by their PIDs, the namespace deleted, the
// devices removed. Should the test die first, its simulators get SIGTERM (PR_SET_PDEATHSIG) and
// the kernel removes the devices; the namespace it left (its PID gone) is deleted at the next
// set-up.
#include "delay_line.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QUrl>
#include <csignal>
#include <memory>
#include <sys/prctl.h>
#include <unistd.h>
#include <vector>

namespace ys::test {

class NetnsLab {
public:
    NetnsLab() = default;
    NetnsLab(const NetnsLab &) = delete;
    NetnsLab &operator=(const NetnsLab &) = delete;
    ~NetnsLab() { close(); }

    // Why this process cannot make a namespace and devices (empty: it can): it needs the `ip`
    // command, CAP_NET_ADMIN and CAP_SYS_ADMIN (root has both) and /dev/net/tun.
    static QString missingPrivileges()
    {
        if (ipCommand().isEmpty())
            return QStringLiteral("the ip command (iproute2) is not installed");
        QFile status(QStringLiteral("/proc/self/status"));
        quint64 caps = 0;
        if (status.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : status.readAll().split('\n')) {
                if (line.startsWith("CapEff:"))
                    caps = line.mid(7).trimmed().toULongLong(nullptr, 16);
            }
        }
        constexpr quint64 kNetAdmin = 1ULL << 12, kSysAdmin = 1ULL << 21;
        if ((caps & kNetAdmin) == 0 || (caps & kSysAdmin) == 0)
            return QStringLiteral("not root: CAP_NET_ADMIN and CAP_SYS_ADMIN are needed for "
                                  "`ip netns add` and TUN devices");
        if (::access("/dev/net/tun", R_OK | W_OK) != 0)
            return QStringLiteral("/dev/net/tun is missing or not accessible");
        return {};
    }

    // Makes the namespace and the link; false with *error set when a step fails.
    bool open(QString *error)
    {
        removeStale();
        const QString pid = QString::number(::getpid());
        m_name = QStringLiteral("ys-netem-") + pid;
        if (!pickSubnet(error) ||
            !ip({QStringLiteral("netns"), QStringLiteral("add"), m_name}, error))
            return false;
        m_made = true;
        const QString a = QStringLiteral("ysn%1a").arg(pid), b = QStringLiteral("ysn%1b").arg(pid);
        if (!m_line.open(a, b, error))
            return false;
        const QString here = hostAddress(), there = nsAddress();
        for (const QString &command :
             {QStringLiteral("link set %1 netns %2").arg(b, m_name),
              QStringLiteral("addr add %1 peer %2/32 dev %3").arg(here, there, a),
              QStringLiteral("link set %1 up").arg(a),
              QStringLiteral("-n %1 addr add %2 peer %3/32 dev %4").arg(m_name, there, here, b),
              QStringLiteral("-n %1 link set %2 up").arg(m_name, b),
              QStringLiteral("-n %1 link set lo up").arg(m_name)}) {
            if (!ip(command.split(QLatin1Char(' ')), error))
                return false;
        }
        return true;
    }

    void close()
    {
        for (const auto &p : m_processes) {
            if (p->state() != QProcess::NotRunning) {
                p->terminate(); // SIGTERM to its PID
                if (!p->waitForFinished(5000)) {
                    p->kill();
                    p->waitForFinished(5000);
                }
            }
        }
        m_processes.clear();
        m_line.close();
        if (m_made) {
            QString error;
            if (!ip({QStringLiteral("netns"), QStringLiteral("del"), m_name}, &error))
                qWarning("%s", qPrintable(error));
            m_made = false;
        }
    }

    DelayLine &line() { return m_line; }
    QString name() const { return m_name; }
    QString hostAddress() const { return QStringLiteral("10.231.%1.1").arg(m_subnet); }
    QString nsAddress() const { return QStringLiteral("10.231.%1.2").arg(m_subnet); }

    // Starts the simulator inside the namespace (on a free port of nsAddress()) with these
    // arguments added, and returns the base URL it prints; empty with *error set if it does not
    // start within the time.
    QUrl startSim(const QStringList &args, QString *error)
    {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::SeparateChannels);
        // Should the test die without closing, the simulator gets SIGTERM all the same.
        p->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
        // `ip netns exec` execs the program: the PID is the simulator's own.
        p->start(ipCommand(),
                 QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_name,
                             binDir() + QStringLiteral("/yardstick-sim"),
                             QStringLiteral("--listen"), nsAddress() + QStringLiteral(":0")} +
                     args);
        QProcess *proc = p.get();
        m_processes.push_back(std::move(p));
        QByteArray out;
        while (!out.contains('\n') && proc->waitForReadyRead(20000 * kSlow))
            out += proc->readAllStandardOutput();
        const QByteArray prefix = "yardstick-sim listening on ";
        if (!out.startsWith(prefix)) {
            *error =
                QStringLiteral("yardstick-sim did not start: %1 %2")
                    .arg(QString::fromUtf8(out), QString::fromUtf8(proc->readAllStandardError()));
            return {};
        }
        return QUrl(QString::fromUtf8(out.mid(prefix.size()).trimmed()));
    }

private:
    static QString ipCommand()
    {
        return QStandardPaths::findExecutable(QStringLiteral("ip"),
                                              {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"),
                                               QStringLiteral("/usr/bin"), QStringLiteral("/bin")});
    }

    static bool ip(const QStringList &args, QString *error)
    {
        QProcess p;
        p.start(ipCommand(), args);
        if (p.waitForFinished(20000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0)
            return true;
        *error =
            QStringLiteral("ip %1: %2")
                .arg(args.join(QLatin1Char(' ')), QString::fromLocal8Bit(p.readAllStandardError()));
        return false;
    }

    static QString ipOutput(const QStringList &args)
    {
        QProcess p;
        p.start(ipCommand(), args);
        p.waitForFinished(20000);
        return QString::fromLocal8Bit(p.readAllStandardOutput());
    }

    // A 10.231.N.0/30 that no address or route of this namespace (nor another test's namespace)
    // touches, N from this process's PID onwards.
    bool pickSubnet(QString *error)
    {
        const QString used =
            ipOutput({QStringLiteral("-4"), QStringLiteral("addr")}) +
            ipOutput({QStringLiteral("-4"), QStringLiteral("route")}) +
            ipOutput({QStringLiteral("-4"), QStringLiteral("route"), QStringLiteral("show"),
                      QStringLiteral("table"), QStringLiteral("all")});
        if (used.contains(QLatin1StringView("10.231.0.0/16"))) {
            *error = QStringLiteral("10.231.0.0/16 is routed here already");
            return false;
        }
        for (int i = 0; i < 250; ++i) {
            const int n = 1 + (::getpid() + i) % 250;
            if (!used.contains(QStringLiteral("10.231.%1.").arg(n))) {
                m_subnet = n;
                return true;
            }
        }
        *error = QStringLiteral("no free 10.231.N.0/30");
        return false;
    }

    // Namespaces named by this helper whose process is gone.
    static void removeStale()
    {
        const QDir dir(QStringLiteral("/run/netns"));
        for (const QString &entry : dir.entryList({QStringLiteral("ys-netem-*")}, QDir::Files)) {
            const QString pid = entry.mid(9);
            QString ignored;
            if (!QFile::exists(QStringLiteral("/proc/") + pid))
                ip({QStringLiteral("netns"), QStringLiteral("del"), entry}, &ignored);
        }
    }

    QString m_name;
    int m_subnet = 0;
    bool m_made = false;
    DelayLine m_line;
    std::vector<std::unique_ptr<QProcess>> m_processes;
};

} // namespace ys::test
