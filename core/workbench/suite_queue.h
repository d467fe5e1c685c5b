#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <functional>
#include <optional>

namespace ys {

class Workbench;
struct Suite;

// The workbench's way into the run queue (docs/workers.md): the suite being edited, enqueued
// on the store the workbench has open, for the workers to run.
class SuiteQueue {
    Q_DECLARE_TR_FUNCTIONS(ys::SuiteQueue)
public:
    // The queue item's id; nullopt with the reason when the store would not take it.
    using Done = std::function<void(std::optional<qint64> itemId, const QString &error)>;
    // Checks the suite at once: false, with *error set and done never called, when it has no
    // providers, its plan (run/session_plan.h) is past its budget or no database is open. The
    // item is then written on the workbench's reader thread (workbench/background_reader.h) and
    // done called on context's thread.
    static bool enqueue(Workbench &workbench, const Suite &suite, QObject *context, Done done,
                        QString *error);
};

} // namespace ys
