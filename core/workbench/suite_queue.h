#pragma once

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ys {

struct Suite;

// The workbench's way into the run queue (docs/workers.md): the suite being edited, enqueued
// on the store the workbench has open, for the workers to run.
class SuiteQueue {
    Q_DECLARE_TR_FUNCTIONS(ys::SuiteQueue)
public:
    // The queue item's id; nullopt with *error set when the store cannot take it, or the suite's
    // plan (run/session_plan.h) is past its budget.
    static std::optional<qint64> enqueue(const QString &dbPath, const Suite &suite, QString *error);
};

} // namespace ys
