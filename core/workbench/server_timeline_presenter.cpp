#include "workbench/server_timeline_presenter.h"

#include "storage/server_timeline_loader.h"
#include "workbench/background_reader.h"
#include "workbench/workbench.h"

namespace ys {

namespace {

const QString kTimelineChannel = QStringLiteral("server-timeline");

} // namespace

ServerTimelinePresenter::ServerTimelinePresenter(Workbench *workbench, QObject *parent)
    : QObject(parent)
    , m_workbench(workbench)
{
}

bool ServerTimelinePresenter::load(const QString &provider, Done done)
{
    BackgroundReader *reader = m_workbench->reader();
    const qint64 session = m_workbench->selectedSession();
    if (!reader || session <= 0)
        return false;
    reader->read(
        kTimelineChannel, this,
        [session, provider](const SessionRepository &repo, QString *error) {
            return ServerTimelineLoader::load(repo, session, provider, error);
        },
        std::move(done));
    return true;
}

bool ServerTimelinePresenter::isLoading() const
{
    const BackgroundReader *reader = m_workbench->reader();
    return reader && reader->pending(kTimelineChannel);
}

} // namespace ys
