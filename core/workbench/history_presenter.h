#pragma once

#include "analysis/drift.h"
#include "analysis/session_diff.h"
#include "storage/history_loader.h"
#include "storage/history_window.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

namespace ys {

class Workbench;

// The History page's reads: the sessions and runs it can compare and the providers it can
// follow, two of them compared provider by provider (analysis/session_diff.h), and one provider
// across every session (drift). Each runs on the workbench's reader thread
// (workbench/background_reader.h) and comes back on the page's thread; a newer request of a kind
// supersedes the one before.
class HistoryPresenter : public QObject {
    Q_OBJECT
public:
    explicit HistoryPresenter(Workbench *workbench, QObject *parent = nullptr);

    // Whether a database is open to read.
    bool available() const;
    // The sessions (each followed by its providers' runs) and the providers that ran in any.
    using SourcesDone = std::function<void(std::vector<HistorySource> sources,
                                           QStringList providers, const QString &error)>;
    using DiffDone = std::function<void(std::optional<SessionDiff> diff, const QString &error)>;
    using DriftDone = std::function<void(std::vector<DriftPoint> points, const QString &error)>;
    // False when no database is open (done is not called).
    bool sources(SourcesDone done);
    bool compare(const HistorySource &before, const HistorySource &after, DiffDone done);
    bool drift(const QString &provider, DriftDone done);
    // Each provider's medians over the finished sessions of a suite (every suite when empty) by
    // window of windowS seconds or by UTC hour of day, as `yardstick-cli history` gives them.
    using WindowsDone =
        std::function<void(std::vector<HistoryWindowRow> rows, const QString &error)>;
    bool windows(const QString &suite, qint64 windowS, HistoryGrouping grouping, WindowsDone done);
    // Whether the sources, a comparison or a drift are still being read.
    bool isLoading() const;
    bool sourcesLoading() const;

private:
    // value = read(repo, &error) on the reader's thread, then done(value, error) here; false
    // when no database is open.
    template <typename Read, typename Done>
    bool readOn(const QString &channel, Read read, Done done);

    Workbench *m_workbench;
};

} // namespace ys
