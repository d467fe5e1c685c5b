#include "ui/latency_phases_view.h"

#include "models/latency_phases_model.h"
#include "models/results_text.h"
#include "workbench/workbench.h"

namespace ys {

LatencyPhasesView::LatencyPhasesView(Workbench *workbench, QWidget *parent)
    : ProviderTableView(workbench, new LatencyPhasesModel, QStringLiteral("latencyPhases"),
                        QStringLiteral("latency_phases"), parent)
{
}

LatencyPhasesModel *LatencyPhasesView::model() const
{
    return static_cast<LatencyPhasesModel *>(tableModel());
}

void LatencyPhasesView::refresh()
{
    const auto summary = workbench()->summary();
    if (!summary) {
        model()->clear();
        setMessage(tr("Select a session to see where its latency goes."));
        return;
    }
    model()->setSummary(*summary);
    const SloObjectives &slo = summary->requirements.slo;
    QString line =
        slo.any() ? tr("The headline latency run of each provider; SLO met and goodput against the "
                       "suite's objectives: %1.")
                        .arg(LatencyPhasesModel::objectivesText(slo))
                  : tr("The headline latency run of each provider. Set service-level objectives "
                       "(TTFT, TPOT or E2E in the suite's requirements) to see the share of "
                       "requests that met them and the goodput.");
    for (const ProviderSummary &p : summary->providers) {
        if (!p.results.latency)
            continue;
        const QString name = workbench()->providerLabels().of(p.name);
        if (p.results.latency->reasoning)
            line += QLatin1Char(' ') +
                    ResultsText::reasoningSentence(name, *p.results.latency->reasoning);
        if (p.results.latency->toolCalls)
            line += QLatin1Char(' ') +
                    ResultsText::toolCallSentence(name, *p.results.latency->toolCalls);
    }
    setMessage(line);
}

} // namespace ys
