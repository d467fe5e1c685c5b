#pragma once

#include <QLoggingCategory>
#include <QString>

namespace ys {

// Yardstick's logging categories. Log through these with qCInfo / qCWarning / qCDebug; the
// messages are redacted (util/redact.h) before they are written anywhere.
Q_DECLARE_LOGGING_CATEGORY(lcApp)      // "ys.app": start-up, options, the database in use
Q_DECLARE_LOGGING_CATEGORY(lcEngine)   // "ys.engine": sessions, runs, attempts
Q_DECLARE_LOGGING_CATEGORY(lcProvider) // "ys.provider": requests and replies of a dialect
Q_DECLARE_LOGGING_CATEGORY(lcStorage)  // "ys.storage": the database
Q_DECLARE_LOGGING_CATEGORY(lcSim)      // "ys.sim": the simulator
Q_DECLARE_LOGGING_CATEGORY(lcUi)       // "ys.ui": the workbench window

// The application log: a Qt message handler that appends one line per message,
//   2026-11-30T10:05:40.123Z info ys.engine [12345] message
// (UTC time, level, category, process id, the message with line breaks written as "\n") to a
// file, and hands the message on to the handler that was installed before it (Qt's own, which
// prints to stderr and honours QT_MESSAGE_PATTERN). Every message is redacted first, so no key
// reaches the file or stderr. Info and debug messages of the ys.* categories are the file's
// diary and are not repeated on stderr; warnings and everything from other categories are.
//
// When the file passes maxBytes() it is renamed to FILE.1 (replacing the previous one) and a
// new file is begun. The file is created readable by its owner only. Thread-safe.
class Log {
public:
    static constexpr qint64 kDefaultMaxBytes = 5 * 1024 * 1024;

    // <AppLocalDataLocation>/logs/yardstick.log
    static QString defaultPath();
    // The file to log to: option (a --log-file value) if given, else $YS_LOG_FILE if set, else
    // defaultPath().
    static QString choosePath(const QString &option);

    // Installs the handler, logging to path (its folder is created). When the file cannot be
    // opened the handler is installed all the same (stderr stays redacted), false is returned
    // and *error says why. Calling it again switches to the new file.
    static bool install(const QString &path, QString *error = nullptr);
    // Restores the previous handler and closes the file.
    static void uninstall();
    static bool isInstalled();
    // The file being written, empty when none.
    static QString path();

    // Writes one line to the file only, not to stderr: for a message the program already shows
    // in its own way (a command-line tool's error output). Redacted like every other line.
    static void toFileOnly(QtMsgType type, const QLoggingCategory &category,
                           const QString &message);

    static qint64 maxBytes();
    static void setMaxBytes(qint64 bytes);
};

} // namespace ys
