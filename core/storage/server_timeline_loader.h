#pragma once

#include "analysis/server_timeline.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ys {

class SessionRepository;

// Reads what one provider's timeline needs (analysis/server_timeline.h): its runs in the
// session, each placed on the provider's clock by when it started, their attempts, and the
// server metrics its runs scraped.
class ServerTimelineLoader {
    Q_DECLARE_TR_FUNCTIONS(ys::ServerTimelineLoader)
public:
    // None with *error set when the session has no such provider or a read fails.
    static std::optional<ServerTimeline> load(const SessionRepository &repo, qint64 sessionId,
                                              const QString &provider, QString *error);
};

} // namespace ys
