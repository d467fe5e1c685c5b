#pragma once

#include <QWidget>
#include <utility>
#include <vector>

class QLabel;
class QSlider;
class QSortFilterProxyModel;
class QTableView;

namespace ys {

class ScoreModel;
class Workbench;

// Scores: a weight slider per figure a provider can be scored on (analysis/scores.h) and the
// selected session's providers ranked by the weighted score, re-ranked as a slider moves. Weights
// that are all zero are refused with a message and the last ranking stays.
class ScoresPage : public QWidget {
    Q_OBJECT
public:
    explicit ScoresPage(Workbench *workbench, QWidget *parent = nullptr);

    ScoreModel *model() const { return m_model; }
    QTableView *ranking() const { return m_table; }
    // The slider of a figure (Scores::figureNames()), or null.
    QSlider *slider(const QString &figure) const;
    // The providers in rank order as shown.
    QStringList rankOrder() const;
    QString message() const;

private:
    void rescore();

    Workbench *m_workbench;
    std::vector<std::pair<QString, QSlider *>> m_sliders;
    std::vector<QLabel *> m_values;
    QLabel *m_message;
    ScoreModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
};

} // namespace ys
