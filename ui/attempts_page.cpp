#include "ui/attempts_page.h"

#include "models/attempts_model.h"
#include "models/attempts_table_export.h"
#include "ui/attempt_detail_view.h"
#include "ui/named_child.h"
#include "ui/table_export_menu.h"
#include "ui/table_look.h"
#include "workbench/attempts_presenter.h"
#include "workbench/background_reader.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>
#include <utility>

namespace ys {

namespace {

// A step's JSON object as "name value, ..." for a label.
QString stepText(const QString &stepJson)
{
    QString s = stepJson.trimmed();
    if (s.isEmpty() || s == QStringLiteral("{}"))
        return {};
    s.remove(QLatin1Char('{')).remove(QLatin1Char('}')).remove(QLatin1Char('"'));
    return s.replace(QLatin1Char(':'), QLatin1Char(' '))
        .replace(QLatin1Char(','), QStringLiteral(", "));
}

// Every attempt the table's query lets through, not only the rows fetched, read and written on
// the workbench's reader thread so that a run of a million attempts never stalls the window.
void writeAttempts(Workbench *workbench, QObject *context, const AttemptsModel &model,
                   const QList<int> &columns, const QString &path, TableExport::Format format,
                   TableExportMenu::Done done)
{
    BackgroundReader *reader = workbench->reader();
    if (!reader) {
        done(AttemptsPage::tr("%1: no database is open").arg(path));
        return;
    }
    const AttemptPageRequest request = model.request();
    std::vector<DataColumn> dataColumns = AttemptsTableExport::columns(model, columns);
    reader->submit(
        QStringLiteral("attempts-export"), context,
        [=, done = std::move(done)](const SessionRepository *repo, const QString &openError) {
            QString error;
            if (!repo)
                error = AttemptsPage::tr("%1: cannot be written (%2)").arg(path, openError);
            else if (!AttemptsTableExport::write(*repo, request, columns, dataColumns,
                                                 QStringLiteral("attempts"), path, format,
                                                 &error) &&
                     error.isEmpty())
                error = AttemptsPage::tr("%1: cannot be written").arg(path);
            return BackgroundReader::Delivery([done, error] { done(error); });
        });
}

} // namespace

AttemptsPage::AttemptsPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_presenter(new AttemptsPresenter(workbench, this))
    , m_runs(namedChild<QComboBox>(QStringLiteral("attemptsRun"), this))
    , m_outcomes(namedChild<QComboBox>(QStringLiteral("attemptsOutcome"), this))
    , m_count(namedChild<QLabel>(QStringLiteral("attemptsCount"), this))
    , m_table(new QTableView(this))
    , m_model(new AttemptsModel(this))
{
    setObjectName(QStringLiteral("attemptsPage"));
    // A run's label is long: the picker takes the room left and never pushes the count over.
    m_runs->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_runs->setMinimumContentsLength(24);
    m_outcomes->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // The model sorts in its query (ORDER BY): the header only tells it which column.
    TableLook look{QStringLiteral("attemptsTable"), QStringLiteral("attempts")};
    look.selection = QAbstractItemView::SingleSelection;
    look.sortable = true;
    look.sortColumn = AttemptsModel::SeqColumn;
    TableExportMenu *exporter = setUpTable(m_table, m_model, look);
    exporter->setWriter([this, exporter](const QString &path, TableExport::Format format,
                                         TableExportMenu::Done done) {
        writeAttempts(m_workbench, this, *m_model, exporter->visibleColumns(), path, format,
                      std::move(done));
    });

    auto *bar = new QHBoxLayout;
    auto *runLabel = new QLabel(tr("&Run:"), this);
    runLabel->setBuddy(m_runs);
    auto *outcomeLabel = new QLabel(tr("&Outcome:"), this);
    outcomeLabel->setBuddy(m_outcomes);
    bar->addWidget(runLabel);
    bar->addWidget(m_runs, 1);
    bar->addSpacing(12);
    bar->addWidget(outcomeLabel);
    bar->addWidget(m_outcomes);
    bar->addSpacing(12);
    bar->addWidget(m_count);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);

    m_model->setPageReader(m_presenter->pageReader());
    connect(m_runs, &QComboBox::currentIndexChanged, this, &AttemptsPage::runChosen);
    connect(m_outcomes, &QComboBox::currentIndexChanged, this, &AttemptsPage::outcomeChosen);
    connect(m_table, &QAbstractItemView::activated, this, &AttemptsPage::openAttempt);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AttemptsPage::updateCount);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &AttemptsPage::updateCount);
    connect(m_model, &AttemptsModel::loadingChanged, this, &AttemptsPage::updateCount);
    connect(workbench, &Workbench::summaryChanged, this, &AttemptsPage::reloadRuns);
    connect(workbench, &Workbench::selectedProviderChanged, this,
            &AttemptsPage::showProvidersLatestRun);
    reloadRuns();
}

qint64 AttemptsPage::currentRun() const
{
    return m_runs->currentIndex() >= 0 ? m_runs->currentData().toLongLong() : 0;
}

bool AttemptsPage::isLoading() const
{
    return m_presenter->isLoading() || m_model->isLoading();
}

const AttemptRunChoice *AttemptsPage::choiceOf(qint64 runId) const
{
    for (const AttemptRunChoice &c : m_choices)
        if (c.run.id == runId)
            return &c;
    return nullptr;
}

void AttemptsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_runsStale)
        reloadRuns();
    if (m_providerStale)
        showProvidersLatestRun(m_workbench->selectedProvider());
}

void AttemptsPage::reloadRuns()
{
    // A run of a million attempts takes a while to count: only the page shown reads.
    if (!isVisible()) {
        m_runsStale = true;
        return;
    }
    m_runsStale = false;
    const bool reading =
        m_presenter->runs([this](std::vector<AttemptRunChoice> runs, const QString &error) {
            if (!error.isEmpty())
                m_count->setText(tr("The runs of the session cannot be read: %1").arg(error));
            else
                showRuns(std::move(runs));
        });
    if (reading)
        m_count->setText(tr("Reading the session's runs…"));
    else
        showRuns({}); // no session selected
}

void AttemptsPage::showRuns(std::vector<AttemptRunChoice> runs)
{
    qint64 previous = currentRun();
    // A run that was its provider's latest gives way to a newer one (a re-run).
    QString previousProvider;
    if (const AttemptRunChoice *c = choiceOf(previous))
        previousProvider = c->provider.name;
    const bool previousWasLatest = previous > 0 && latestRunOf(previousProvider) == previous;
    m_choices = std::move(runs);
    {
        const QSignalBlocker block(m_runs);
        m_runs->clear();
        for (const AttemptRunChoice &c : m_choices) {
            QString label = tr("%1 · %2").arg(c.provider.name, c.run.kind);
            if (const QString step = stepText(c.run.stepJson); !step.isEmpty())
                label += tr(" · %1").arg(step);
            label += tr(" (run %1)").arg(c.run.id);
            m_runs->addItem(label, c.run.id);
        }
    }
    // Keep the run shown when it is still there, else the selected provider's latest, else the
    // latest of all; read it once.
    if (previousWasLatest && choiceOf(previous))
        previous = latestRunOf(previousProvider);
    qint64 show = 0;
    if (previous > 0 && choiceOf(previous))
        show = previous;
    else if (const qint64 latest = latestRunOf(m_workbench->selectedProvider()); latest > 0)
        show = latest;
    else if (!m_choices.empty())
        show = m_choices.back().run.id;
    // The provider picked while the runs were read has the last word.
    if (const qint64 latest = latestRunOf(m_workbench->selectedProvider());
        std::exchange(m_providerStale, false) && latest > 0)
        show = latest;
    {
        const QSignalBlocker block(m_runs);
        m_runs->setCurrentIndex(m_runs->findData(show));
    }
    runChosen();
}

qint64 AttemptsPage::latestRunOf(const QString &provider) const
{
    qint64 latest = 0;
    for (const AttemptRunChoice &c : m_choices)
        if (!provider.isEmpty() && c.provider.name == provider)
            latest = std::max(latest, c.run.id);
    return latest;
}

void AttemptsPage::showProvidersLatestRun(const QString &provider)
{
    // Hidden, or the runs still to come: shown when they are.
    if (!isVisible() || m_presenter->runsLoading()) {
        m_providerStale = true;
        return;
    }
    m_providerStale = false;
    if (const qint64 latest = latestRunOf(provider); latest > 0)
        selectRun(latest);
}

bool AttemptsPage::selectRun(qint64 runId)
{
    const int i = m_runs->findData(runId);
    if (i < 0)
        return false;
    if (i == m_runs->currentIndex())
        runChosen();
    else
        m_runs->setCurrentIndex(i); // runChosen() through the signal
    return true;
}

// The run's outcomes are read first, then its attempts with the outcome filter they leave.
void AttemptsPage::runChosen()
{
    const qint64 run = currentRun();
    const bool reading = m_presenter->outcomeCounts(
        run, [this, run](AttemptsPresenter::Counts counts, const QString &error) {
            showOutcomes(run, counts);
            if (!error.isEmpty())
                m_count->setText(
                    tr("The outcomes of run %1 cannot be read: %2").arg(run).arg(error));
        });
    if (reading)
        m_count->setText(tr("Reading run %1…").arg(run));
    else
        showOutcomes(run, {});
}

// The filter's item data: an outcome, every outcome, or the answers that failed their contract.
constexpr int kAllOutcomes = -1;
constexpr int kContractFailed = -2;

void AttemptsPage::applyFilter(std::optional<qint64> run)
{
    const int o = m_outcomes->currentData().toInt();
    const std::optional<Outcome> outcome = o < 0 ? std::nullopt : std::optional(Outcome(o));
    if (run)
        m_model->setRunAndFilter(*run, outcome, o == kContractFailed);
    else
        m_model->setOutcomeFilter(outcome, o == kContractFailed);
}

void AttemptsPage::showOutcomes(qint64 run, const AttemptsPresenter::Counts &read)
{
    const auto &counts = read.outcomes;
    {
        const QVariant previous = m_outcomes->currentData();
        const QSignalBlocker block(m_outcomes);
        m_outcomes->clear();
        qint64 total = 0;
        for (const auto &[o, n] : counts)
            total += n;
        const QLocale locale;
        m_outcomes->addItem(tr("All outcomes (%1)").arg(locale.toString(total)), kAllOutcomes);
        for (const auto &[o, n] : counts)
            m_outcomes->addItem(tr("%1 (%2)").arg(OutcomeText::display(o), locale.toString(n)),
                                int(o));
        if (read.contractFailed > 0)
            m_outcomes->addItem(tr("Answers that failed their contract (%1)")
                                    .arg(locale.toString(read.contractFailed)),
                                kContractFailed);
        const int i = previous.isValid() ? m_outcomes->findData(previous) : 0;
        m_outcomes->setCurrentIndex(std::max(0, i));
    }
    applyFilter(run);
}

void AttemptsPage::outcomeChosen()
{
    applyFilter(std::nullopt);
}

void AttemptsPage::updateCount()
{
    const QLocale locale;
    if (!m_model->lastError().isEmpty()) {
        m_count->setText(tr("The attempts cannot be read: %1").arg(m_model->lastError()));
    } else if (m_model->isLoading() && m_model->rowCount() == 0) {
        m_count->setText(tr("Reading attempts…"));
    } else {
        m_count->setText((m_model->isLoading() ? tr("%1 of %2 attempts loaded, reading more…")
                                               : tr("%1 of %2 attempts loaded"))
                             .arg(locale.toString(m_model->rowCount()),
                                  locale.toString(m_model->matchingCount())));
    }
}

void AttemptsPage::openAttempt(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const AttemptRunChoice *choice = choiceOf(currentRun());
    if (!choice)
        return;
    const qint64 id = index.siblingAtColumn(0).data(AttemptsModel::SampleIdRole).toLongLong();
    if (!m_detail)
        m_detail = new AttemptDetailView(this);
    m_presenter->detail(
        id, choice->provider,
        [this, provider = choice->provider.name,
         run = choice->run.id](std::optional<AttemptDetail> detail, const QString &error) {
            if (!detail) {
                m_count->setText(tr("The attempt cannot be read: %1").arg(error));
                return;
            }
            m_detail->showAttempt(
                tr("%1 · run %2 · attempt %3").arg(provider).arg(run).arg(detail->sample.seq),
                *detail);
            m_detail->show();
            m_detail->raise();
        });
}

} // namespace ys
