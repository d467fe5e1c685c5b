#pragma once

#include <QCoreApplication>
#include <QString>

namespace ys {

// The status words of sessions and runs as stored ("running", "finished", "cancelled",
// "failed", "interrupted"), and their translated text for people.
class SessionStatus {
    Q_DECLARE_TR_FUNCTIONS(ys::SessionStatus)
public:
    static QString displayText(const QString &status);
};

} // namespace ys
