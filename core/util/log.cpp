#include "util/log.h"

#include "util/redact.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QStandardPaths>
#include <algorithm>
#include <atomic>
#include <cstdio>

namespace ys {

Q_LOGGING_CATEGORY(lcApp, "ys.app")
Q_LOGGING_CATEGORY(lcEngine, "ys.engine")
Q_LOGGING_CATEGORY(lcProvider, "ys.provider")
Q_LOGGING_CATEGORY(lcStorage, "ys.storage")
Q_LOGGING_CATEGORY(lcSim, "ys.sim")
Q_LOGGING_CATEGORY(lcUi, "ys.ui")

namespace {

struct LogTr {
    Q_DECLARE_TR_FUNCTIONS(ys::Log)
};

// Never destroyed: threads may log until the very end of the process.
struct LogState {
    QMutex mutex; // guards everything below
    QFile file;
    QString path;
    qint64 size = 0;
    qint64 maxBytes = Log::kDefaultMaxBytes;
    std::atomic<QtMessageHandler> previous{nullptr};
    bool installed = false;
};

LogState &state()
{
    static LogState *instance = new LogState;
    return *instance;
}

// Set while this thread is inside the handler: a message raised by the handler's own work
// (say, a file error) goes straight to the previous handler instead of deadlocking.
thread_local bool t_inHandler = false;

const char *levelName(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg:
        return "debug";
    case QtInfoMsg:
        return "info";
    case QtWarningMsg:
        return "warning";
    case QtCriticalMsg:
        return "critical";
    case QtFatalMsg:
        return "fatal";
    }
    return "?";
}

bool openFile(LogState &s, QString *error)
{
    s.file.setFileName(s.path);
    const bool existed = s.file.exists();
    if (!s.file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        if (error)
            *error = LogTr::tr("Cannot open the log file %1: %2").arg(s.path, s.file.errorString());
        return false;
    }
    if (!existed)
        s.file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    s.size = s.file.size();
    return true;
}

// FILE becomes FILE.1 and a new FILE is begun. Called with the mutex held.
void rotate(LogState &s)
{
    s.file.close();
    const QString old = s.path + QStringLiteral(".1");
    QFile::remove(old);
    QFile::rename(s.path, old);
    openFile(s, nullptr);
}

void writeLine(LogState &s, const QByteArray &line)
{
    if (!s.file.isOpen())
        return;
    if (s.size > 0 && s.size + line.size() > s.maxBytes)
        rotate(s);
    if (!s.file.isOpen())
        return;
    const qint64 written = s.file.write(line);
    if (written > 0)
        s.size += written;
}

QByteArray formatLine(QtMsgType type, const char *category, const QString &clean)
{
    QByteArray line;
    line.reserve(clean.size() + 64);
    line += QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toLatin1();
    line += ' ';
    line += levelName(type);
    line += ' ';
    line += category;
    line += " [";
    line += QByteArray::number(QCoreApplication::applicationPid());
    line += "] ";
    QByteArray text = clean.toUtf8();
    text.replace('\r', "\\r").replace('\n', "\\n");
    line += text;
    line += '\n';
    return line;
}

void handler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    LogState &s = state();
    if (t_inHandler) {
        // Only the handler's own trouble lands here; it is shown, redacted, but not logged.
        if (QtMessageHandler previous = s.previous)
            previous(type, context, redactSecrets(message));
        return;
    }
    t_inHandler = true;
    const QString clean = redactSecrets(message);
    const char *category = context.category ? context.category : "default";
    const QByteArray line = formatLine(type, category, clean);
    {
        QMutexLocker lock(&s.mutex);
        writeLine(s, line);
    }
    const QtMessageHandler previous = s.previous.load();

    const bool ours = qstrncmp(category, "ys.", 3) == 0;
    const bool toStderr = !ours || (type != QtDebugMsg && type != QtInfoMsg);
    if (toStderr || type == QtFatalMsg) {
        if (previous) {
            previous(type, context, clean);
        } else {
            std::fprintf(stderr, "%s\n", clean.toLocal8Bit().constData());
            std::fflush(stderr);
        }
    }
    t_inHandler = false;
}

} // namespace

QString Log::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/logs/yardstick.log");
}

QString Log::choosePath(const QString &option)
{
    if (!option.isEmpty())
        return option;
    const QString env = qEnvironmentVariable("YS_LOG_FILE");
    if (!env.isEmpty())
        return env;
    return defaultPath();
}

bool Log::install(const QString &path, QString *error)
{
    LogState &s = state();
    bool ok = true;
    {
        QMutexLocker lock(&s.mutex);
        if (s.file.isOpen())
            s.file.close();
        s.path = QFileInfo(path).absoluteFilePath();
        const QString dir = QFileInfo(s.path).absolutePath();
        if (!QDir().mkpath(dir)) {
            if (error)
                *error = LogTr::tr("Cannot create the log folder %1").arg(dir);
            ok = false;
        } else {
            ok = openFile(s, error);
        }
        if (!ok)
            s.path.clear();
        if (s.installed)
            return ok;
        s.installed = true;
    }
    // Outside the lock: a message raised meanwhile on another thread must not wait for it.
    s.previous = qInstallMessageHandler(handler);
    return ok;
}

void Log::uninstall()
{
    LogState &s = state();
    {
        QMutexLocker lock(&s.mutex);
        if (!s.installed)
            return;
        s.installed = false;
        s.file.close();
        s.path.clear();
        s.size = 0;
    }
    qInstallMessageHandler(s.previous.exchange(nullptr));
}

bool Log::isInstalled()
{
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    return s.installed;
}

QString Log::path()
{
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    return s.file.isOpen() ? s.path : QString();
}

void Log::toFileOnly(QtMsgType type, const QLoggingCategory &category, const QString &message)
{
    if (!category.isEnabled(type) || t_inHandler)
        return;
    t_inHandler = true;
    const QByteArray line = formatLine(type, category.categoryName(), redactSecrets(message));
    LogState &s = state();
    {
        QMutexLocker lock(&s.mutex);
        writeLine(s, line);
    }
    t_inHandler = false;
}

qint64 Log::maxBytes()
{
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    return s.maxBytes;
}

void Log::setMaxBytes(qint64 bytes)
{
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    s.maxBytes = std::max<qint64>(bytes, 1024);
}

} // namespace ys
