#pragma once

#include "domain/outcome.h"
#include "domain/provider_config.h"
#include "domain/sample.h"
#include "storage/session_repository.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// One attempt as a table row: only the columns a list of attempts shows, the error cut to its
// first line. Times are nanoseconds from the attempt's start; unset: did not happen / unknown.
struct AttemptRow {
    qint64 id = 0; // the sample's id, for AttemptQuery::attempt()
    int seq = 0;
    int requestIndex = 0;
    int attemptNumber = 0;
    bool warmup = false;
    Outcome outcome = Outcome::Ok;
    int httpStatus = 0;
    std::optional<qint64> ttftNs;
    qint64 e2eNs = 0;
    std::optional<qint64> outputTokens;
    std::optional<double> costUsd;
    QString httpVersion;
    QString contract; // ContractCheck::summary() of its checks; empty: none checked
    QString errorLine;
};

// A run to pick on the attempts page, with the provider it ran against.
struct AttemptRunChoice {
    RunRecord run;
    ProviderConfig provider;
};

// The order of a page of attempts; ties (and Seq itself) fall back to seq, so pages never
// overlap or leave a row out.
enum class AttemptSortKey {
    Seq,
    RequestIndex,
    AttemptNumber,
    Outcome,
    HttpStatus,
    Ttft,
    E2e,
    OutputTokens,
    Cost,
    HttpVersion,
    Contract,
    Error
};

struct AttemptPageRequest {
    qint64 runId = 0;
    std::optional<Outcome> outcome; // unset: every outcome
    bool contractFailed = false;    // only answers that failed a check of their contract
    AttemptSortKey sortKey = AttemptSortKey::Seq;
    bool descending = false;
    qint64 offset = 0;
    int limit = 2000;
};

// The reads behind the attempts page, on the repository's connection: counts, one page of lean
// rows at a time (filtered with WHERE and sorted with ORDER BY in SQLite, so a run of a hundred
// thousand attempts is never read whole), and one attempt in full. Unknown values sort last in
// either direction.
class AttemptQuery {
    Q_DECLARE_TR_FUNCTIONS(ys::AttemptQuery)
public:
    explicit AttemptQuery(const SessionRepository &repo);

    // The session's runs, oldest first.
    std::vector<AttemptRunChoice> runs(qint64 sessionId, QString *error) const;
    // How many attempts of the run have the outcome (every attempt when unset).
    std::optional<qint64> count(qint64 runId, std::optional<Outcome> outcome, QString *error,
                                bool contractFailed = false) const;
    // How many answers of the run failed a check of their contract.
    std::optional<qint64> contractFailures(qint64 runId, QString *error) const;
    // The run's attempts per outcome, most frequent first.
    std::optional<std::vector<std::pair<Outcome, qint64>>> outcomeCounts(qint64 runId,
                                                                         QString *error) const;
    std::optional<std::vector<AttemptRow>> page(const AttemptPageRequest &request,
                                                QString *error) const;
    // One attempt with everything stored about it (event times, headers, error, tokens).
    std::optional<Sample> attempt(qint64 sampleId, QString *error) const;

private:
    const SessionRepository &m_repo;
};

} // namespace ys
