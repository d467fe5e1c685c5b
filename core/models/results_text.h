#pragma once

#include "analysis/scenario_results.h"

#include <QCoreApplication>
#include <QStringList>

namespace ys {

// The readable block the command line's text output prints under a provider: a few lines per kind
// of scenario that ran, with the figures of its result ("—" for what was not measured).
class ResultsText {
    Q_DECLARE_TR_FUNCTIONS(ys::ResultsText)
public:
    static QStringList lines(const ScenarioResults &results);
    static QStringList latencyLines(const LatencyResult &latency);
    // A reasoning model's first answer token, thinking time, tokens and share of cost.
    static QString reasoningLine(const ReasoningResult &reasoning);
    // The same for a page, of the provider so named: when its first answer token comes, how
    // long it thought and what share of its cost that was.
    static QString reasoningSentence(const QString &provider, const ReasoningResult &reasoning);
    // Tool calls: when their arguments were complete, and how long they streamed.
    static QString toolCallLine(const ToolCallResult &toolCalls);
    static QString toolCallSentence(const QString &provider, const ToolCallResult &toolCalls);
};

QStringList resultsTextLines(const ScenarioResults &results);

} // namespace ys
