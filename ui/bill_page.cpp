#include "ui/bill_page.h"

#include "charts/bill_chart.h"
#include "models/bill_tables.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/table_look.h"
#include "workbench/bill_import.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace ys {

namespace {

// The fields as the page names them; the bill's format calls them date, model, input_tokens…
const char *fieldLabel(BillCsv::Field f)
{
    switch (f) {
    case BillCsv::Date:
        return QT_TRANSLATE_NOOP("ys::BillPage", "Date");
    case BillCsv::Model:
        return QT_TRANSLATE_NOOP("ys::BillPage", "Model");
    case BillCsv::InputTokens:
        return QT_TRANSLATE_NOOP("ys::BillPage", "Input tokens");
    case BillCsv::CachedTokens:
        return QT_TRANSLATE_NOOP("ys::BillPage", "Cached tokens");
    case BillCsv::OutputTokens:
        return QT_TRANSLATE_NOOP("ys::BillPage", "Output tokens");
    case BillCsv::CostUsd:
    case BillCsv::FieldCount:
        break;
    }
    return QT_TRANSLATE_NOOP("ys::BillPage", "Cost (USD)");
}

} // namespace

BillPage::BillPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_bill(new BillImport(workbench, this))
    , m_import(namedChild<QAction>(QStringLiteral("actionImportBill"), this))
    , m_file(messageLabel(QStringLiteral("billFile"), this))
    , m_scope(namedChild<QComboBox>(QStringLiteral("billScope"), this))
    , m_columnsBox(new QGroupBox(tr("Columns of the bill"), this))
    , m_message(selectableMessageLabel(QStringLiteral("billMessage"), this))
    , m_summary(messageLabel(QStringLiteral("billSummary"), this))
    , m_models(new BillModelsModel(this))
    , m_days(new BillDaysModel(this))
    , m_modelsTable(new QTableView(this))
    , m_daysTable(new QTableView(this))
    , m_chart(namedChild<BillChart>(QStringLiteral("billChart"), this))
{
    setObjectName(QStringLiteral("billPage"));
    retranslateAction();
    connect(m_import, &QAction::triggered, this, &BillPage::chooseFile);

    auto *choose = new QPushButton(tr("Import bill…"), this);
    choose->setObjectName(QStringLiteral("billChoose"));
    connect(choose, &QPushButton::clicked, m_import, &QAction::trigger);
    m_scope->addItem(tr("Every session"));
    m_scope->addItem(tr("The selected session"));
    m_scope->setToolTip(tr("Which recorded sessions the bill is set against"));
    connect(m_scope, &QComboBox::currentIndexChanged, this, &BillPage::reconcile);
    auto *top = new QHBoxLayout;
    top->addWidget(choose);
    top->addWidget(new QLabel(tr("Against"), this));
    top->addWidget(m_scope);
    top->addWidget(m_file, 1);

    m_columnsBox->setObjectName(QStringLiteral("billColumns"));
    auto *grid = new QGridLayout(m_columnsBox);
    for (int i = 0; i < BillCsv::FieldCount; ++i) {
        const auto f = BillCsv::Field(i);
        auto *box = new QComboBox(m_columnsBox);
        box->setObjectName(QStringLiteral("billColumn_") + BillCsv::fieldName(f));
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
        connect(box, &QComboBox::currentIndexChanged, this, [this, f, box] {
            m_bill->setColumn(f, box->currentData().toString());
            reconcile();
        });
        m_columns[std::size_t(i)] = box;
        grid->addWidget(new QLabel(tr(fieldLabel(f)), m_columnsBox), i / 3, (i % 3) * 2);
        grid->addWidget(box, i / 3, (i % 3) * 2 + 1);
    }
    m_columnsBox->setVisible(false);

    setUpTable(m_modelsTable, m_models,
               {QStringLiteral("billModelsTable"), QStringLiteral("bill_models")});
    TableLook days{QStringLiteral("billDaysTable"), QStringLiteral("bill_days")};
    days.fitColumnsToContents = true;
    setUpTable(m_daysTable, m_days, days);
    m_chart->setMinimumHeight(240);
    m_chart->setMinimumWidth(440); // the days and the models' legend, whole

    auto *tables = new QSplitter(Qt::Vertical, this);
    tables->addWidget(m_modelsTable);
    tables->addWidget(m_daysTable);
    tables->setStretchFactor(1, 3);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("billSplitter"));
    split->addWidget(tables);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_columnsBox);
    layout->addWidget(m_message);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    m_summary->setText(tr("No bill yet. Import a provider's usage or invoice CSV (File → Import "
                          "bill…) to see what it charged per 1K tokens each day against what "
                          "the sessions recorded, with the days that stand out flagged."));
    // The selected session can change what "the selected session" means.
    connect(workbench, &Workbench::selectedSessionChanged, this, [this] {
        if (m_scope->currentIndex() == 1)
            reconcile();
    });
}

void BillPage::retranslateAction()
{
    m_import->setText(tr("Import &bill…"));
    m_import->setToolTip(tr("Set a provider's usage or invoice CSV against what the sessions "
                            "recorded, day by day"));
}

void BillPage::chooseFile()
{
    const QString path = m_chooser
                             ? m_chooser()
                             : QFileDialog::getOpenFileName(this, tr("Import bill"), QString(),
                                                            tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        importFile(path);
}

void BillPage::importFile(const QString &path)
{
    QString error;
    if (!m_bill->load(path, &error)) {
        showProblem(error);
        return;
    }
    m_file->setText(QFileInfo(path).fileName());
    m_file->setToolTip(path);
    fillColumns();
    reconcile();
}

void BillPage::fillColumns()
{
    for (int i = 0; i < BillCsv::FieldCount; ++i) {
        const auto f = BillCsv::Field(i);
        QComboBox *box = m_columns[std::size_t(i)];
        const QSignalBlocker block(box);
        box->clear();
        // A required field without its column shows "choose" until one is picked; an optional
        // one can be left out.
        box->addItem(BillCsv::optionalField(f) ? tr("(none: 0)") : tr("(choose a column)"),
                     QString());
        for (const QString &h : m_bill->header())
            box->addItem(h, h);
        const int at = box->findData(m_bill->columnOf(f));
        box->setCurrentIndex(at < 0 ? 0 : at);
    }
    m_columnsBox->setVisible(true);
}

void BillPage::reconcile()
{
    if (!m_bill->loaded())
        return;
    const qint64 selected = m_workbench->selectedSession();
    if (m_scope->currentIndex() == 1 && selected == 0) {
        showProblem(tr("No session is selected: pick one in the Sessions list, or set the bill "
                       "against every session"));
        return;
    }
    m_bill->setSession(m_scope->currentIndex() == 1 ? std::optional<qint64>(selected)
                                                    : std::nullopt);
    QString error;
    if (!m_bill->reconcile([this](std::optional<BillReconciliation> r,
                                  const QString &why) { showResult(std::move(r), why); },
                           &error)) {
        showProblem(error);
        return;
    }
    m_message->setText(tr("Reading the recorded usage…"));
}

void BillPage::showResult(std::optional<BillReconciliation> r, const QString &error)
{
    if (!r) {
        showProblem(error);
        return;
    }
    m_models->setReconciliation(*r);
    m_days->setReconciliation(*r);
    m_chart->setReconciliation(*r);
    m_summary->setText(billSummaryText(*r));
    const int flagged = m_days->flaggedDays();
    QString scope = m_scope->currentIndex() == 1
                        ? tr("session %1").arg(m_workbench->selectedSession())
                        : tr("every session");
    m_message->setText(
        tr("%n bill line(s) set against %1; %2 day(s) flagged.", nullptr, r->billLines)
            .arg(scope)
            .arg(flagged));
    Q_EMIT reconciled();
}

void BillPage::showProblem(const QString &message)
{
    // What was shown stays: a bad file or column does not wipe a good reconciliation.
    m_message->setText(message);
    Q_EMIT failed(message);
}

QString BillPage::message() const
{
    return m_message->text();
}

QString BillPage::summary() const
{
    return m_summary->text();
}

} // namespace ys
