#include "domain/session_status.h"

namespace ys {

QString SessionStatus::displayText(const QString &status)
{
    if (status == QLatin1StringView("running"))
        return tr("running");
    if (status == QLatin1StringView("finished"))
        return tr("finished");
    if (status == QLatin1StringView("cancelled"))
        return tr("cancelled");
    if (status == QLatin1StringView("failed"))
        return tr("failed");
    if (status == QLatin1StringView("interrupted"))
        return tr("interrupted");
    return status;
}

} // namespace ys
