#include "workbench/attempts_presenter.h"

#include "workbench/workbench.h"

namespace ys {

AttemptsPresenter::AttemptsPresenter(Workbench *workbench)
    : m_workbench(workbench)
{
}

std::vector<AttemptRunChoice> AttemptsPresenter::runs(QString *error) const
{
    const SessionRepository *repo = m_workbench->repository();
    if (!repo || m_workbench->selectedSession() <= 0)
        return {};
    return AttemptQuery(*repo).runs(m_workbench->selectedSession(), error);
}

std::vector<std::pair<Outcome, qint64>> AttemptsPresenter::outcomeCounts(qint64 runId,
                                                                         QString *error) const
{
    const SessionRepository *repo = m_workbench->repository();
    if (!repo || runId <= 0)
        return {};
    return AttemptQuery(*repo)
        .outcomeCounts(runId, error)
        .value_or(std::vector<std::pair<Outcome, qint64>>{});
}

std::optional<AttemptDetail>
AttemptsPresenter::detail(qint64 sampleId, const ProviderConfig &provider, QString *error) const
{
    const SessionRepository *repo = m_workbench->repository();
    if (!repo)
        return std::nullopt;
    return loadAttemptDetail(*repo, sampleId, provider, error);
}

} // namespace ys
