#pragma once

#include "workbench/recommendation_presenter.h"
#include "workbench/routing_presenter.h"

#include <QWidget>
#include <array>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace ys {

class Workbench;

// Recommendation: the selected session read for a use case. On top the use case (the session's
// own until another is chosen), its monthly volume and peak rate; the recommendation in one
// sentence; the providers ranked with their standing, their margin to every requirement, their
// monthly cost, why one is left out and the risks; below, "Long documents": a chunking plan's
// arithmetic and what each provider's context sweep says its calls would cost and take. Between
// them, "Routing": the policy the recommendation makes (its primary, fallbacks, what sends a
// request on, budget, retries, breaker), its what-if over the session's measured attempts next to
// the primary alone, and the policy saved as JSON or as a LiteLLM configuration. Every figure
// comes from RecommendationPresenter and RoutingPresenter (core/workbench); the page only shows
// it.
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

    RoutingPresenter *routing() const { return m_routing; }
    // The policy in words, a line each; the what-if's state in words (empty when shown); the
    // objectives and the notes under the table; what the last save said.
    QStringList routingPolicyLines() const;
    QString routingMessage() const;
    QTableView *whatIf() const { return m_whatIf; }
    QStringList routingNotes() const;
    QString routingStatus() const;
    QPushButton *savePolicyButton() const { return m_savePolicy; }
    QPushButton *saveLiteLlmButton() const { return m_saveLiteLlm; }
    // What the buttons do once a path is chosen: false with routingStatus() saying why.
    bool savePolicyTo(const QString &path);
    bool saveLiteLlmTo(const QString &path);

private:
    QWidget *makeTop();
    QWidget *makeRanking(QWidget *parent);
    QWidget *makeLongDocuments(QWidget *parent);
    QWidget *makeRouting(QWidget *parent);
    QLineEdit *makeField(Field f, QWidget *parent);
    void showUseCases();
    void showTexts();
    void showRecommendation();
    void showChunking();
    void showRouting();
    void chooseAndSave(bool liteLlm);
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
    RoutingPresenter *m_routing;
    QLabel *m_routingPolicy;
    QLabel *m_routingMessage;
    QTableView *m_whatIf;
    QLabel *m_routingNotes;
    QLabel *m_routingStatus;
    QPushButton *m_savePolicy;
    QPushButton *m_saveLiteLlm;
};

} // namespace ys
