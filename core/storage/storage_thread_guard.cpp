#include "storage/storage_thread_guard.h"

#include <QCoreApplication>
#include <QMutex>
#include <QMutexLocker>
#include <QThread>
#include <sqlite3.h>

namespace ys {

namespace {

QMutex s_lock; // guards s_violations
QStringList s_violations;

int traced(unsigned type, void *, void *, void *text)
{
    // SQLITE_TRACE_STMT: the statement's text as prepared, or a comment naming a trigger.
    if (type == SQLITE_TRACE_STMT && text)
        StorageThreadGuard::check(static_cast<const char *>(text));
    return 0;
}

} // namespace

void StorageThreadGuard::forbid(QThread *thread)
{
    s_forbidden.store(thread, std::memory_order_relaxed);
}

QStringList StorageThreadGuard::violations()
{
    const QMutexLocker lock(&s_lock);
    return s_violations;
}

void StorageThreadGuard::clear()
{
    const QMutexLocker lock(&s_lock);
    s_violations.clear();
}

void StorageThreadGuard::watch(sqlite3 *db)
{
    if (db)
        sqlite3_trace_v2(db, SQLITE_TRACE_STMT, traced, nullptr);
}

bool StorageThreadGuard::onForbiddenThread()
{
    return QThread::currentThread() == s_forbidden.load(std::memory_order_relaxed);
}

void StorageThreadGuard::record(const QString &what)
{
    const QThread *here = QThread::currentThread();
    const QCoreApplication *app = QCoreApplication::instance();
    const QString name = !here->objectName().isEmpty()  ? here->objectName()
                         : app && app->thread() == here ? QStringLiteral("the main thread")
                                                        : QStringLiteral("the forbidden thread");
    const QMutexLocker lock(&s_lock);
    s_violations << QStringLiteral("%1 [on %2]").arg(what.simplified(), name);
}

} // namespace ys
