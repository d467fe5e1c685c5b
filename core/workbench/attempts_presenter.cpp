#include "workbench/attempts_presenter.h"

#include "workbench/background_reader.h"
#include "workbench/workbench.h"

namespace ys {

AttemptsPresenter::AttemptsPresenter(Workbench *workbench, QObject *parent)
    : QObject(parent)
    , m_workbench(workbench)
{
}

// Channels of this presenter's own: two pages (or a page and a test's) never supersede each
// other's reads.
QString AttemptsPresenter::channel(const char *kind) const
{
    return QStringLiteral("attempts-%1-%2").arg(QLatin1StringView(kind)).arg(quintptr(this), 0, 16);
}

bool AttemptsPresenter::runs(RunsDone done)
{
    BackgroundReader *reader = m_workbench ? m_workbench->reader() : nullptr;
    const qint64 session = m_workbench ? m_workbench->selectedSession() : 0;
    if (!reader || session <= 0)
        return false;
    reader->read(
        channel("runs"), this,
        [session](const SessionRepository &repo, QString *error) {
            return AttemptQuery(repo).runs(session, error);
        },
        std::move(done));
    return true;
}

bool AttemptsPresenter::outcomeCounts(qint64 runId, CountsDone done)
{
    BackgroundReader *reader = m_workbench ? m_workbench->reader() : nullptr;
    if (!reader || runId <= 0)
        return false;
    reader->read(
        channel("counts"), this,
        [runId](const SessionRepository &repo, QString *error) {
            const AttemptQuery query(repo);
            Counts counts;
            counts.outcomes = query.outcomeCounts(runId, error)
                                  .value_or(std::vector<std::pair<Outcome, qint64>>{});
            counts.contractFailed = query.contractFailures(runId, error).value_or(0);
            return counts;
        },
        std::move(done));
    return true;
}

bool AttemptsPresenter::detail(qint64 sampleId, const ProviderConfig &provider, DetailDone done)
{
    BackgroundReader *reader = m_workbench ? m_workbench->reader() : nullptr;
    if (!reader)
        return false;
    reader->read(
        channel("detail"), this,
        [sampleId, provider](const SessionRepository &repo, QString *error) {
            return loadAttemptDetail(repo, sampleId, provider, error);
        },
        std::move(done));
    return true;
}

AttemptsModel::PageReader AttemptsPresenter::pageReader() const
{
    return [workbench = m_workbench, channel = channel("page")](const AttemptPageRequest &request,
                                                                bool count, QObject *context,
                                                                AttemptsModel::PageDone done) {
        BackgroundReader *reader = workbench ? workbench->reader() : nullptr;
        if (!reader) {
            AttemptsModel::PageRead none;
            none.error = tr("No database is open");
            done(std::move(none));
            return;
        }
        reader->submit(channel, context,
                       [request, count, done = std::move(done)](const SessionRepository *repo,
                                                                const QString &openError) {
                           AttemptsModel::PageRead read;
                           read.error = openError;
                           if (repo) {
                               const AttemptQuery query(*repo);
                               if (count)
                                   read.matching = query.count(request.runId, request.outcome,
                                                               &read.error, request.contractFailed);
                               if (!count || read.matching) {
                                   if (auto rows = query.page(request, &read.error))
                                       read.rows = std::move(*rows);
                               }
                           }
                           return [done, read = std::move(read)]() mutable {
                               done(std::move(read));
                           };
                       });
    };
}

bool AttemptsPresenter::isLoading() const
{
    const BackgroundReader *reader = m_workbench ? m_workbench->reader() : nullptr;
    return reader && (reader->pending(channel("runs")) || reader->pending(channel("counts")) ||
                      reader->pending(channel("detail")));
}

bool AttemptsPresenter::runsLoading() const
{
    const BackgroundReader *reader = m_workbench ? m_workbench->reader() : nullptr;
    return reader && reader->pending(channel("runs"));
}

} // namespace ys
