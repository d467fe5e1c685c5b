#pragma once

#include "analysis/stream_digest.h"
#include "domain/provider_config.h"
#include "domain/sample.h"
#include "domain/scenario.h"
#include "domain/session_info.h"
#include "domain/suite.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QVariant>
#include <functional>
#include <optional>
#include <vector>

namespace ys {

class Database;

struct ProviderRecord {
    qint64 id = 0;
    qint64 sessionId = 0;
    ProviderConfig config;
};

struct RunRecord {
    qint64 id = 0;
    qint64 sessionId = 0;
    qint64 providerId = 0;
    QString kind;
    QString loadModel; // "closed" (closed loop at a concurrency) or "open"
    int concurrency = 0;
    int planned = 0;
    QDateTime startedAt;
    QDateTime finishedAt;
    SessionStatus status = SessionStatus::Running;
    std::optional<int> achievedConcurrency; // most attempts in flight at once, when measured
    // A scenario kind runs as steps, one run each: what this step was (a JSON object, empty for
    // a single-run kind) and the batch of runs it belongs to (the id of the batch's first run).
    QString stepJson;
    qint64 batch = 0;
    QString scenarioJson;
};

// Something that happened during a session besides samples: a circuit breaker changing state,
// a request sent to a fallback provider, a shortfall in concurrency, a change of model identity.
struct SessionEvent {
    qint64 id = 0;
    qint64 sessionId = 0;
    std::optional<qint64> runId;
    QDateTime at;
    QString kind;   // "breaker", "breaker_refused", "fallback", "concurrency", "model_identity",
                    // "budget", "estimate" (the session's plan, no run)
    QString detail; // JSON object
};

// The SQL behind sessions, providers, runs and samples. Every write is its own short
// BEGIN IMMEDIATE transaction, so nothing is ever half-written.
class SessionRepository {
    Q_DECLARE_TR_FUNCTIONS(ys::SessionRepository)
public:
    explicit SessionRepository(Database &db);

    std::optional<qint64> createSession(const Suite &suite, QString *error);
    std::optional<qint64> ensureProvider(qint64 sessionId, const ProviderConfig &provider,
                                         QString *error);
    std::optional<qint64> createRun(qint64 sessionId, qint64 providerId, const Scenario &scenario,
                                    QString *error, const QString &stepJson = {},
                                    std::optional<qint64> batch = std::nullopt);
    bool finishRun(qint64 runId, SessionStatus status, QString *error);
    bool setAchievedConcurrency(qint64 runId, int achieved, QString *error);
    bool insertEvents(const std::vector<SessionEvent> &events, QString *error);
    bool finishSession(qint64 sessionId, SessionStatus status, QString *error);
    bool setCalibration(qint64 sessionId, const QByteArray &json, QString *error);
    bool insertSamples(const std::vector<Sample> &samples, QString *error);

    // Without countSamples every sampleCount is 0: counting reads the whole samples index.
    std::vector<SessionInfo> sessions(QString *error, bool countSamples = true) const;
    std::optional<SessionInfo> session(qint64 sessionId, QString *error) const;
    std::optional<Suite> sessionSuite(qint64 sessionId, QString *error) const;
    std::vector<ProviderRecord> providers(qint64 sessionId, QString *error) const;
    std::vector<RunRecord> runs(qint64 sessionId, QString *error) const;
    std::vector<Sample> samples(qint64 runId, QString *error) const;
    // One sample by its id, every column read as samples() reads it. None when it cannot be
    // read (*error says why) or when no sample has that id (*error left as it was).
    std::optional<Sample> sample(qint64 sampleId, QString *error) const;
    // The same samples without the free text no summary reads (http_version, error,
    // model_reported, system_fingerprint, request_id, response_headers, diagnostics: left
    // empty), read several times faster (summary_samples.cpp). Without event times, each
    // sample's eventTimesNs stays empty (the run's stream digest stands for them).
    std::vector<Sample> summarySamples(qint64 runId, QString *error,
                                       bool withEventTimes = true) const;
    // A run's stored stream digest (analysis/stream_digest.h), or none when it has none of the
    // current version (a running run, or one stored before digests were kept).
    std::optional<StreamDigest> streamDigest(qint64 runId) const;
    // Computes a run's digest from its stored event times and keeps it (finishRun does this).
    bool refreshStreamDigest(qint64 runId, QString *error);
    std::vector<SessionEvent> events(qint64 sessionId, QString *error) const;
    // The database file this repository reads (for connections of other threads).
    const QString &databasePath() const;

    // The connection, for the storage loaders that read a narrower shape than these.
    Database &database() const { return m_db; }

private:
    bool write(const std::function<bool(QString *)> &body, QString *error);
    // One statement, with values bound to its placeholders in order, as a write of its own.
    bool writeStatement(const QString &sql, const QVariantList &values, QString *error);
    // One INSERT ... RETURNING id, bound likewise, as a write of its own: the new row's id.
    std::optional<qint64> writeInsert(const QString &sql, const QVariantList &values,
                                      QString *error);

    Database &m_db;
};

} // namespace ys
