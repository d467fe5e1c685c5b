#pragma once

#include "domain/outcome.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <algorithm>
#include <optional>
#include <vector>

namespace ys {

// What one attempt records (docs/measurements.md). Times are monotonic nanoseconds relative to the
// attempt's actual start; an unset optional means "did not happen / not measurable", never 0.
struct Sample {
    qint64 id = 0;
    qint64 runId = 0;
    int seq = 0; // attempt number within the run
    bool warmup = false;

    qint64 startedAtNs = 0;     // absolute monotonic start, used only while running
    qint64 intendedStartNs = 0; // relative to start; <= 0
    qint64 startOffsetNs = 0;   // the attempt's start, from its run's start
    qint64 queueDelayNs = 0;
    std::optional<qint64> connectStartNs;
    std::optional<qint64> connectedNs;
    std::optional<qint64> tlsDoneNs;
    // A forward proxy opened its tunnel (its answer to CONNECT), between connectedNs (the TCP
    // connection to the proxy) and tlsDoneNs: https:// through a proxy on the lanes' own client.
    std::optional<qint64> tunnelNs;
    std::optional<qint64> requestSentNs;
    std::optional<qint64> headersNs;
    std::optional<qint64> firstEventNs;
    std::optional<qint64> firstTokenNs;
    std::optional<qint64> firstContentNs;
    // A tool call's arguments were complete (the last call's, when it made several): the event
    // that closed them arrived (docs/measurements.md, "Tool calls"). Unset: no tool call.
    std::optional<qint64> toolArgsNs;
    qint64 endNs = 0;
    std::vector<qint64> eventTimesNs; // arrival of every content-bearing event

    int httpStatus = 0;
    QString httpVersion;
    bool connectionReused = false;
    int eventCount = 0;
    int readCount = 0;
    int coalescedReads = 0;             // reads that delivered more than one content event
    int requestIndex = 0;               // the logical request this attempt belongs to
    int attemptNumber = 0;              // 0 for the first try, 1.. for retries
    std::optional<qint64> retryDelayNs; // the wait before this retry
    QString responseHeaders;            // rate-limit and retry-after headers, "name: value" lines
    QList<std::pair<QByteArray, QByteArray>> retryAfterHeaders; // in memory only, for retries

    Outcome outcome = Outcome::Ok;
    QString error;       // redacted diagnostic
    QString diagnostics; // redacted: what the server said that was not part of the protocol
    QString finishReason;
    QString modelReported;
    QString systemFingerprint;
    QString requestId;

    std::optional<qint64> inputTokens;
    std::optional<qint64> outputTokens;
    std::optional<qint64> cachedTokens;
    std::optional<qint64> reasoningTokens;
    std::optional<qint64> cacheWriteTokens; // prompt tokens written to the provider's cache
    bool tokensEstimated = false;           // provider reported no usage
    qint64 localPromptTokens = 0;
    qint64 localOutputTokens = 0;
    // What the attempt cost: the provider's own figure when it reported one (reportedCostUsd),
    // else its billed tokens at the price in force. Unset when neither is known, never 0.
    std::optional<double> costUsd;
    std::optional<double> reportedCostUsd;
    qint64 outputChars = 0;
    QString servedBy; // the fallback provider that served this attempt; empty: the run's own
    // In memory only, for checking the decoded text without keeping it: FNV-1a 64 of the answer
    // text's UTF-8, and how many U+FFFD it holds (a character decoded half-way shows up as one).
    // textHash is also stored: identical answers have equal hashes (determinism).
    quint64 textHash = 0;
    int replacementChars = 0;
    // The prompt carried a fact to recall: whether the answer repeated it. Unset: no needle.
    std::optional<bool> needleFound;
    // The scenario's answer contract on a successful answer: ContractCheck::stored()'s JSON
    // (which checks passed, each failure, and a failed answer's text). Empty: none checked.
    QString contract;
    QString answerText; // in memory only, and only for scenario kinds that reuse the answer
};

// Whether the provider reported fewer prompt tokens than were sent, beyond what counting can
// explain: a chat template only adds tokens, so a shortfall of more than a few tokens (0.2% of
// the prompt, at least 16) means part of the prompt was dropped. Used where the exact size
// matters (a context-limit probe); the outcome class silent_truncation has a looser rule.
inline bool promptWasCut(const Sample &s)
{
    if (!s.inputTokens || s.localPromptTokens <= 0)
        return false;
    const qint64 slack = std::max<qint64>(16, s.localPromptTokens / 500);
    return *s.inputTokens < s.localPromptTokens - slack;
}

} // namespace ys
