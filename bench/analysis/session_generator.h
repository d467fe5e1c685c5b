#pragma once

#include <QString>

namespace ys::bench {

// What the generated database holds: one session, `providers` providers, each a latency run of
// attemptsPerProvider attempts with timings, tokens, costs, outcomes and event times shaped like
// real streams.
struct GeneratedShape {
    int providers = 10;
    int attemptsPerProvider = 100'000;
};

// Writes such a database at `path` through the storage code (Database, SessionRepository),
// unless a file there was already made by this generator, with this shape, at the current schema
// version: regenerating takes far longer than the benchmark itself. Returns false with *error set.
bool ensureGeneratedDatabase(const QString &path, const GeneratedShape &shape, bool force,
                             QString *error);

// The session the generator wrote (always the first).
constexpr qint64 kGeneratedSessionId = 1;

} // namespace ys::bench
