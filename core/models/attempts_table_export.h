#pragma once

#include "export/data_table.h"
#include "export/table_file.h"
#include "storage/attempt_query.h"

#include <QList>
#include <QString>
#include <vector>

namespace ys {

class AttemptsModel;
class SessionRepository;

// A run's attempts as a table file, however many there are: every attempt the attempts page's
// query lets through (its run, outcome filter and order, not only the rows a view has fetched),
// read from the database a page at a time and written row by row (TableSink), so a run of a
// million attempts is never held whole. The cells are AttemptsModel's export values.
class AttemptsTableExport {
public:
    static constexpr int kPageRows = 20000;

    // The columns of those model columns, in that order, with their kinds (numbers in ms, $
    // and tokens as numbers); made where the model lives, since the titles are its headers.
    static std::vector<DataColumn> columns(const AttemptsModel &model, const QList<int> &which);

    // Runs anywhere the repository may be used (a BackgroundReader's thread). request: the
    // model's AttemptsModel::request(); modelColumns: the columns' model columns. False with
    // *error naming the path and the reason; nothing is left behind then.
    static bool write(const SessionRepository &repo, AttemptPageRequest request,
                      const QList<int> &modelColumns, const std::vector<DataColumn> &columns,
                      const QString &name, const QString &path, TableFile::Format format,
                      QString *error);
};

} // namespace ys
