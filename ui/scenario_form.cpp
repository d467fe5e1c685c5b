#include "ui/scenario_form.h"

#include "domain/scenario_kinds.h"
#include "ui/bound_fields.h"
#include "ui/message_label.h"
#include "ui/named_child.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace ys {

ScenarioForm::ScenarioForm(QWidget *parent)
    : QWidget(parent)
    , m_fields(new BoundFields(this))
    , m_title(namedChild<QLabel>(QStringLiteral("scenarioKind"), this))
    , m_note(messageLabel(QStringLiteral("scenarioNote"), this))
    , m_kinds(new QStackedWidget(this))
{
    setObjectName(QStringLiteral("scenarioForm"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_note);

    auto *kindBox = new QGroupBox(tr("This kind's fields"), this);
    auto *kindLayout = new QVBoxLayout(kindBox);
    kindLayout->addWidget(m_kinds);
    layout->addWidget(kindBox);
    buildSweepPages();
    buildProbePages();
    buildLoadPages();

    auto *commonBox = new QGroupBox(tr("Requests and load"), this);
    m_common = new QFormLayout(commonBox);
    m_common->setRowWrapPolicy(QFormLayout::WrapLongRows);
    buildCommon(m_common);
    layout->addWidget(commonBox);
    layout->addStretch(1);

    connect(m_fields, &BoundFields::edited, this, &ScenarioForm::edited);
    connect(m_fields, &BoundFields::problemChanged, this, &ScenarioForm::problemChanged);
    // A combination refused (open loop without a rate) shows as soon as it is made.
    connect(m_fields, &BoundFields::edited, this, &ScenarioForm::problemChanged);
    showKind();
}

void ScenarioForm::buildCommon(QFormLayout *form)
{
    Scenario &s = m_scenario;
    BoundFields &f = *m_fields;
    f.addInt(form, tr("Requests"), QStringLiteral("requests"), &s.requests, 1, 1'000'000);
    f.addInt(form, tr("Warm-up requests"), QStringLiteral("warmup"), &s.warmup, 0, 100'000);
    f.addInt(form, tr("Concurrency"), QStringLiteral("concurrency"), &s.concurrency, 1, 4096);
    m_prompt = f.addInt(form, tr("Prompt tokens"), QStringLiteral("promptTokens"), &s.promptTokens,
                        1, 10'000'000);
    f.onStored(m_prompt, [this] { m_scenario.promptDistribution.reset(); });
    m_output = f.addInt(form, tr("Max output tokens"), QStringLiteral("maxOutputTokens"),
                        &s.maxOutputTokens, 1, 1'000'000);
    f.onStored(m_output, [this] { m_scenario.outputDistribution.reset(); });
    f.addBool(form, tr("Stream"), QStringLiteral("stream"), &s.stream);
    m_sizeAndLoad = {
        m_prompt,
        m_output,
        f.addChoice(form, tr("Load"), QStringLiteral("load"), &s.load,
                    {QStringLiteral("closed"), QStringLiteral("open")}),
        f.addDouble(form, tr("Rate per second (open loop)"), QStringLiteral("ratePerS"),
                    &s.ratePerS, 0, 1e6),
        f.addChoice(form, tr("Arrival (open loop)"), QStringLiteral("arrival"), &s.arrival,
                    {QStringLiteral("constant"), QStringLiteral("poisson")}),
        f.addOptDouble(form, tr("Ramp to rate per second"), QStringLiteral("rampToRatePerS"),
                       &s.rampToRatePerS, 0, 1e6, true),
        f.addDouble(form, tr("Ramp seconds"), QStringLiteral("rampSeconds"), &s.rampSeconds, 0,
                    86400),
    };
    f.addOptDouble(form, tr("Duration (s)"), QStringLiteral("durationS"), &s.durationS, 0, 1e7,
                   true);
    f.addSeed(form, tr("Seed"), QStringLiteral("seed"), &s.seed, 0, 2'000'000'000);
    f.addInt(form, tr("Timeout (ms)"), QStringLiteral("timeoutMs"), &s.timeoutMs, 0, 3'600'000);
    f.addInt(form, tr("Connect timeout (ms)"), QStringLiteral("connectTimeoutMs"),
             &s.connectTimeoutMs, 0, 3'600'000);
    f.addInt(form, tr("First-token timeout (ms)"), QStringLiteral("firstTokenTimeoutMs"),
             &s.firstTokenTimeoutMs, 0, 3'600'000);
    f.addInt(form, tr("Idle timeout (ms)"), QStringLiteral("idleTimeoutMs"), &s.idleTimeoutMs, 0,
             3'600'000);
    f.addInt(form, tr("Retries"), QStringLiteral("retries"), &s.retries, 0, 10);
    f.addOptDouble(form, tr("Needle depth (0–1)"), QStringLiteral("needleDepth"), &s.needleDepth, 0,
                   1);
}

QFormLayout *ScenarioForm::addPage(const QString &kind)
{
    auto *page = new QWidget;
    page->setObjectName(QStringLiteral("kind_") + kind);
    auto *form = new QFormLayout(page);
    // In a narrow column a long label goes above its field instead of pushing the form wider.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_kinds->addWidget(page);
    return form;
}

void ScenarioForm::buildSweepPages()
{
    Scenario &s = m_scenario;
    BoundFields &f = *m_fields;
    QFormLayout *latency = addPage(QStringLiteral("latency"));
    auto *none = new QLabel(tr("A latency scenario has no fields of its own."));
    none->setWordWrap(true);
    latency->addRow(none);

    QFormLayout *sweep = addPage(QStringLiteral("context_sweep"));
    f.addRisingList(sweep, tr("Prompt sizes (tokens)"), QStringLiteral("sweepPromptTokens"),
                    &s.contextSweep.promptTokens, 1, 10'000'000);
    f.addInt(sweep, tr("Requests per point"), QStringLiteral("requestsPerPoint"),
             &s.contextSweep.requestsPerPoint, 1, 10'000);

    QFormLayout *levels = addPage(QStringLiteral("concurrency_sweep"));
    f.addRisingList(levels, tr("Concurrency levels"), QStringLiteral("levels"),
                    &s.concurrencySweep.levels, 1, 4096);
    f.addOptInt(levels, tr("Requests per level"), QStringLiteral("requestsPerLevel"),
                &s.concurrencySweep.requestsPerLevel, 1, 1'000'000);
}

void ScenarioForm::buildProbePages()
{
    Scenario &s = m_scenario;
    BoundFields &f = *m_fields;
    QFormLayout *limit = addPage(QStringLiteral("context_limit"));
    f.addOptInt64(limit, tr("Claimed window (tokens)"), QStringLiteral("claimed"),
                  &s.contextLimit.claimed, 16, 100'000'000);
    f.addDouble(limit, tr("Precision"), QStringLiteral("precision"), &s.contextLimit.precision,
                0.0001, 0.5);
    f.addInt(limit, tr("Max probes"), QStringLiteral("maxProbes"), &s.contextLimit.maxProbes, 2,
             100);

    QFormLayout *turns = addPage(QStringLiteral("multi_turn"));
    f.addInt(turns, tr("Turns"), QStringLiteral("turns"), &s.multiTurn.turns, 2, 1000);
    f.addInt(turns, tr("Conversations"), QStringLiteral("conversations"),
             &s.multiTurn.conversations, 1, 1000);
    f.addInt(turns, tr("Tokens per turn"), QStringLiteral("tokensPerTurn"),
             &s.multiTurn.tokensPerTurn, 16, 1'000'000);

    QFormLayout *cache = addPage(QStringLiteral("cache"));
    f.addInt(cache, tr("Prefix tokens"), QStringLiteral("prefixTokens"), &s.cache.prefixTokens, 16,
             10'000'000);
    f.addInt(cache, tr("Pairs"), QStringLiteral("pairs"), &s.cache.pairs, 1, 10'000);

    QFormLayout *determinism = addPage(QStringLiteral("determinism"));
    f.addInt(determinism, tr("Repeats"), QStringLiteral("repeats"), &s.determinism.repeats, 2,
             10'000);
    f.addInt(determinism, tr("Prompts"), QStringLiteral("prompts"), &s.determinism.prompts, 1,
             10'000);
}

void ScenarioForm::buildLoadPages()
{
    Scenario &s = m_scenario;
    BoundFields &f = *m_fields;
    QFormLayout *stability = addPage(QStringLiteral("stability"));
    f.addRisingList(stability, tr("Stall thresholds (ms)"), QStringLiteral("stallMs"),
                    &s.stability.stallMs, 1, 600'000);

    QFormLayout *resilience = addPage(QStringLiteral("resilience"));
    f.addWordList(
        resilience, tr("Strategies"), QStringLiteral("strategies"), &s.resilience.strategies,
        {QStringLiteral("none"), QStringLiteral("retry"), QStringLiteral("breaker_fallback")});
    f.addOptInt(resilience, tr("Latency objective (ms)"), QStringLiteral("sloMs"),
                &s.resilience.sloMs, 1, 3'600'000);

    QFormLayout *rate = addPage(QStringLiteral("rate_limit"));
    f.addDouble(rate, tr("Start rate (requests/s)"), QStringLiteral("startRps"),
                &s.rateLimit.startRps, 0.001, 100'000);
    f.addDouble(rate, tr("Highest rate (requests/s)"), QStringLiteral("maxRps"),
                &s.rateLimit.maxRps, 0.001, 100'000);
    f.addDouble(rate, tr("Step length (s)"), QStringLiteral("stepS"), &s.rateLimit.stepS, 0.1,
                3600);
    f.addDouble(rate, tr("Step factor"), QStringLiteral("stepFactor"), &s.rateLimit.stepFactor,
                1.01, 10);
    f.addInt(rate, tr("Max requests"), QStringLiteral("maxRequests"), &s.rateLimit.maxRequests, 1,
             1'000'000);
}

void ScenarioForm::setScenario(const Scenario &scenario)
{
    m_scenario = scenario;
    m_fields->loadAll();
    showKind();
    Q_EMIT problemChanged();
}

void ScenarioForm::showKind()
{
    const QString &kind = m_scenario.kind;
    m_title->setText(tr("Scenario kind: %1").arg(scenariokinds::title(kind)));
    if (auto *page = m_kinds->findChild<QWidget *>(QStringLiteral("kind_") + kind))
        m_kinds->setCurrentWidget(page);
    // A context sweep's points replace the common prompt size.
    m_common->setRowVisible(m_prompt, kind != QLatin1StringView("context_sweep"));
    for (QWidget *w : std::as_const(m_sizeAndLoad))
        w->setEnabled(!m_scenario.trace);
    QStringList notes;
    if (m_scenario.trace)
        notes.append(tr("Replays the trace %1: it sets the arrivals and the sizes.")
                         .arg(m_scenario.trace->file));
    if (m_scenario.promptDistribution || m_scenario.outputDistribution)
        notes.append(tr("The sizes follow a distribution (its mean is shown); typing a size "
                        "replaces the distribution."));
    m_note->setText(notes.join(QLatin1Char('\n')));
    m_note->setVisible(!notes.isEmpty());
}

QString ScenarioForm::problem() const
{
    if (const QString p = m_fields->problem(); !p.isEmpty())
        return p;
    return check(m_scenario);
}

QString ScenarioForm::check(const Scenario &s)
{
    if (s.isOpenLoop() && !s.trace && !(s.ratePerS > 0))
        return tr("Rate per second (open loop): an open-loop scenario needs a rate above 0");
    if (s.rampToRatePerS && !(s.rampSeconds > 0))
        return tr("Ramp seconds: a ramp needs a length above 0 seconds");
    if (s.kind == QLatin1StringView("rate_limit") && s.rateLimit.maxRps < s.rateLimit.startRps)
        return tr("Highest rate (requests/s): must be at least the start rate");
    return {};
}

} // namespace ys
