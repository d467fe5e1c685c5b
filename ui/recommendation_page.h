#pragma once

#include "workbench/recommendation_presenter.h"

#include <QWidget>
#include <array>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSortFilterProxyModel;
class QTableView;

namespace ys {

class Workbench;

// Recommendation: the selected session read for a use case. On top the use case (the session's
// own until another is chosen), its monthly volume and peak rate; the recommendation in one
// sentence; the providers ranked with their standing, their margin to every requirement, their
// monthly cost, why one is left out and the risks; below, "Long documents": a chunking plan's
// arithmetic and what each provider's context sweep says its calls would cost and take. Every
// figure comes from RecommendationPresenter (core/workbench); the page only shows it.
class RecommendationPage : public QWidget {
    Q_OBJECT
public:
    using Field = RecommendationPresenter::Field;

    explicit RecommendationPage(Workbench *workbench, QWidget *parent = nullptr);

    RecommendationPresenter *presenter() const { return m_presenter; }
    QComboBox *useCaseBox() const { return m_useCase; }
    QLineEdit *field(Field f) const { return m_fields[std::size_t(f)]; }
    QTableView *ranking() const { return m_table; }
    QTableView *estimates() const { return m_estimates; }
    // The providers as the table shows them, top to bottom.
    QStringList rankOrder() const;
    QString headline() const;
    QString message() const;
    // The risks as listed, a provider a line.
    QStringList risks() const;
    QString chunkingMessage() const;
    QString arithmetic() const;

private:
    QWidget *makeTop();
    QWidget *makeRanking(QWidget *parent);
    QWidget *makeLongDocuments(QWidget *parent);
    QLineEdit *makeField(Field f, QWidget *parent);
    void showUseCases();
    void showTexts();
    void showRecommendation();
    void showChunking();
    void markRefused();

    RecommendationPresenter *m_presenter;
    QComboBox *m_useCase;
    std::array<QLineEdit *, RecommendationPresenter::kFields> m_fields{};
    QLabel *m_message;
    QLabel *m_headline;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QLabel *m_risksTitle;
    QListWidget *m_risks;
    QLabel *m_planSource;
    QLabel *m_chunkingMessage;
    QLabel *m_arithmetic;
    QSortFilterProxyModel *m_estimatesProxy;
    QTableView *m_estimates;
};

} // namespace ys
