#pragma once

#include "analysis/recommendation.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ys {

// The recommendation in words, the same on every surface (command line, workbench, report).
class RecommendationText {
    Q_DECLARE_TR_FUNCTIONS(ys::RecommendationText)
public:
    // "For Real-time support: A, with B as fallback. Left out: C (E2E P95 412 ms fails …); D
    // (…). At 300M tokens a month A costs $450." Or that nothing qualifies, and why.
    static QString headline(const Recommendation &rec);
    // "Qualifies", "Only at the point estimate", "Excluded".
    static QString standing(Standing standing);
    // One margin: "342 ms, 10% under 380 ms (holds at the 95% interval)".
    static QString margin(const RequirementMargin &margin);
    // A token volume for people: "300M tokens".
    static QString volume(double tokens);
    // Dollars a month: "$1,234".
    static QString monthly(double usd);
    // The use case's inputs: volume, peak and requirements in one line.
    static QString useCaseLine(const UseCase &useCase);
};

} // namespace ys
