#include "ui/use_case_form.h"

#include "ui/message_label.h"
#include "ui/named_child.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>

namespace ys {

UseCaseFormWidget::UseCaseFormWidget(QWidget *parent)
    : QWidget(parent)
    , m_choice(namedChild<QComboBox>(QStringLiteral("useCaseChoice"), this))
    , m_edits{namedChild<QLineEdit>(QStringLiteral("monthlyTokens"), this),
              namedChild<QLineEdit>(QStringLiteral("peakRps"), this)}
    , m_description(selectableMessageLabel(QStringLiteral("useCaseDescription"), this))
    , m_message(selectableMessageLabel(QStringLiteral("useCaseMessage"), this))
{
    setObjectName(QStringLiteral("useCaseForm"));
    auto *form = new QFormLayout(this);
    m_choice->setToolTip(tr("What the suite's sessions are read for: its requirements, how "
                            "providers are ranked and the volume its cost is quoted at"));
    auto *open = namedChild<QPushButton>(QStringLiteral("openUseCase"), this);
    open->setText(tr("Open use case…"));
    open->setToolTip(tr("Read a use-case file of your own and choose it"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_choice, 1);
    row->addWidget(open);
    form->addRow(tr("Use case"), row);
    for (const UseCaseForm::Field f :
         {UseCaseForm::Field::MonthlyTokens, UseCaseForm::Field::PeakRps}) {
        QLineEdit *edit = m_edits[int(f)];
        edit->setPlaceholderText(tr("none"));
        form->addRow(UseCaseForm::fieldLabel(f), edit);
        connect(edit, &QLineEdit::textEdited, this, [this, f](const QString &text) {
            m_form.setText(f, text);
            showProblem();
            Q_EMIT edited();
        });
    }
    form->addRow(m_description);
    form->addRow(m_message);
    connect(m_choice, &QComboBox::activated, this, &UseCaseFormWidget::choose);
    connect(open, &QPushButton::clicked, this, &UseCaseFormWidget::openWithDialog);
    showForm();
}

QString UseCaseFormWidget::help(UseCaseForm::Field field)
{
    return field == UseCaseForm::Field::MonthlyTokens
               ? tr("Input and output tokens a month, e.g. 300M or 2B; empty: none")
               : tr("Requests per second at the busiest time; empty: none");
}

void UseCaseFormWidget::setSuite(const Suite &suite)
{
    m_form = UseCaseForm(suite);
    m_message->clear();
    showForm();
}

void UseCaseFormWidget::showForm()
{
    {
        const QSignalBlocker blocker(m_choice);
        m_choice->clear();
        for (const UseCaseForm::Choice &c : m_form.choices()) {
            m_choice->addItem(c.title, c.useCase ? c.useCase->id : QString());
            if (c.useCase)
                m_choice->setItemData(m_choice->count() - 1, c.useCase->description,
                                      Qt::ToolTipRole);
        }
        m_choice->setCurrentIndex(m_form.chosen());
    }
    const bool chosen = m_form.chosenUseCase() != nullptr;
    for (const UseCaseForm::Field f :
         {UseCaseForm::Field::MonthlyTokens, UseCaseForm::Field::PeakRps}) {
        m_edits[int(f)]->setText(m_form.text(f));
        m_edits[int(f)]->setEnabled(chosen);
    }
    m_description->setText(m_form.description());
    showProblem();
}

void UseCaseFormWidget::showProblem()
{
    const auto refused = m_form.refused();
    const QString problem = m_form.problem();
    for (const UseCaseForm::Field f :
         {UseCaseForm::Field::MonthlyTokens, UseCaseForm::Field::PeakRps}) {
        const bool bad = refused == f;
        // Refused input stays visible, outlined, with the reason as its tool tip (as BoundFields).
        m_edits[int(f)]->setStyleSheet(bad ? QStringLiteral("border: 2px solid #d03030;")
                                           : QString());
        m_edits[int(f)]->setToolTip(bad ? problem : help(f));
    }
    Q_EMIT problemChanged();
}

void UseCaseFormWidget::choose(int index)
{
    m_form.choose(index);
    m_message->clear();
    showForm();
    Q_EMIT edited();
}

bool UseCaseFormWidget::openUseCase(const QString &path)
{
    QString error;
    if (!m_form.loadFile(path, &error)) {
        m_message->setText(error);
        return false;
    }
    m_lastDir = QFileInfo(path).absolutePath();
    showForm();
    m_message->setText(tr("Read the use case \"%1\" from %2")
                           .arg(m_form.chosenUseCase()->title, QDir::toNativeSeparators(path)));
    Q_EMIT edited();
    return true;
}

void UseCaseFormWidget::openWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open use case"), m_lastDir,
                                                      tr("Use cases (*.json);;All files (*)"));
    if (!path.isEmpty())
        openUseCase(path);
}

} // namespace ys
