#pragma once

#include "models/verdict_text.h"

#include <QScrollArea>
#include <vector>

class QGridLayout;

namespace ys {

class Workbench;

// The yes-or-no answers of the selected session at a glance: a card per provider and scenario
// kind (context limit, cache, determinism, multi-turn recall, rate limits, resilience), a row per
// provider and a column per kind the session ran, each with its verdict, its key figure and the
// kind's text (models/verdict_text.h), its edge coloured by pass, warn or fail. Clicking a card
// selects its provider. Rebuilt when the workbench's summary changes, lazily while hidden.
class VerdictCards : public QScrollArea {
    Q_OBJECT
public:
    explicit VerdictCards(Workbench *workbench, QWidget *parent = nullptr);

    // What the last rebuild shows, in reading order.
    const std::vector<VerdictCard> &cards() const { return m_cards; }
    // The card's widget ("verdictCard", with properties "provider", "kind" and "verdict").
    QList<QWidget *> cardWidgets() const;

    void rebuild();

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // Redraws now when visible, else when next shown.
    void refresh();
    QWidget *makeCard(const VerdictCard &card);

    Workbench *m_workbench;
    QWidget *m_grid = nullptr;
    std::vector<VerdictCard> m_cards;
    bool m_dirty = true;
};

} // namespace ys
