#pragma once

#include "domain/session_status.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace ys {

// One stored session as the session list and the summaries show it. Plain data, so analysis/
// can summarise a session without knowing where it was stored.
struct SessionInfo {
    qint64 id = 0;
    QString suiteName;
    QDateTime startedAt;
    QDateTime finishedAt;
    SessionStatus status = SessionStatus::Running;
    int providerCount = 0;
    int runCount = 0;
    qint64 sampleCount = 0;
    QByteArray calibration; // JSON of the client's self-calibration, or empty
};

} // namespace ys
