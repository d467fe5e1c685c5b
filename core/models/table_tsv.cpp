#include "models/table_tsv.h"

#include <QAbstractItemModel>

namespace ys {

QString TableTsv::cell(const QString &text)
{
    QString out = text;
    for (QChar &c : out)
        if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r') ||
            c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    return out;
}

QString TableTsv::make(const QAbstractItemModel &model, const QList<int> &columns,
                       const QList<int> &rows)
{
    QString out;
    const auto line = [&](const auto &textOf) {
        for (qsizetype i = 0; i < columns.size(); ++i) {
            if (i > 0)
                out += QLatin1Char('\t');
            out += cell(textOf(columns[i]));
        }
        out += QLatin1Char('\n');
    };
    line([&](int column) { return model.headerData(column, Qt::Horizontal).toString(); });
    for (int row : rows)
        line([&](int column) { return model.index(row, column).data().toString(); });
    return out;
}

} // namespace ys
