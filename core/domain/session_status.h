#pragma once

#include <QCoreApplication>
#include <QMetaType>
#include <QString>
#include <QStringView>
#include <optional>

namespace ys {

// The status of a session or of one provider's run. Stored by name, so the numeric order is
// free to change. A QVariant holding one converts to its stored name (toString()).
enum class SessionStatus {
    Running,
    Finished,
    Cancelled,
    Failed,
    Interrupted,
    BudgetExhausted, // stopped because the reported spend reached the suite's budget_usd
};

// Stable name used in the database and in JSON: "running", "finished", "cancelled", "failed",
// "interrupted", "budget_exhausted".
QString sessionStatusName(SessionStatus status);
std::optional<SessionStatus> sessionStatusFromName(QStringView name);

// The status as people read it, translated.
class SessionStatusText {
    Q_DECLARE_TR_FUNCTIONS(ys::SessionStatus)
public:
    static QString displayText(SessionStatus status);
};

} // namespace ys

Q_DECLARE_METATYPE(ys::SessionStatus)
