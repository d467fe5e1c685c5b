#pragma once

#include "domain/outcome.h"
#include "models/attempt_detail.h"
#include "models/attempts_model.h"
#include "storage/attempt_query.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

class Workbench;

// The Attempts page's reads of the workbench's database: the runs of the selected session to
// pick from, the outcomes of one run with their counts, one attempt whole, and the table's pages
// (AttemptsModel's page reader). Each runs on the workbench's reader thread
// (workbench/background_reader.h) and comes back on this object's thread; a newer request of a
// kind supersedes the one before.
class AttemptsPresenter : public QObject {
    Q_OBJECT
public:
    explicit AttemptsPresenter(Workbench *workbench, QObject *parent = nullptr);

    using RunsDone = std::function<void(std::vector<AttemptRunChoice> runs, const QString &error)>;
    // The run's attempts per outcome, and how many answers failed their contract.
    struct Counts {
        std::vector<std::pair<Outcome, qint64>> outcomes;
        qint64 contractFailed = 0;
    };
    using CountsDone = std::function<void(Counts counts, const QString &error)>;
    using DetailDone =
        std::function<void(std::optional<AttemptDetail> detail, const QString &error)>;

    // Each is false, without calling done, when there is nothing to read: no session selected,
    // no run, no database open.
    bool runs(RunsDone done);
    bool outcomeCounts(qint64 runId, CountsDone done);
    bool detail(qint64 sampleId, const ProviderConfig &provider, DetailDone done);
    // Reads AttemptsModel's pages and counts.
    AttemptsModel::PageReader pageReader() const;
    // Whether the runs, the counts or an attempt are still being read.
    bool isLoading() const;
    bool runsLoading() const;

private:
    QString channel(const char *kind) const;

    QPointer<Workbench> m_workbench;
};

} // namespace ys
