#include "charts/cost_breakdown_chart.h"

#include "charts/chart_setup.h"
#include "workbench/workbench.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>

namespace ys {

namespace {
// Blues for what bought answers, warm colours for what bought none.
QColor partColour(CostSplit::Part part)
{
    static const QRgb colours[] = {0x4e79a7, 0xa0cbe8, 0x59a14f, 0x8cd17d,
                                   0xbab0ac, 0xf28e2b, 0xe15759, 0xedc948};
    return QColor(colours[int(part)]);
}
} // namespace

CostBreakdownChart::CostBreakdownChart(Workbench *workbench, QWidget *parent)
    : RedrawnWhenShown(parent)
    , m_workbench(workbench)
    , m_chart(new QChart)
    , m_providerAxis(new QBarCategoryAxis)
    , m_usdAxis(new QValueAxis)
{
    setObjectName(QStringLiteral("costBreakdownChart"));
    showChart(this, m_chart, tr("Where the money went"), Qt::AlignRight);
    placeAxis(m_chart, m_providerAxis, Qt::AlignBottom, QString());
    placeAxis(m_chart, m_usdAxis, Qt::AlignLeft, tr("Measured spend (US$)"),
              QStringLiteral("%.4f"));
    if (m_workbench)
        connect(m_workbench, &Workbench::summaryChanged, this, &CostBreakdownChart::refresh);
}

QString CostBreakdownChart::partName(CostSplit::Part part)
{
    switch (part) {
    case CostSplit::Input:
        return tr("Input");
    case CostSplit::CachedInput:
        return tr("Cached input");
    case CostSplit::Output:
        return tr("Output");
    case CostSplit::Reasoning:
        return tr("Reasoning");
    case CostSplit::AnsweredUnsplit:
        return tr("Answers (tokens not reported)");
    case CostSplit::Retried:
        return tr("Retried attempts");
    case CostSplit::Failed:
        return tr("Failed attempts");
    case CostSplit::Truncated:
        return tr("Truncated answers");
    case CostSplit::PartCount:
        break;
    }
    return {};
}

void CostBreakdownChart::draw()
{
    m_chart->removeAllSeries();
    m_shown.clear();
    if (const auto summary = m_workbench ? m_workbench->summary() : nullptr) {
        for (CostSplit &s : costSplits(*summary)) {
            if (s.totalUsd)
                m_shown.push_back(std::move(s));
        }
    }
    QStringList providers;
    double highest = 0;
    for (const CostSplit &s : m_shown) {
        providers << m_workbench->providerLabels().of(s.provider);
        highest = std::max(highest, *s.totalUsd);
    }
    auto *stack = new QStackedBarSeries;
    for (int p = 0; p < CostSplit::PartCount; ++p) {
        const auto part = CostSplit::Part(p);
        const bool present = std::any_of(m_shown.begin(), m_shown.end(), [&](const CostSplit &s) {
            return s.part(part).value_or(0.0) > 0.0;
        });
        if (!present)
            continue;
        auto *set = new QBarSet(partName(part));
        set->setColor(partColour(part));
        for (const CostSplit &s : m_shown)
            set->append(s.part(part).value_or(0.0));
        stack->append(set);
    }
    connect(stack, &QStackedBarSeries::clicked, this, [this](int index, QBarSet *) {
        if (index >= 0 && std::size_t(index) < m_shown.size())
            m_workbench->selectProvider(m_shown[std::size_t(index)].provider);
    });
    m_chart->addSeries(stack);
    m_providerAxis->setCategories(providers);
    stack->attachAxis(m_providerAxis);
    stack->attachAxis(m_usdAxis);
    m_usdAxis->setRange(0, highest > 0 ? highest * 1.1 : 1);
    m_usdAxis->applyNiceNumbers();
    m_chart->setTitle(m_shown.empty() ? tr("No measured cost in this session")
                                      : tr("Where the money went"));
}

} // namespace ys
