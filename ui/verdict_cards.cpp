#include "ui/verdict_cards.h"

#include "workbench/workbench.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>

namespace ys {

namespace {

const char *verdictKey(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return "pass";
    case Verdict::Warn:
        return "warn";
    case Verdict::Fail:
        return "fail";
    case Verdict::Unknown:
        break;
    }
    return "unknown";
}

// The gate colours of the comparison table: green, amber, red, and grey for no answer.
QColor verdictColour(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QColor(0x59a14f);
    case Verdict::Warn:
        return QColor(0xedc948);
    case Verdict::Fail:
        return QColor(0xe15759);
    case Verdict::Unknown:
        break;
    }
    return QColor(0xbab0ac);
}

} // namespace

VerdictCards::VerdictCards(Workbench *workbench, QWidget *parent)
    : QScrollArea(parent)
    , m_workbench(workbench)
{
    setObjectName(QStringLiteral("verdictCards"));
    setWidgetResizable(true);
    if (m_workbench)
        connect(m_workbench, &Workbench::summaryChanged, this, &VerdictCards::refresh);
}

QList<QWidget *> VerdictCards::cardWidgets() const
{
    return m_grid ? m_grid->findChildren<QWidget *>(QStringLiteral("verdictCard"))
                  : QList<QWidget *>();
}

void VerdictCards::refresh()
{
    m_dirty = true;
    if (isVisible())
        rebuild();
}

void VerdictCards::showEvent(QShowEvent *event)
{
    QScrollArea::showEvent(event);
    if (m_dirty)
        rebuild();
}

QWidget *VerdictCards::makeCard(const VerdictCard &card)
{
    auto *frame = new QFrame;
    frame->setObjectName(QStringLiteral("verdictCard"));
    frame->setProperty("provider", card.provider);
    frame->setProperty("kind", card.kind);
    frame->setProperty("verdict", QString::fromLatin1(verdictKey(card.verdict)));
    // The coloured edge carries the verdict; the text keeps the palette's colours, so the card
    // reads in light and dark themes alike.
    frame->setStyleSheet(QStringLiteral("QFrame#verdictCard { border: 1px solid palette(mid); "
                                        "border-left: 6px solid %1; border-radius: 4px; }")
                             .arg(verdictColour(card.verdict).name()));
    frame->setToolTip(card.details.join(QLatin1Char('\n')));
    frame->installEventFilter(this);
    auto *layout = new QVBoxLayout(frame);
    auto *title = new QLabel(
        tr("<b>%1</b> · %2").arg(card.title.toHtmlEscaped(), card.verdictText.toHtmlEscaped()));
    title->setObjectName(QStringLiteral("verdictTitle"));
    auto *figure = new QLabel(card.keyFigure.isEmpty() ? tr("no key figure") : card.keyFigure);
    figure->setObjectName(QStringLiteral("verdictFigure"));
    QFont big = figure->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    figure->setFont(big);
    // What the verdict stands on, in a sentence; the kind's full lines are in the tooltip.
    auto *detail = new QLabel(card.sentence.isEmpty() ? card.details.value(0) : card.sentence);
    detail->setObjectName(QStringLiteral("verdictDetail"));
    detail->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(figure);
    layout->addWidget(detail);
    layout->addStretch(1);
    return frame;
}

void VerdictCards::rebuild()
{
    m_dirty = false;
    m_cards.clear();
    const auto summary = m_workbench ? m_workbench->summary() : nullptr;
    if (summary)
        m_cards = VerdictText::cards(*summary);

    // A column per kind the session ran, in VerdictText's order; a row per provider with cards.
    QStringList kinds;
    for (const QString &kind : VerdictText::kinds()) {
        if (std::any_of(m_cards.begin(), m_cards.end(),
                        [&](const VerdictCard &c) { return c.kind == kind; }))
            kinds << kind;
    }
    auto *grid = new QWidget;
    auto *layout = new QGridLayout(grid);
    if (m_cards.empty())
        layout->addWidget(new QLabel(tr("No scenario with a verdict in this session")), 0, 0);
    for (int k = 0; k < kinds.size(); ++k)
        layout->addWidget(new QLabel(tr("<b>%1</b>").arg(VerdictText::title(kinds[k]))), 0, k + 1);
    QStringList providers;
    for (const VerdictCard &c : m_cards) {
        if (!providers.contains(c.provider)) {
            providers << c.provider;
            layout->addWidget(new QLabel(c.provider), int(providers.size()), 0);
        }
        layout->addWidget(makeCard(c), int(providers.indexOf(c.provider)) + 1,
                          int(kinds.indexOf(c.kind)) + 1);
    }
    layout->setRowStretch(int(providers.size()) + 1, 1);
    setWidget(grid); // deletes the last grid
    m_grid = grid;
}

bool VerdictCards::eventFilter(QObject *watched, QEvent *event)
{
    const bool onCard = watched->objectName() == QLatin1StringView("verdictCard");
    if (onCard && event->type() == QEvent::MouseButtonPress)
        return true; // taken here, so the release comes here too
    if (onCard && event->type() == QEvent::MouseButtonRelease) {
        if (m_workbench)
            m_workbench->selectProvider(watched->property("provider").toString());
        return true;
    }
    return QScrollArea::eventFilter(watched, event);
}

} // namespace ys
