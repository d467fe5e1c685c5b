#include "ui/tco_page.h"

#include "charts/tco_chart.h"
#include "models/tco_sensitivity_model.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/table_look.h"
#include "workbench/tco_form.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace ys {

QString TcoPage::fieldLabel(TcoField f)
{
    return TcoForm::fieldLabel(f);
}

QString TcoPage::fieldLabel(TcoHiddenField f)
{
    return TcoForm::fieldLabel(f);
}

TcoPage::TcoPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_message(messageLabel(QStringLiteral("tcoMessage"), this))
    , m_result(messageLabel(QStringLiteral("tcoResult"), this))
    , m_useMeasured(new QPushButton(tr("Use these measurements"), this))
    , m_priceProvider(namedChild<QComboBox>(QStringLiteral("tcoPriceProvider"), this))
    , m_throughputProvider(namedChild<QComboBox>(QStringLiteral("tcoThroughputProvider"), this))
    , m_chart(namedChild<TcoChart>(QStringLiteral("tcoChart"), this))
{
    setObjectName(QStringLiteral("tcoPage"));
    m_useMeasured->setObjectName(QStringLiteral("tcoUseMeasured"));
    m_useMeasured->setToolTip(
        tr("The API price from one provider's measured cost, the throughput from another's "
           "best sustained concurrency-sweep step (prompt plus output tokens per second)"));
    m_chart->setMinimumHeight(260);

    const TcoForm::Texts defaults = TcoForm::defaults();
    auto *inputs = new QGroupBox(tr("Inputs"), this);
    auto *form = new QFormLayout(inputs);
    for (int i = 0; i < TcoForm::kFields; ++i) {
        const auto f = TcoField(i);
        auto *edit = new QLineEdit(defaults[std::size_t(i)], inputs);
        edit->setObjectName(TcoForm::objectName(f));
        form->addRow(fieldLabel(f), edit);
        connect(edit, &QLineEdit::textChanged, this, &TcoPage::recompute);
        m_fields[std::size_t(i)] = edit;
    }
    form->addRow(tr("API price from"), m_priceProvider);
    form->addRow(tr("Throughput from"), m_throughputProvider);
    form->addRow(m_useMeasured);
    form->addRow(m_message);
    form->addRow(m_result);
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(inputs);
    leftLayout->addWidget(makeHiddenInputs());
    leftLayout->addStretch(1);
    // The form and the hidden costs scroll together, so the page fits a 1280×800 window.
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("tcoInputsScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(left);
    connect(m_useMeasured, &QPushButton::clicked, this, &TcoPage::useMeasured);
    connect(workbench, &Workbench::summaryChanged, this, &TcoPage::refreshProviders);
    connect(workbench, &Workbench::selectedProviderChanged, this, &TcoPage::refreshProviders);

    auto *right = new QVBoxLayout;
    right->addWidget(m_chart, 3);
    right->addWidget(makeSensitivity(), 2);
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(scroll, 2);
    layout->addLayout(right, 3);
    refreshProviders();
    recompute();
}

QWidget *TcoPage::makeHiddenInputs()
{
    auto *box = new QGroupBox(tr("Hidden costs"), this);
    auto *form = new QFormLayout(box);
    const TcoForm::Hidden defaults = TcoForm::hiddenDefaults();
    const auto addField = [&](TcoHiddenField f) {
        auto *edit = new QLineEdit(defaults.texts[std::size_t(f)], box);
        edit->setObjectName(TcoForm::objectName(f));
        form->addRow(fieldLabel(f), edit);
        connect(edit, &QLineEdit::textChanged, this, &TcoPage::recompute);
        m_hidden[std::size_t(f)] = edit;
    };
    addField(TcoHiddenField::Redundancy);
    m_fineTuneKind = namedChild<QComboBox>(QStringLiteral("tco_finetune_kind"), box);
    m_fineTuneKind->addItems({tr("LoRA"), tr("Full")});
    m_fineTuneKind->setCurrentIndex(defaults.fullFineTune ? 1 : 0);
    form->addRow(tr("Fine-tuning"), m_fineTuneKind);
    connect(m_fineTuneKind, &QComboBox::currentIndexChanged, this, &TcoPage::recompute);
    addField(TcoHiddenField::FineTuneGpuHours);
    addField(TcoHiddenField::FineTuneRunsPerYear);
    addField(TcoHiddenField::FineTuneGpuUsd);
    m_hidden[std::size_t(TcoHiddenField::FineTuneGpuHours)]->setPlaceholderText(
        tr("none: no fine-tuning"));
    m_hidden[std::size_t(TcoHiddenField::FineTuneGpuUsd)]->setPlaceholderText(
        tr("the deployment's"));
    m_hiddenCosts = messageLabel(QStringLiteral("tcoHiddenCosts"), box);
    form->addRow(m_hiddenCosts);
    return box;
}

QWidget *TcoPage::makeSensitivity()
{
    auto *box = new QGroupBox(tr("Sensitivity"), this);
    auto *layout = new QVBoxLayout(box);
    auto *title = new QLabel(TcoForm::sensitivityTitle(), box);
    title->setWordWrap(true);
    m_sensitivity = new TcoSensitivityModel(this);
    m_sensitivityView = new QTableView(box);
    TableLook look;
    look.objectName = QStringLiteral("tcoSensitivity");
    look.exportName = QStringLiteral("tco-sensitivity");
    look.fitColumnsToContents = true;
    setUpTable(m_sensitivityView, m_sensitivity, look);
    layout->addWidget(title);
    layout->addWidget(m_sensitivityView, 1);
    return box;
}

QStringList TcoPage::hiddenCosts() const
{
    return m_hiddenCosts->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

void TcoPage::refreshProviders()
{
    const auto summary = m_workbench->summary();
    const QString selected = m_workbench->selectedProvider();
    const auto fill = [&selected](QComboBox *box, const QStringList &names) {
        const QString kept = box->currentText();
        const QSignalBlocker block(box);
        box->clear();
        box->addItems(names);
        // The choice made stays; else the selected provider, when it can give the figure.
        int row = box->findText(kept);
        if (row < 0)
            row = box->findText(selected);
        box->setCurrentIndex(std::max(row, names.isEmpty() ? -1 : 0));
    };
    fill(m_priceProvider, TcoForm::priceProviders(summary.get()));
    fill(m_throughputProvider, TcoForm::throughputProviders(summary.get()));
}

QString TcoPage::message() const
{
    return m_message->text();
}

void TcoPage::recompute()
{
    if (!m_sensitivity)
        return; // still being built
    for (QLineEdit *e : m_fields)
        e->setStyleSheet(QString());
    for (QLineEdit *e : m_hidden)
        e->setStyleSheet(QString());
    TcoForm::Texts texts;
    for (int i = 0; i < TcoForm::kFields; ++i)
        texts[std::size_t(i)] = m_fields[std::size_t(i)]->text();
    TcoForm::Hidden hidden;
    for (int i = 0; i < TcoForm::kHiddenFields; ++i)
        hidden.texts[std::size_t(i)] = m_hidden[std::size_t(i)]->text();
    hidden.fullFineTune = m_fineTuneKind->currentIndex() == 1;
    TcoForm::Result r = TcoForm::evaluate(texts, hidden);
    m_refused = r.refused;
    m_refusedHidden = r.refusedHidden;
    m_message->setText(r.message);
    const QString marked = QStringLiteral("QLineEdit { border: 2px solid #e15759; }");
    if (r.refused)
        m_fields[std::size_t(*r.refused)]->setStyleSheet(marked);
    if (r.refusedHidden)
        m_hidden[std::size_t(*r.refusedHidden)]->setStyleSheet(marked);
    if (!r.report || !r.input || !r.curve)
        return; // the chart keeps the last valid input
    m_report = std::move(r.report);
    m_chart->setCurve(*r.curve, r.input->monthlyTokens);
    m_result->setText(r.summary);
    m_hiddenCosts->setText(r.hiddenCosts.join(QLatin1Char('\n')));
    m_sensitivity->setRows(m_report->sensitivity);
}

void TcoPage::useMeasured()
{
    const TcoForm::Measured m =
        TcoForm::measured(m_workbench->summary().get(), m_priceProvider->currentText(),
                          m_throughputProvider->currentText());
    if (m.apiUsdPer1m)
        m_fields[std::size_t(TcoField::ApiUsdPer1m)]->setText(*m.apiUsdPer1m);
    if (m.tokensPerS)
        m_fields[std::size_t(TcoField::TokensPerS)]->setText(*m.tokensPerS);
    if (!m.notes.isEmpty() && !m_refused && !m_refusedHidden)
        m_message->setText(m.notes.join(QLatin1Char(' ')));
}

} // namespace ys
