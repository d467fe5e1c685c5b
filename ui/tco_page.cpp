#include "ui/tco_page.h"

#include "charts/tco_chart.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "workbench/tco_form.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

namespace ys {

QString TcoPage::fieldLabel(TcoField f)
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
    connect(m_useMeasured, &QPushButton::clicked, this, &TcoPage::useMeasured);
    connect(workbench, &Workbench::summaryChanged, this, &TcoPage::refreshProviders);
    connect(workbench, &Workbench::selectedProviderChanged, this, &TcoPage::refreshProviders);

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(inputs, 2);
    layout->addWidget(m_chart, 3);
    refreshProviders();
    recompute();
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
    for (QLineEdit *e : m_fields)
        e->setStyleSheet(QString());
    TcoForm::Texts texts;
    for (int i = 0; i < TcoForm::kFields; ++i)
        texts[std::size_t(i)] = m_fields[std::size_t(i)]->text();
    TcoForm::Result r = TcoForm::evaluate(texts);
    m_refused = r.refused;
    m_message->setText(r.message);
    if (r.refused)
        m_fields[std::size_t(*r.refused)]->setStyleSheet(
            QStringLiteral("QLineEdit { border: 2px solid #e15759; }"));
    if (!r.report || !r.input || !r.curve)
        return; // the chart keeps the last valid input
    m_report = std::move(r.report);
    m_chart->setCurve(*r.curve, r.input->monthlyTokens);
    m_result->setText(r.summary);
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
    if (!m.notes.isEmpty() && !m_refused)
        m_message->setText(m.notes.join(QLatin1Char(' ')));
}

} // namespace ys
