#pragma once

#include "analysis/chunking.h"
#include "analysis/recommendation.h"
#include "domain/use_case.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <array>
#include <optional>
#include <vector>

namespace ys {

class ChunkingEstimatesModel;
class RecommendationModel;
class Workbench;

// What the Recommendation page shows, worked out here and never on the page: the selected
// session read for a use case (analysis/recommendation.h, Recommender::recommend, as `show` and
// the report read it), and a chunking calculator (analysis/chunking.h, as `yardstick-cli
// chunking` computes it).
//
// The use case is the session's own (Recommender::useCaseOf) until the analyst chooses another of
// the bundled ones; a new session brings its own back. The monthly volume and the peak rate are
// the use case's until the analyst types others; the chunking fields start from the use case's
// long document when it has one. Every field is a text, read as the analyst's locale writes
// numbers (or as C does); a text that does not read, or is out of range, is refused with a
// message naming the field, and what was computed from the last valid input stays.
class RecommendationPresenter : public QObject {
    Q_OBJECT
public:
    enum class Field {
        MonthlyTokens,
        PeakRps,
        DocumentTokens,
        ChunkTokens,
        OverlapTokens,
        InstructionTokens,
        SummaryTokens,
        Parallel,
    };
    static constexpr int kFields = 8;
    static QString fieldLabel(Field field);
    // The field's widget name: "recommendation_" and its command-line option's name.
    static QString objectName(Field field);
    static bool isChunkingField(Field field) { return field >= Field::DocumentTokens; }

    explicit RecommendationPresenter(Workbench *workbench, QObject *parent = nullptr);

    // The use cases offered, in the chooser's order: the session's own first when it is none of
    // the bundled ones, then the bundled ones. Their titles, the session's marked.
    const std::vector<UseCase> &useCases() const { return m_useCases; }
    QStringList useCaseTitles() const;
    int currentUseCase() const { return m_current; }
    // Chooses useCases()[index]: the volume, the peak and (when it has a document) the chunking
    // fields take its values, and the recommendation follows.
    void chooseUseCase(int index);
    // The use case recommended for: the one chosen, with the volume and the peak of the fields.
    const UseCase &useCase() const { return m_useCase; }

    QString text(Field field) const { return m_texts[std::size_t(field)]; }
    void setText(Field field, const QString &text);

    // The use case's fields (volume, peak): the one refused and why, or nothing and a note.
    std::optional<Field> refused() const { return m_refused; }
    QString message() const { return m_message; }
    // The recommendation of the last valid input; none without a session.
    const std::optional<Recommendation> &recommendation() const { return m_recommendation; }
    QString headline() const { return m_headline; }
    QStringList riskLines() const { return m_risks; }
    RecommendationModel *model() const { return m_model; }

    // The chunking fields: the one refused and why; the plan of the last valid input, its
    // arithmetic in words, and where the plan came from.
    std::optional<Field> chunkingRefused() const { return m_chunkingRefused; }
    QString chunkingMessage() const { return m_chunkingMessage; }
    const std::optional<ChunkingPlan> &plan() const { return m_plan; }
    const std::optional<ChunkingArithmetic> &arithmetic() const { return m_arithmetic; }
    QString arithmeticText() const { return m_arithmeticText; }
    QString planSource() const { return m_planSource; }
    ChunkingEstimatesModel *chunkingModel() const { return m_chunkingModel; }

Q_SIGNALS:
    // The use cases offered or the one chosen changed.
    void useCasesChanged();
    // Field texts were set here (a use case chosen): the page shows them again.
    void textsChanged();
    // The recommendation, its headline, its risks or the use case's message changed.
    void recommendationChanged();
    // The chunking arithmetic, its estimates or its message changed.
    void chunkingChanged();

private:
    void summaryChanged();
    void fillFieldsFrom(const UseCase &useCase);
    void recommend();
    void recompute();
    void computeChunking();
    std::optional<ChunkingPlan> chunkingPlanOf(QString *message, std::optional<Field> *refused);

    Workbench *m_workbench;
    qint64 m_session = -1;
    std::vector<UseCase> m_useCases;
    int m_sessionOwn = -1; // which of m_useCases is the session's own
    int m_current = -1;
    UseCase m_useCase;
    std::array<QString, kFields> m_texts;
    std::optional<Field> m_refused;
    QString m_message;
    std::optional<Recommendation> m_recommendation;
    QString m_headline;
    QStringList m_risks;
    RecommendationModel *m_model;
    std::optional<Field> m_chunkingRefused;
    QString m_chunkingMessage;
    std::optional<ChunkingPlan> m_plan;
    std::optional<ChunkingArithmetic> m_arithmetic;
    QString m_arithmeticText;
    QString m_planSource;
    ChunkingEstimatesModel *m_chunkingModel;
};

} // namespace ys
