#pragma once

#include "storage/team_status.h"

#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

namespace ys {

class BackgroundReader;
class Workbench;

// The Team page's store (docs/workers.md): a run queue, the workers that claim its items and the
// schedules that fill it, read and written on a reader thread: the workbench's own reader while
// the store is the workbench's database, one of its own once the page connects to another (a
// PostgreSQL team store's URL, or an SQLite file). A newer read supersedes one still out.
class TeamPresenter : public QObject {
    Q_OBJECT
public:
    explicit TeamPresenter(Workbench *workbench, QObject *parent = nullptr);
    ~TeamPresenter() override;

    const QString &store() const { return m_store; }
    // Reads from `store` from now on; false with *error set when it is not a store Yardstick
    // can open (a password in a URL, an unknown parameter, an empty text).
    bool connectTo(const QString &store, QString *error);
    bool isLoading() const;

    using SnapshotDone =
        std::function<void(std::optional<TeamSnapshot> snapshot, const QString &error)>;
    void refresh(SnapshotDone done);

    using WriteDone = std::function<void(std::optional<qint64> id, const QString &error)>;
    // A schedule of the suite file at suitePath, every `every` ("2m", "6h", "1d") or at the
    // times of day `at` ("09:00,15:00", UTC): exactly one of the two. Checked at once: false with
    // *error set (done never called) when a field does not read; written on the reader thread.
    bool addSchedule(const QString &name, const QString &suitePath, const QString &every,
                     const QString &at, WriteDone done, QString *error);
    void removeSchedule(qint64 id, WriteDone done);

private:
    Workbench *m_workbench;
    BackgroundReader *m_reader = nullptr;    // the one in use: the workbench's or m_own
    std::unique_ptr<BackgroundReader> m_own; // for a store other than the workbench's
    QString m_store;
    QString m_problem; // why there is no reader
};

} // namespace ys
