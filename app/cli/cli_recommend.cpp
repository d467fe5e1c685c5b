#include "cli/cli_recommend.h"

#include "analysis/recommendation.h"
#include "analysis/recommendation_json.h"
#include "analysis/recommendation_text.h"
#include "cli/cli_output.h"
#include "cli/cli_session.h"
#include "util/number_text.h"

#include <nlohmann/json.hpp>

namespace ys {

namespace {

using cli::fail;
using cli::out;

// A positive number option, or *error naming it.
bool readPositive(const QCommandLineParser &parser, const QString &name,
                  std::optional<double> *into, QString *error)
{
    if (!parser.isSet(name))
        return true;
    const std::optional<double> v = cli::optionNumber(parser.value(name), true);
    if (!v || !(*v > 0)) {
        *error = CliRecommend::tr("--%1: \"%2\" is not a number above zero")
                     .arg(name, parser.value(name));
        return false;
    }
    *into = *v;
    return true;
}

void printProvider(const ProviderRecommendation &p)
{
    const QString rank = p.rank ? QStringLiteral("%1.").arg(*p.rank) : QStringLiteral("–");
    out()
        << QStringLiteral("%1 %2 — %3").arg(rank, p.name, RecommendationText::standing(p.standing));
    if (p.monthlyUsd)
        out() << CliRecommend::tr(", %1 a month").arg(RecommendationText::monthly(*p.monthlyUsd));
    out() << '\n';
    if (!p.reason.isEmpty())
        out() << CliRecommend::tr("     left out: %1").arg(p.reason) << '\n';
    for (const RequirementMargin &m : p.margins)
        out() << QStringLiteral("     %1: %2").arg(m.requirement, RecommendationText::margin(m))
              << '\n';
    for (const Risk &r : p.risks)
        out() << CliRecommend::tr("     risk: %1").arg(r.text) << '\n';
}

void printChunking(const Recommendation &rec)
{
    if (!rec.chunkingPlan)
        return;
    const ChunkingArithmetic a = Chunking::arithmetic(*rec.chunkingPlan);
    out() << CliRecommend::tr("Long documents: %1 tokens in chunks of %2 overlapping by %3 are %4 "
                              "chunk(s), %5% of the document sent twice.")
                 .arg(groupedCount(double(rec.chunkingPlan->documentTokens)),
                      groupedCount(double(rec.chunkingPlan->chunkTokens)),
                      groupedCount(double(rec.chunkingPlan->overlapTokens)),
                      groupedCount(double(a.chunks)), fixedNumber(a.redundancy * 100, 2))
          << '\n';
    const auto ms = [](const std::optional<double> &v) {
        return v ? fixedNumber(*v, 0) : QStringLiteral("—");
    };
    for (const ChunkingEstimate &e : rec.chunking)
        out() << CliRecommend::tr("  %1: chunked %2, %3 ms; whole %4, %5 ms%6")
                     .arg(e.provider, usdAmount(e.chunkedCostUsd, 4), ms(e.chunkedLatencyMs),
                          usdAmount(e.wholeCostUsd, 4), ms(e.wholeLatencyMs),
                          e.extrapolated ? QStringLiteral(" *") : QString())
              << '\n';
}

int recommend(const QCommandLineParser &parser)
{
    QString error;
    std::optional<UseCase> useCase;
    if (parser.isSet(QStringLiteral("use-case"))) {
        useCase = UseCase::load(parser.value(QStringLiteral("use-case")), &error);
        if (!useCase)
            return fail(2, error);
    }
    std::optional<double> monthly, peak;
    if (!readPositive(parser, QStringLiteral("monthly-tokens"), &monthly, &error) ||
        !readPositive(parser, QStringLiteral("peak-rps"), &peak, &error))
        return fail(2, error);
    int code = 0;
    const auto summary = cli::CliSession::summary(parser, &code, &error);
    if (!summary)
        return fail(code, error);
    UseCase u = useCase ? *useCase : Recommender::useCaseOf(*summary);
    if (monthly)
        u.monthlyTokens = monthly;
    if (peak)
        u.peakRps = peak;
    if (const QString problem = Recommender::problem(u); !problem.isEmpty())
        return fail(2, problem);
    const Recommendation rec = Recommender::recommend(*summary, u);
    if (parser.isSet(QStringLiteral("json"))) {
        out() << QString::fromStdString(recommendationJson(rec).dump(2)) << '\n';
        out().flush();
        return 0;
    }
    out() << RecommendationText::useCaseLine(u) << '\n';
    out() << RecommendationText::headline(rec) << '\n' << '\n';
    for (const ProviderRecommendation &p : rec.providers)
        printProvider(p);
    printChunking(rec);
    out().flush();
    return 0;
}

} // namespace

void CliRecommend::addOptions(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(
        QStringLiteral("use-case"),
        tr("recommend: a bundled use case (realtime_support, coding_assistant, "
           "knowledge_base_summaries, compliance_review, batch_offline) or a use-case file; "
           "default: the session's."),
        QStringLiteral("id|file")));
    // --monthly-tokens is tco's option too (cli_money.cpp).
    parser.addOption(QCommandLineOption(QStringLiteral("peak-rps"),
                                        tr("recommend: the peak rate in requests per second."),
                                        QStringLiteral("r")));
}

std::optional<int> CliRecommend::run(const QString &command, const QCommandLineParser &parser)
{
    if (command != QLatin1StringView("recommend"))
        return std::nullopt;
    return recommend(parser);
}

} // namespace ys
