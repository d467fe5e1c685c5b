#include "ui/recommendation_page.h"

#include "models/recommendation_model.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/table_look.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace ys {

RecommendationPage::RecommendationPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_presenter(new RecommendationPresenter(workbench, this))
    , m_useCase(namedChild<QComboBox>(QStringLiteral("recommendationUseCase"), this))
    , m_message(messageLabel(QStringLiteral("recommendationMessage"), this))
    , m_headline(selectableMessageLabel(QStringLiteral("recommendationHeadline"), this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_risksTitle(new QLabel(tr("Risks"), this))
    , m_risks(namedChild<QListWidget>(QStringLiteral("recommendationRisks"), this))
    , m_planSource(messageLabel(QStringLiteral("chunkingPlanSource"), this))
    , m_chunkingMessage(messageLabel(QStringLiteral("chunkingMessage"), this))
    , m_arithmetic(selectableMessageLabel(QStringLiteral("chunkingArithmetic"), this))
    , m_estimatesProxy(new QSortFilterProxyModel(this))
    , m_estimates(new QTableView(this))
{
    setObjectName(QStringLiteral("recommendationPage"));
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(makeTop());
    layout->addWidget(m_message);
    layout->addWidget(m_headline);
    layout->addWidget(makeRanking(this), 3);
    layout->addWidget(makeLongDocuments(this), 2);

    connect(m_useCase, &QComboBox::currentIndexChanged, m_presenter,
            &RecommendationPresenter::chooseUseCase);
    connect(m_presenter, &RecommendationPresenter::useCasesChanged, this,
            &RecommendationPage::showUseCases);
    connect(m_presenter, &RecommendationPresenter::textsChanged, this,
            &RecommendationPage::showTexts);
    connect(m_presenter, &RecommendationPresenter::recommendationChanged, this,
            &RecommendationPage::showRecommendation);
    connect(m_presenter, &RecommendationPresenter::chunkingChanged, this,
            &RecommendationPage::showChunking);
    showUseCases();
    showTexts();
    showRecommendation();
    showChunking();
}

QLineEdit *RecommendationPage::makeField(Field f, QWidget *parent)
{
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(RecommendationPresenter::objectName(f));
    connect(edit, &QLineEdit::textChanged, this,
            [this, f](const QString &text) { m_presenter->setText(f, text); });
    m_fields[std::size_t(f)] = edit;
    return edit;
}

QWidget *RecommendationPage::makeTop()
{
    auto *top = new QWidget(this);
    auto *row = new QHBoxLayout(top);
    row->setContentsMargins(0, 0, 0, 0);
    auto *useCaseLabel = new QLabel(tr("Use case"), top);
    useCaseLabel->setBuddy(m_useCase);
    m_useCase->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    row->addWidget(useCaseLabel);
    row->addWidget(m_useCase, 2);
    for (Field f : {Field::MonthlyTokens, Field::PeakRps}) {
        QLineEdit *edit = makeField(f, top);
        edit->setPlaceholderText(tr("none"));
        auto *label = new QLabel(RecommendationPresenter::fieldLabel(f), top);
        label->setBuddy(edit);
        row->addSpacing(12);
        row->addWidget(label);
        row->addWidget(edit, 1);
    }
    m_fields[std::size_t(Field::MonthlyTokens)]->setToolTip(
        tr("Input and output tokens a month, as the API bills them: the monthly cost is quoted "
           "at this volume"));
    m_fields[std::size_t(Field::PeakRps)]->setToolTip(
        tr("Requests per second at the busiest time: a provider rate-limited below it is left "
           "out"));
    return top;
}

QWidget *RecommendationPage::makeRanking(QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    m_proxy->setSourceModel(m_presenter->model());
    m_proxy->setSortRole(RowTableModel::SortRole);
    TableLook look{QStringLiteral("recommendationTable"), QStringLiteral("recommendation")};
    look.sortable = true; // the recommendation's own order until a header is clicked
    setUpTable(m_table, m_proxy, look);
    // The tables share what room the page has, the ranking the larger part of it.
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    m_table->setMinimumHeight(120);
    layout->addWidget(m_table, 1);
    // The risks, a provider a line, in a list of a few lines' height that scrolls.
    m_risks->setWordWrap(true);
    m_risks->setSelectionMode(QAbstractItemView::NoSelection);
    m_risks->setMaximumHeight(m_risks->fontMetrics().lineSpacing() * 5 + 8);
    layout->addWidget(m_risksTitle);
    layout->addWidget(m_risks);
    return box;
}

QWidget *RecommendationPage::makeLongDocuments(QWidget *parent)
{
    auto *group = new QGroupBox(tr("Long documents"), parent);
    group->setObjectName(QStringLiteral("longDocuments"));
    auto *grid = new QGridLayout;
    const Field fields[] = {Field::DocumentTokens,    Field::ChunkTokens,   Field::OverlapTokens,
                            Field::InstructionTokens, Field::SummaryTokens, Field::Parallel};
    for (int i = 0; i < 6; ++i) {
        QLineEdit *edit = makeField(fields[i], group);
        auto *label = new QLabel(RecommendationPresenter::fieldLabel(fields[i]), group);
        label->setBuddy(edit);
        grid->addWidget(label, i / 3, (i % 3) * 2);
        grid->addWidget(edit, i / 3, (i % 3) * 2 + 1);
    }
    for (int c = 1; c < 6; c += 2)
        grid->setColumnStretch(c, 1);
    m_estimatesProxy->setSourceModel(m_presenter->chunkingModel());
    m_estimatesProxy->setSortRole(RowTableModel::SortRole);
    TableLook look{QStringLiteral("chunkingEstimates"), QStringLiteral("chunking")};
    look.sortable = true;
    look.fitColumnsToContents = true;
    setUpTable(m_estimates, m_estimatesProxy, look);
    auto *layout = new QVBoxLayout(group);
    layout->addLayout(grid);
    layout->addWidget(m_planSource);
    layout->addWidget(m_chunkingMessage);
    layout->addWidget(m_arithmetic);
    m_estimates->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    m_estimates->setMinimumHeight(90);
    layout->addWidget(m_estimates, 1);
    return group;
}

void RecommendationPage::showUseCases()
{
    const QSignalBlocker block(m_useCase);
    m_useCase->clear();
    m_useCase->addItems(m_presenter->useCaseTitles());
    m_useCase->setCurrentIndex(m_presenter->currentUseCase());
    const int current = m_presenter->currentUseCase();
    m_useCase->setToolTip(current >= 0 ? m_presenter->useCases()[std::size_t(current)].description
                                       : QString());
}

void RecommendationPage::showTexts()
{
    for (int i = 0; i < RecommendationPresenter::kFields; ++i) {
        QLineEdit *edit = m_fields[std::size_t(i)];
        const QString text = m_presenter->text(Field(i));
        if (edit->text() != text) {
            const QSignalBlocker block(edit);
            edit->setText(text);
        }
    }
    m_planSource->setText(m_presenter->planSource());
}

void RecommendationPage::markRefused()
{
    for (int i = 0; i < RecommendationPresenter::kFields; ++i) {
        const auto f = Field(i);
        const bool refused = m_presenter->refused() == f || m_presenter->chunkingRefused() == f;
        m_fields[std::size_t(i)]->setStyleSheet(
            refused ? QStringLiteral("QLineEdit { border: 2px solid #e15759; }") : QString());
    }
}

void RecommendationPage::showRecommendation()
{
    markRefused();
    m_message->setText(m_presenter->message());
    m_message->setVisible(!m_presenter->message().isEmpty());
    m_headline->setText(m_presenter->headline());
    m_risks->clear();
    const QStringList risks = m_presenter->riskLines();
    m_risks->addItems(risks.isEmpty() ? QStringList{tr("None found.")} : risks);
    m_risksTitle->setVisible(m_presenter->recommendation().has_value());
    m_risks->setVisible(m_presenter->recommendation().has_value());
    m_table->resizeColumnsToContents();
}

void RecommendationPage::showChunking()
{
    markRefused();
    m_chunkingMessage->setText(m_presenter->chunkingMessage());
    m_chunkingMessage->setVisible(!m_presenter->chunkingMessage().isEmpty());
    m_arithmetic->setText(m_presenter->arithmeticText());
}

QStringList RecommendationPage::rankOrder() const
{
    QStringList order;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        order << m_proxy->index(r, RecommendationModel::ProviderColumn).data().toString();
    return order;
}

QString RecommendationPage::headline() const
{
    return m_headline->text();
}

QString RecommendationPage::message() const
{
    return m_message->text();
}

QStringList RecommendationPage::risks() const
{
    QStringList lines;
    for (int i = 0; i < m_risks->count(); ++i)
        lines << m_risks->item(i)->text();
    return lines;
}

QString RecommendationPage::chunkingMessage() const
{
    return m_chunkingMessage->text();
}

QString RecommendationPage::arithmetic() const
{
    return m_arithmetic->text();
}

} // namespace ys
