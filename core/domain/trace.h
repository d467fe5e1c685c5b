#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace ys {

// A recorded workload: when each request arrived and how large it was, read from the public
// trace formats (docs/suite-format.md#trace-files). Offsets start at 0 (the earliest line) and
// ascend; lines with equal offsets keep their file order.
class Trace {
    Q_DECLARE_TR_FUNCTIONS(ys::Trace)
public:
    struct Entry {
        std::int64_t offsetNs = 0;
        int inputTokens = 1;
        int outputTokens = 1; // 0 in the file is read as 1: a request cannot ask for none
        int line = 0;         // in the file, for messages
    };

    std::vector<Entry> entries;

    // JSONL (Mooncake's fields or Yardstick's), Azure's CSV, or the plain CSV. On failure
    // returns nullopt and sets *error to "SOURCE, line N: what is wrong".
    static std::optional<Trace> parse(const QByteArray &bytes, const QString &source,
                                      QString *error);
    static std::optional<Trace> loadFile(const QString &path, QString *error);

    double meanInputTokens() const;
    double meanOutputTokens() const;
    std::int64_t durationNs() const { return entries.empty() ? 0 : entries.back().offsetNs; }
};

// A scenario's trace replay: the file as the suite names it, where it was found, how fast it is
// replayed, and what it holds (shared: scenarios are copied into every run plan).
struct TraceReplay {
    QString file;           // as written in the suite
    QString path;           // resolved, absolute
    double timeScale = 1.0; // offsets are multiplied by it: 0.5 replays twice as fast
    std::shared_ptr<const Trace> trace;

    bool operator==(const TraceReplay &o) const
    {
        return file == o.file && path == o.path && timeScale == o.timeScale;
    }
};

} // namespace ys
