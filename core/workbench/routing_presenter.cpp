#include "workbench/routing_presenter.h"

#include "analysis/recommendation.h"
#include "analysis/routing_text.h"
#include "export/litellm_config.h"
#include "models/routing_whatif_model.h"
#include "storage/routing_attempts.h"
#include "storage/session_repository.h"
#include "workbench/background_reader.h"
#include "workbench/recommendation_presenter.h"
#include "workbench/workbench.h"

#include <QSaveFile>
#include <memory>

namespace ys {

namespace {

const QString kRoutingChannel = QStringLiteral("routing-what-if");

// What the reader thread hands back: the what-if or why not, and the session's providers.
struct RoutingRead {
    std::optional<RoutingReplayResult> result;
    QString error;
    std::optional<std::vector<ProviderConfig>> providers;
};

RoutingRead readRouting(const SessionRepository &repo, const SessionSummary &summary,
                        const RoutingPolicy &policy, bool needProviders)
{
    RoutingRead read;
    if (needProviders) {
        QString ignored;
        std::vector<ProviderConfig> providers;
        for (const ProviderRecord &p : repo.providers(summary.info.id, &ignored))
            providers.push_back(p.config);
        read.providers = std::move(providers);
    }
    QStringList chain{policy.primary};
    for (const QString &f : policy.fallbacks)
        chain.append(f);
    const auto runs = loadRoutingRuns(repo, summary, chain, &read.error);
    if (runs)
        read.result = RoutingReplay::replay(policy, *runs, summary.requirements.slo, &read.error);
    return read;
}

bool writeRoutingFile(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        *error = RoutingPresenter::tr("%1: cannot be written: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace

RoutingPresenter::RoutingPresenter(Workbench *workbench, RecommendationPresenter *recommendation,
                                   QObject *parent)
    : QObject(parent)
    , m_workbench(workbench)
    , m_recommendation(recommendation)
    , m_model(new RoutingWhatIfModel(this))
{
    connect(recommendation, &RecommendationPresenter::recommendationChanged, this,
            &RoutingPresenter::recommendationChanged);
    recommendationChanged();
}

QStringList RoutingPresenter::policyLines() const
{
    if (!m_policy)
        return {};
    // Named for people: the use case's title, not its id.
    RoutingPolicy named = *m_policy;
    const auto &rec = m_recommendation->recommendation();
    if (rec && !rec->useCase.title.isEmpty())
        named.useCase = rec->useCase.title;
    return RoutingText::policyLines(named);
}

QString RoutingPresenter::objectivesText() const
{
    return m_result ? RoutingText::objectives(m_result->objectives) : QString();
}

void RoutingPresenter::recommendationChanged()
{
    const auto summary = m_workbench->summary();
    const qint64 session = summary ? m_workbench->selectedSession() : 0;
    const auto &rec = m_recommendation->recommendation();
    std::optional<RoutingPolicy> policy;
    if (summary && rec && rec->choice)
        policy = RoutingPolicy::fromRecommendation(*rec, *summary);
    // A field refused, or a volume that ranks the same: nothing to work out again.
    if (summary == m_summary && policy == m_policy && m_state != State::NoPolicy)
        return;
    m_summary = summary;
    m_policy = std::move(policy);
    ++m_generation;
    m_result.reset();
    m_model->clear();
    m_providers.reset();
    if (summary && summary->suite)
        m_providers = summary->suite->providers;
    if (!summary) {
        m_state = State::NoPolicy;
        m_message = tr("Select a session to see how to route its requests.");
    } else if (!m_policy) {
        m_state = State::NoPolicy;
        m_message = tr("No provider of session %1 qualifies for the use case \"%2\": there is "
                       "nothing to route to.")
                        .arg(session)
                        .arg(!rec                           ? QString()
                             : rec->useCase.title.isEmpty() ? rec->useCase.id
                                                            : rec->useCase.title);
    } else {
        compute();
        return;
    }
    Q_EMIT changed();
}

void RoutingPresenter::compute()
{
    BackgroundReader *reader = m_workbench->reader();
    if (!reader) {
        m_state = State::Failed;
        m_message = tr("No database is open.");
        Q_EMIT changed();
        return;
    }
    m_state = State::Computing;
    m_message = tr("Computing…");
    Q_EMIT changed();
    const std::shared_ptr<const SessionSummary> summary = m_workbench->summary();
    const RoutingPolicy policy = *m_policy;
    const bool needProviders = !m_providers.has_value();
    const quint64 generation = m_generation;
    reader->read(
        kRoutingChannel, this,
        [summary, policy, needProviders](const SessionRepository &repo, QString *) {
            return readRouting(repo, *summary, policy, needProviders);
        },
        [this, generation](RoutingRead read, const QString &openError) {
            if (generation != m_generation)
                return; // the session or the policy changed meanwhile
            if (read.providers)
                m_providers = std::move(read.providers);
            if (read.result) {
                m_state = State::Ready;
                m_message.clear();
                m_model->setResult(*read.result);
                m_result = std::move(read.result);
            } else {
                m_state = State::Failed;
                m_message = tr("The what-if cannot be worked out: %1")
                                .arg(openError.isEmpty() ? read.error : openError);
            }
            Q_EMIT changed();
        });
}

bool RoutingPresenter::savePolicy(const QString &path, QString *error) const
{
    if (!m_policy) {
        *error = tr("There is no routing policy to save.");
        return false;
    }
    return writeRoutingFile(path, m_policy->toJson(), error);
}

bool RoutingPresenter::saveLiteLlm(const QString &path, QString *error, QStringList *warnings) const
{
    warnings->clear();
    if (!m_policy) {
        *error = tr("There is no routing policy to save.");
        return false;
    }
    if (!m_providers) {
        *error = tr("The session's providers are still being read; try again in a moment.");
        return false;
    }
    const auto config = LiteLlmExport::write(*m_policy, *m_providers, error);
    if (!config)
        return false;
    *warnings = config->warnings;
    return writeRoutingFile(path, config->yaml, error);
}

} // namespace ys
