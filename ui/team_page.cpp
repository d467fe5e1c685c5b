#include "ui/team_page.h"

#include "models/team_tables.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/table_look.h"
#include "workbench/team_presenter.h"
#include "workbench/workbench.h"

#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace ys {

namespace {

QGroupBox *tableBox(const QString &title, QTableView *table, QWidget *parent)
{
    auto *box = new QGroupBox(title, parent);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(table);
    return box;
}

} // namespace

TeamPage::TeamPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_presenter(new TeamPresenter(workbench, this))
    , m_queue(new QueueItemsModel(this))
    , m_workers(new WorkersModel(this))
    , m_schedules(new SchedulesModel(this))
    , m_store(namedChild<QLineEdit>(QStringLiteral("teamStore"), this))
    , m_message(selectableMessageLabel(QStringLiteral("teamMessage"), this))
{
    setObjectName(QStringLiteral("teamPage"));
    m_store->setText(m_presenter->store());
    m_store->setToolTip(tr("A PostgreSQL team store (postgresql://user@host/database; the "
                           "password from PGPASSWORD, ~/.pgpass or ?password_ref=) or an SQLite "
                           "file; the workbench's own database to begin with"));
    auto *connectButton = namedChild<QPushButton>(QStringLiteral("teamConnect"), this);
    connectButton->setText(tr("Connect"));
    auto *refreshButton = namedChild<QPushButton>(QStringLiteral("teamRefresh"), this);
    refreshButton->setText(tr("Refresh"));
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Store"), this));
    top->addWidget(m_store, 1);
    top->addWidget(connectButton);
    top->addWidget(refreshButton);

    auto *queue = new QTableView(this);
    setUpTable(queue, m_queue, {QStringLiteral("teamQueue"), QStringLiteral("run_queue")});
    auto *workers = new QTableView(this);
    setUpTable(workers, m_workers, {QStringLiteral("teamWorkers"), QStringLiteral("workers")});
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(tableBox(tr("Run queue"), queue, split));
    split->addWidget(tableBox(tr("Workers"), workers, split));
    split->addWidget(buildSchedules());

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_message);
    layout->addWidget(split, 1);

    connect(connectButton, &QPushButton::clicked, this, &TeamPage::connectStore);
    connect(m_store, &QLineEdit::returnPressed, this, &TeamPage::connectStore);
    connect(refreshButton, &QPushButton::clicked, this, &TeamPage::refresh);
    m_timer.setInterval(kRefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &TeamPage::refresh);
}

QWidget *TeamPage::buildSchedules()
{
    auto *box = new QGroupBox(tr("Schedules"), this);
    m_scheduleTable = new QTableView(box);
    setUpTable(m_scheduleTable, m_schedules,
               {QStringLiteral("teamSchedules"), QStringLiteral("schedules"),
                QAbstractItemView::SingleSelection});
    m_name = namedChild<QLineEdit>(QStringLiteral("scheduleName"), box);
    m_name->setPlaceholderText(tr("the suite's name"));
    m_suite = namedChild<QLineEdit>(QStringLiteral("scheduleSuite"), box);
    auto *choose = namedChild<QPushButton>(QStringLiteral("scheduleChooseSuite"), box);
    choose->setText(tr("Choose…"));
    m_every = namedChild<QLineEdit>(QStringLiteral("scheduleEvery"), box);
    m_every->setPlaceholderText(tr("6h, 30m, 1d"));
    m_at = namedChild<QLineEdit>(QStringLiteral("scheduleAt"), box);
    m_at->setPlaceholderText(tr("09:00,15:00 (UTC)"));
    auto *add = namedChild<QPushButton>(QStringLiteral("scheduleAdd"), box);
    add->setText(tr("Add schedule"));
    auto *remove = namedChild<QPushButton>(QStringLiteral("scheduleRemove"), box);
    remove->setText(tr("Remove the selected schedule"));

    auto *suiteRow = new QHBoxLayout;
    suiteRow->addWidget(m_suite, 1);
    suiteRow->addWidget(choose);
    auto *form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Suite file"), suiteRow);
    form->addRow(tr("Every"), m_every);
    form->addRow(tr("Or at times of day"), m_at);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    form->addRow(buttons);

    auto *layout = new QHBoxLayout(box);
    layout->addWidget(m_scheduleTable, 3);
    layout->addLayout(form, 2);

    connect(choose, &QPushButton::clicked, this, [this] {
        const QString path =
            m_chooser ? m_chooser()
                      : QFileDialog::getOpenFileName(this, tr("Suite file"), QString(),
                                                     tr("Suites (*.json);;All files (*)"));
        if (!path.isEmpty())
            m_suite->setText(path);
    });
    connect(add, &QPushButton::clicked, this, &TeamPage::addSchedule);
    connect(remove, &QPushButton::clicked, this, &TeamPage::removeSchedule);
    return box;
}

QString TeamPage::message() const
{
    return m_message->text();
}

void TeamPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
    m_timer.start();
}

void TeamPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_timer.stop();
}

void TeamPage::refresh()
{
    m_presenter->refresh([this](std::optional<TeamSnapshot> snapshot, const QString &error) {
        show(std::move(snapshot), error);
    });
}

void TeamPage::connectStore()
{
    QString error;
    if (!m_presenter->connectTo(m_store->text(), &error)) {
        m_message->setText(error);
        return;
    }
    m_queue->clear();
    m_workers->clear();
    m_schedules->clear();
    m_message->setText(tr("Connecting to %1…").arg(m_presenter->store()));
    refresh();
}

void TeamPage::show(std::optional<TeamSnapshot> snapshot, const QString &error)
{
    if (!snapshot) {
        m_message->setText(tr("%1 cannot be read: %2").arg(m_presenter->store(), error));
        Q_EMIT refreshed();
        return;
    }
    const auto count = [&](const char *state) {
        return int(
            std::count_if(snapshot->items.begin(), snapshot->items.end(),
                          [&](const QueueItem &i) { return i.state == QLatin1StringView(state); }));
    };
    // The store is in the field above; a path in the line would read as words.
    m_message->setText(tr("%1 queued, %2 running, %3 done, %4 failed; %5 worker(s) seen; "
                          "%6 schedule(s)")
                           .arg(count("queued"))
                           .arg(count("claimed"))
                           .arg(count("done"))
                           .arg(count("failed"))
                           .arg(snapshot->workers.size())
                           .arg(snapshot->schedules.size()));
    if (snapshot->items.empty() && snapshot->schedules.empty())
        m_message->setText(m_message->text() + QLatin1Char('\n') +
                           tr("Nothing is queued here yet: put a suite in the queue with Queue on "
                              "the team store on the Suite page, or add a schedule below; "
                              "yardstick-cli worker on any machine runs what is queued."));
    m_queue->setSnapshot(*snapshot);
    m_workers->setSnapshot(*snapshot);
    m_schedules->setSnapshot(*snapshot);
    Q_EMIT refreshed();
}

void TeamPage::addSchedule()
{
    QString error;
    const bool started = m_presenter->addSchedule(
        m_name->text(), m_suite->text(), m_every->text(), m_at->text(),
        [this](std::optional<qint64> id, const QString &why) {
            if (!id) {
                m_message->setText(tr("The schedule was not added: %1").arg(why));
                Q_EMIT refreshed();
                return;
            }
            m_name->clear();
            m_every->clear();
            m_at->clear();
            refresh();
        },
        &error);
    if (!started)
        m_message->setText(error);
}

void TeamPage::removeSchedule()
{
    const QModelIndex current = m_scheduleTable->currentIndex();
    if (!current.isValid()) {
        m_message->setText(tr("Select the schedule to remove"));
        return;
    }
    const qint64 id = m_schedules->index(current.row(), SchedulesModel::Id)
                          .data(RowTableModel::ValueRole)
                          .toLongLong();
    m_presenter->removeSchedule(id, [this](std::optional<qint64> removed, const QString &why) {
        if (!removed)
            m_message->setText(tr("The schedule was not removed: %1").arg(why));
        refresh();
    });
}

} // namespace ys
