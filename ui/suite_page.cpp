#include "ui/suite_page.h"

#include "domain/scenario_kinds.h"
#include "ui/bound_fields.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/requirements_form.h"
#include "ui/scenario_form.h"
#include "ui/use_case_form.h"
#include "workbench/suite_estimate.h"
#include "workbench/suite_queue.h"
#include "workbench/suite_templates.h"
#include "workbench/workbench.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace ys {

namespace {

QPushButton *button(const QString &text, const QString &objectName, QWidget *parent)
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(objectName);
    return b;
}

} // namespace

SuitePage::SuitePage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_fields(new BoundFields(this))
    , m_template(namedChild<QComboBox>(QStringLiteral("templateChoice"), this))
    , m_demoProviders(new QCheckBox(tr("With the simulated providers"), this))
    , m_run(button(tr("&Run"), QStringLiteral("runSuite"), this))
    , m_file(selectableMessageLabel(QStringLiteral("suiteFile"), this))
    , m_modifiedMark(selectableMessageLabel(QStringLiteral("modifiedMark"), this))
    , m_estimate(selectableMessageLabel(QStringLiteral("costEstimate"), this))
    , m_problem(selectableMessageLabel(QStringLiteral("suiteProblem"), this))
    , m_message(selectableMessageLabel(QStringLiteral("suiteMessage"), this))
    , m_useCase(new UseCaseFormWidget(this))
    , m_requirements(new RequirementsForm(this))
    , m_providers(namedChild<QTreeWidget>(QStringLiteral("providerList"), this))
    , m_scenarios(namedChild<QListWidget>(QStringLiteral("scenarioList"), this))
    , m_newKind(namedChild<QComboBox>(QStringLiteral("newScenarioKind"), this))
    , m_scenarioForm(new ScenarioForm(this))
{
    setObjectName(QStringLiteral("suitePage"));
    m_problem->setStyleSheet(QStringLiteral("color: #c02020;"));
    m_modifiedMark->setWordWrap(false);
    m_estimate->setWordWrap(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildActions());
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_modifiedMark);
    layout->addLayout(fileRow);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    // The suite's own fields, its use case and its requirements scroll together, so the page
    // fits a 1280×800 window; never narrower than its fields (it would scroll sideways).
    auto *suiteScroll = new QScrollArea(this);
    suiteScroll->setObjectName(QStringLiteral("suiteColumnScroll"));
    suiteScroll->setWidgetResizable(true);
    suiteScroll->setFrameShape(QFrame::NoFrame);
    QWidget *suiteColumn = buildSuiteColumn();
    suiteScroll->setWidget(suiteColumn);
    suiteScroll->setMinimumWidth(suiteColumn->minimumSizeHint().width() +
                                 suiteScroll->verticalScrollBar()->sizeHint().width());
    splitter->addWidget(suiteScroll);
    splitter->addWidget(buildListsColumn());
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_scenarioForm);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(2, 1);
    // The scenario form is never narrower than its fields (it would scroll sideways), nor than
    // about 36 characters, so its values show whole beside their labels.
    scroll->setMinimumWidth(std::max(m_scenarioForm->minimumSizeHint().width() +
                                         scroll->verticalScrollBar()->sizeHint().width() +
                                         2 * scroll->frameWidth(),
                                     fontMetrics().averageCharWidth() * 36));
    layout->addWidget(splitter, 1);
    layout->addWidget(m_problem);
    layout->addWidget(m_message);

    connect(m_fields, &BoundFields::edited, this, &SuitePage::changed);
    connect(m_fields, &BoundFields::problemChanged, this, &SuitePage::showProblem);
    // A use case chosen brings its requirements, which the Requirements form then edits.
    connect(m_useCase, &UseCaseFormWidget::edited, this, [this] {
        if (m_useCase->apply(m_suite))
            m_requirements->setRequirements(m_suite.requirements);
        changed();
    });
    connect(m_useCase, &UseCaseFormWidget::problemChanged, this, &SuitePage::showProblem);
    connect(m_requirements, &RequirementsForm::edited, this, [this] {
        m_suite.requirements = m_requirements->requirements();
        changed();
    });
    connect(m_requirements, &RequirementsForm::problemChanged, this, &SuitePage::showProblem);
    connect(m_scenarioForm, &ScenarioForm::edited, this, &SuitePage::scenarioEdited);
    connect(m_scenarioForm, &ScenarioForm::problemChanged, this, &SuitePage::showProblem);
    connect(m_workbench, &Workbench::runningChanged, m_run,
            [this](bool running) { m_run->setEnabled(!running); });
    connect(m_workbench, &Workbench::sessionFinished, this, [this](qint64 id) {
        m_message->setText(tr("Session %1 ended; its results are on the Results page.").arg(id));
    });

    // A new page holds the first template's suite, with no providers yet.
    load(*SuiteTemplates::make(SuiteTemplates::all().front().id, {}), QString(), false);
}

QWidget *SuitePage::buildActions()
{
    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    for (const SuiteTemplate &t : SuiteTemplates::all()) {
        m_template->addItem(t.title, t.id);
        m_template->setItemData(m_template->count() - 1, t.description, Qt::ToolTipRole);
    }
    m_demoProviders->setObjectName(QStringLiteral("demoProviders"));
    m_demoProviders->setToolTip(tr("Fill the new suite with the built-in simulated providers"));
    QPushButton *newSuite = button(tr("&New from template"), QStringLiteral("newSuite"), bar);
    QPushButton *open = button(tr("&Open…"), QStringLiteral("openSuite"), bar);
    QPushButton *save = button(tr("&Save"), QStringLiteral("saveSuite"), bar);
    QPushButton *saveAs = button(tr("Save &as…"), QStringLiteral("saveSuiteAs"), bar);
    connect(newSuite, &QPushButton::clicked, this, &SuitePage::newWithTemplate);
    connect(open, &QPushButton::clicked, this, &SuitePage::openWithDialog);
    connect(save, &QPushButton::clicked, this, &SuitePage::save);
    connect(saveAs, &QPushButton::clicked, this, &SuitePage::saveAs);
    connect(m_run, &QPushButton::clicked, this, &SuitePage::run);
    m_run->setToolTip(tr("Run every provider of this suite through every scenario"));
    row->addWidget(new QLabel(tr("Template:"), bar));
    row->addWidget(m_template);
    row->addWidget(m_demoProviders);
    row->addWidget(newSuite);
    row->addSpacing(16);
    row->addWidget(open);
    row->addWidget(save);
    row->addWidget(saveAs);
    row->addStretch(1);
    QPushButton *queueIt =
        button(tr("&Queue on the team store"), QStringLiteral("queueSuite"), bar);
    queueIt->setToolTip(tr("Put this suite in the store's run queue for the workers to run"));
    connect(queueIt, &QPushButton::clicked, this, &SuitePage::queue);
    row->addWidget(queueIt);
    row->addWidget(m_run);
    return bar;
}

QWidget *SuitePage::buildSuiteColumn()
{
    auto *column = new QWidget(this);
    auto *layout = new QVBoxLayout(column);
    auto *suiteBox = new QGroupBox(tr("Suite"), column);
    auto *suiteLayout = new QVBoxLayout(suiteBox);
    auto *form = new QFormLayout;
    suiteLayout->addLayout(form);
    m_fields->addText(form, tr("Name"), QStringLiteral("suiteName"), &m_suite.name);
    QLineEdit *budget = m_fields->addOptDouble(
        form, tr("Budget (US$)"), QStringLiteral("budgetUsd"), &m_suite.budgetUsd, 0, 1e9, true);
    budget->setPlaceholderText(tr("none"));
    suiteLayout->addWidget(m_estimate);
    layout->addWidget(suiteBox);
    auto *useCaseBox = new QGroupBox(tr("Use case"), column);
    auto *useCaseLayout = new QVBoxLayout(useCaseBox);
    useCaseLayout->addWidget(m_useCase);
    layout->addWidget(useCaseBox);
    auto *requirementsBox = new QGroupBox(tr("Requirements"), column);
    auto *requirementsLayout = new QVBoxLayout(requirementsBox);
    requirementsLayout->addWidget(m_requirements);
    layout->addWidget(requirementsBox);
    layout->addStretch(1);
    return column;
}

QWidget *SuitePage::buildListsColumn()
{
    auto *column = new QWidget(this);
    auto *layout = new QVBoxLayout(column);
    auto *providerBox = new QGroupBox(tr("Providers"), column);
    auto *providerLayout = new QVBoxLayout(providerBox);
    m_providers->setRootIsDecorated(false);
    m_providers->setHeaderLabels({tr("Name"), tr("Dialect"), tr("Model")});
    m_providers->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_providers, &QTreeWidget::itemDoubleClicked, this, &SuitePage::editSelectedProvider);
    providerLayout->addWidget(m_providers);
    providerLayout->addWidget(buildProviderButtons());
    layout->addWidget(providerBox);

    auto *scenarioBox = new QGroupBox(tr("Scenarios"), column);
    auto *scenarioLayout = new QVBoxLayout(scenarioBox);
    connect(m_scenarios, &QListWidget::currentRowChanged, this, &SuitePage::selectScenario);
    scenarioLayout->addWidget(m_scenarios);
    scenarioLayout->addWidget(buildScenarioButtons());
    layout->addWidget(scenarioBox);
    return column;
}

QWidget *SuitePage::buildProviderButtons()
{
    auto *buttons = new QWidget(this);
    auto *row = new QHBoxLayout(buttons);
    row->setContentsMargins(0, 0, 0, 0);
    QPushButton *add = button(tr("Add…"), QStringLiteral("addProvider"), buttons);
    QPushButton *edit = button(tr("Edit…"), QStringLiteral("editProvider"), buttons);
    QPushButton *remove = button(tr("Remove"), QStringLiteral("removeProvider"), buttons);
    connect(add, &QPushButton::clicked, this, &SuitePage::addProviderRequested);
    connect(edit, &QPushButton::clicked, this, &SuitePage::editSelectedProvider);
    connect(remove, &QPushButton::clicked, this, &SuitePage::removeProvider);
    row->addWidget(add);
    row->addWidget(edit);
    row->addWidget(remove);
    row->addStretch(1);
    return buttons;
}

QWidget *SuitePage::buildScenarioButtons()
{
    auto *buttons = new QWidget(this);
    auto *row = new QHBoxLayout(buttons);
    row->setContentsMargins(0, 0, 0, 0);
    for (const QString &kind : scenariokinds::names())
        m_newKind->addItem(scenariokinds::title(kind), kind);
    QPushButton *add = button(tr("Add"), QStringLiteral("addScenario"), buttons);
    QPushButton *remove = button(tr("Remove"), QStringLiteral("removeScenario"), buttons);
    connect(add, &QPushButton::clicked, this, &SuitePage::addScenario);
    connect(remove, &QPushButton::clicked, this, &SuitePage::removeScenario);
    row->addWidget(m_newKind);
    row->addWidget(add);
    row->addWidget(remove);
    row->addStretch(1);
    return buttons;
}

void SuitePage::load(const Suite &suite, const QString &path, bool modified)
{
    m_suite = suite;
    m_path = path;
    m_fields->loadAll();
    m_useCase->setSuite(m_suite);
    m_requirements->setRequirements(m_suite.requirements);
    refreshProviders();
    m_scenario = -1;
    refreshScenarios();
    m_scenarios->setCurrentRow(m_suite.scenarios.empty() ? -1 : 0);
    selectScenario(m_scenarios->currentRow());
    m_file->setText(path.isEmpty() ? tr("New suite, not saved yet")
                                   : tr("File: %1").arg(QDir::toNativeSeparators(path)));
    setModified(modified);
    updateEstimate();
    showProblem();
}

void SuitePage::setModified(bool modified)
{
    const bool was = m_modified;
    m_modified = modified;
    m_modifiedMark->setText(modified ? tr("● Unsaved changes") : QString());
    if (was != modified)
        Q_EMIT modifiedChanged(modified);
}

void SuitePage::changed()
{
    setModified(true);
    updateEstimate();
    showProblem();
}

void SuitePage::updateEstimate()
{
    const SuiteEstimate view = SuiteEstimate::of(m_suite);
    m_estimate->setText(view.lines.join(QLatin1Char('\n')));
    m_estimate->setToolTip(view.line);
}

QString SuitePage::problem() const
{
    for (const QString &p : {m_fields->problem(), m_useCase->problem(), m_requirements->problem(),
                             m_scenario >= 0 ? m_scenarioForm->problem() : QString()})
        if (!p.isEmpty())
            return p;
    if (m_suite.providers.empty())
        return tr("Providers: add at least one provider");
    for (std::size_t i = 0; i < m_suite.providers.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (m_suite.providers[i].name == m_suite.providers[j].name)
                return tr("Providers: the name \"%1\" is used twice")
                    .arg(m_suite.providers[i].name);
    if (m_suite.scenarios.empty())
        return tr("Scenarios: add at least one scenario");
    for (std::size_t i = 0; i < m_suite.scenarios.size(); ++i)
        if (const QString p = ScenarioForm::check(m_suite.scenarios[i]); !p.isEmpty())
            return tr("Scenario %1: %2").arg(i + 1).arg(p);
    // Whatever the forms let through, the file must read back.
    QString error;
    if (!Suite::parse(m_suite.toJson(), tr("suite"), &error))
        return error;
    return {};
}

void SuitePage::showProblem()
{
    const QString p = problem();
    m_problem->setText(p);
    m_problem->setVisible(!p.isEmpty());
}

void SuitePage::refreshProviders()
{
    m_providers->clear();
    for (const ProviderConfig &p : m_suite.providers)
        m_providers->addTopLevelItem(new QTreeWidgetItem({p.name, p.dialect, p.model}));
}

QString SuitePage::scenarioText(int index) const
{
    const Scenario &s = m_suite.scenarios[std::size_t(index)];
    return tr("%1. %2").arg(index + 1).arg(scenariokinds::title(s.kind));
}

void SuitePage::refreshScenarios()
{
    const QSignalBlocker blocker(m_scenarios);
    const int current = m_scenario;
    m_scenarios->clear();
    for (int i = 0; i < int(m_suite.scenarios.size()); ++i)
        m_scenarios->addItem(scenarioText(i));
    m_scenarios->setCurrentRow(current);
}

void SuitePage::selectScenario(int row)
{
    m_scenario = row >= 0 && row < int(m_suite.scenarios.size()) ? row : -1;
    m_scenarioForm->setEnabled(m_scenario >= 0);
    if (m_scenario >= 0)
        m_scenarioForm->setScenario(m_suite.scenarios[std::size_t(m_scenario)]);
    showProblem();
}

void SuitePage::scenarioEdited()
{
    if (m_scenario < 0)
        return;
    m_suite.scenarios[std::size_t(m_scenario)] = m_scenarioForm->scenario();
    changed();
}

void SuitePage::addScenario()
{
    Scenario s;
    s.kind = m_newKind->currentData().toString();
    scenariokinds::applyDefaults(s);
    m_suite.scenarios.push_back(s);
    refreshScenarios();
    m_scenarios->setCurrentRow(int(m_suite.scenarios.size()) - 1);
    changed();
}

void SuitePage::removeScenario()
{
    const int row = m_scenarios->currentRow();
    if (row < 0)
        return;
    m_suite.scenarios.erase(m_suite.scenarios.begin() + row);
    m_scenario = -1;
    refreshScenarios();
    m_scenarios->setCurrentRow(std::min(row, int(m_suite.scenarios.size()) - 1));
    if (m_scenario != m_scenarios->currentRow())
        selectScenario(m_scenarios->currentRow());
    changed();
}

void SuitePage::setProvider(int index, const ProviderConfig &provider)
{
    if (index < 0 || index >= int(m_suite.providers.size()))
        return;
    const QString oldName = m_suite.providers[std::size_t(index)].name;
    m_suite.providers[std::size_t(index)] = provider;
    // Fallbacks follow a renamed provider.
    for (ProviderConfig &p : m_suite.providers)
        for (QString &fallback : p.fallback)
            if (fallback == oldName)
                fallback = provider.name;
    refreshProviders();
    m_providers->setCurrentItem(m_providers->topLevelItem(index));
    changed();
}

void SuitePage::appendProvider(const ProviderConfig &provider)
{
    m_suite.providers.push_back(provider);
    refreshProviders();
    m_providers->setCurrentItem(m_providers->topLevelItem(int(m_suite.providers.size()) - 1));
    changed();
}

void SuitePage::removeProvider()
{
    const int row = m_providers->indexOfTopLevelItem(m_providers->currentItem());
    if (row < 0)
        return;
    const QString name = m_suite.providers[std::size_t(row)].name;
    m_suite.providers.erase(m_suite.providers.begin() + row);
    // No provider falls back to one that is gone.
    for (ProviderConfig &p : m_suite.providers)
        p.fallback.removeAll(name);
    refreshProviders();
    changed();
}

void SuitePage::editSelectedProvider()
{
    const int row = m_providers->indexOfTopLevelItem(m_providers->currentItem());
    if (row >= 0)
        Q_EMIT editProviderRequested(row);
}

bool SuitePage::newFromTemplate(const QString &templateId, bool demoProviders)
{
    std::vector<ProviderConfig> providers;
    if (demoProviders) {
        QString error;
        providers = m_workbench->demoProviders(&error);
        if (providers.empty()) {
            m_message->setText(error);
            return false;
        }
    }
    auto suite = SuiteTemplates::make(templateId, std::move(providers));
    if (!suite) {
        m_message->setText(tr("Template: unknown template \"%1\"").arg(templateId));
        return false;
    }
    load(*suite, QString(), true);
    m_message->setText(tr("New suite from the template \"%1\"").arg(suite->name));
    return true;
}

bool SuitePage::openFile(const QString &path)
{
    QString error;
    auto suite = Suite::loadFile(path, &error);
    if (!suite) {
        m_message->setText(error);
        return false;
    }
    load(*suite, path, false);
    m_message->setText(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool SuitePage::saveTo(const QString &path)
{
    if (const QString p = problem(); !p.isEmpty()) {
        showProblem();
        m_message->setText(tr("Not saved: %1").arg(p));
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_suite.toJson()) < 0 || !file.commit()) {
        m_message->setText(
            tr("Not saved: %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    m_path = path;
    m_file->setText(tr("File: %1").arg(QDir::toNativeSeparators(path)));
    setModified(false);
    m_message->setText(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool SuitePage::run()
{
    if (const QString p = problem(); !p.isEmpty()) {
        showProblem();
        m_message->setText(tr("Not run: %1").arg(p));
        return false;
    }
    QString error;
    if (!m_workbench->runSuite(m_suite, &error)) {
        // An empty error: the analyst declined to run over the budget.
        m_message->setText(error.isEmpty() ? SuiteEstimate::of(m_suite).refusal
                                           : tr("Not run: %1").arg(error));
        return false;
    }
    m_message->setText(tr("Running the suite \"%1\"…").arg(m_suite.name));
    return true;
}

bool SuitePage::queue()
{
    if (const QString p = problem(); !p.isEmpty()) {
        showProblem();
        m_message->setText(tr("Not queued: %1").arg(p));
        return false;
    }
    QString error;
    const bool started = SuiteQueue::enqueue(
        *m_workbench, m_suite, this,
        [this, name = m_suite.name](std::optional<qint64> id, const QString &why) {
            if (!id)
                m_message->setText(tr("Not queued: %1").arg(why));
            else
                m_message->setText(
                    tr("The suite \"%1\" is queued as item %2; a worker will run it.")
                        .arg(name)
                        .arg(*id));
        },
        &error);
    if (!started) {
        m_message->setText(tr("Not queued: %1").arg(error));
        return false;
    }
    m_message->setText(tr("Queuing the suite \"%1\"…").arg(m_suite.name));
    return true;
}

bool SuitePage::confirmDiscard()
{
    if (!m_modified)
        return true;
    return QMessageBox::question(this, tr("Yardstick"),
                                 tr("The suite has unsaved changes. Discard them?"),
                                 QMessageBox::Discard | QMessageBox::Cancel,
                                 QMessageBox::Cancel) == QMessageBox::Discard;
}

void SuitePage::newWithTemplate()
{
    if (confirmDiscard())
        newFromTemplate(m_template->currentData().toString(), m_demoProviders->isChecked());
}

void SuitePage::openWithDialog()
{
    if (!confirmDiscard())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open suite"), m_path,
                                                      tr("Suites (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void SuitePage::save()
{
    if (m_path.isEmpty())
        saveAs();
    else
        saveTo(m_path);
}

void SuitePage::saveAs()
{
    const QString suggested =
        m_path.isEmpty() ? m_suite.name.toLower().replace(QLatin1Char(' '), QLatin1Char('-')) +
                               QStringLiteral(".json")
                         : m_path;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save suite"), suggested,
                                                      tr("Suites (*.json);;All files (*)"));
    if (!path.isEmpty())
        saveTo(path);
}

} // namespace ys
