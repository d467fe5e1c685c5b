#include "models/model_table.h"

#include "models/export_roles.h"

#include <QAbstractItemModel>
#include <QDateTime>
#include <QLocale>
#include <cmath>

namespace ys {

namespace {

// double, qint64 or QString; invalid for nothing (and for a figure that is not finite).
QVariant plain(const QVariant &v)
{
    if (!v.isValid() || v.isNull())
        return {};
    switch (v.metaType().id()) {
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = v.toDouble();
        return std::isfinite(d) ? QVariant(d) : QVariant();
    }
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
        return QVariant(v.toLongLong());
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        return QVariant(qint64(v.toULongLong()));
    case QMetaType::QDateTime:
        return v.toDateTime().toString(Qt::ISODate);
    default: {
        const QString text = v.toString();
        return text.isEmpty() ? QVariant() : QVariant(text);
    }
    }
}

// A display text that is a plain number ("12", "3.5", "1,234.5" in the user's locale) as that
// number; anything else as text. A dash is what the tables show for nothing.
QVariant fromDisplay(const QVariant &display)
{
    const QString text = display.toString().trimmed();
    if (text.isEmpty() || text == QStringLiteral("—"))
        return {};
    bool ok = false;
    const qint64 whole = text.toLongLong(&ok);
    if (ok)
        return whole;
    for (const QLocale &locale : {QLocale::c(), QLocale()}) {
        const double d = locale.toDouble(text, &ok);
        if (ok && std::isfinite(d))
            return d;
    }
    return text;
}

struct KindSeen {
    bool text = false;
    bool number = false;
    bool integer = false;
};

DataColumn::Kind kindOf(const KindSeen &seen, const DataColumn &column)
{
    if (seen.text)
        return DataColumn::Kind::Text;
    if (seen.number)
        return DataColumn::Kind::Number;
    if (seen.integer)
        return DataColumn::Kind::Integer;
    // No value at all: a column with a unit holds numbers.
    return column.unit.isEmpty() ? DataColumn::Kind::Text : DataColumn::Kind::Number;
}

QString asText(const QVariant &v)
{
    if (v.metaType().id() == QMetaType::Double)
        return QString::number(v.toDouble(), 'g', 15);
    return v.toString();
}

} // namespace

bool ModelTable::hasExportRoles(const QAbstractItemModel &model)
{
    return model.columnCount() > 0 &&
           !model.headerData(0, Qt::Horizontal, ExportKeyRole).toString().isEmpty();
}

QVariant ModelTable::value(const QModelIndex &index, bool exportRoles)
{
    return exportRoles ? plain(index.data(ExportValueRole)) : fromDisplay(index.data());
}

DataColumn ModelTable::column(const QAbstractItemModel &model, int section, bool exportRoles)
{
    DataColumn c;
    c.title = model.headerData(section, Qt::Horizontal).toString();
    if (exportRoles) {
        c.key = model.headerData(section, Qt::Horizontal, ExportKeyRole).toString();
        c.unit = model.headerData(section, Qt::Horizontal, ExportUnitRole).toString();
    }
    if (c.key.isEmpty())
        c.key = QStringLiteral("column_%1").arg(section + 1);
    return c;
}

DataTable ModelTable::make(const QAbstractItemModel &model, const QList<int> &columns,
                           const QList<int> &rows, const QString &name)
{
    const bool roles = hasExportRoles(model);
    DataTable table;
    table.name = name;
    for (int c : columns)
        table.columns.push_back(column(model, c, roles));
    std::vector<KindSeen> seen(table.columns.size());
    table.rows.reserve(std::size_t(rows.size()));
    for (int r : rows) {
        std::vector<QVariant> cells;
        cells.reserve(table.columns.size());
        for (qsizetype i = 0; i < columns.size(); ++i) {
            QVariant v = value(model.index(r, columns[i]), roles);
            KindSeen &s = seen[std::size_t(i)];
            if (v.metaType().id() == QMetaType::Double)
                s.number = true;
            else if (v.metaType().id() == QMetaType::LongLong)
                s.integer = true;
            else if (v.isValid())
                s.text = true;
            cells.push_back(std::move(v));
        }
        table.rows.push_back(std::move(cells));
    }
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
        DataColumn &c = table.columns[i];
        c.kind = kindOf(seen[i], c);
        if (c.kind == DataColumn::Kind::Number) {
            for (auto &row : table.rows)
                if (row[i].isValid())
                    row[i] = row[i].toDouble();
            continue;
        }
        if (c.kind != DataColumn::Kind::Text)
            continue;
        // A column of numbers and words is written as words, the numbers as they read.
        for (auto &row : table.rows)
            if (row[i].isValid())
                row[i] = asText(row[i]);
    }
    return table;
}

DataTable ModelTable::make(const QAbstractItemModel &model, const QString &name)
{
    QList<int> columns;
    for (int c = 0; c < model.columnCount(); ++c)
        columns.append(c);
    QList<int> rows;
    for (int r = 0; r < model.rowCount(); ++r)
        rows.append(r);
    return make(model, columns, rows, name);
}

} // namespace ys
