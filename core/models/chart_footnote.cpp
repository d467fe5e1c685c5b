#include "models/chart_footnote.h"

#include "domain/session_info.h"

#include <QStringList>

namespace ys {

QString ChartFootnote::text(const SessionInfo &session)
{
    QStringList parts;
    if (session.id > 0) {
        QString line = tr("Session %1").arg(session.id);
        if (!session.suiteName.isEmpty())
            line += QStringLiteral(" “%1”").arg(session.suiteName);
        parts << line;
        if (session.startedAt.isValid())
            parts << session.startedAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    } else {
        parts << tr("No session");
    }
    parts << tr("Percentiles: %1").arg(percentileMethod());
    parts << tr("Yardstick %1").arg(version());
    return parts.join(QStringLiteral(" · "));
}

QString ChartFootnote::percentileMethod()
{
    return tr("linear interpolation between closest ranks (type 7)");
}

QString ChartFootnote::version()
{
    return QStringLiteral(YS_VERSION);
}

} // namespace ys
