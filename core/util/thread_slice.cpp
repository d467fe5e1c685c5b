#include "util/thread_slice.h"

#include <QtGlobal>

#ifdef Q_OS_LINUX
#include <cstdint>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace ys {

bool requestShortTimeSlice(unsigned microseconds)
{
#if defined(Q_OS_LINUX) && defined(SYS_sched_setattr)
    // The kernel's struct sched_attr (include/uapi/linux/sched/types.h); glibc has no wrapper.
    struct SchedAttr {
        std::uint32_t size;
        std::uint32_t sched_policy;
        std::uint64_t sched_flags;
        std::int32_t sched_nice;
        std::uint32_t sched_priority;
        std::uint64_t sched_runtime;
        std::uint64_t sched_deadline;
        std::uint64_t sched_period;
    };
    SchedAttr attr{};
    attr.size = sizeof attr;
    attr.sched_policy = SCHED_OTHER;
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, 0); // this thread's nice level
    attr.sched_nice = errno == 0 ? nice : 0;
    attr.sched_runtime = std::uint64_t(microseconds) * 1000;
    return syscall(SYS_sched_setattr, 0, &attr, 0) == 0;
#else
    Q_UNUSED(microseconds);
    return false;
#endif
}

} // namespace ys
