#include "domain/session_status.h"

namespace ys {

namespace {

// Signals carry the status across threads and tests read it from a QVariant as text.
void registerSessionStatus()
{
    qRegisterMetaType<SessionStatus>();
    QMetaType::registerConverter<SessionStatus, QString>(&sessionStatusName);
}

} // namespace

Q_CONSTRUCTOR_FUNCTION(registerSessionStatus)

QString sessionStatusName(SessionStatus status)
{
    switch (status) {
    case SessionStatus::Running:
        return QStringLiteral("running");
    case SessionStatus::Finished:
        return QStringLiteral("finished");
    case SessionStatus::Cancelled:
        return QStringLiteral("cancelled");
    case SessionStatus::Failed:
        return QStringLiteral("failed");
    case SessionStatus::Interrupted:
        return QStringLiteral("interrupted");
    case SessionStatus::BudgetExhausted:
        return QStringLiteral("budget_exhausted");
    }
    return {};
}

std::optional<SessionStatus> sessionStatusFromName(QStringView name)
{
    for (SessionStatus s :
         {SessionStatus::Running, SessionStatus::Finished, SessionStatus::Cancelled,
          SessionStatus::Failed, SessionStatus::Interrupted, SessionStatus::BudgetExhausted}) {
        if (name == sessionStatusName(s))
            return s;
    }
    return std::nullopt;
}

QString SessionStatusText::displayText(SessionStatus status)
{
    switch (status) {
    case SessionStatus::Running:
        return tr("running");
    case SessionStatus::Finished:
        return tr("finished");
    case SessionStatus::Cancelled:
        return tr("cancelled");
    case SessionStatus::Failed:
        return tr("failed");
    case SessionStatus::Interrupted:
        return tr("interrupted");
    case SessionStatus::BudgetExhausted:
        return tr("budget exhausted");
    }
    return {};
}

} // namespace ys
