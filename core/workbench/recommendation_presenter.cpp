#include "workbench/recommendation_presenter.h"

#include "analysis/recommendation_text.h"
#include "models/recommendation_cells.h"
#include "models/recommendation_model.h"
#include "workbench/workbench.h"

#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>

namespace ys {

namespace {

using Field = RecommendationPresenter::Field;

// Numbers as the analyst's locale writes them, or as C does.
std::optional<double> presenterNumber(const QString &text)
{
    bool ok = false;
    double v = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok)
        v = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

std::optional<qint64> presenterWhole(const QString &text)
{
    bool ok = false;
    qint64 v = QLocale().toLongLong(text.trimmed(), &ok);
    if (!ok)
        v = text.trimmed().toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

QString presenterNumberText(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'g', 12) : QString();
}

// The plan the chunking fields start from when the use case has no long document: a document
// of 400,000 tokens in chunks of 100,000, the document ask's own instruction, summary and
// parallelism.
DocumentAsk examplePlan()
{
    DocumentAsk ask;
    ask.documentTokens = 400000;
    ask.chunkTokens = 100000;
    ask.overlapTokens = 2000;
    return ask;
}

// The page's field of a plan's field: the chunking fields follow the plan's order.
static_assert(int(Field::Parallel) - int(Field::DocumentTokens) == int(ChunkingField::Parallel));
Field fieldOf(ChunkingField field)
{
    return Field(int(Field::DocumentTokens) + int(field));
}

} // namespace

QString RecommendationPresenter::fieldLabel(Field field)
{
    switch (field) {
    case Field::MonthlyTokens:
        return tr("Tokens per month");
    case Field::PeakRps:
        return tr("Peak requests per second");
    case Field::DocumentTokens:
        return tr("Document (tokens)");
    case Field::ChunkTokens:
        return tr("Chunk (tokens)");
    case Field::OverlapTokens:
        return tr("Overlap (tokens)");
    case Field::InstructionTokens:
        return tr("Instruction (tokens)");
    case Field::SummaryTokens:
        return tr("Summary per call (tokens)");
    case Field::Parallel:
        return tr("Calls at a time");
    }
    return {};
}

QString RecommendationPresenter::objectName(Field field)
{
    static const char *const names[kFields] = {
        "monthly_tokens", "peak_rps",           "document_tokens", "chunk_tokens",
        "overlap_tokens", "instruction_tokens", "summary_tokens",  "parallel"};
    return QStringLiteral("recommendation_%1").arg(QLatin1StringView(names[int(field)]));
}

RecommendationPresenter::RecommendationPresenter(Workbench *workbench, QObject *parent)
    : QObject(parent)
    , m_workbench(workbench)
    , m_model(new RecommendationModel(this))
    , m_chunkingModel(new ChunkingEstimatesModel(this))
{
    connect(workbench, &Workbench::summaryChanged, this, &RecommendationPresenter::summaryChanged);
    summaryChanged();
}

QStringList RecommendationPresenter::useCaseTitles() const
{
    QStringList titles;
    for (std::size_t i = 0; i < m_useCases.size(); ++i) {
        const UseCase &u = m_useCases[i];
        const QString title = u.title.isEmpty() ? u.id : u.title;
        titles << (int(i) == m_sessionOwn ? tr("%1 (this session's)").arg(title) : title);
    }
    return titles;
}

void RecommendationPresenter::summaryChanged()
{
    const auto summary = m_workbench->summary();
    const qint64 session = summary ? m_workbench->selectedSession() : 0;
    const bool newSession = session != m_session;
    m_session = session;
    const std::optional<UseCase> before =
        m_current >= 0 ? std::optional<UseCase>(m_useCases[std::size_t(m_current)]) : std::nullopt;

    std::vector<UseCase> list = UseCase::bundled();
    m_sessionOwn = -1;
    if (summary) {
        const UseCase own = Recommender::useCaseOf(*summary);
        const auto it = std::find(list.begin(), list.end(), own);
        m_sessionOwn = it == list.end() ? 0 : int(it - list.begin());
        if (it == list.end())
            list.insert(list.begin(), own);
    }
    m_useCases = std::move(list);
    // A new session is read for its own use case; the same one keeps the analyst's choice.
    int current = m_sessionOwn >= 0 ? m_sessionOwn : (m_useCases.empty() ? -1 : 0);
    if (!newSession && before) {
        const auto kept = std::find(m_useCases.begin(), m_useCases.end(), *before);
        if (kept != m_useCases.end())
            current = int(kept - m_useCases.begin());
    }
    m_current = current;
    Q_EMIT useCasesChanged();
    const bool sameChoice = before && current >= 0 && m_useCases[std::size_t(current)] == *before;
    if (current >= 0 && !sameChoice)
        fillFieldsFrom(m_useCases[std::size_t(current)]);
    recompute();
}

void RecommendationPresenter::chooseUseCase(int index)
{
    if (index < 0 || index >= int(m_useCases.size()) || index == m_current)
        return;
    m_current = index;
    Q_EMIT useCasesChanged();
    fillFieldsFrom(m_useCases[std::size_t(index)]);
    recompute();
}

void RecommendationPresenter::fillFieldsFrom(const UseCase &useCase)
{
    m_texts[std::size_t(Field::MonthlyTokens)] = presenterNumberText(useCase.monthlyTokens);
    m_texts[std::size_t(Field::PeakRps)] = presenterNumberText(useCase.peakRps);
    const bool own = useCase.document.has_value();
    // A use case without a document leaves the analyst's plan; the first one fills the example.
    if (own || m_texts[std::size_t(Field::DocumentTokens)].isEmpty()) {
        const DocumentAsk ask = own ? *useCase.document : examplePlan();
        const qint64 values[] = {ask.documentTokens,    ask.chunkTokens,   ask.overlapTokens,
                                 ask.instructionTokens, ask.summaryTokens, ask.parallel};
        for (int i = 0; i < 6; ++i)
            m_texts[std::size_t(int(Field::DocumentTokens) + i)] = QString::number(values[i]);
        m_planSource = own ? tr("Filled in from the use case's long document.")
                           : tr("The use case has no long document: the fields hold an example "
                                "to change.");
    }
    Q_EMIT textsChanged();
}

void RecommendationPresenter::setText(Field field, const QString &text)
{
    if (m_texts[std::size_t(field)] == text)
        return;
    m_texts[std::size_t(field)] = text;
    if (isChunkingField(field))
        computeChunking();
    else
        recommend();
}

void RecommendationPresenter::recompute()
{
    recommend();
    computeChunking();
}

void RecommendationPresenter::recommend()
{
    m_refused.reset();
    m_message.clear();
    if (m_current < 0) {
        Q_EMIT recommendationChanged();
        return;
    }
    UseCase useCase = m_useCases[std::size_t(m_current)];
    const auto read = [this](Field f, bool zeroAllowed) -> std::optional<std::optional<double>> {
        const QString t = text(f).trimmed();
        if (t.isEmpty())
            return std::optional<double>();
        const auto v = presenterNumber(t);
        QString why;
        if (!v)
            why = tr("\"%1\" is not a number").arg(t);
        else if (zeroAllowed ? *v < 0 : *v <= 0)
            why = zeroAllowed ? tr("%1 is below 0").arg(t) : tr("%1 is not above 0").arg(t);
        if (why.isEmpty())
            return v;
        m_refused = f;
        m_message = tr("%1: %2").arg(fieldLabel(f), why);
        return std::nullopt;
    };
    const auto volume = read(Field::MonthlyTokens, true);
    const auto peak = volume ? read(Field::PeakRps, false) : std::nullopt;
    if (!volume || !peak) {
        Q_EMIT recommendationChanged(); // the last valid recommendation stays
        return;
    }
    useCase.monthlyTokens = *volume;
    useCase.peakRps = *peak;
    m_useCase = useCase;
    const auto summary = m_workbench->summary();
    if (!summary) {
        m_recommendation.reset();
        m_model->setRecommendation(Recommendation{});
        m_headline.clear();
        m_risks.clear();
        m_message = tr("Select a session to read it for a use case.");
        Q_EMIT recommendationChanged();
        return;
    }
    Recommendation r = Recommender::recommend(*summary, m_useCase);
    m_headline = RecommendationText::headline(r);
    m_risks = RecommendationCells::riskLines(r);
    m_model->setRecommendation(r);
    m_recommendation = std::move(r);
    Q_EMIT recommendationChanged();
}

std::optional<ChunkingPlan> RecommendationPresenter::chunkingPlanOf(QString *message,
                                                                    std::optional<Field> *refused)
{
    qint64 values[6] = {};
    for (int i = 0; i < 6; ++i) {
        const auto f = Field(int(Field::DocumentTokens) + i);
        const QString t = text(f).trimmed();
        const auto v = presenterWhole(t);
        if (!v || (f == Field::Parallel && (*v > std::numeric_limits<int>::max() ||
                                            *v < std::numeric_limits<int>::min()))) {
            *refused = f;
            *message = tr("%1: %2").arg(fieldLabel(f), tr("\"%1\" is not a whole number").arg(t));
            return std::nullopt;
        }
        values[i] = *v;
    }
    ChunkingPlan plan;
    plan.documentTokens = values[0];
    plan.chunkTokens = values[1];
    plan.overlapTokens = values[2];
    plan.instructionTokens = values[3];
    plan.summaryTokens = values[4];
    plan.parallel = int(values[5]);
    if (const auto problem = Chunking::problemOf(plan)) {
        *refused = fieldOf(problem->field);
        *message = tr("%1: %2").arg(fieldLabel(**refused), problem->message);
        return std::nullopt;
    }
    return plan;
}

void RecommendationPresenter::computeChunking()
{
    m_chunkingRefused.reset();
    m_chunkingMessage.clear();
    if (auto plan = chunkingPlanOf(&m_chunkingMessage, &m_chunkingRefused)) {
        m_plan = *plan;
        m_arithmetic = Chunking::arithmetic(*plan);
        m_arithmeticText = RecommendationCells::arithmetic(*plan, *m_arithmetic);
    }
    // The estimates of the last valid plan, against the session shown.
    const auto summary = m_workbench->summary();
    std::vector<ChunkingEstimate> estimates;
    if (summary && m_plan)
        estimates = Chunking::estimates(*m_plan, *summary);
    if (m_chunkingMessage.isEmpty() && summary && estimates.empty())
        m_chunkingMessage = tr("No provider of the session ran a context sweep: nothing to "
                               "estimate the calls from.");
    m_chunkingModel->setEstimates(std::move(estimates));
    Q_EMIT chunkingChanged();
}

} // namespace ys
