#pragma once

#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <vector>

namespace ys {

// The verdict of one scenario kind for one provider, as a card shows it: the kind, whether the
// answer is good, worth a look or bad, its key figure, and the kind's text block
// (models/kind_results_text.h). The rules are in docs/workbench.md, "Verdict cards".
enum class Verdict { Pass, Warn, Fail, Unknown };

struct VerdictCard {
    QString provider;
    QString kind; // the suite's kind name: "context_limit", "cache", ...
    QString title;
    Verdict verdict = Verdict::Unknown;
    QString verdictText; // one or two words
    QString keyFigure;
    QString sentence; // what the verdict stands on, with its figures (models/verdict_sentence.h)
    QStringList details;
};

class VerdictText {
    Q_DECLARE_TR_FUNCTIONS(ys::VerdictText)
public:
    // The kinds cards are made for, in the order they are shown.
    static QStringList kinds();
    static QString title(const QString &kind);
    // One card per kind the provider ran among kinds().
    static std::vector<VerdictCard> cards(const ProviderSummary &provider);
    static std::vector<VerdictCard> cards(const SessionSummary &summary);
};

} // namespace ys
