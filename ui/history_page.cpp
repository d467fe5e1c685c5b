#include "ui/history_page.h"

#include "charts/drift_chart.h"
#include "models/drift_model.h"
#include "models/drift_series_model.h"
#include "models/session_diff_model.h"
#include "models/session_list_model.h"
#include "ui/history_window_view.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/table_look.h"
#include "workbench/history_presenter.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <utility>

namespace ys {

namespace {

QTableView *tableFor(QAbstractItemModel *model, const QString &name, const QString &exportName,
                     QWidget *parent)
{
    auto *view = new QTableView(parent);
    setUpTable(view, model, {name, exportName});
    return view;
}

} // namespace

HistoryPage::HistoryPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_presenter(new HistoryPresenter(workbench, this))
    , m_before(namedChild<QComboBox>(QStringLiteral("historyBefore"), this))
    , m_after(namedChild<QComboBox>(QStringLiteral("historyAfter"), this))
    , m_diffMessage(messageLabel(QStringLiteral("historyMessage"), this))
    , m_diff(new SessionDiffModel(this))
    , m_provider(namedChild<QComboBox>(QStringLiteral("driftProvider"), this))
    , m_driftMessage(messageLabel(QStringLiteral("driftMessage"), this))
    , m_chart(namedChild<DriftChart>(QStringLiteral("driftChart"), this))
    , m_series(new DriftSeriesModel(this))
    , m_events(new DriftModel(this))
    , m_windows(new HistoryWindowView(workbench, m_presenter, this))
{
    setObjectName(QStringLiteral("historyPage"));
    m_chart->setModel(m_series);
    m_chart->setMinimumHeight(220);
    m_diffTable =
        tableFor(m_diff, QStringLiteral("historyDiffTable"), QStringLiteral("session_diff"), this);
    m_seriesTable =
        tableFor(m_series, QStringLiteral("driftTable"), QStringLiteral("drift_series"), this);
    m_eventTable =
        tableFor(m_events, QStringLiteral("driftEvents"), QStringLiteral("drift_events"), this);

    auto *compareBox = new QGroupBox(tr("Compare two sessions or runs"), this);
    auto *choices = new QFormLayout;
    choices->addRow(tr("Before (A):"), m_before);
    choices->addRow(tr("After (B):"), m_after);
    auto *compareLayout = new QVBoxLayout(compareBox);
    compareLayout->addLayout(choices);
    compareLayout->addWidget(m_diffMessage);
    compareLayout->addWidget(m_diffTable);

    auto *driftBox = new QWidget(this);
    driftBox->setObjectName(QStringLiteral("driftBox"));
    auto *providerRow = new QHBoxLayout;
    providerRow->addWidget(new QLabel(tr("Provider:"), driftBox));
    providerRow->addWidget(m_provider, 1);
    auto *driftTables = new QSplitter(Qt::Horizontal, driftBox);
    driftTables->addWidget(m_seriesTable);
    driftTables->addWidget(m_eventTable);
    auto *driftSplit = new QSplitter(Qt::Vertical, driftBox);
    driftSplit->addWidget(m_chart);
    driftSplit->addWidget(driftTables);
    auto *driftLayout = new QVBoxLayout(driftBox);
    driftLayout->addLayout(providerRow);
    driftLayout->addWidget(m_driftMessage);
    driftLayout->addWidget(driftSplit);

    // Below the comparison, one provider across the sessions, or every provider's medians by
    // window or by hour of the day.
    auto *overTime = namedChild<QTabWidget>(QStringLiteral("historyTabs"), this);
    overTime->setDocumentMode(true);
    overTime->addTab(driftBox, tr("A provider over time"));
    overTime->addTab(m_windows, tr("Medians by window or hour"));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(compareBox);
    split->addWidget(overTime);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);

    connect(m_before, &QComboBox::currentIndexChanged, this, &HistoryPage::compare);
    connect(m_after, &QComboBox::currentIndexChanged, this, &HistoryPage::compare);
    connect(m_provider, &QComboBox::currentIndexChanged, this, &HistoryPage::showDrift);
    connect(workbench->sessionModel(), &QAbstractItemModel::modelReset, this, &HistoryPage::reload);
    // A re-run adds a run to a listed session without changing the list.
    connect(workbench, &Workbench::sessionFinished, this, &HistoryPage::reload);
    connect(workbench, &Workbench::selectedProviderChanged, this, [this](const QString &name) {
        const int row = m_provider->findText(name);
        if (row >= 0)
            m_provider->setCurrentIndex(row);
    });
    reload();
}

QString HistoryPage::sourceLabel(const HistorySource &s) const
{
    const QString started = QLocale().toString(s.startedAt.toLocalTime(), QLocale::ShortFormat);
    if (s.runId == 0)
        return tr("Session %1 · %2 · %3").arg(s.sessionId).arg(s.suiteName, started);
    return tr("    %1, run %2 (session %3, %4)")
        .arg(s.provider)
        .arg(s.runNumber)
        .arg(s.sessionId)
        .arg(started);
}

int HistoryPage::rowOf(qint64 sessionId, qint64 runId) const
{
    for (std::size_t i = 0; i < m_sources.size(); ++i)
        if (m_sources[i].sessionId == sessionId && m_sources[i].runId == runId)
            return int(i);
    return -1;
}

void HistoryPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        reload();
}

void HistoryPage::reload()
{
    if (!m_presenter->available())
        return;
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    load();
}

void HistoryPage::load()
{
    if (!m_presenter->available())
        return;
    m_stale = false;
    m_presenter->sources(
        [this](std::vector<HistorySource> sources, QStringList providers, const QString &error) {
            showSources(std::move(sources), std::move(providers), error);
        });
    if (m_sources.empty())
        m_diffMessage->setText(tr("Reading the sessions…"));
}

void HistoryPage::showSources(std::vector<HistorySource> sources, QStringList providers,
                              const QString &error)
{
    if (!error.isEmpty()) {
        m_pendingRerun.reset();
        m_diffMessage->setText(tr("The sessions cannot be read: %1").arg(error));
        return;
    }
    const auto keyOf = [this](const QComboBox *box) -> std::pair<qint64, qint64> {
        const int i = box->currentIndex();
        if (i < 0 || i >= int(m_sources.size()))
            return {0, 0};
        return {m_sources[std::size_t(i)].sessionId, m_sources[std::size_t(i)].runId};
    };
    const auto before = keyOf(m_before), after = keyOf(m_after);
    const QString provider = m_provider->currentText();

    m_sources = std::move(sources);
    const QSignalBlocker blockBefore(m_before), blockAfter(m_after), blockProvider(m_provider);
    m_before->clear();
    m_after->clear();
    for (const HistorySource &s : m_sources) {
        m_before->addItem(sourceLabel(s));
        m_after->addItem(sourceLabel(s));
    }
    // The choices made stay; otherwise the newest session against the one before it.
    std::vector<int> sessions;
    for (std::size_t i = 0; i < m_sources.size(); ++i)
        if (m_sources[i].runId == 0)
            sessions.push_back(int(i));
    const int keptBefore = rowOf(before.first, before.second);
    const int keptAfter = rowOf(after.first, after.second);
    const bool kept = keptBefore >= 0 && keptAfter >= 0 && keptBefore != keptAfter;
    if (kept) {
        m_before->setCurrentIndex(keptBefore);
        m_after->setCurrentIndex(keptAfter);
    } else if (!sessions.empty()) {
        m_after->setCurrentIndex(sessions.front());
        m_before->setCurrentIndex(sessions.size() > 1 ? sessions[1] : sessions.front());
    }

    m_provider->clear();
    m_provider->addItems(providers);
    const QString wanted = provider.isEmpty() ? m_workbench->selectedProvider() : provider;
    if (const int row = m_provider->findText(wanted); row >= 0)
        m_provider->setCurrentIndex(row);
    if (const std::optional<PendingRerun> rerun = std::exchange(m_pendingRerun, std::nullopt);
        rerun && applyRerun(rerun->sessionId, rerun->provider)) {
        startCompare();
        Q_EMIT rerunShown(rerun->sessionId, rerun->provider);
    } else if (kept) {
        startCompare(); // the same sides: a re-run shown stays named
    } else {
        compare();
    }
    showDrift();
    QStringList suites;
    for (const HistorySource &s : m_sources)
        if (s.runId == 0 && !suites.contains(s.suiteName))
            suites << s.suiteName;
    suites.sort();
    m_windows->setSuites(suites);
}

void HistoryPage::showRerun(qint64 sessionId, const QString &provider)
{
    m_pendingRerun = PendingRerun{sessionId, provider};
    load();
}

bool HistoryPage::applyRerun(qint64 sessionId, const QString &provider)
{
    std::vector<int> runs;
    for (std::size_t i = 0; i < m_sources.size(); ++i)
        if (m_sources[i].sessionId == sessionId && m_sources[i].runId != 0 &&
            m_sources[i].provider == provider)
            runs.push_back(int(i));
    if (runs.size() < 2)
        return false;
    const int before = runs[runs.size() - 2], after = runs.back();
    {
        const QSignalBlocker blockBefore(m_before), blockAfter(m_after);
        m_before->setCurrentIndex(before);
        m_after->setCurrentIndex(after);
    }
    if (const int row = m_provider->findText(provider); row >= 0)
        m_provider->setCurrentIndex(row);
    m_rerun = Rerun{provider, sessionId, m_sources[std::size_t(after)].runNumber,
                    m_sources[std::size_t(before)].runNumber};
    return true;
}

bool HistoryPage::isLoading() const
{
    return m_presenter->isLoading();
}

void HistoryPage::compare()
{
    m_rerun.reset(); // the analyst chose other sides
    startCompare();
}

void HistoryPage::startCompare()
{
    const int b = m_before->currentIndex(), a = m_after->currentIndex();
    const auto noComparison = [this] {
        m_diff->clear();
        m_diffMessage->setText(tr("Run a suite twice, or re-run a provider, to compare."));
    };
    if (b < 0 || a < 0 || b >= int(m_sources.size()) || a >= int(m_sources.size()))
        return noComparison();
    const HistorySource before = m_sources[std::size_t(b)], after = m_sources[std::size_t(a)];
    const bool same = a == b;
    if (!m_presenter->compare(before, after,
                              [this, same](std::optional<SessionDiff> diff, const QString &error) {
                                  showDiff(std::move(diff), error, same);
                              }))
        return noComparison();
    m_diffMessage->setText(tr("Comparing…"));
}

void HistoryPage::showDiff(std::optional<SessionDiff> diff, const QString &error, bool same)
{
    if (!diff) {
        m_diff->clear();
        m_diffMessage->setText(error);
        return;
    }
    m_diff->setDiff(std::move(*diff));
    QStringList notes;
    if (m_rerun) {
        int significant = 0;
        for (const DiffRow &row : m_diff->diff().rows)
            significant += row.significant() ? 1 : 0;
        notes << tr("Re-run of %1 in session %2: run %3 (B) against run %4 (A); %5 of %6 "
                    "figures changed significantly.")
                     .arg(m_rerun->provider)
                     .arg(m_rerun->sessionId)
                     .arg(m_rerun->afterRun)
                     .arg(m_rerun->beforeRun)
                     .arg(significant)
                     .arg(m_diff->diff().rows.size());
    }
    if (same)
        notes << tr("A and B are the same: choose two different sessions or runs.");
    if (!m_diff->diff().onlyBefore.isEmpty())
        notes << tr("Only in A: %1").arg(m_diff->diff().onlyBefore.join(QStringLiteral(", ")));
    if (!m_diff->diff().onlyAfter.isEmpty())
        notes << tr("Only in B: %1").arg(m_diff->diff().onlyAfter.join(QStringLiteral(", ")));
    if (notes.size() == (m_rerun ? 1 : 0))
        notes << tr("Significant: p < 0.05. TTFT and E2E are tested on every successful "
                    "attempt (Mann–Whitney U), their interval is of the Hodges–Lehmann shift.");
    m_diffMessage->setText(notes.join(QLatin1Char(' ')));
}

void HistoryPage::showDrift()
{
    const QString provider = m_provider->currentText();
    const auto nothing = [this, provider] {
        m_series->setLoaded(provider, {});
        m_events->setEvents({});
        m_driftMessage->clear();
    };
    if (provider.isEmpty())
        return nothing();
    if (!m_presenter->drift(provider, [this, provider](std::vector<DriftPoint> points,
                                                       const QString &error) {
            m_series->setLoaded(provider, std::move(points));
            m_events->setEvents(m_series->events());
            m_driftMessage->setText(
                error.isEmpty() ? QString()
                                : tr("The sessions of %1 cannot be read: %2").arg(provider, error));
        }))
        return nothing();
    m_driftMessage->setText(tr("Reading every session of %1…").arg(provider));
}

} // namespace ys
