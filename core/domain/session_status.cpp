#include "domain/session_status.h"

#include "util/enum_names.h"

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

namespace {

constexpr EnumName<SessionStatus> kSessionStatusNames[] = {
    {SessionStatus::Running, "running"},
    {SessionStatus::Finished, "finished"},
    {SessionStatus::Cancelled, "cancelled"},
    {SessionStatus::Failed, "failed"},
    {SessionStatus::Interrupted, "interrupted"},
    {SessionStatus::BudgetExhausted, "budget_exhausted"}};

} // namespace

QString sessionStatusName(SessionStatus status)
{
    return nameIn(kSessionStatusNames, status);
}

std::optional<SessionStatus> sessionStatusFromName(QStringView name)
{
    return valueIn(kSessionStatusNames, name);
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
