#pragma once

#include "analysis/drift.h"
#include "analysis/run_summary.h"

#include <QDateTime>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

class SessionRepository;

// What the history page compares: a whole session (each provider's latest run, as the session's
// summary shows it) or one latency run of one provider (a re-run beside the original, say).
struct HistorySource {
    qint64 sessionId = 0;
    qint64 runId = 0; // 0: the whole session
    QString suiteName;
    QString provider; // a run's provider
    QDateTime startedAt;
    int runNumber = 0; // a run's place among its provider's latency runs in the session, from 1
};

// Every session, newest first, each followed by its latency runs in the order run.
std::vector<HistorySource> historySources(const SessionRepository &repo, QString *error);

// The provider summaries of a source: the session's summary, or the one run summarised alone.
std::optional<std::vector<ProviderSummary>>
loadSourceProviders(const SessionRepository &repo, const HistorySource &source, QString *error);

// Every provider name that ran a latency run in some session, sorted.
QStringList historyProviders(const SessionRepository &repo, QString *error);

} // namespace ys
