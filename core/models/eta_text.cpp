#include "models/eta_text.h"

namespace ys {

QString EtaText::format(qint64 etaMs)
{
    if (etaMs < 0)
        return {};
    const qint64 s = (etaMs + 999) / 1000;
    if (s < 60)
        return tr("about %n s left", nullptr, int(s));
    if (s < 3600)
        return tr("about %1 min %2 s left").arg(s / 60).arg(s % 60);
    return tr("about %1 h %2 min left").arg(s / 3600).arg((s % 3600) / 60);
}

} // namespace ys
