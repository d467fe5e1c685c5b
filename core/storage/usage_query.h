#pragma once

#include "analysis/bill.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

namespace ys {

class Database;

// What the sessions of a database recorded per UTC day and model, for setting a bill against.
class UsageQuery {
    Q_DECLARE_TR_FUNCTIONS(ys::UsageQuery)
public:
    // Every attempt of every run (of one session when sessionId is set), dated by its run's
    // start plus the attempt's offset within the run, under the model its provider asked for.
    static std::optional<std::vector<RecordedUsage>>
    byDayAndModel(Database &db, std::optional<qint64> sessionId, QString *error);
};

} // namespace ys
