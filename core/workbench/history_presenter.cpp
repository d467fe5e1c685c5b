#include "workbench/history_presenter.h"

#include "storage/drift_loader.h"
#include "workbench/background_reader.h"
#include "workbench/workbench.h"

namespace ys {

namespace {

const QString kDiffChannel = QStringLiteral("history-diff");
const QString kDriftChannel = QStringLiteral("history-drift");
const QString kSourcesChannel = QStringLiteral("history-sources");
const QString kWindowsChannel = QStringLiteral("history-windows");

} // namespace

HistoryPresenter::HistoryPresenter(Workbench *workbench, QObject *parent)
    : QObject(parent)
    , m_workbench(workbench)
{
}

bool HistoryPresenter::available() const
{
    return m_workbench->reader() != nullptr;
}

bool HistoryPresenter::sources(SourcesDone done)
{
    BackgroundReader *reader = m_workbench->reader();
    if (!reader)
        return false;
    reader->submit(
        kSourcesChannel, this,
        [done = std::move(done)](const SessionRepository *repo, const QString &openError) {
            QString error = openError;
            std::vector<HistorySource> sources;
            QStringList providers;
            if (repo) {
                sources = historySources(*repo, &error);
                if (error.isEmpty())
                    providers = historyProviders(*repo, &error);
            }
            return [done, sources = std::move(sources), providers, error]() mutable {
                done(std::move(sources), std::move(providers), error);
            };
        });
    return true;
}

template <typename Read, typename Done>
bool HistoryPresenter::readOn(const QString &channel, Read read, Done done)
{
    BackgroundReader *reader = m_workbench->reader();
    if (!reader)
        return false;
    reader->read(channel, this, std::move(read), std::move(done));
    return true;
}

bool HistoryPresenter::compare(const HistorySource &before, const HistorySource &after,
                               DiffDone done)
{
    return readOn(
        kDiffChannel,
        [before, after](const SessionRepository &repo, QString *error) {
            std::optional<SessionDiff> diff;
            const auto bp = loadSourceProviders(repo, before, error);
            const auto ap = bp ? loadSourceProviders(repo, after, error) : std::nullopt;
            if (ap && bp)
                diff = diffProviders(*bp, *ap);
            return diff;
        },
        std::move(done));
}

bool HistoryPresenter::windows(const QString &suite, qint64 windowS, HistoryGrouping grouping,
                               WindowsDone done)
{
    return readOn(
        kWindowsChannel,
        [suite, windowS, grouping](const SessionRepository &repo, QString *error) {
            return HistoryWindow::load(repo, suite, windowS, grouping, error);
        },
        std::move(done));
}

bool HistoryPresenter::drift(const QString &provider, DriftDone done)
{
    return readOn(
        kDriftChannel,
        [provider](const SessionRepository &repo, QString *error) {
            return loadDriftPoints(repo, provider, error);
        },
        std::move(done));
}

bool HistoryPresenter::isLoading() const
{
    const BackgroundReader *reader = m_workbench->reader();
    return reader && (reader->pending(kSourcesChannel) || reader->pending(kDiffChannel) ||
                      reader->pending(kDriftChannel) || reader->pending(kWindowsChannel));
}

bool HistoryPresenter::sourcesLoading() const
{
    const BackgroundReader *reader = m_workbench->reader();
    return reader && reader->pending(kSourcesChannel);
}

} // namespace ys
