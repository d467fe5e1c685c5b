#include "ui/scenario_form.h"

#include "domain/scenario_kinds.h"
#include "ui/bound_fields.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "workbench/size_text.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <memory>

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
    m_prompt = addSize(form, tr("Prompt tokens"), QStringLiteral("promptTokens"), &s.promptTokens,
                       &s.promptDistribution, 10'000'000);
    m_output = addSize(form, tr("Max output tokens"), QStringLiteral("maxOutputTokens"),
                       &s.maxOutputTokens, &s.outputDistribution, 1'000'000);
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

QLineEdit *ScenarioForm::addSize(QFormLayout *form, const QString &label, const QString &name,
                                 int *nominal, std::optional<SizeDistribution> *distribution,
                                 int max)
{
    QLineEdit *edit = m_fields->addLine(
        form, label, name,
        [nominal, distribution] {
            return SizeText::format(distribution->value_or(SizeDistribution::fixed(*nominal)));
        },
        [label, nominal, distribution, max](const QString &text) {
            QString error;
            const std::optional<SizeDistribution> size =
                SizeText::parse(text, label, 1, max, &error);
            if (!size)
                return error;
            // A fixed size is the plain field; a distribution keeps its mean as the nominal
            // size, as a suite file read with one does.
            if (size->isFixed()) {
                *nominal = size->value;
                distribution->reset();
            } else {
                *nominal = size->nominal();
                *distribution = *size;
            }
            return QString();
        });
    edit->setToolTip(SizeText::help());
    return edit;
}

void ScenarioForm::buildTraceFields(QFormLayout *form)
{
    const QString fileLabel = tr("Trace file");
    QLineEdit *file = m_fields->addLine(
        form, fileLabel, QStringLiteral("traceFile"),
        [this] { return m_scenario.trace ? m_scenario.trace->file : QString(); },
        [this, fileLabel](const QString &text) { return setTrace(text.trimmed(), fileLabel); });
    file->setPlaceholderText(tr("none: the sizes and load below"));
    file->setToolTip(tr("Replays a recorded workload (JSON Lines such as the Mooncake traces, "
                        "Azure's CSV, or a CSV of offset, input and output tokens): each request "
                        "at the trace's time with the trace's sizes, open loop"));
    m_fields->onStored(file, [this] {
        // The trace set the sizes, the load and the requests: show them.
        QTimer::singleShot(0, this, [this] {
            m_fields->loadAll();
            showKind();
        });
    });
    auto *choose = namedChild<QPushButton>(QStringLiteral("chooseTrace"), this);
    choose->setText(tr("Choose a trace file…"));
    form->addRow(QString(), choose);
    connect(choose, &QPushButton::clicked, this, [this, file] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Trace file"), QString(), tr("Traces (*.jsonl *.json *.csv);;All files (*)"));
        if (path.isEmpty())
            return;
        file->setText(QDir::toNativeSeparators(path));
        Q_EMIT file->textEdited(file->text());
    });
    QLineEdit *scale = m_fields->addLine(
        form, tr("Trace time scale"), QStringLiteral("traceTimeScale"),
        [this] { return BoundFields::number(m_traceScale); },
        [this, label = tr("Trace time scale")](const QString &text) {
            bool ok = false;
            const double v = QLocale::c().toDouble(text.trimmed(), &ok);
            if (!ok || !(v > 0) || v > 1e6)
                return tr("%1: expected a number above zero, at most 1000000").arg(label);
            m_traceScale = v;
            if (m_scenario.trace)
                m_scenario.trace->timeScale = v;
            return QString();
        });
    scale->setToolTip(tr("The trace's times are multiplied by it: 0.5 replays twice as fast"));
}

QString ScenarioForm::setTrace(const QString &file, const QString &label)
{
    if (file.isEmpty()) {
        m_scenario.trace.reset();
        return {};
    }
    TraceReplay replay;
    replay.file = QDir::fromNativeSeparators(file);
    replay.path = QDir::cleanPath(QDir::current().absoluteFilePath(replay.file));
    replay.timeScale = m_traceScale;
    QString error;
    auto trace = Trace::loadFile(replay.path, &error);
    if (!trace)
        return tr("%1: %2").arg(label, error);
    const int count = int(trace->entries.size());
    Scenario &s = m_scenario;
    s.warmup = std::min(s.warmup, count - 1);
    s.requests = std::clamp(s.requests, 1, count - s.warmup);
    replay.trace = std::make_shared<const Trace>(std::move(*trace));
    Workload::replayTrace(s, std::move(replay));
    return {};
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
    buildTraceFields(latency);

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
    m_traceScale = scenario.trace ? scenario.trace->timeScale : 1.0;
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
    if (s.trace && s.trace->trace &&
        qsizetype(s.requests) + s.warmup > qsizetype(s.trace->trace->entries.size()))
        return tr("Requests: the trace holds only %n request(s), warm-up included", nullptr,
                  int(s.trace->trace->entries.size()));
    if (s.kind == QLatin1StringView("rate_limit") && s.rateLimit.maxRps < s.rateLimit.startRps)
        return tr("Highest rate (requests/s): must be at least the start rate");
    return {};
}

} // namespace ys
