#pragma once

#include "analysis/routing_policy.h"
#include "analysis/routing_replay.h"
#include "domain/provider_config.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

namespace ys {

class RecommendationPresenter;
class RoutingWhatIfModel;
class Workbench;

// The routing policy of the Recommendation page and its what-if, as `yardstick-cli route` works
// them out (app/cli/cli_route.cpp, docs/measurements.md "Routing policies and their what-if"):
// the policy RoutingPolicy::fromRecommendation makes of the recommendation presenter's current
// recommendation, and the session's measured attempts of the providers of its chain replayed
// through it (loadRoutingRuns, RoutingReplay::replay), both on the workbench's reader thread. A
// result that arrives after the session or the policy changed is dropped. The policy is saved as
// JSON (RoutingPolicy::toJson) and as a LiteLLM proxy configuration (LiteLlmExport::write), each
// written whole or not at all.
class RoutingPresenter : public QObject {
    Q_OBJECT
public:
    enum class State {
        NoPolicy,  // no session, or no provider qualifies: message() says which
        Computing, // the what-if is being worked out
        Ready,     // result() holds it
        Failed,    // it cannot be worked out: message() says why
    };

    RoutingPresenter(Workbench *workbench, RecommendationPresenter *recommendation,
                     QObject *parent = nullptr);

    const std::optional<RoutingPolicy> &policy() const { return m_policy; }
    // The policy in words (RoutingText::policyLines, the use case by its title); empty without
    // one.
    QStringList policyLines() const;
    State state() const { return m_state; }
    QString message() const { return m_message; }
    const std::optional<RoutingReplayResult> &result() const { return m_result; }
    // The objectives the what-if measured SLO attainment against, in words; empty without one.
    QString objectivesText() const;
    QStringList notes() const { return m_result ? m_result->notes : QStringList(); }
    RoutingWhatIfModel *model() const { return m_model; }

    // Writes the policy as JSON, or as a LiteLLM config.yaml, to path, whole or not at all.
    // False with *error saying why (no policy, the providers not read yet, the file). *warnings:
    // what the LiteLLM configuration could not carry over (a key it left out).
    bool savePolicy(const QString &path, QString *error) const;
    bool saveLiteLlm(const QString &path, QString *error, QStringList *warnings) const;

Q_SIGNALS:
    // The policy, the state, the what-if or the message changed.
    void changed();

private:
    void recommendationChanged();
    void compute();

    Workbench *m_workbench;
    RecommendationPresenter *m_recommendation;
    std::shared_ptr<const SessionSummary> m_summary; // the one the policy is of
    std::optional<RoutingPolicy> m_policy;
    State m_state = State::NoPolicy;
    QString m_message;
    std::optional<RoutingReplayResult> m_result;
    // The session's providers, for the LiteLLM configuration: its suite's, else read with the
    // what-if.
    std::optional<std::vector<ProviderConfig>> m_providers;
    quint64 m_generation = 0; // bumped whenever what the what-if is of changes
    RoutingWhatIfModel *m_model;
};

} // namespace ys
