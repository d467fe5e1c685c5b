#include "models/attempts_table_export.h"

#include "export/table_sink.h"
#include "models/attempts_model.h"
#include "models/model_table.h"

namespace ys {

std::vector<DataColumn> AttemptsTableExport::columns(const AttemptsModel &model,
                                                     const QList<int> &which)
{
    std::vector<DataColumn> out;
    for (int c : which) {
        DataColumn column = ModelTable::column(model, c, true);
        switch (c) {
        case AttemptsModel::TtftColumn:
        case AttemptsModel::E2eColumn:
        case AttemptsModel::CostColumn:
            column.kind = DataColumn::Kind::Number;
            break;
        case AttemptsModel::SeqColumn:
        case AttemptsModel::RequestColumn:
        case AttemptsModel::AttemptColumn:
        case AttemptsModel::StatusColumn:
        case AttemptsModel::OutputTokensColumn:
            column.kind = DataColumn::Kind::Integer;
            break;
        default:
            column.kind = DataColumn::Kind::Text;
        }
        out.push_back(std::move(column));
    }
    return out;
}

bool AttemptsTableExport::write(const SessionRepository &repo, AttemptPageRequest request,
                                const QList<int> &modelColumns,
                                const std::vector<DataColumn> &columns, const QString &name,
                                const QString &path, TableFile::Format format, QString *error)
{
    const std::unique_ptr<TableSink> sink = TableSink::create(format, path);
    if (!sink->open(error) || !sink->beginTable(name, columns, error))
        return false;
    const AttemptQuery query(repo);
    request.offset = 0;
    request.limit = kPageRows;
    std::vector<QVariant> cells(columns.size());
    for (;;) {
        QString readError;
        const auto page = query.page(request, &readError);
        if (!page) {
            *error = TableFile::tr("%1: cannot be written (%2)").arg(path, readError);
            return false; // the sink removes what it wrote
        }
        for (const AttemptRow &row : *page) {
            for (qsizetype i = 0; i < modelColumns.size(); ++i)
                cells[std::size_t(i)] = AttemptsModel::exportValue(row, modelColumns[i]);
            sink->row(columns, cells);
        }
        if (qint64(page->size()) < request.limit)
            break;
        request.offset += request.limit;
    }
    return sink->commit(error);
}

} // namespace ys
