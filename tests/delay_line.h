#pragma once

// A network link with known delays, for tests: two TUN devices and a thread that carries every IP
// packet written to one out of the other after a fixed one-way delay, dropping a share of them at
// random and spacing them to a bandwidth, as the kernel's netem qdisc does where the kernel has
// it (many do not: CONFIG_NET_SCH_NETEM is often left out of VM and container kernels). Each
// direction has its own shape. The thread sleeps until shortly before the next packet is due
// (real-time priority where it may) and spends the last 300 us polling, so a packet leaves within
// some microseconds of its due time; what arrives is taken within tens of microseconds.
// The devices are removed when the line closes them (and by the kernel if the process dies).
#include "util/monotonic_clock.h"

#include <QString>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <mutex>
#include <net/if.h>
#include <poll.h>
#include <pthread.h>
#include <random>
#include <sched.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace ys::test {

// What one direction of the link does to a packet.
struct LinkShape {
    qint64 delayNs = 0;
    double loss = 0;          // the probability that a packet is dropped
    qint64 bitsPerS = 0;      // 0: no limit; else packets leave one after another at this rate
    std::size_t limit = 1000; // packets queued in this direction, beyond which they are dropped
};

class DelayLine {
public:
    enum Side { A = 0, B = 1 };

    DelayLine() = default;
    DelayLine(const DelayLine &) = delete;
    DelayLine &operator=(const DelayLine &) = delete;
    ~DelayLine() { close(); }

    // Creates the two TUN devices (IPv4 packets without a header of their own) and starts
    // carrying packets between them, none delayed until a shape is set.
    bool open(const QString &nameA, const QString &nameB, QString *error)
    {
        for (int side : {A, B}) {
            const QString &name = side == A ? nameA : nameB;
            m_fd[side] = ::open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
            if (m_fd[side] < 0) {
                *error =
                    QStringLiteral("/dev/net/tun: %1").arg(QString::fromLocal8Bit(strerror(errno)));
                return false;
            }
            ifreq ifr = {};
            ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
            std::strncpy(ifr.ifr_name, name.toLocal8Bit().constData(), IFNAMSIZ - 1);
            if (::ioctl(m_fd[side], TUNSETIFF, &ifr) != 0) {
                *error = QStringLiteral("TUNSETIFF %1: %2")
                             .arg(name, QString::fromLocal8Bit(strerror(errno)));
                return false;
            }
        }
        m_wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        m_thread = std::thread([this] { carry(); });
        return true;
    }

    void close()
    {
        if (m_thread.joinable()) {
            m_stop = true;
            const quint64 one = 1;
            [[maybe_unused]] const ssize_t n = ::write(m_wake, &one, sizeof one);
            m_thread.join();
        }
        for (int *fd : {&m_fd[A], &m_fd[B], &m_wake}) {
            if (*fd >= 0)
                ::close(*fd);
            *fd = -1;
        }
    }

    // The shape of the packets going from side `from` to the other; takes effect for packets
    // that arrive from now on.
    void setShape(Side from, const LinkShape &shape)
    {
        std::lock_guard lock(m_mutex);
        m_dir[from].shape = shape;
    }

    // How late the packets from `from` were written out, at the median: the time from when each
    // was due to when the line had written it (what the line adds to the shaped delay, besides
    // the time from the sender's write to the line's read, which it cannot see).
    qint64 medianLatenessNs(Side from)
    {
        std::lock_guard lock(m_mutex);
        std::vector<qint64> v(m_dir[from].lateness.begin(), m_dir[from].lateness.end());
        if (v.empty())
            return 0;
        std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
        return v[v.size() / 2];
    }

    // Packets dropped on purpose (loss and queue limit) and carried, both directions together.
    qint64 dropped() const { return m_dropped; }
    qint64 carried() const { return m_carried; }

private:
    struct Packet {
        qint64 dueNs = 0;
        std::vector<char> bytes;
    };
    struct Direction {
        LinkShape shape;
        qint64 linkFreeNs = 0; // when the last packet queued has been put on the wire
        std::deque<Packet> queue;
        std::deque<qint64> lateness; // of the last packets written
    };

    void carry()
    {
        ::prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
        // On a busy machine a waiting packet must not wait for a core as well: real-time
        // priority where allowed (the thread sleeps between packets, so it takes little).
        const sched_param priority{10};
        ::pthread_setschedparam(::pthread_self(), SCHED_FIFO, &priority);
        std::mt19937_64 random(20240531);
        while (!m_stop) {
            const qint64 next = deliverDue();
            if (next > 0 && next <= kSpinNs) {
                // A timer wakes the thread some 100 us late in a VM: the last stretch before a
                // packet is due is spent reading instead (still taking what arrives meanwhile).
                const qint64 due = monotonicNs() + next;
                for (qint64 now = monotonicNs(); now < due && !m_stop; now = monotonicNs()) {
                    take(A, now, random);
                    take(B, now, random);
                }
                continue;
            }
            pollfd fds[3] = {{m_fd[A], POLLIN, 0}, {m_fd[B], POLLIN, 0}, {m_wake, POLLIN, 0}};
            timespec wait = {};
            if (next > 0) {
                wait.tv_sec = (next - kSpinNs) / 1'000'000'000;
                wait.tv_nsec = (next - kSpinNs) % 1'000'000'000;
            }
            if (::ppoll(fds, 3, next > 0 ? &wait : nullptr, nullptr) < 0 && errno != EINTR)
                return;
            const qint64 now = monotonicNs();
            for (int side : {A, B}) {
                if (fds[side].revents & POLLIN)
                    take(Side(side), now, random);
            }
        }
    }

    // Reads every packet waiting on a side and queues it for the other.
    void take(Side from, qint64 now, std::mt19937_64 &random)
    {
        char buffer[65536];
        for (;;) {
            const ssize_t n = ::read(m_fd[from], buffer, sizeof buffer);
            if (n <= 0)
                return;
            std::lock_guard lock(m_mutex);
            Direction &d = m_dir[from];
            if (std::uniform_real_distribution<double>(0, 1)(random) < d.shape.loss ||
                d.queue.size() >= d.shape.limit) {
                ++m_dropped;
                continue;
            }
            qint64 onWire = now;
            if (d.shape.bitsPerS > 0) {
                onWire = std::max(now, d.linkFreeNs) + n * 8 * 1'000'000'000 / d.shape.bitsPerS;
                d.linkFreeNs = onWire;
            }
            d.queue.push_back({onWire + d.shape.delayNs, std::vector<char>(buffer, buffer + n)});
        }
    }

    // Writes out every packet that is due; returns the nanoseconds until the next one is (0:
    // none queued).
    qint64 deliverDue()
    {
        std::lock_guard lock(m_mutex);
        const qint64 now = monotonicNs();
        qint64 next = 0;
        for (int from : {A, B}) {
            Direction &d = m_dir[from];
            while (!d.queue.empty() && d.queue.front().dueNs <= now) {
                const std::vector<char> &p = d.queue.front().bytes;
                if (::write(m_fd[1 - from], p.data(), p.size()) == ssize_t(p.size()))
                    ++m_carried;
                d.lateness.push_back(monotonicNs() - d.queue.front().dueNs);
                if (d.lateness.size() > 4096)
                    d.lateness.pop_front();
                d.queue.pop_front();
            }
            const std::deque<Packet> &q = d.queue;
            if (!q.empty() && (next == 0 || q.front().dueNs - now < next))
                next = q.front().dueNs - now;
        }
        return next;
    }

    static constexpr qint64 kSpinNs = 300'000;

    int m_fd[2] = {-1, -1};
    int m_wake = -1;
    std::thread m_thread;
    std::atomic<bool> m_stop = false;
    std::mutex m_mutex;
    Direction m_dir[2];
    std::atomic<qint64> m_dropped = 0;
    std::atomic<qint64> m_carried = 0;
};

} // namespace ys::test
