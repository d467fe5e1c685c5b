#pragma once

#include "analysis/server_timeline.h"

#include <QObject>
#include <QString>
#include <functional>
#include <optional>

namespace ys {

class Workbench;

// Reads one provider's timeline of the selected session (analysis/server_timeline.h: what the
// client measured and what the server reported, on one time axis) on the workbench's reader
// thread; a newer request supersedes one still out.
class ServerTimelinePresenter : public QObject {
    Q_OBJECT
public:
    explicit ServerTimelinePresenter(Workbench *workbench, QObject *parent = nullptr);

    using Done = std::function<void(std::optional<ServerTimeline> timeline, const QString &error)>;
    // False when no session is selected or no database is open (done is not called).
    bool load(const QString &provider, Done done);
    bool isLoading() const;

private:
    Workbench *m_workbench;
};

} // namespace ys
