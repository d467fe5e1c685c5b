#include "ui/scores_page.h"

#include "models/score_model.h"
#include "ui/message_label.h"
#include "ui/table_look.h"
#include "workbench/score_ranking.h"
#include "workbench/workbench.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <cmath>

namespace ys {

namespace {

// Slider steps per unit of weight: a slider reads 0–100, the weight 0–1.
constexpr int kSteps = 100;

} // namespace

ScoresPage::ScoresPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_message(messageLabel(QStringLiteral("scoreMessage"), this))
    , m_model(new ScoreModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("scoresPage"));

    auto *weights = new QGroupBox(tr("Weights"), this);
    auto *grid = new QGridLayout(weights);
    int row = 0;
    for (const auto &[name, initial] : ScoreRanking::defaultWeights()) {
        auto *slider = new QSlider(Qt::Horizontal, weights);
        slider->setObjectName(QStringLiteral("weight_%1").arg(name));
        slider->setRange(0, kSteps);
        slider->setPageStep(10);
        slider->setValue(int(std::lround(initial * kSteps)));
        auto *value = new QLabel(weights);
        value->setMinimumWidth(40);
        value->setText(QString::number(slider->value() / double(kSteps), 'f', 2));
        auto *label = new QLabel(ScoreRanking::figureLabel(name), weights);
        label->setBuddy(slider);
        grid->addWidget(label, row, 0);
        grid->addWidget(slider, row, 1);
        grid->addWidget(value, row, 2);
        connect(slider, &QSlider::valueChanged, this, [this, value](int v) {
            value->setText(QString::number(v / double(kSteps), 'f', 2));
            rescore();
        });
        m_sliders.emplace_back(name, slider);
        m_values.push_back(value);
        ++row;
    }
    grid->setColumnStretch(1, 1);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ScoreModel::ValueRole);
    TableLook look{QStringLiteral("scoreRanking"), QStringLiteral("scores")};
    look.sortable = true;
    look.sortColumn = ScoreModel::RankColumn;
    setUpTable(m_table, m_proxy, look);

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(weights, 2);
    auto *right = new QVBoxLayout;
    right->addWidget(m_message);
    right->addWidget(m_table, 1);
    layout->addLayout(right, 3);

    connect(workbench, &Workbench::summaryChanged, this, &ScoresPage::rescore);
    rescore();
}

QSlider *ScoresPage::slider(const QString &figure) const
{
    for (const auto &[name, s] : m_sliders)
        if (name == figure)
            return s;
    return nullptr;
}

QStringList ScoresPage::rankOrder() const
{
    QStringList order;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        order << m_proxy->index(r, ScoreModel::ProviderColumn).data().toString();
    return order;
}

QString ScoresPage::message() const
{
    return m_message->text();
}

void ScoresPage::rescore()
{
    std::vector<std::pair<QString, double>> weights;
    for (const auto &[name, s] : m_sliders)
        weights.emplace_back(name, s->value() / double(kSteps));
    ScoreRanking ranking = ScoreRanking::rank(m_workbench->summary().get(), weights);
    m_message->setText(ranking.message);
    if (!ranking.keepLast)
        m_model->setTable(std::move(ranking.table).value_or(ScoreTable{}));
}

} // namespace ys
