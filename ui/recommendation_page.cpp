#include "ui/recommendation_page.h"

#include "models/recommendation_model.h"
#include "models/routing_whatif_model.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/table_look.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
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
    , m_routing(new RoutingPresenter(workbench, m_presenter, this))
    , m_routingPolicy(selectableMessageLabel(QStringLiteral("routingPolicy"), this))
    , m_routingMessage(messageLabel(QStringLiteral("routingMessage"), this))
    , m_whatIf(new QTableView(this))
    , m_routingNotes(selectableMessageLabel(QStringLiteral("routingNotes"), this))
    , m_routingStatus(selectableMessageLabel(QStringLiteral("routingStatus"), this))
    , m_savePolicy(namedChild<QPushButton>(QStringLiteral("routingSavePolicy"), this))
    , m_saveLiteLlm(namedChild<QPushButton>(QStringLiteral("routingSaveLiteLlm"), this))
{
    setObjectName(QStringLiteral("recommendationPage"));
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(makeTop());
    layout->addWidget(m_message);
    layout->addWidget(m_headline);
    // The ranking, the routing and the long documents scroll together below the headline, so
    // the page fits a 1280×800 window whatever their tables hold.
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("recommendationScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget(scroll);
    auto *parts = new QVBoxLayout(content);
    parts->setContentsMargins(0, 0, 0, 0);
    parts->addWidget(makeRanking(content), 3);
    parts->addWidget(makeRouting(content), 2);
    parts->addWidget(makeLongDocuments(content), 2);
    scroll->setWidget(content);
    layout->addWidget(scroll, 1);

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
    connect(m_routing, &RoutingPresenter::changed, this, &RecommendationPage::showRouting);
    showRouting();
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

QWidget *RecommendationPage::makeRouting(QWidget *parent)
{
    auto *group = new QGroupBox(tr("Routing"), parent);
    group->setObjectName(QStringLiteral("routing"));
    m_savePolicy->setText(tr("Save policy…"));
    m_savePolicy->setToolTip(tr("Save the routing policy as a yardstick-routing/1 JSON file"));
    m_saveLiteLlm->setText(tr("Save LiteLLM configuration…"));
    m_saveLiteLlm->setToolTip(tr("Save the routing policy as a LiteLLM proxy config.yaml: the "
                                 "providers of its chain, their fallbacks and the router's "
                                 "retries, timeout and cooldown"));
    connect(m_savePolicy, &QPushButton::clicked, this, [this] { chooseAndSave(false); });
    connect(m_saveLiteLlm, &QPushButton::clicked, this, [this] { chooseAndSave(true); });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_savePolicy);
    buttons->addWidget(m_saveLiteLlm);
    buttons->addStretch(1);
    auto *left = new QVBoxLayout;
    left->addWidget(m_routingPolicy);
    left->addWidget(m_routingNotes);
    left->addStretch(1);
    left->addLayout(buttons);
    left->addWidget(m_routingStatus);

    TableLook look{QStringLiteral("routingWhatIf"), QStringLiteral("routing")};
    look.selection = QAbstractItemView::ContiguousSelection;
    look.fitColumnsToContents = true;
    setUpTable(m_whatIf, m_routing->model(), look);
    m_whatIf->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    m_whatIf->setMinimumHeight(90);
    auto *right = new QVBoxLayout;
    right->addWidget(m_routingMessage);
    right->addWidget(m_whatIf, 1);

    auto *row = new QHBoxLayout(group);
    row->addLayout(left, 1);
    row->addLayout(right, 1);
    return group;
}

void RecommendationPage::showRouting()
{
    using State = RoutingPresenter::State;
    const State state = m_routing->state();
    m_routingPolicy->setText(m_routing->policyLines().join(QLatin1Char('\n')));
    m_routingPolicy->setVisible(m_routing->policy().has_value());
    QString message = m_routing->message();
    if (state == State::Ready)
        message = tr("What-if over the session's measured attempts (SLO: %1):")
                      .arg(m_routing->objectivesText());
    m_routingMessage->setText(message);
    m_routingMessage->setVisible(!message.isEmpty());
    m_whatIf->setVisible(state == State::Ready);
    QStringList notes;
    for (const QString &n : m_routing->notes())
        notes << tr("Note: %1").arg(n);
    m_routingNotes->setText(notes.join(QLatin1Char('\n')));
    m_routingNotes->setVisible(!notes.isEmpty());
    m_savePolicy->setEnabled(m_routing->policy().has_value());
    m_saveLiteLlm->setEnabled(m_routing->policy().has_value());
    m_whatIf->resizeColumnsToContents();
}

void RecommendationPage::chooseAndSave(bool liteLlm)
{
    const QString useCase = m_routing->policy() ? m_routing->policy()->useCase : QString();
    const QString base = useCase.isEmpty() ? QStringLiteral("routing") : useCase;
    const QString path =
        liteLlm ? QFileDialog::getSaveFileName(this, tr("Save LiteLLM configuration"),
                                               base + QStringLiteral("-litellm.yaml"),
                                               tr("YAML files (*.yaml *.yml);;All files (*)"))
                : QFileDialog::getSaveFileName(this, tr("Save routing policy"),
                                               base + QStringLiteral("-routing.json"),
                                               tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (liteLlm)
        saveLiteLlmTo(path);
    else
        savePolicyTo(path);
}

bool RecommendationPage::savePolicyTo(const QString &path)
{
    QString error;
    const bool saved = m_routing->savePolicy(path, &error);
    m_routingStatus->setText(saved ? tr("Routing policy saved to %1").arg(path) : error);
    return saved;
}

bool RecommendationPage::saveLiteLlmTo(const QString &path)
{
    QString error;
    QStringList warnings;
    const bool saved = m_routing->saveLiteLlm(path, &error, &warnings);
    QStringList lines{saved ? tr("LiteLLM configuration saved to %1").arg(path) : error};
    lines << warnings;
    m_routingStatus->setText(lines.join(QLatin1Char('\n')));
    return saved;
}

QStringList RecommendationPage::routingPolicyLines() const
{
    return m_routingPolicy->text().isEmpty() ? QStringList()
                                             : m_routingPolicy->text().split(QLatin1Char('\n'));
}

QString RecommendationPage::routingMessage() const
{
    return m_routingMessage->text();
}

QStringList RecommendationPage::routingNotes() const
{
    return m_routingNotes->text().isEmpty() ? QStringList()
                                            : m_routingNotes->text().split(QLatin1Char('\n'));
}

QString RecommendationPage::routingStatus() const
{
    return m_routingStatus->text();
}

} // namespace ys
