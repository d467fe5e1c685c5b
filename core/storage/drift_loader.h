#pragma once

#include "analysis/drift.h"

#include <QString>
#include <optional>
#include <vector>

namespace ys {

class SessionRepository;

// Reads what drift across sessions compares: each provider's latest latency run in each session
// of the database. With a session, only that session's providers and, for each, the latest
// earlier session that ran it (the events of that session against the ones before); without,
// every session (the whole history). Loading lives in storage/ so analysis/ works on plain data.
std::vector<DriftEvent> loadDrift(const SessionRepository &repo, std::optional<qint64> sessionId,
                                  QString *error, const DriftSettings &settings = {});

// One provider (by name) across every session that ran it: its latest latency run in each, in
// no particular order (the drift chart's points).
std::vector<DriftPoint> loadDriftPoints(const SessionRepository &repo, const QString &provider,
                                        QString *error);

} // namespace ys
