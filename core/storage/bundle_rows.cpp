#include "storage/bundle_rows.h"

#include "storage/bound_query.h"
#include "storage/database.h"

#include <QCryptographicHash>
#include <QSqlError>
#include <cmath>

namespace ys::BundleRows {

QString sqlError(const QSqlQuery &q)
{
    return q.lastError().text();
}

bool setFailure(SessionBundle::Failure *out, SessionBundle::Failure why)
{
    if (out)
        *out = why;
    return false;
}

namespace {

// The column a row of a schema query names: its name at index, its type (in lower case) next.
Column columnAt(const QSqlQuery &q, int index)
{
    return {q.value(index).toString(), q.value(index + 1).toString().toLower()};
}

} // namespace

std::vector<Column> columnsOf(Database &db, const QString &table, QString *error)
{
    std::vector<Column> columns;
    QSqlQuery q(db.connection());
    if (db.isPostgres()) {
        q.prepare(QStringLiteral("SELECT column_name, data_type FROM information_schema.columns "
                                 "WHERE table_schema = current_schema() AND table_name = ? "
                                 "ORDER BY ordinal_position"));
        q.addBindValue(table);
        if (!q.exec()) {
            *error = sqlError(q);
            return {};
        }
        columns = readRows(q, [&] { return columnAt(q, 0); });
    } else {
        if (!q.exec(QStringLiteral("PRAGMA table_info(%1)").arg(table))) {
            *error = sqlError(q);
            return {};
        }
        columns = readRows(q, [&] { return columnAt(q, 1); });
    }
    if (columns.empty())
        *error = SessionBundle::tr("%1 has no table %2").arg(db.display(), table);
    return columns;
}

QStringList namesOf(const std::vector<Column> &columns)
{
    QStringList names;
    for (const Column &c : columns)
        names << c.name;
    return names;
}

json encode(const QVariant &v)
{
    if (!v.isValid() || v.isNull())
        return nullptr;
    switch (v.typeId()) {
    case QMetaType::Bool:
        return v.toBool() ? 1 : 0;
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::Short:
    case QMetaType::Long:
        return static_cast<std::int64_t>(v.toLongLong());
    case QMetaType::UInt:
    case QMetaType::ULongLong:
    case QMetaType::UShort:
    case QMetaType::ULong:
        return static_cast<std::uint64_t>(v.toULongLong());
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = v.toDouble();
        if (std::isfinite(d))
            return d;
        return json{{"real", std::isnan(d) ? "nan" : (d > 0 ? "inf" : "-inf")}};
    }
    case QMetaType::QByteArray:
        return json{{"base64", v.toByteArray().toBase64().toStdString()}};
    default:
        return v.toString().toStdString();
    }
}

QVariant typedNull(const QString &type)
{
    if (type.contains(QLatin1StringView("int")))
        return QVariant(QMetaType::fromType<qlonglong>());
    if (type.contains(QLatin1StringView("real")) || type.contains(QLatin1StringView("double")) ||
        type.contains(QLatin1StringView("float")) || type.contains(QLatin1StringView("numeric")))
        return QVariant(QMetaType::fromType<double>());
    if (type.contains(QLatin1StringView("blob")) || type.contains(QLatin1StringView("bytea")))
        return QVariant(QMetaType::fromType<QByteArray>());
    return QVariant(QMetaType::fromType<QString>());
}

std::optional<QVariant> decode(const json &v, const QString &type)
{
    if (v.is_null())
        return typedNull(type);
    if (v.is_number_unsigned())
        return QVariant(static_cast<qulonglong>(v.get<std::uint64_t>()));
    if (v.is_number_integer())
        return QVariant(static_cast<qlonglong>(v.get<std::int64_t>()));
    if (v.is_number_float())
        return QVariant(v.get<double>());
    if (v.is_string())
        return QVariant(QString::fromStdString(v.get<std::string>()));
    if (v.is_object() && v.contains("base64") && v["base64"].is_string())
        return QVariant(QByteArray::fromBase64(QByteArray::fromStdString(v["base64"])));
    if (v.is_object() && v.contains("real") && v["real"].is_string()) {
        const std::string s = v["real"];
        if (s == "nan")
            return QVariant(std::nan(""));
        if (s == "inf" || s == "-inf")
            return QVariant(s == "inf" ? HUGE_VAL : -HUGE_VAL);
    }
    return std::nullopt;
}

QString derivedUid(const QString &suiteName, const QString &startedAt, const QString &suiteJson)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(suiteName.toUtf8());
    h.addData("\n");
    h.addData(startedAt.toUtf8());
    h.addData("\n");
    h.addData(suiteJson.toUtf8());
    const QByteArray hex = h.result().toHex().left(32);
    return QString::fromLatin1(hex.mid(0, 8) + '-' + hex.mid(8, 4) + '-' + hex.mid(12, 4) + '-' +
                               hex.mid(16, 4) + '-' + hex.mid(20, 12));
}

} // namespace ys::BundleRows
