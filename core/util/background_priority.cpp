#include "util/background_priority.h"

#include <QtGlobal>

#ifdef Q_OS_LINUX
#include <algorithm>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace ys {

void lowerThisThreadsPriority()
{
#ifdef Q_OS_LINUX
    // On Linux the nice value belongs to each thread: this one, and those it starts later.
    const auto tid = id_t(::syscall(SYS_gettid));
    const int current = ::getpriority(PRIO_PROCESS, tid);
    ::setpriority(PRIO_PROCESS, tid, std::min(19, current + kBackgroundNice));
#endif
}

} // namespace ys
