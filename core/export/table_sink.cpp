#include "export/table_sink.h"

#include "export/text_sinks.h"
#include "export/xlsx_sink.h"

#include <cmath>

namespace ys {

TableSink::~TableSink() = default;

std::unique_ptr<TableSink> TableSink::create(TableFile::Format format, const QString &path,
                                             bool severalTables)
{
    switch (format) {
    case TableFile::Format::Csv:
        return makeCsvSink(path);
    case TableFile::Format::Json:
        return makeJsonSink(path, severalTables);
    case TableFile::Format::Xlsx:
        break;
    }
    return makeXlsxSink(path);
}

QString TableSink::writeError(const QString &reason) const
{
    return tr("%1: cannot be written (%2)").arg(m_path, reason);
}

void TableSink::row(const std::vector<DataColumn> &columns, const std::vector<QVariant> &values)
{
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const QVariant v = c < values.size() ? values[c] : QVariant();
        if (!v.isValid() || v.isNull()) {
            empty();
            continue;
        }
        switch (columns[c].kind) {
        case DataColumn::Kind::Text:
            text(v.toString());
            break;
        case DataColumn::Kind::Integer: {
            bool ok = false;
            const qint64 i = v.toLongLong(&ok);
            ok ? integer(i) : empty();
            break;
        }
        case DataColumn::Kind::Number: {
            bool ok = false;
            const double d = v.toDouble(&ok);
            ok ? number(d) : empty();
            break;
        }
        }
    }
    endRow();
}

} // namespace ys
